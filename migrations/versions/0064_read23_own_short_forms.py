"""an institution written with its own short form is filed as its name alone (the tenth reader's
item 1): the catalogue wrote 75 institutions twice, as `X` and as `X (S)` or `S (X)`
(`Massachusetts Institute of Technology (MIT)` 21 papers beside `Massachusetts Institute of
Technology`, `German Aerospace Center (DLR)` 121 beside 338, `KAIST (Korea Advanced Institute of
Science and Technology)`), each with part of the papers; a load now files `X (S)` under X's key when
S is X's own short form (`etl.text.short_forms`, frozen in `rules_0064`), and not `Indian Institute of
Technology (BHU)` nor `Hong Kong University of Science and Technology (Guangzhou)`. Existing
databases are refiled in place, no source read again, as revision 0061 refiled the variants of a
name: each institution's key becomes the key its name is filed under (a department's keeps its
author); of the institutions one key gathers, the one with the most papers (then the smallest id)
stays, with its id, and takes the others' affiliations (an author's second affiliation to it goes, as
a load files it once), and the others go; each one that stays has its name, country, papers and
trend counts chosen again as a load chooses them. The affiliations keep their names as written.

Two more of the tenth reader's items, as revision 0063 and read-again revisions do them: an affiliation of
a person's trade or standing (`Unaffiliated Performing Artist`, `Visiting Scholar`) or of no
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

from etl.migrations.rules_0061.institution_variants import filing_key, institution_key
from etl.migrations.read_again import mark_read_again
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
# (an affiliation of an author who has one to the other institution of a pair, in an earlier place)
DUPLICATE = """DELETE FROM paper_affiliations WHERE institution_id = {this} AND EXISTS (
    SELECT 1 FROM paper_affiliations b WHERE b.paper_id = paper_affiliations.paper_id
    AND b.position = paper_affiliations.position AND b.institution_id = {that} AND b."order" < paper_affiliations."order")"""
TRENDS = """INSERT INTO institution_trend_counts (institution_id, venue, year, papers)
SELECT f.institution_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p
JOIN paper_affiliations f ON f.paper_id = p.id WHERE f.institution_id = :id GROUP BY f.institution_id, p.venue, p.year"""
# (only names that end in a parenthesis can change their key)
WRITTEN_SO = "SELECT id, name, normalised, papers FROM institutions WHERE name LIKE '%)'"


def new_key(name: str, key: str) -> str:
    """The key a load of this release files the institution of this name and key under: the name's,
    with the author a department alone is filed with (`school of computer science (toan tran)`)."""
    old = filing_key(institution_key(name))
    owner = key[len(old) :] if key != old and key.startswith(old + " (") else ""
    return filed_key(name) + owner


def upgrade() -> None:
    conn = op.get_bind()
    _refile(conn)
    _no_institution(conn)
    _boxes_read_again(conn)


def _refile(conn) -> None:
    """Each institution under the key its name is now filed under (see the module)."""
    moving = {
        id_: (key, moved, papers)
        for id_, name, key, papers in conn.execute(sa.text(WRITTEN_SO))
        if (moved := new_key(name, key)) != key
    }
    if not moving:
        return
    keys = sa.bindparam("keys", expanding=True)
    wanted = sorted({moved for _, moved, _ in moving.values()})
    groups: dict[str, list[tuple[int, str, int]]] = defaultdict(list)
    for start in range(0, len(wanted), 500):
        found = conn.execute(
            sa.text("SELECT id, normalised, papers FROM institutions WHERE normalised IN :keys").bindparams(keys),
            {"keys": wanted[start : start + 500]},
        )
        for id_, key, papers in found:
            if id_ not in moving:  # (one that moves itself is filed below)
                groups[key].append((id_, key, papers))
    for id_, (key, moved, papers) in moving.items():
        groups[moved].append((id_, key, papers))
    renamed, merged = [], []
    for key, members in groups.items():
        members.sort(key=lambda m: (-m[2], m[0]))
        (kept, old_key, _), others = members[0], members[1:]
        if old_key != key:
            renamed.append({"id": kept, "key": key})
        merged.extend({"id": other, "into": kept} for other, _, _ in others)
    for move in merged:  # (an author's two affiliations to it: the first one stays, as a load keeps it)
        conn.execute(sa.text(DUPLICATE.format(this=":id", that=":into")), move)
        conn.execute(sa.text(DUPLICATE.format(this=":into", that=":id")), move)
        conn.execute(sa.text("UPDATE paper_affiliations SET institution_id = :into WHERE institution_id = :id"), move)
    gone = [{"id": move["id"]} for move in merged]
    if gone:
        conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), gone)
        conn.execute(sa.text("DELETE FROM institutions WHERE id = :id"), gone)
    if renamed:  # (each kept key out of the way first: a key one row leaves may be the key another takes)
        conn.execute(sa.text("UPDATE institutions SET normalised = '(0064) ' || normalised WHERE id = :id"), renamed)
        conn.execute(sa.text("UPDATE institutions SET normalised = :key WHERE id = :id"), renamed)
    kept_ids = [{"id": kept} for kept in sorted({move["into"] for move in merged} | {r["id"] for r in renamed})]
    conn.execute(sa.text(CHOSEN), kept_ids)
    conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), kept_ids)
    for kept in kept_ids:
        conn.execute(sa.text(TRENDS), kept)


FILED = "SELECT DISTINCT name FROM paper_affiliations"
# (the sources of the papers whose affiliation under such a name is written otherwise: read again)
WRITTEN = """SELECT DISTINCT ps.source_id FROM paper_affiliations a JOIN paper_sources ps ON ps.paper_id = a.paper_id
    WHERE a.name = :name AND a.written IS NOT NULL"""
DROP = "DELETE FROM paper_affiliations WHERE name = :name AND written IS NULL"
HOLDING = "SELECT DISTINCT institution_id FROM paper_affiliations WHERE name = :name"
COUNT = """UPDATE institutions SET papers = (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a
    WHERE a.institution_id = institutions.id) WHERE id = :id"""
LEFT_WITH_NONE = "SELECT 1 FROM paper_affiliations WHERE institution_id = :id LIMIT 1"


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
