"""links a source gives (paperlists `github` and `project`): each source's in paper_sources.links,
and paper_links.source_id marking the links that come from a source rather than the abstract

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "paper_sources",
        sa.Column(
            "links", sa.Text(), nullable=True, comment="JSON array of the code and project links this source gives"
        ),
    )
    op.add_column(
        "paper_links",
        sa.Column(
            "source_id",
            sa.Integer(),
            nullable=True,
            comment="sources.id of the source that gives the link (github, project fields); NULL when"
            " it is cited in the abstract",
        ),
    )


def downgrade() -> None:
    op.execute("DELETE FROM paper_links WHERE source_id IS NOT NULL")
    op.drop_column("paper_links", "source_id")
    op.drop_column("paper_sources", "links")
