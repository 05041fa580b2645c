"""search ranking: papers_fts_words, a full-text index of the words as written (no stemming) over
title, abstract, keyword labels and the authors' keywords, so that `transformer` finds
`transformers` but not `transform`; kept by triggers that stand aside while a load defers the
indexes, as papers_fts's do. On PostgreSQL papers_search gains words_vector, the same words
under the `simple` configuration

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import PG_SYNC as PG_SYNC_0004
from etl.migrations.dialect import PG_UNLESS_DEFERRED, on_sqlite

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

# content='papers' in single quotes: Datasette takes the FTS table declared content="papers" as
# the table's search box index, which stays papers_fts.
CREATE_WORDS = """
CREATE VIRTUAL TABLE papers_fts_words USING fts5(
    title, abstract, keywords, author_keywords,
    content='papers', content_rowid='pk',
    tokenize='unicode61 remove_diacritics 2'
)
"""
COLUMNS = "title, abstract, keywords, author_keywords"
UNLESS_DEFERRED = "WHEN NOT EXISTS (SELECT 1 FROM etl_flags WHERE name = 'fts_deferred')"
TRIGGERS = {
    "papers_fts_words_insert": f"""
        AFTER INSERT ON papers {UNLESS_DEFERRED} BEGIN
            INSERT INTO papers_fts_words (rowid, {COLUMNS})
            VALUES (new.pk, new.title, new.abstract, new.keywords, new.author_keywords);
        END""",
    "papers_fts_words_delete": f"""
        AFTER DELETE ON papers {UNLESS_DEFERRED} BEGIN
            INSERT INTO papers_fts_words (papers_fts_words, rowid, {COLUMNS})
            VALUES ('delete', old.pk, old.title, old.abstract, old.keywords, old.author_keywords);
        END""",
    "papers_fts_words_update": f"""
        AFTER UPDATE OF {COLUMNS} ON papers {UNLESS_DEFERRED} BEGIN
            INSERT INTO papers_fts_words (papers_fts_words, rowid, {COLUMNS})
            VALUES ('delete', old.pk, old.title, old.abstract, old.keywords, old.author_keywords);
            INSERT INTO papers_fts_words (rowid, {COLUMNS})
            VALUES (new.pk, new.title, new.abstract, new.keywords, new.author_keywords);
        END""",
}

# PostgreSQL: the words of title (A), keyword labels and authors' keywords (B) and abstract (C),
# case folded and unstemmed, beside the stemmed search_vector of revision 0004.
PG_WORDS_VECTOR = """CREATE FUNCTION papers_words_vector(title text, keywords text, author_keywords text, abstract text)
    RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
        || setweight(to_tsvector('simple', coalesce(keywords, '') || ' ' || coalesce(author_keywords, '')), 'B')
        || setweight(to_tsvector('simple', coalesce(abstract, '')), 'C')
$$"""
PG_SYNC = """CREATE OR REPLACE FUNCTION papers_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    {unless_deferred}
    INSERT INTO papers_search (pk, search_vector{words})
    VALUES (NEW.pk, papers_search_vector(NEW.title, NEW.keywords, NEW.abstract){new_words})
    ON CONFLICT (pk) DO UPDATE SET search_vector = excluded.search_vector{set_words};
    RETURN NULL;
END
$$"""
PG_SYNC_WORDS = PG_SYNC.format(
    unless_deferred=PG_UNLESS_DEFERRED,
    words=", words_vector",
    new_words=", papers_words_vector(NEW.title, NEW.keywords, NEW.author_keywords, NEW.abstract)",
    set_words=", words_vector = excluded.words_vector",
)
PG_SYNC_0006 = PG_SYNC_0004.format(unless_deferred=PG_UNLESS_DEFERRED)  # (as revision 0006 left it)
PG_TRIGGER = (
    "CREATE TRIGGER papers_search_sync AFTER INSERT OR UPDATE OF {columns} ON papers"
    " FOR EACH ROW EXECUTE FUNCTION papers_search_sync()"
)
PG_UPGRADE = [
    "ALTER TABLE papers_search ADD COLUMN words_vector tsvector",
    PG_WORDS_VECTOR,
    "UPDATE papers_search s SET words_vector = papers_words_vector(p.title, p.keywords, p.author_keywords, p.abstract)"
    " FROM papers p WHERE p.pk = s.pk",
    "ALTER TABLE papers_search ALTER COLUMN words_vector SET NOT NULL",
    "CREATE INDEX ix_papers_search_words ON papers_search USING gin (words_vector)",
    PG_SYNC_WORDS,
    "DROP TRIGGER papers_search_sync ON papers",
    PG_TRIGGER.format(columns=COLUMNS),
]
PG_DOWNGRADE = [
    "DROP TRIGGER papers_search_sync ON papers",
    PG_TRIGGER.format(columns="title, abstract, keywords"),
    PG_SYNC_0006,
    "DROP INDEX ix_papers_search_words",
    "ALTER TABLE papers_search DROP COLUMN words_vector",
    "DROP FUNCTION papers_words_vector(text, text, text, text)",
]


def upgrade() -> None:
    if not on_sqlite():
        for statement in PG_UPGRADE:
            op.execute(statement)
        return
    op.execute(CREATE_WORDS)
    op.execute("INSERT INTO papers_fts_words (papers_fts_words) VALUES ('rebuild')")
    for name, body in TRIGGERS.items():
        op.execute(f"CREATE TRIGGER {name} {body}")


def downgrade() -> None:
    if not on_sqlite():
        for statement in PG_DOWNGRADE:
            op.execute(statement)
        return
    for name in TRIGGERS:
        op.execute(f"DROP TRIGGER {name}")
    op.execute("DROP TABLE papers_fts_words")
