"""quick views: topic_counts counted from each paper's topics (papers.topics, the copy kept for
facets, read from its index; the papers with released code through theirs) rather than from
paper_keywords by its kind and label, which revision 0019 no longer indexes (1.3 s on the 90,525
papers of the paperlists catalogue; now about 0.1 s). SQLite only: PostgreSQL plans the first
form well (hash joins), and keeps it

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None

TOPIC_COUNTS = """
CREATE VIEW topic_counts AS
WITH total AS (
    SELECT t.value AS topic, count(*) AS papers FROM papers p, json_each(p.topics) t GROUP BY t.value
),
released AS (
    SELECT t.value AS topic, count(*) AS papers FROM papers p, json_each(p.topics) t
    WHERE p.code_status = 'released' GROUP BY t.value
)
SELECT total.topic, total.papers, coalesce(released.papers, 0) AS with_code,
       round(100.0 * coalesce(released.papers, 0) / total.papers, 1) AS percent_with_code
FROM total LEFT JOIN released ON released.topic = total.topic
"""
# as revision 0003 made it
PREVIOUS_TOPIC_COUNTS = """
CREATE VIEW topic_counts AS
SELECT pk.keyword AS topic, count(*) AS papers,
       sum(CASE WHEN p.code_status = 'released' THEN 1 ELSE 0 END) AS with_code,
       round(100.0 * sum(CASE WHEN p.code_status = 'released' THEN 1 ELSE 0 END) / count(*), 1) AS percent_with_code
FROM paper_keywords pk JOIN papers p ON p.id = pk.paper_id
WHERE pk.kind = 'topic'
GROUP BY pk.keyword
"""


def upgrade() -> None:
    if on_sqlite():
        op.execute("DROP VIEW topic_counts")
        op.execute(TOPIC_COUNTS)


def downgrade() -> None:
    if on_sqlite():
        op.execute("DROP VIEW topic_counts")
        op.execute(PREVIOUS_TOPIC_COUNTS)
