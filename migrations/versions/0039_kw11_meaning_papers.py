"""keyword_meanings.papers: the papers defining a short form so. A meaning many papers define, the
one way, is the field's and is shown on papers that only use the short form (`DPO` as `direct
preference optimization`); one only a paper or two define is shown only where the paper writes it
(`TEE` is not `temporal expression extraction` on an echocardiography paper: issue #36, round 11).
The rows kept are counted as one paper each until the next rescore, which the new rules' fingerprint
asks for (`etl.load.rules.fingerprint`) and which counts them. On SQLite and PostgreSQL alike.

Revision ID: 0039
Revises: 0038
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "keyword_meanings",
        sa.Column(
            "papers",
            sa.Integer(),
            nullable=False,
            server_default=sa.text("1"),
            comment="Papers defining the short form so (a meaning many define is the field's: issue #36)",
        ),
    )


def downgrade() -> None:
    op.execute("ALTER TABLE keyword_meanings DROP COLUMN papers")  # (no batch copy: the table is WITHOUT ROWID)
