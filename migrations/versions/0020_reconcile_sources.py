"""reconciled sources: the options each file was loaded with (a file loaded again with other
options is changed, not unchanged), and the sources each run removed

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

OPTIONS = (
    "The load options that change what the file means (--venue, --year, --format) it was last loaded with,"
    " a JSON object; NULL: none"
)
REMOVED = "Sources removed with what only they gave (paperdb remove, load --prune)"
UPDATED_BEFORE = "Papers whose stored text changed"
UPDATED_NOW = "Papers whose stored text, venue or year changed"


def upgrade() -> None:
    # (existing sources: their options are unknown; NULL, as for a load without options)
    op.add_column("sources", sa.Column("options", sa.Text(), nullable=True, comment=OPTIONS))
    op.add_column(
        "etl_runs",
        sa.Column("sources_removed", sa.Integer(), server_default=sa.text("0"), nullable=False, comment=REMOVED),
    )
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("etl_runs", "papers_updated", comment=UPDATED_NOW, existing_comment=UPDATED_BEFORE)


def downgrade() -> None:
    if not on_sqlite():
        op.alter_column("etl_runs", "papers_updated", comment=UPDATED_BEFORE, existing_comment=UPDATED_NOW)
    op.drop_column("etl_runs", "sources_removed")
    op.drop_column("sources", "options")
