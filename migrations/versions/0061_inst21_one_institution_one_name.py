"""one institution under one name: the variants of an institution's name are filed under one
institution (`etl.text.institution_variants`, frozen in `rules_0061`: `Albert-Ludwigs-Universität Freiburg`, `Universität
Freiburg`, `Freiburg University` and `University of Freiburg` are `freiburg university`; `University
of Freiburg, Albert-Ludwigs-Universität Freiburg`, the one university written twice, is its first
part). Existing databases are refiled in place, no source read again: each institution's key becomes
its filing key; of the institutions one key gathers, the one with the most papers (then the smallest
id) stays, with its id, and takes the others' affiliations (an author's second affiliation to it
goes, as a load files it once), and the others go; each one that stays has its name, country, papers
and trend counts chosen again as a load chooses them. An affiliation written as such a pair keeps
the pair in `written` and the first part as its name. On SQLite and PostgreSQL alike.

Revision ID: 0061
Revises: 0060
Create Date: 2026-12-07
"""

from __future__ import annotations

from collections import defaultdict

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0061.institution_variants import filed_key, filing_key, parts_of_one

revision = "0061"
down_revision = "0060"
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


def upgrade() -> None:
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, name, normalised, papers FROM institutions")).fetchall()
    groups: dict[str, list[tuple[int, str, int]]] = defaultdict(list)
    named_twice = set()  # (an institution named by a pair: its name chosen again once the pair's first part names it)
    for id_, name, key, papers in rows:
        pair = parts_of_one(name, filed_key)
        groups[filed_key(pair) if pair else filing_key(key)].append((id_, key, papers))
        if pair:
            named_twice.add(id_)
    renamed, merged = [], []
    for key, members in groups.items():
        members.sort(key=lambda m: (-m[2], m[0]))
        (kept, old_key, _), others = members[0], members[1:]
        if old_key != key or others:
            renamed.append({"id": kept, "key": key})
        merged.extend({"id": other, "into": kept} for other, _, _ in others)
    _pairs_written(conn)
    if not renamed:
        return
    for move in merged:  # (an author's two affiliations to it: the first one stays, as a load keeps it)
        conn.execute(sa.text(DUPLICATE.format(this=":id", that=":into")), move)
        conn.execute(sa.text(DUPLICATE.format(this=":into", that=":id")), move)
        conn.execute(sa.text("UPDATE paper_affiliations SET institution_id = :into WHERE institution_id = :id"), move)
    gone = [{"id": move["id"]} for move in merged]
    if gone:
        conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), gone)
        conn.execute(sa.text("DELETE FROM institutions WHERE id = :id"), gone)
    # (each kept key out of the way first: a key one row leaves may be the key another takes)
    conn.execute(sa.text("UPDATE institutions SET normalised = '(0061) ' || normalised WHERE id = :id"), renamed)
    conn.execute(sa.text("UPDATE institutions SET normalised = :key WHERE id = :id"), renamed)
    joined = {move["into"] for move in merged} | named_twice
    kept_ids = [{"id": r["id"]} for r in renamed if r["id"] in joined]
    if kept_ids:
        conn.execute(sa.text(CHOSEN), kept_ids)
        conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id = :id"), kept_ids)
        for kept in kept_ids:
            conn.execute(sa.text(TRENDS), kept)


def _pairs_written(conn) -> None:
    """An affiliation named as one institution written twice: its first part as its name, the pair in
    `written` (unless it holds the address the pair was read from)."""
    found = conn.execute(sa.text("SELECT DISTINCT name FROM paper_affiliations WHERE name LIKE '%,%'")).fetchall()
    pairs = [{"name": name, "first": first} for (name,) in found if (first := parts_of_one(name, filed_key))]
    if pairs:
        conn.execute(
            sa.text(
                "UPDATE paper_affiliations SET written = coalesce(written, name), name = :first WHERE name = :name"
            ),
            pairs,
        )


def downgrade() -> None:
    pass  # (the joined institutions are one under the rules before too: nothing to undo)
