"""related papers compare pairs of title words too: similar_terms.term's comment says so (the
next load recomputes every paper's similar papers, as the rules' fingerprint changed)

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None

TERM_BEFORE = "A word (case folded, singular) or, after `=`, a keyword's merge key (keywords.normalised)"
TERM_NOW = (
    "A word (case folded, singular), two words next to each other in a title with a space between"
    " (`policy gradient`), or, after `=`, a keyword's merge key (keywords.normalised)"
)


def upgrade() -> None:
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("similar_terms", "term", comment=TERM_NOW, existing_comment=TERM_BEFORE)


def downgrade() -> None:
    if not on_sqlite():
        op.alter_column("similar_terms", "term", comment=TERM_BEFORE, existing_comment=TERM_NOW)
