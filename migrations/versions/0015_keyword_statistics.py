"""keyword statistics: the document frequencies, defined acronyms and size of the corpus the
last rescore scored against, so a load between rescores ranks only its own papers

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # (empty: the next load that changes papers rescores them all, as before, and fills them)
    op.create_table(
        "keyword_scoring",
        sa.Column("id", sa.Integer(), nullable=False, comment="Always 1"),
        sa.Column(
            "papers", sa.Integer(), nullable=False, comment="Papers the last rescore scored (the statistics' corpus size)"
        ),
        sa.Column(
            "changed",
            sa.Integer(),
            nullable=False,
            comment="Papers added, changed or removed since then (ranked against these statistics, or gone)",
        ),
        sa.Column(
            "fingerprint",
            sa.Text(),
            nullable=False,
            comment="SHA-256 of the keyword rules, word lists and topic taxonomy the rescore ran with",
        ),
        sa.Column("rescored_at", sa.Text(), nullable=False, comment="UTC time of the rescore (ISO 8601)"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_keyword_scoring")),
        comment="One row: the last rescore of every paper's keywords, and what changed since.",
    )
    op.create_table(
        "keyword_stats",
        sa.Column(
            "term",
            sa.Text(),
            nullable=False,
            comment="A candidate term's merge key (methods, acronyms: with a kind prefix)",
        ),
        sa.Column("papers", sa.Integer(), nullable=False, comment="Papers whose abstract has it"),
        sa.PrimaryKeyConstraint("term", name=op.f("pk_keyword_stats")),
        comment="Document frequencies at the last rescore: candidate terms more than one paper used.",
        sqlite_with_rowid=False,
    )
    op.create_table(
        "keyword_meanings",
        sa.Column("short", sa.Text(), nullable=False, comment="The short form, normalised (llm)"),
        sa.Column("keyword", sa.Text(), nullable=False, comment="The long form's merge key (large language model)"),
        sa.Column("label", sa.Text(), nullable=False, comment="The long form as written (large language models)"),
        sa.PrimaryKeyConstraint("short", "keyword", name=op.f("pk_keyword_meanings")),
        comment="Acronyms the corpus defined at the last rescore: a short form and each long form it stands for.",
        sqlite_with_rowid=False,
    )


def downgrade() -> None:
    op.drop_table("keyword_meanings")
    op.drop_table("keyword_stats")
    op.drop_table("keyword_scoring")
