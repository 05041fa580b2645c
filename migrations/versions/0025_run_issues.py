"""what each load could not use as it is, by record: etl_run_issues lists the records a run
skipped, the records with a status word paperdb does not know and the files it passed over (with
file, line and why); etl_runs.records_unknown_status counts the second. Runs before this revision
listed nothing and counted no status word (NULL): their files are read again only when they change.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None

UNKNOWN_STATUS_COMMENT = (
    "Records stored with a status word paperdb does not know (their decision left NULL; listed in etl_run_issues);"
    " NULL for runs before revision 0025, which did not count them"
)
ISSUES_COMMENT = (
    "What each load could not use as it is: the records it skipped, the records with a status word paperdb does"
    " not know (stored, decision NULL), the files it passed over; at most 1,000 of a kind per file and run, then"
    " one row counting the rest (paperdb load --report FILE lists every one)."
)


def upgrade() -> None:
    op.add_column(
        "etl_runs", sa.Column("records_unknown_status", sa.Integer(), nullable=True, comment=UNKNOWN_STATUS_COMMENT)
    )
    op.create_table(
        "etl_run_issues",
        sa.Column("run_id", sa.Integer(), nullable=False, comment="etl_runs.id: the load that met it"),
        sa.Column("number", sa.Integer(), nullable=False, comment="1-based order in the run"),
        sa.Column("path", sa.Text(), nullable=False, comment="The file, as given to paperdb load (sources.path)"),
        sa.Column(
            "line",
            sa.Integer(),
            nullable=True,
            comment="1-based line where the record starts; NULL for a whole file, and for the row counting those not listed",
        ),
        sa.Column(
            "position",
            sa.Integer(),
            nullable=True,
            comment="paper_sources.position of a record stored (a status word paperdb does not know); NULL for one skipped",
        ),
        sa.Column("kind", sa.Text(), nullable=False, comment="record skipped, unknown status, file skipped or file failed"),
        sa.Column(
            "detail",
            sa.Text(),
            nullable=False,
            comment="Why the record was skipped or the file passed over, or the status word as written",
        ),
        sa.Column("title", sa.Text(), nullable=True, comment="The record's title as written, placeholder or not"),
        sa.Column(
            "record_id", sa.Text(), nullable=True, comment="An id the record gives (doi:..., openreview:...), else its URL"
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["etl_runs.id"], name=op.f("fk_etl_run_issues_run_id_etl_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("run_id", "number", name=op.f("pk_etl_run_issues")),
        comment=ISSUES_COMMENT,
    )


def downgrade() -> None:
    op.drop_table("etl_run_issues")
    op.drop_column("etl_runs", "records_unknown_status")
