"""a record's institutions are kept when its list does not line up with its authors (the fourth
reader's item 14): `paper_sources.institutions` holds the [institution, country] pairs a source gives
for the paper without saying whose (WWW and ACM MM 2024 leave the authors without an affiliation out
of `aff`, SIGGRAPH lists each institution once), and `paper_affiliations` has them at position 0, so
the paper counts for its institutions. Before, such a record's affiliations were dropped, and with
them the paper from its institutions' pages (1,966 records of the catalogue). A paperlists source
with a record that names authors and places no affiliation is read again by the next load that
names it, as revisions 0026, 0035, 0037, 0042, 0045, 0047 and 0048 had theirs, where its file (the
bytes it was loaded from) has a record whose `aff` gives some institution in another number of
`;`-parts than its `author` (a pattern wider than the rule, written here; the records' `aff` is not
stored, so the file is read; one that cannot be read as it was loaded is marked: a source read again
that did not need it costs a re-read, never a row). On SQLite and PostgreSQL alike.

Revision ID: 0050
Revises: 0049
Create Date: 2026-12-06
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.read_again import mark_read_again

revision = "0050"
down_revision = "0049"
branch_labels = None
depends_on = None

INSTITUTIONS = (
    "JSON array of the [institution, country] pairs this source gives for the paper without saying whose"
    " (its list does not line up with the authors); NULL where `affiliations` places them"
)
SOURCES = """SELECT s.id, s.resolved_path, s.sha256 FROM sources s WHERE s.format = 'paperlists' AND EXISTS (
    SELECT 1 FROM paper_sources ps WHERE ps.source_id = s.id AND ps.authors IS NOT NULL AND ps.affiliations IS NULL)"""
COMMENTS = {
    ("paper_affiliations", "position"): (
        "The author's position (paper_authors.position)",
        "The author's position (paper_authors.position); 0 for an institution the source gives for the paper"
        " without saying whose (paper_sources.institutions)",
    ),
}
TABLE_COMMENTS = {
    "paper_affiliations": (
        "The institutions each author of a paper gives (paper_authors row by paper_id and position).",
        "The institutions each author of a paper gives (paper_authors row by paper_id and position; position 0:"
        " the paper's, the source not saying whose).",
    ),
}


def upgrade() -> None:
    op.add_column("paper_sources", sa.Column("institutions", sa.Text(), nullable=True, comment=INSTITUTIONS))
    conn = op.get_bind()
    mark_read_again(conn, [sid for sid, path, sha256 in conn.execute(sa.text(SOURCES)) if _unaligned(path, sha256)])
    _comment(now=True)


def _unaligned(path: str, sha256: str) -> bool:
    """Whether the file a source was loaded from may hold a record whose affiliations do not line
    up with its authors (True where it cannot be read as it was loaded)."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError:
        return True
    if hashlib.sha256(data).hexdigest() != sha256:
        return True  # (changed, or marked already: the next load reads it anyway)
    try:
        records = json.loads(data)
    except ValueError:
        return True
    return not isinstance(records, list) or any(_record_unaligned(item) for item in records)


def _record_unaligned(item: object) -> bool:
    if not isinstance(item, dict):
        return False
    aff, author = item.get("aff"), item.get("author")
    if not isinstance(aff, str) or not aff.strip(" ;"):
        return False
    return not isinstance(author, str) or len(aff.split(";")) != len(author.split(";"))


def _comment(now: bool) -> None:
    if on_sqlite():  # (SQLite keeps no comments)
        return
    for (table, column), (before, after) in COMMENTS.items():
        new, old = (after, before) if now else (before, after)
        op.alter_column(table, column, comment=new, existing_comment=old, existing_type=sa.Integer())
    for table, (before, after) in TABLE_COMMENTS.items():
        new, old = (after, before) if now else (before, after)
        op.create_table_comment(table, new, existing_comment=old)


def downgrade() -> None:
    # (the paper-wide affiliations go: under 0049's rules a record places its institutions by author or not at all)
    op.execute(sa.text("DELETE FROM paper_affiliations WHERE position = 0"))
    _comment(now=False)
    op.execute("ALTER TABLE paper_sources DROP COLUMN institutions")  # (no batch copy: views read the table)
