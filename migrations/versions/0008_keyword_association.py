"""keyword_pairs ranks by association: lift (how much more often two keywords occur together than
independence predicts), so generic keywords that occur with everything do not fill it

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

# Pairs among each paper's top ten keywords, in at least two papers. lift = P(a and b) / (P(a) P(b)),
# over the papers that have keywords, with P(x) the share of papers having x in their top ten.
KEYWORD_PAIRS = """
CREATE VIEW keyword_pairs AS
WITH top AS (SELECT paper_id, keyword_id, keyword FROM paper_keywords WHERE rank <= 10),
marginal AS (SELECT keyword_id, count(*) AS papers FROM top GROUP BY keyword_id),
total AS (SELECT count(DISTINCT paper_id) AS papers FROM top)
SELECT min(a.keyword) AS keyword_a, min(b.keyword) AS keyword_b, count(*) AS papers,
    round(count(*) * 1.0 * min(total.papers) / (min(ma.papers) * min(mb.papers)), 3) AS lift
FROM top a
JOIN top b ON b.paper_id = a.paper_id AND b.keyword_id > a.keyword_id
JOIN marginal ma ON ma.keyword_id = a.keyword_id
JOIN marginal mb ON mb.keyword_id = b.keyword_id
CROSS JOIN total
GROUP BY a.keyword_id, b.keyword_id
HAVING count(*) >= 2
"""
# As revision 0003 made it.
KEYWORD_PAIRS_0003 = """
CREATE VIEW keyword_pairs AS
SELECT min(a.keyword) AS keyword_a, min(b.keyword) AS keyword_b, count(*) AS papers
FROM paper_keywords a
JOIN paper_keywords b ON b.paper_id = a.paper_id AND b.keyword_id > a.keyword_id
WHERE a.rank <= 10 AND b.rank <= 10
GROUP BY a.keyword_id, b.keyword_id
HAVING count(*) >= 2
"""


def upgrade() -> None:
    op.execute("DROP VIEW keyword_pairs")
    op.execute(KEYWORD_PAIRS)


def downgrade() -> None:
    op.execute("DROP VIEW keyword_pairs")
    op.execute(KEYWORD_PAIRS_0003)
