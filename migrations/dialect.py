"""What a revision asks of the database it runs on: most revisions are the same on SQLite and
PostgreSQL; full-text search and a few SQLite-only table options are not."""

from __future__ import annotations

from alembic import op


def on_sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


# PostgreSQL's full-text search over papers: a generated tsvector with a GIN index. Its weights
# rank as the SQLite `search` query does: the title (A) most, then the keyword labels (B), then
# the abstract (C); `etl.store.server.SEARCH` weighs them 10 : 4 : 1, as bm25() there.
PG_SEARCH_COLUMN = "search_vector"
PG_SEARCH = [
    f"""ALTER TABLE papers ADD COLUMN {PG_SEARCH_COLUMN} tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A')
        || setweight(to_tsvector('english', coalesce(keywords, '')), 'B')
        || setweight(to_tsvector('english', abstract), 'C')
    ) STORED""",
    f"CREATE INDEX ix_papers_{PG_SEARCH_COLUMN} ON papers USING gin ({PG_SEARCH_COLUMN})",
]
PG_SEARCH_DROP = [f"DROP INDEX ix_papers_{PG_SEARCH_COLUMN}", f"ALTER TABLE papers DROP COLUMN {PG_SEARCH_COLUMN}"]
