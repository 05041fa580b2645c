"""records naming a college of one name in several cities by its city are read again: such a
college is named with its city (`School of Biomedical Engineering & Imaging Sciences, King's College,
London, UK` -> `King's College, London`, the merge key of `King's College London`; `King's College,
Aberdeen` stays apart from it), where the rules of revision 0057 filed the address under `King's
College` alone (`etl.text.institution_parts`). The sources holding such a record are read again by
the next load that names them, as revision 0057 had its own; that load files their affiliations as
a cold load does. The records are found by a pattern wider than the rules, written here: `King's`,
`Queen's`, `Trinity` or `Imperial College` and a comma. On SQLite and PostgreSQL alike.

Revision ID: 0058
Revises: 0057
Create Date: 2026-12-06
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0058"
down_revision = "0057"
branch_labels = None
depends_on = None

RECORDS = """SELECT ps.source_id, ps.affiliations, ps.institutions FROM paper_sources ps
WHERE ps.affiliations IS NOT NULL OR ps.institutions IS NOT NULL"""
CITY_COLLEGE = re.compile(r"\b(?:King|Queen|Trinity|Imperial)(?:['’]?s)? College\s*,", re.IGNORECASE)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = set()
    for source_id, *stored in conn.execute(sa.text(RECORDS)):
        if source_id not in read_again and any(CITY_COLLEGE.search(str(value)) for value in stored if value):
            read_again.add(source_id)
    mark_read_again(conn, sorted(read_again))


def downgrade() -> None:
    pass  # (the sources read again are right under 0057's rules too)
