"""keyword_trends lists what matters first: the keyword-venue-years with the most papers (then the
largest share of their venue-year), never the labels' alphabetical order, which opened on debris
(`, -process`, `0-G`); an index on keyword_trend_counts.papers lets the first page read only its rows

Revision ID: 0029
Revises: 0028
Create Date: 2026-12-04
"""

from __future__ import annotations

from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

SELECT = """CREATE VIEW keyword_trends AS
SELECT k.label AS keyword, c.kind, c.venue, c.year, c.papers,
       round(c.papers * 1.0 / t.papers, 4) AS share,
       t.papers AS venue_papers, c.keyword_id, k.normalised
FROM keyword_trend_counts c
JOIN keywords k ON k.id = c.keyword_id
JOIN (SELECT venue, year, count(*) AS papers FROM papers GROUP BY venue, year) t
    ON t.venue = c.venue AND t.year = c.year"""
# Most papers first, then the largest share; the key makes the order total (pages never overlap).
ORDER = "\nORDER BY c.papers DESC, share DESC, c.keyword_id, c.kind, c.venue, c.year"
INDEX = "ix_keyword_trend_counts_papers"


def upgrade() -> None:
    op.create_index(INDEX, "keyword_trend_counts", ["papers"])
    op.execute("DROP VIEW keyword_trends")
    op.execute(SELECT + ORDER)


def downgrade() -> None:
    op.execute("DROP VIEW keyword_trends")
    op.execute(SELECT)
    op.drop_index(INDEX, table_name="keyword_trend_counts")
