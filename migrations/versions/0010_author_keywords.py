"""author keywords: each source's keywords in paper_sources, the chosen ones in
papers.author_keywords, and paper_keywords keyed by (paper, keyword, kind) so an author keyword
sits beside the same extracted keyword

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

PAPER_KEYWORDS = """
CREATE TABLE paper_keywords_new (
	paper_id VARCHAR(16) NOT NULL,
	keyword_id INTEGER NOT NULL,
	keyword TEXT NOT NULL,
	kind TEXT NOT NULL,
	score DOUBLE NOT NULL,
	rank INTEGER NOT NULL,
	CONSTRAINT pk_paper_keywords PRIMARY KEY ({key}),
	CONSTRAINT fk_paper_keywords_keyword_id_keywords FOREIGN KEY(keyword_id) REFERENCES keywords (id) ON DELETE CASCADE,
	CONSTRAINT fk_paper_keywords_paper_id_papers FOREIGN KEY(paper_id) REFERENCES papers (id) ON DELETE CASCADE
)
"""
INDEXES = [
    "CREATE INDEX ix_paper_keywords_keyword ON paper_keywords (keyword)",
    "CREATE INDEX ix_paper_keywords_keyword_id ON paper_keywords (keyword_id)",
    "CREATE INDEX ix_paper_keywords_kind ON paper_keywords (kind)",
]
# Association is over extracted keywords: author keywords have no rank to take the top ten by.
KEYWORD_PAIRS = """
CREATE VIEW keyword_pairs AS
WITH top AS (SELECT paper_id, keyword_id, keyword FROM paper_keywords WHERE rank <= 10 AND kind != 'author'),
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


def _rebuild_paper_keywords(key: str, keep: str, keyword_pairs: str | None) -> None:
    """Remake paper_keywords with primary key `key`, keeping the rows `keep` selects; the views
    that read it are dropped and made again (`keyword_pairs` as given, if given). PostgreSQL
    changes the key in place."""
    if not on_sqlite():
        if keep:
            op.execute(f"DELETE FROM paper_keywords WHERE NOT ({keep.removeprefix('WHERE ')})")
        op.execute(
            "ALTER TABLE paper_keywords DROP CONSTRAINT pk_paper_keywords,"
            f" ADD CONSTRAINT pk_paper_keywords PRIMARY KEY ({key})"
        )
        if keyword_pairs:
            op.execute("DROP VIEW keyword_pairs")
            op.execute(keyword_pairs)
        return
    bind = op.get_bind()
    views = bind.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'view' AND sql LIKE '%paper_keywords%' ORDER BY name"
    ).fetchall()
    for name, _ in views:
        op.execute(f'DROP VIEW "{name}"')
    op.execute(PAPER_KEYWORDS.format(key=key))
    op.execute(
        f"INSERT INTO paper_keywords_new SELECT paper_id, keyword_id, keyword, kind, score, rank FROM paper_keywords {keep}"
    )
    op.execute("DROP TABLE paper_keywords")
    op.execute("ALTER TABLE paper_keywords_new RENAME TO paper_keywords")
    for statement in INDEXES:
        op.execute(statement)
    for name, sql in views:
        op.execute(keyword_pairs if name == "keyword_pairs" and keyword_pairs else sql)


def upgrade() -> None:
    op.add_column(
        "paper_sources",
        sa.Column("keywords", sa.Text(), nullable=True, comment="JSON array of the author keywords this source gives"),
    )
    op.add_column(
        "papers",
        sa.Column(
            "author_keywords",
            sa.Text(),
            server_default=sa.text("'[]'"),
            nullable=False,
            comment="JSON array of the keywords the authors chose, from the first source that gives them;"
            " also kind 'author' in paper_keywords",
        ),
    )
    _rebuild_paper_keywords("paper_id, keyword_id, kind", "", KEYWORD_PAIRS)


def downgrade() -> None:
    previous = KEYWORD_PAIRS.replace(" AND kind != 'author'", "")  # as revision 0008 made it
    _rebuild_paper_keywords("paper_id, keyword_id", "WHERE kind != 'author'", previous)
    op.drop_column("papers", "author_keywords")
    op.drop_column("paper_sources", "keywords")
