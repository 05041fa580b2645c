"""records whose affiliations the rules of inst19 file otherwise are read again: an affiliation
written as an address is filed under the institution it names (`Department of Electrical and
Computer Engineering, Carnegie Mellon University, Pittsburgh, PA, USA` -> `Carnegie Mellon
University`), a JSON escape a source lost its backslash of is read back (`Universit u00e9 de
Montr u00e9al` -> `Université de Montréal`), and a department alone is filed under its record's or
its author's institution, else kept as written but apart from other departments of its name
(`etl.extract.affiliations`). The sources holding such a record are read again by the next load
that names them, as revision 0056 had its own; that load files their affiliations as a cold load
does, and an institution no affiliation is filed under any more goes. The records are found by a
pattern wider than the rules, written here (a source read again that did not need it costs a
re-read, never a row): an institution a record's affiliations name with a comma, a `u` and four
hex digits, or a word of a unit or a discipline. `paper_affiliations.written` keeps the affiliation as
the source writes it where it names its institution otherwise (NULL until its source is read
again). On SQLite and PostgreSQL alike.

Revision ID: 0057
Revises: 0056
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0057"
down_revision = "0056"
branch_labels = None
depends_on = None

RECORDS = """SELECT ps.source_id, ps.affiliations, ps.institutions FROM paper_sources ps
WHERE ps.affiliations IS NOT NULL OR ps.institutions IS NOT NULL"""
# (a name with a comma, an escape without its backslash, or a unit's or discipline's word)
FILED_OTHERWISE = re.compile(
    r",|u0[01][0-9a-f]{2}|\b(?:Dep|Dept|Department|Departments|Departament\w*|Dipartimento|School|Faculty|Facult\w+"
    r"|Fakultät|Division|Key Lab\w*|College of|Computer|Engineering|Mathematics|Statistics|Linguistics|Physics"
    r"|Biology|Psychology|EECS|ECE|CSE)\b",
    re.IGNORECASE,
)


WRITTEN = (
    "The affiliation as this paper's source writes it, where it is filed under an institution it names otherwise"
    " (an address: `Department of ..., Carnegie Mellon University, Pittsburgh, PA, USA`; a department filed under"
    " its record's or author's institution; a JSON escape read back); else NULL"
)


def upgrade() -> None:
    op.add_column("paper_affiliations", sa.Column("written", sa.Text(), nullable=True, comment=WRITTEN))
    conn = op.get_bind()
    read_again = set()
    for source_id, *stored in conn.execute(sa.text(RECORDS)):
        if source_id not in read_again and any(FILED_OTHERWISE.search(name) for name in _names(stored)):
            read_again.add(source_id)
    mark_read_again(conn, sorted(read_again))


def _names(stored) -> list[str]:
    """The institutions' names of a record's stored affiliations (per author, `[name, country]`
    pairs) and institutions not placed by author (`[name, country]` pairs); a server's JSON type
    gives the value, SQLite the text."""
    names = []
    for value in stored:
        value = json.loads(value) if isinstance(value, str) else value
        for item in value or ():
            pairs = item if item and isinstance(item[0], list) else [item]
            names += [pair[0] for pair in pairs if pair and isinstance(pair[0], str)]
    return names


def downgrade() -> None:
    op.drop_column("paper_affiliations", "written")  # (the sources read again are right under 0056's rules too)
