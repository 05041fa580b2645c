"""an institution written with its own short form is filed as its name alone (the tenth reader's
item 1): the catalogue wrote about 75 institutions twice, as `X` and as `X (S)` or `S (X)`
(`Massachusetts Institute of Technology (MIT)` 21 papers beside `Massachusetts Institute of
Technology`, `German Aerospace Center (DLR)` 121 beside 338, `KAIST (Korea Advanced Institute of
Science and Technology)`), each with part of the papers; a load now files `X (S)` under X's key when
S is X's own short form (`etl.text.short_forms`, frozen in `rules_0064`), and not `Indian Institute of
Technology (BHU)` nor `Hong Kong University of Science and Technology (Guangzhou)`. Existing
databases are refiled in place, no source read again, affiliation by affiliation (one institution
held `German Aerospace Center DLR` and `German Aerospace Center (DLR)`, one key before): each
affiliation whose name ends in a parenthesis goes under the key its name is now filed under (a
department's keeps its author); an institution all of whose names go to a key no institution has
takes it, with its id (the most papers, then the smallest id), else a new one does; an author's
second affiliation to one institution goes, as a load files it once; and each institution touched
loses its row if left with no affiliation, else has its name, country, papers and trend counts
chosen again as a load chooses them. The affiliations keep their names as written.

Two more of the tenth reader's items, as revision 0063 and read-again revisions do them: an
affiliation of a person's trade or standing (`Unaffiliated Performing Artist`, `Visiting Scholar`) or of no
institution and its place (`Independent Researcher, Boston`) names no institution
(`etl.text.placeholders`, frozen in `rules_0064`): such affiliations as the source writes them go,
with the institutions left with none, and the sources of those written otherwise are read again;
and the sources of the papers whose title, abstract or authors hold a character a reader sees as a
box (U+FFFC, private use), which a load now repairs as it reads them (`etl.sources.fields`), are read
again by the next load that names them. On SQLite and PostgreSQL alike.

Revision ID: 0064
Revises: 0063
Create Date: 2026-12-07
"""

from __future__ import annotations

import re
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again
from etl.migrations.rules_0061.institution_variants import filing_key, institution_key
from etl.migrations.rules_0064.placeholders import is_placeholder_affiliation
from etl.migrations.rules_0064.short_forms import filed_key

revision = "0064"
down_revision = "0063"
branch_labels = None
depends_on = None

CHOSEN = """UPDATE institutions SET
    name = (SELECT a.name FROM paper_affiliations a WHERE a.institution_id = institutions.id
            GROUP BY a.name ORDER BY count(*) DESC, a.name LIMIT 1),
    country = (SELECT a.country FROM paper_affiliations a WHERE a.institution_id = institutions.id
               AND a.country IS NOT NULL GROUP BY a.country ORDER BY count(*) DESC, a.country LIMIT 1),
    papers = (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a WHERE a.institution_id = institutions.id)
WHERE id = :id"""
# (an author's affiliation under this name moving to the other institution, when the author has one to
# it in an earlier place; and the other way round: a load files an author's institution once, first)
DUPLICATE_MOVING = """DELETE FROM paper_affiliations WHERE institution_id = :id AND name = :name AND EXISTS (
    SELECT 1 FROM paper_affiliations b WHERE b.paper_id = paper_affiliations.paper_id
    AND b.position = paper_affiliations.position AND b.institution_id = :into AND b."order" < paper_affiliations."order")"""
DUPLICATE_THERE = """DELETE FROM paper_affiliations WHERE institution_id = :into AND EXISTS (
    SELECT 1 FROM paper_affiliations b WHERE b.paper_id = paper_affiliations.paper_id
    AND b.position = paper_affiliations.position AND b.institution_id = :id AND b.name = :name
    AND b."order" < paper_affiliations."order")"""
MOVE = "UPDATE paper_affiliations SET institution_id = :into WHERE institution_id = :id AND name = :name"
TRENDS = """INSERT INTO institution_trend_counts (institution_id, venue, year, papers)
SELECT f.institution_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p
JOIN paper_affiliations f ON f.paper_id = p.id WHERE f.institution_id = :id GROUP BY f.institution_id, p.venue, p.year"""
# (only an affiliation whose name ends in a parenthesis can be filed under another key: each name of
# an institution is read, as a load reads each affiliation, for the institution's names differ:
# `German Aerospace Center DLR` and `German Aerospace Center (DLR)` were one key)
WRITTEN_SO = """SELECT DISTINCT a.institution_id, a.name, i.normalised FROM paper_affiliations a
    JOIN institutions i ON i.id = a.institution_id WHERE a.name LIKE '%)'"""
NAMES = "SELECT DISTINCT institution_id, name FROM paper_affiliations WHERE institution_id IN :ids"
PAPERS = "SELECT id, papers FROM institutions WHERE id IN :ids"
KEYED = "SELECT normalised, id FROM institutions WHERE normalised IN :keys"
NEW = "INSERT INTO institutions (name, normalised, country, papers) VALUES (:name, :key, NULL, 0)"
LEFT_WITH_NONE = "SELECT 1 FROM paper_affiliations WHERE institution_id = :id LIMIT 1"


def new_key(name: str, key: str) -> str:
    """The key a load of this release files an affiliation of this name under, from its institution's
    key: the name's, with the author a department alone is filed with (`school of computer science
    (toan tran)`)."""
    old = filing_key(institution_key(name))
    owner = key[len(old) :] if key != old and key.startswith(old + " (") else ""
    return filed_key(name) + owner


def upgrade() -> None:
    conn = op.get_bind()
    _refile(conn)
    _no_institution(conn)
    _boxes_read_again(conn)


