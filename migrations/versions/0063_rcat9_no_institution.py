"""an affiliation that names no institution is filed nowhere (the eighth reader's item 6):
"Independent Researcher" was an institution in the United States (44 papers of people of every
country), "University Affiliation Not Specified" another (103 papers), and "Independent" (China),
"Institution not specified", "Unknown Affiliation", "Unaffiliated", "University", "Affiliation1",
"603000" (a postcode) likewise; a load now files such an affiliation under no institution and counts
it for no country (`etl.text.placeholders.is_placeholder_affiliation`, `etl.extract.affiliations`),
the record keeping it as written and the paper's page showing it beside its author. Existing
databases lose, in place, the affiliations filed under such an institution as the source writes
them (`written` NULL: the rule frozen in etl.migrations.rules_0063), the institutions left with none
and their trend counts; the others keep their ids, orders and counts, as a cold load gives them. An
affiliation filed under one with other words (a department whose author's only "university" was
"University Affiliation Not Specified": a load files it as a department of its own) has its source
read again by the next load that names it, as revisions 0057 and 0058 had theirs. On SQLite and
PostgreSQL alike.

Revision ID: 0063
Revises: 0062
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again
from etl.migrations.rules_0063.placeholders import is_placeholder_affiliation

revision = "0063"
down_revision = "0062"
branch_labels = None
depends_on = None

FILED = "SELECT DISTINCT name FROM paper_affiliations"
# (the sources of the papers whose affiliation under such a name is written otherwise: read again)
WRITTEN = """SELECT DISTINCT ps.source_id FROM paper_affiliations a JOIN paper_sources ps ON ps.paper_id = a.paper_id
    WHERE a.name = :name AND a.written IS NOT NULL"""
DROP = "DELETE FROM paper_affiliations WHERE name = :name AND written IS NULL"
# (the institutions of such affiliations: those left with none go)
HOLDING = "SELECT DISTINCT institution_id FROM paper_affiliations WHERE name = :name"
FILED_UNDER = "SELECT DISTINCT institution_id FROM paper_affiliations WHERE institution_id IN :ids"
COUNT = """UPDATE institutions SET papers = (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a
    WHERE a.institution_id = institutions.id) WHERE id IN (SELECT institution_id FROM paper_affiliations WHERE name = :name)"""


def upgrade() -> None:
    conn = op.get_bind()
    names = [name for (name,) in conn.execute(sa.text(FILED)) if is_placeholder_affiliation(name)]
    read_again: set[int] = set()
    held: set[int] = set()
    for name in names:
        held.update(id_ for (id_,) in conn.execute(sa.text(HOLDING), {"name": name}))
        read_again.update(source_id for (source_id,) in conn.execute(sa.text(WRITTEN), {"name": name}))
        conn.execute(sa.text(DROP), {"name": name})
        conn.execute(sa.text(COUNT), {"name": name})
    ids = sa.bindparam("ids", expanding=True)
    still = (
        {id_ for (id_,) in conn.execute(sa.text(FILED_UNDER).bindparams(ids), {"ids": sorted(held)})} if held else set()
    )
    gone = sorted(held - still)  # (an institution with no affiliation for another reason, one a source
    # read again files anew, stays: the next load decides it)
    for start in range(0, len(gone), 500):
        part = {"ids": gone[start : start + 500]}
        conn.execute(sa.text("DELETE FROM institution_trend_counts WHERE institution_id IN :ids").bindparams(ids), part)
        conn.execute(sa.text("DELETE FROM institutions WHERE id IN :ids").bindparams(ids), part)
    mark_read_again(conn, sorted(read_again))


def downgrade() -> None:
    pass  # (the affiliations are gone; a load of 0062's release files them again from their sources)
