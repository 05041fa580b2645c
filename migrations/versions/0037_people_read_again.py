"""records whose people the rules of the reader's report read otherwise are read again: an
institution where a name goes (`Agency for Science Technology and Research`, KDD 2023) is no person
and is no longer cut at its `and` into `Technology` and `Research`; a name suffix listed as a name
(`Guy L. Steele; Jr`) joins the name before it; a code point written out (`Linh KU+000E4stner`), a
`1` read for an `l` between letters (`Cé1ine`) and an e-mail address glued to a name are repaired,
an address alone is no name (`etl.text.name_repairs`), and an ALL-CAPS name's initials run together
stay capitals (`J.L. WYATT` -> `J.L. Wyatt`, not `J.l. Wyatt`); `+`-joined affiliations (`University of
Cambridge+University of Cambridge`, `1+2`) are split into institutions. The sources holding a
record whose stored authors or affiliations have such a shape are read again by the next load that
names them, as revisions 0026 and 0035 had theirs; that load makes their papers' authors,
affiliations and people's counts as a cold load does. The shapes are found by patterns wider than
the rules, written here (a source read again that did not need it costs a re-read, never a row).
No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0037
Revises: 0036
Create Date: 2026-12-05
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None

RECORDS = (
    "SELECT source_id, authors, affiliations FROM paper_sources WHERE authors IS NOT NULL OR affiliations IS NOT NULL"
)
# The shapes the rules of this revision read otherwise, in a record's stored names (a JSON list):
# a word only institutions' names have (etl.text.name_repairs as of this revision), a suffix
# listed as a name, a code point written out, a `1` between letters, an address, an ALL-CAPS name
# with its initials run together. Wider than the rules: a source read again that did not need it
# costs a re-read, never a row.
SHAPES = re.compile(
    r"Universit|Institut|Istituto|Agency|Laborator|College|School|Academy|Research|Department|Cent(?:er|re)"
    r"|Foundation|Hospital|Ministry|Faculty|Labs?(?![a-z])"
    r'|(?i:"(?:jr|sr|ii|iii|iv)\.?")|U\+[0-9A-F]{4}|[^\d\s",]1[^\d\s",]|@|[A-Z]\.[A-Z]\. [A-Z]{3}'
)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted(
        {
            source
            for source, authors, affiliations in conn.execute(sa.text(RECORDS))
            if _reads_otherwise(authors, affiliations)
        }
    )
    mark_read_again(conn, read_again)


def _text(value) -> str:
    """A stored JSON column as text (SQLite gives the text, a server's JSON type the value)."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _reads_otherwise(authors, affiliations) -> bool:
    return SHAPES.search(_text(authors)) is not None or "+" in _text(affiliations)


def downgrade() -> None:
    pass  # (the sources read again are right under 0036's rules too)