def _refile(conn) -> None:
    """Each affiliation under the key its name is now filed under (see the module)."""
    moves = [
        (id_, name, moved)
        for id_, name, key in conn.execute(sa.text(WRITTEN_SO))
        if (moved := new_key(name, key)) != key
    ]
    if not moves:
        return
    ids = sorted({id_ for id_, _, _ in moves})
    names_of: dict[int, set[str]] = defaultdict(set)
    papers: dict[int, int] = {}
    keyed: dict[str, int] = {}
    by_key: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for id_, name, moved in moves:
        by_key[moved].append((id_, name))
    keys = sorted(by_key)
    for start in range(0, max(len(ids), len(keys)), 500):
        part = {"ids": ids[start : start + 500], "keys": keys[start : start + 500]}
        names_of_part = conn.execute(_expanding(NAMES, "ids"), part) if part["ids"] else []
        for id_, name in names_of_part:
            names_of[id_].add(name)
        papers.update(conn.execute(_expanding(PAPERS, "ids"), part).all() if part["ids"] else [])
        keyed.update(conn.execute(_expanding(KEYED, "keys"), part).all() if part["keys"] else [])
    touched: set[int] = set()
    for key in keys:
        movers = by_key[key]
        target = keyed.get(key)
        if target is None:  # (an institution all of whose names move here takes the key, with its id)
            whole = [i for i in {i for i, _ in movers} if names_of[i] <= {n for j, n in movers if j == i}]
            if whole:
                target = min(whole, key=lambda i: (-papers[i], i))
                conn.execute(
                    sa.text("UPDATE institutions SET normalised = :key WHERE id = :id"), {"key": key, "id": target}
                )
            else:
                conn.execute(sa.text(NEW), {"name": movers[0][1], "key": key})
                target = conn.execute(
                    sa.text("SELECT id FROM institutions WHERE normalised = :key"), {"key": key}
                ).scalar_one()
            touched.add(target)
        for id_, name in movers:
            if id_ == target:
                continue
            move = {"id": id_, "name": name, "into": target}
            conn.execute(sa.text(DUPLICATE_MOVING), move)
            conn.execute(sa.text(DUPLICATE_THERE), move)
            conn.execute(sa.text(MOVE), move)
            touched |= {id_, target}
    for id_ in sorted(touched):
        conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), {"id": id_})
        if conn.execute(sa.text(LEFT_WITH_NONE), {"id": id_}).first() is None:
            conn.execute(sa.text("DELETE FROM institutions WHERE id = :id"), {"id": id_})
        else:
            conn.execute(sa.text(CHOSEN), {"id": id_})
            conn.execute(sa.text(TRENDS), {"id": id_})


def _expanding(sql: str, name: str):
    """`sql` with its list parameter `name` expanded (`IN :ids`)."""
    return sa.text(sql).bindparams(sa.bindparam(name, expanding=True))


FILED = "SELECT DISTINCT name FROM paper_affiliations"
# (the sources of the papers whose affiliation under such a name is written otherwise: read again)
WRITTEN = """SELECT DISTINCT ps.source_id FROM paper_affiliations a JOIN paper_sources ps ON ps.paper_id = a.paper_id
    WHERE a.name = :name AND a.written IS NOT NULL"""
DROP = "DELETE FROM paper_affiliations WHERE name = :name AND written IS NULL"
HOLDING = "SELECT DISTINCT institution_id FROM paper_affiliations WHERE name = :name"
COUNT = """UPDATE institutions SET papers = (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a
    WHERE a.institution_id = institutions.id) WHERE id = :id"""


def _no_institution(conn) -> None:
    """The affiliations that name no institution by this release's rule out, as revision 0063 took
    out those of its own."""
    names = [name for (name,) in conn.execute(sa.text(FILED)) if is_placeholder_affiliation(name)]
    read_again: set[int] = set()
    held: set[int] = set()
    for name in names:
        held.update(id_ for (id_,) in conn.execute(sa.text(HOLDING), {"name": name}))
        read_again.update(source_id for (source_id,) in conn.execute(sa.text(WRITTEN), {"name": name}))
        conn.execute(sa.text(DROP), {"name": name})
    for id_ in sorted(held):
        if conn.execute(sa.text(LEFT_WITH_NONE), {"id": id_}).first() is None:
            conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), {"id": id_})
            conn.execute(sa.text("DELETE FROM institutions WHERE id = :id"), {"id": id_})
        else:  # (an institution an affiliation as written otherwise still holds: the next load decides it)
            conn.execute(sa.text(COUNT), {"id": id_})
    mark_read_again(conn, read_again)


BOX = re.compile("[\ufffc\ue000-\uf8ff]")  # (as `etl.sources.fields` reads them)
TEXTS = "SELECT id, title_raw, abstract, authors FROM papers"
SOURCES = "SELECT DISTINCT source_id FROM paper_sources WHERE paper_id IN :ids"


def _boxes_read_again(conn) -> None:
    """The sources of the papers whose texts hold a character a reader sees as a box: read again."""
    boxed = sorted(
        id_ for id_, *texts in conn.execute(sa.text(TEXTS)) if any(text and BOX.search(str(text)) for text in texts)
    )
    ids = sa.bindparam("ids", expanding=True)
    for start in range(0, len(boxed), 500):
        found = conn.execute(sa.text(SOURCES).bindparams(ids), {"ids": boxed[start : start + 500]})
        mark_read_again(conn, [source_id for (source_id,) in found])


def downgrade() -> None:
    pass  # (the joined institutions are one institution under the rules before too: nothing to undo)
