"""reconciled sources: the options each file was loaded with (a file loaded again with other
options is changed, not unchanged), the sources each run removed, and the rule of papers.id
for papers without an abstract in its comment

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
ID_BEFORE = "Stable key: first 16 hex digits of SHA-256 of the normalised abstract (docs/joins.md)"
ID_NOW = (
    "Stable key: first 16 hex digits of SHA-256 of the normalised abstract; with no abstract, of the"
    " DOI, OpenReview, arXiv, PMLR or ACL id, else venue, year and title (docs/joins.md#paper-identity)"
)


def upgrade() -> None:
    # (existing sources: their options are unknown; NULL, as for a load without options)
    op.add_column("sources", sa.Column("options", sa.Text(), nullable=True, comment=OPTIONS))
    op.add_column(
        "etl_runs",
        sa.Column("sources_removed", sa.Integer(), server_default=sa.text("0"), nullable=False, comment=REMOVED),
    )
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("etl_runs", "papers_updated", comment=UPDATED_NOW, existing_comment=UPDATED_BEFORE)
        op.alter_column("papers", "id", comment=ID_NOW, existing_comment=ID_BEFORE)


def downgrade() -> None:
    if not on_sqlite():
        op.alter_column("papers", "id", comment=ID_BEFORE, existing_comment=ID_NOW)
        op.alter_column("etl_runs", "papers_updated", comment=UPDATED_BEFORE, existing_comment=UPDATED_NOW)
    op.drop_column("etl_runs", "sources_removed")
    op.drop_column("sources", "options")
