"""affiliations: institutions, paper_affiliations (the institutions each author of a paper gives),
and each source's affiliations and other fields in paper_sources

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "institutions",
        sa.Column("id", sa.Integer(), nullable=False, comment="Institution number"),
        sa.Column(
            "name", sa.Text(), nullable=False, comment="Name as the sources normalise it (paperlists aff_unique_norm)"
        ),
        sa.Column(
            "normalised",
            sa.Text(),
            nullable=False,
            comment="Merge key: case folded, `&` as `and`, punctuation and a leading `the` dropped",
        ),
        sa.Column("country", sa.Text(), nullable=True, comment="Country, where a source gives one"),
        sa.Column(
            "papers", sa.Integer(), nullable=False, comment="Number of papers with an author affiliated with it"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_institutions")),
        sa.UniqueConstraint("normalised", name=op.f("uq_institutions_normalised")),
        comment="Distinct institutions authors are affiliated with, merged by normalised name.",
    )
    op.create_index(op.f("ix_institutions_country"), "institutions", ["country"], unique=False)
    op.create_index(op.f("ix_institutions_papers"), "institutions", ["papers"], unique=False)
    op.create_table(
        "paper_affiliations",
        sa.Column("paper_id", sa.String(length=16), nullable=False, comment="papers.id"),
        sa.Column("position", sa.Integer(), nullable=False, comment="The author's position (paper_authors.position)"),
        sa.Column("institution_id", sa.Integer(), nullable=False, comment="institutions.id"),
        sa.Column("order", sa.Integer(), nullable=False, comment="1-based order of the institution among the author's"),
        sa.ForeignKeyConstraint(
            ["institution_id"],
            ["institutions.id"],
            name=op.f("fk_paper_affiliations_institution_id_institutions"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.id"], name=op.f("fk_paper_affiliations_paper_id_papers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("paper_id", "position", "institution_id", name=op.f("pk_paper_affiliations")),
        comment="The institutions each author of a paper gives (paper_authors row by paper_id and position).",
    )
    op.create_index(
        op.f("ix_paper_affiliations_institution_id"), "paper_affiliations", ["institution_id"], unique=False
    )
    op.add_column(
        "paper_sources",
        sa.Column(
            "affiliations",
            sa.Text(),
            nullable=True,
            comment="JSON array, one per author: the [institution, country] pairs this source gives",
        ),
    )
    op.add_column(
        "paper_sources",
        sa.Column(
            "extra",
            sa.Text(),
            nullable=True,
            comment="JSON object of every other field this source gives (ratings, tldr, pdf, ...): nothing is lost",
        ),
    )


def downgrade() -> None:
    op.drop_column("paper_sources", "extra")
    op.drop_column("paper_sources", "affiliations")
    op.drop_index(op.f("ix_paper_affiliations_institution_id"), table_name="paper_affiliations")
    op.drop_table("paper_affiliations")
    op.drop_index(op.f("ix_institutions_papers"), table_name="institutions")
    op.drop_index(op.f("ix_institutions_country"), table_name="institutions")
    op.drop_table("institutions")
