"""records the rules of the reader's report read otherwise are read again: a title or an abstract a
CSV writer quoted whole (`"Trust, but Verify: ..."`, inner quotes doubled) is shown, searched and
scored without those quotes (`etl.text.cleaning.csv_unquoted`), and a DOI given as an address
(`https://link.springer.com/chapter/10.1007/...`, `doi:10.1/x`) is stored bare (`10.1007/...`, so
`/-/paper/<doi>`, the .bib and the doi.org link find it); a `doi` holding none is left out. The
sources holding such records are read again by the next load that names them, as revision 0026 had
its sources read again; that load makes their papers' titles, cleaned abstracts and ids as a cold
load does (paper ids do not change: the normalised abstract and title have no quotes). No schema
change; plain SQL, so it stays what it is today.

Revision ID: 0035
Revises: 0034
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None

# Records whose title or abstract as written is wrapped in quotes (the rule reads whether the quotes
# are a CSV writer's), and DOIs stored as something other than a bare one.
SOURCES = """SELECT DISTINCT ps.source_id FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
    WHERE (ps.title LIKE '"%"') OR (ps.has_abstract AND coalesce(ps.abstract, p.abstract) LIKE '"%"')
    UNION SELECT DISTINCT source_id FROM paper_ids
    WHERE scheme = 'doi' AND value NOT LIKE '10.%'"""


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted(source for (source,) in conn.execute(sa.text(SOURCES)))
    mark_read_again(conn, read_again)


def downgrade() -> None:
    pass  # (the sources read again are right under 0034's rules too)
