"""each pair of keyword_partners' papers per venue and year, a paper once (read28): `compare_periods`
and `field_landscape` read the pairs' `paper_keywords` rows at each call to count a paper once
whatever forms and kinds it has (read27: 95 -> 200 ms and 59 -> 121 ms of CPU on the catalogue).
`keyword_partner_counts` holds those counts (in any way; not as a topic alone; from the text), made
here from the pairs a load left and remade by each load's end (`etl.store.partners`); the queries
read it. Nothing else changes. On SQLite and PostgreSQL alike.

Revision ID: 0069
Revises: 0068
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0069"
down_revision = "0068"
branch_labels = None
depends_on = None

# As `etl.store.partners` of read28 fills it.
COUNTS = """INSERT INTO keyword_partner_counts (joined_id, venue, year, papers, written, extracted)
    SELECT j.joined_id, p.venue, p.year, count(DISTINCT p.id), count(DISTINCT CASE WHEN pk.kind != 'topic' THEN p.id END),
           count(DISTINCT CASE WHEN pk.kind NOT IN ('topic', 'author') THEN p.id END)
    FROM keyword_partners j JOIN paper_keywords pk ON pk.keyword_id = j.keyword_id JOIN papers p ON p.id = pk.paper_id
    GROUP BY j.joined_id, p.venue, p.year"""


def upgrade() -> None:
    op.create_table(
        "keyword_partner_counts",
        sa.Column("joined_id", sa.Integer(), nullable=False, comment="keyword_partners.joined_id"),
        sa.Column("venue", sa.Text(), nullable=False, comment="papers.venue"),
        sa.Column("year", sa.Integer(), nullable=False, comment="papers.year"),
        sa.Column(
            "papers", sa.Integer(), nullable=False, comment="Papers of that venue and year with either form, in any way"
        ),
        sa.Column(
            "written",
            sa.Integer(),
            nullable=False,
            comment="Of them, those that write either form or have it as their own keyword (not as a topic alone)",
        ),
        sa.Column(
            "extracted",
            sa.Integer(),
            nullable=False,
            comment="Of them, those that write either form (not topic, not author)",
        ),
        sa.ForeignKeyConstraint(
            ["joined_id"], ["keywords.id"], name="fk_keyword_partner_counts_joined_id_keywords", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("joined_id", "venue", "year", name="pk_keyword_partner_counts"),
        comment="Each pair of keyword_partners' papers per venue and year, a paper once whatever forms and kinds it"
        " has: what compare_periods, field_landscape and top_keywords count a pair by; remade by each load.",
        sqlite_with_rowid=False,
    )
    op.execute(COUNTS)


def downgrade() -> None:
    op.drop_table("keyword_partner_counts")
