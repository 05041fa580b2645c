"""deferred full-text indexing: a load sets etl_flags.fts_deferred inside its transaction, the
papers_fts triggers stand aside, and the load rebuilds the index once at the end (per-row trigger
updates cost more than the rest of a bulk load); other writes keep the index in sync as before

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import PG_SYNC, PG_UNLESS_DEFERRED, on_sqlite

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

UNLESS_DEFERRED = "WHEN NOT EXISTS (SELECT 1 FROM etl_flags WHERE name = 'fts_deferred')"

TRIGGERS = {
    "papers_fts_insert": """
        AFTER INSERT ON papers {when} BEGIN
            INSERT INTO papers_fts (rowid, title, abstract, keywords)
            VALUES (new.pk, new.title, new.abstract, new.keywords);
        END""",
    "papers_fts_delete": """
        AFTER DELETE ON papers {when} BEGIN
            INSERT INTO papers_fts (papers_fts, rowid, title, abstract, keywords)
            VALUES ('delete', old.pk, old.title, old.abstract, old.keywords);
        END""",
    "papers_fts_update": """
        AFTER UPDATE OF title, abstract, keywords ON papers {when} BEGIN
            INSERT INTO papers_fts (papers_fts, rowid, title, abstract, keywords)
            VALUES ('delete', old.pk, old.title, old.abstract, old.keywords);
            INSERT INTO papers_fts (rowid, title, abstract, keywords)
            VALUES (new.pk, new.title, new.abstract, new.keywords);
        END""",
}


def _replace_triggers(when: str) -> None:
    if not on_sqlite():  # PostgreSQL: one trigger function, which stands aside while deferred
        op.execute(PG_SYNC.format(unless_deferred=PG_UNLESS_DEFERRED if when else ""))
        return
    for name, body in TRIGGERS.items():
        op.execute(f"DROP TRIGGER {name}")
        op.execute(f"CREATE TRIGGER {name} " + body.format(when=when))


def upgrade() -> None:
    op.create_table(
        "etl_flags",
        sa.Column("name", sa.Text(), nullable=False, comment="fts_deferred: the load rebuilds papers_fts itself at the end"),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_etl_flags")),
        comment="Set only inside a running load's transaction (never seen committed).",
    )
    _replace_triggers(UNLESS_DEFERRED)


def downgrade() -> None:
    _replace_triggers("")
    op.drop_table("etl_flags")
