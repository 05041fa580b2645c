"""What a revision asks of the database it runs on: most revisions are the same on SQLite and
PostgreSQL; full-text search and a few SQLite-only table options are not."""

from __future__ import annotations

from alembic import op


def on_sqlite() -> bool:
    return op.get_bind().dialect.name == "sqlite"


# PostgreSQL's full-text search over papers: `papers_search` holds a tsvector per paper (by
# papers.pk, as SQLite's papers_fts does) with a GIN index, kept by a trigger on papers. Its
# weights rank as the SQLite `search` query does: the title (A) most, then the keyword labels
# (B), then the abstract (C); `etl.store.pg_search.SEARCH` weighs them 10 : 4 : 1, as bm25() there.
# Apart from papers, so that writing a paper's keyword facets does not rewrite its vector.
PG_SEARCH_TABLE = "papers_search"
PG_VECTOR = """CREATE FUNCTION papers_search_vector(title text, keywords text, abstract text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT setweight(to_tsvector('english', coalesce(title, '')), 'A')
        || setweight(to_tsvector('english', coalesce(keywords, '')), 'B')
        || setweight(to_tsvector('english', abstract), 'C')
$$"""
# The trigger function; revision 0006 makes it stand aside while a load defers the index.
PG_SYNC = """CREATE OR REPLACE FUNCTION papers_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    {unless_deferred}
    INSERT INTO papers_search (pk, search_vector)
    VALUES (NEW.pk, papers_search_vector(NEW.title, NEW.keywords, NEW.abstract))
    ON CONFLICT (pk) DO UPDATE SET search_vector = excluded.search_vector;
    RETURN NULL;
END
$$"""
PG_UNLESS_DEFERRED = "IF EXISTS (SELECT 1 FROM etl_flags WHERE name = 'fts_deferred') THEN RETURN NULL; END IF;"
PG_FILL = (
    "INSERT INTO papers_search (pk, search_vector)"
    " SELECT pk, papers_search_vector(title, keywords, abstract) FROM papers ORDER BY pk"
)
PG_SEARCH = [
    "CREATE TABLE papers_search (pk INTEGER PRIMARY KEY REFERENCES papers (pk) ON DELETE CASCADE,"
    " search_vector tsvector NOT NULL)",
    "CREATE INDEX ix_papers_search_vector ON papers_search USING gin (search_vector)",
    PG_VECTOR,
    PG_SYNC.format(unless_deferred=""),
    "CREATE TRIGGER papers_search_sync AFTER INSERT OR UPDATE OF title, abstract, keywords ON papers"
    " FOR EACH ROW EXECUTE FUNCTION papers_search_sync()",
    PG_FILL,
]
PG_SEARCH_DROP = [
    "DROP TRIGGER papers_search_sync ON papers",
    "DROP FUNCTION papers_search_sync()",
    "DROP FUNCTION papers_search_vector(text, text, text)",
    "DROP TABLE papers_search",
]
