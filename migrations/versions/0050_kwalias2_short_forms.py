"""keyword_short_forms: the one-word short forms with a capital that papers wrote for a keyword,
whatever their letters spell, which the similar papers read as the keyword
(`etl.extract.similar.words.short_forms`), kept apart from the keyword's names (`keyword_aliases`,
which `?_keyword=`, `/-/keyword/` and `papers_by_keyword` read). Until now the similarity read them
from `keyword_aliases`, which had to keep them all (`DKL` of `deep learning`); a load now writes
`keyword_aliases` by `alias_kind` alone and this table as the similarity read it before
(docs/keywords.md, branch kwalias2). Filled here from `keyword_aliases`' one-word rows, the ones the
similarity read (with a few it never read, `B&B`, `A.U.V.`, which `short_forms` leaves out as
before; `keyword_aliases` keeps its rows until the next load, which rescores every keyword under
the new rules and writes both tables anew). Down, the table goes.

Revision ID: 0050
Revises: 0049
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0050"
down_revision = "0049"
branch_labels = None
depends_on = None

COMMENT = (
    "The one-word short forms with a capital that papers wrote for a keyword, whatever their letters spell:"
    " the words the similar papers read as the keyword (the one most papers have); not all are its names"
    " (keyword_aliases)."
)
# (the rows the similarity read: `similar_all.ALIASES` before this revision)
FILL = """INSERT INTO keyword_short_forms (keyword_id, alias)
    SELECT keyword_id, alias FROM keyword_aliases WHERE alias NOT LIKE '% %' AND alias NOT LIKE '%-%'
    ORDER BY keyword_id, alias"""


def upgrade() -> None:
    op.create_table(
        "keyword_short_forms",
        sa.Column("keyword_id", sa.Integer(), nullable=False, comment="keywords.id"),
        sa.Column("alias", sa.String(), nullable=False, comment="The word as written (GNN, GNNs, DKL)"),
        sa.ForeignKeyConstraint(
            ["keyword_id"],
            ["keywords.id"],
            name=op.f("fk_keyword_short_forms_keyword_id_keywords"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("keyword_id", "alias", name=op.f("pk_keyword_short_forms")),
        comment=COMMENT,
        sqlite_with_rowid=False,
    )
    op.execute(FILL)


def downgrade() -> None:
    op.drop_table("keyword_short_forms")
