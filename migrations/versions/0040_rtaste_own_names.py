"""records whose affiliation of an author is the author's own name are read again: the catalogue's
IROS and ICRA records write the name where the affiliation is unknown (`aff`: `Nikolaus Correll;
G. Sempo; ...` beside the same `author`), which the reader now reads as no affiliation
(`etl.sources.paperlists.without_own_names`), so no institution is named after a person. The sources
holding a record whose stored affiliations name one of its own authors are read again by the next
load that names them, as revisions 0026, 0035 and 0037 had theirs; that load makes their papers'
affiliations, institutions and counts as a cold load does. Wider than the rule (any author of the
record, not only the one the entry belongs to): a source read again that did not need it costs a
re-read, never a row. No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0040
Revises: 0039
Create Date: 2026-12-05
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None

RECORDS = (
    "SELECT source_id, authors, affiliations FROM paper_sources WHERE authors IS NOT NULL AND affiliations IS NOT NULL"
)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted(
        {
            source
            for source, authors, affiliations in conn.execute(sa.text(RECORDS))
            if _names_an_author(authors, affiliations)
        }
    )
    mark_read_again(conn, read_again)


def _value(column):
    """A stored JSON column's value (SQLite gives the text, a server's JSON type the value)."""
    try:
        return json.loads(column) if isinstance(column, str) else column
    except ValueError:
        return None


def _folded(text: object) -> str:
    return " ".join(text.split()).casefold() if isinstance(text, str) else ""


def _names_an_author(authors, affiliations) -> bool:
    """Whether an institution of the record's affiliations is one of its authors' names."""
    names, given = _value(authors), _value(affiliations)
    if not isinstance(names, list) or not isinstance(given, list):
        return False
    people = {_folded(name) for name in names} - {""}
    return any(
        isinstance(pair, list) and pair and _folded(pair[0]) in people
        for pairs in given
        if isinstance(pairs, list)
        for pair in pairs
    )


def downgrade() -> None:
    pass  # (the sources read again are right under 0037's rules too)
