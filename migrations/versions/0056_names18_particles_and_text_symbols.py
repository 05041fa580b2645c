"""records whose authors or text the rules of the reader of names18 read otherwise are read again:
an author's merge key leaves out the particles of the family name (`Mihaela van der Schaar` and
PMLR's `Mihaela Schaar` one author, shown with them), LaTeX's text-mode symbols are their
character (`O\\textquotesingle Reilly` -> `O'Reilly`, `{\\textquotedblleft}` -> `“`, `9.87{\\texttimes}`
-> `9.87×`: it was `quotesingle`, `quotedblleft`, `times`) and `{}` writes nothing (`Polyak-\\L{}ojasiewicz`).
The sources holding such a record are read again by the next load that names them, as revisions
0053 and 0055 had theirs; that load makes their papers and their authors as a cold load does (an
author the old key kept apart, no paper naming it any more, goes). The shapes are found by patterns
wider than the rules, written here (a source read again that did not need it costs a re-read, never
a row): a name with a particle's word inside it, any case, and a title or abstract with a `\\text`,
`\\dag`, `\\pounds`, `\\quote` or `\\guil` command, `{}` or one sign in braces. No schema change; on
SQLite and PostgreSQL alike.

Revision ID: 0056
Revises: 0055
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0056"
down_revision = "0055"
branch_labels = None
depends_on = None

RECORDS = "SELECT ps.source_id, ps.authors FROM paper_sources ps WHERE ps.authors IS NOT NULL"
PAPERS = """SELECT DISTINCT ps.source_id, p.title_raw, p.abstract FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE p.title_raw LIKE '%{%' OR p.abstract LIKE '%{%'
    OR p.title_raw LIKE '%\\%' ESCAPE '|' OR p.abstract LIKE '%\\%' ESCAPE '|'"""  # (PostgreSQL's LIKE escapes with a backslash)
# A particle's word between two words of a name (etl.text.particles.PARTICLES, any case).
PARTICLE = re.compile(
    r"\S\s+(?:van|von|der|den|de|del|della|di|da|dos|das|du|le|la|ter|ten|zu|al|el|bin|ibn)\s+\S", re.IGNORECASE
)
TEXT = re.compile(r"\\(?:text|dag|ddag|pounds|quote|guil)|\{[^\w\s]?\}")


def upgrade() -> None:
    conn = op.get_bind()
    read_again = {row[0] for row in conn.execute(sa.text(RECORDS)) if PARTICLE.search(_text(row[1]))}
    read_again |= {row[0] for row in conn.execute(sa.text(PAPERS)) if TEXT.search(f"{row[1]} {row[2]}")}
    mark_read_again(conn, sorted(read_again))


def _text(value) -> str:
    """A stored JSON column as text (SQLite gives the text, a server's JSON type the value)."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def downgrade() -> None:
    pass  # (the sources read again are right under 0055's rules too)
