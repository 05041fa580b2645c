"""index papers.topics: the default topic facet and the `topics__arraycontains` filter read the
column from a covering index instead of every row of papers (abstracts included)

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_papers_topics", "papers", ["topics"])


def downgrade() -> None:
    op.drop_index("ix_papers_topics", table_name="papers")
