"""each affiliation keeps the institution's name and country as its source gave them (so the
institution's own name and country are the ones most papers give, whatever the load order);
exports loaded before revision 0009 are read again by the next load

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "paper_affiliations",
        sa.Column(
            "name",
            sa.Text(),
            server_default=sa.text("''"),
            nullable=False,
            comment="The institution as this paper's source names it",
        ),
    )
    op.add_column(
        "paper_affiliations",
        sa.Column("country", sa.Text(), nullable=True, comment="Its country as this paper's source gives it"),
    )
    op.execute(
        "UPDATE paper_affiliations SET name = (SELECT i.name FROM institutions i WHERE i.id = institution_id),"
        " country = (SELECT i.country FROM institutions i WHERE i.id = institution_id)"
    )
    # Readers of exports give more since 0009 (decisions, author keywords, source links,
    # affiliations): a file a database holds from before is no longer "unchanged", so the next
    # load reads it again and keeps what it now gives, once. (A new database has no sources yet.)
    op.execute("UPDATE sources SET sha256 = 'read again: ' || sha256 WHERE format != 'listing'")


def downgrade() -> None:
    op.drop_column("paper_affiliations", "country")
    op.drop_column("paper_affiliations", "name")
