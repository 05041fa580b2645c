"""decisions, presentation types and tracks: papers.decision, papers.presentation, papers.track,
and each source's status and track in paper_sources

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # ADD COLUMN, not a batch rebuild: papers keeps its rowids (the FTS index) and large
    # databases migrate in an instant
    op.add_column(
        "papers",
        sa.Column(
            "decision",
            sa.Text(),
            nullable=True,
            comment="accepted, rejected or withdrawn, from the sources' status; NULL when no source says",
        ),
    )
    op.add_column(
        "papers",
        sa.Column(
            "presentation",
            sa.Text(),
            nullable=True,
            comment="oral, spotlight, poster, workshop, findings, long, short, ... (lower case); NULL when unknown",
        ),
    )
    op.add_column(
        "papers", sa.Column("track", sa.Text(), nullable=True, comment="Track as the source names it: main, ...")
    )
    op.create_index("ix_papers_decision", "papers", ["decision"])
    op.create_index("ix_papers_presentation", "papers", ["presentation"])
    op.add_column(
        "paper_sources",
        sa.Column("status", sa.Text(), nullable=True, comment="Decision or presentation as this source writes it"),
    )
    op.add_column(
        "paper_sources", sa.Column("track", sa.Text(), nullable=True, comment="Track as this source names it")
    )


def downgrade() -> None:
    # DROP COLUMN (SQLite 3.35+), not a batch rebuild, which the views on these tables would break
    op.drop_column("paper_sources", "track")
    op.drop_column("paper_sources", "status")
    op.drop_index("ix_papers_presentation", table_name="papers")
    op.drop_index("ix_papers_decision", table_name="papers")
    op.drop_column("papers", "track")
    op.drop_column("papers", "presentation")
    op.drop_column("papers", "decision")
