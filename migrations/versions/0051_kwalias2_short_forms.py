"""keyword_short_forms: the one-word short forms with a capital that papers wrote for a keyword,
whatever their letters spell, which the similar papers read as the keyword
(`etl.extract.similar.words.short_forms`), kept apart from the keyword's names (`keyword_aliases`,
which `?_keyword=`, `/-/keyword/` and `papers_by_keyword` read). Until now the similarity read them
from `keyword_aliases`, which had to keep them all (`DKL` of `deep learning`); a load now writes
`keyword_aliases` by `alias_kind` alone and this table as the similarity read it before
(docs/keywords.md, branch kwalias2). Here the one-word rows of `keyword_aliases` the similarity
read (`read_as_short_form`) move to the table, and `keyword_aliases` keeps those that are names
(`alias_kind`), as a load now writes them; both rules are revision 0044's frozen copies (the live
ones alike). Down, the short forms go back into `keyword_aliases` (as the rules before kept them)
and the table goes: a round trip gives back what a load gave."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0044.aliases import alias_kind, read_as_short_form

revision = "0051"
down_revision = "0050"
branch_labels = None
depends_on = None

COMMENT = (
    "The one-word short forms with a capital that papers wrote for a keyword, whatever their letters spell:"
    " the words the similar papers read as the keyword (the one most papers have); not all are its names"
    " (keyword_aliases)."
)
ONE_WORD = """SELECT a.keyword_id, a.alias, k.normalised FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id
    WHERE a.alias NOT LIKE '% %' AND a.alias NOT LIKE '%-%'"""
ADD = "INSERT INTO keyword_short_forms (keyword_id, alias) VALUES (:keyword_id, :alias)"
DROP = "DELETE FROM keyword_aliases WHERE keyword_id = :keyword_id AND alias = :alias"
BACK = "SELECT keyword_id, alias FROM keyword_short_forms"
RESTORE = """INSERT INTO keyword_aliases (keyword_id, alias, normalised) VALUES (:keyword_id, :alias, :normalised)
    ON CONFLICT DO NOTHING"""


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
    conn = op.get_bind()
    rows = conn.execute(sa.text(ONE_WORD)).all()
    read = [{"keyword_id": i, "alias": alias} for i, alias, _ in sorted(rows) if read_as_short_form(alias)]
    no_names = [{"keyword_id": i, "alias": alias} for i, alias, key in rows if alias_kind(key, alias) is None]
    if read:
        conn.execute(sa.text(ADD), read)
    if no_names:
        conn.execute(sa.text(DROP), no_names)


def downgrade() -> None:
    conn = op.get_bind()
    back = [
        {"keyword_id": i, "alias": alias, "normalised": alias.casefold()} for i, alias in conn.execute(sa.text(BACK))
    ]
    if back:
        conn.execute(sa.text(RESTORE), back)
    op.drop_table("keyword_short_forms")
