"""search: papers_fts (FTS5 over title, abstract and keywords) kept in sync by triggers;
papers_with_code gains paper_pk so Datasette can search it

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import PG_SEARCH, PG_SEARCH_DROP, on_sqlite

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# content="papers" exactly (double quotes): how Datasette 0.65 recognises the FTS table of papers.
# content_rowid is papers.pk, the INTEGER PRIMARY KEY, so FTS rowids survive VACUUM.
CREATE_FTS = """
CREATE VIRTUAL TABLE papers_fts USING fts5(
    title, abstract, keywords,
    content="papers", content_rowid="pk",
    tokenize="porter unicode61 remove_diacritics 2"
)
"""

TRIGGERS = [
    """
    CREATE TRIGGER papers_fts_insert AFTER INSERT ON papers BEGIN
        INSERT INTO papers_fts (rowid, title, abstract, keywords)
        VALUES (new.pk, new.title, new.abstract, new.keywords);
    END
    """,
    """
    CREATE TRIGGER papers_fts_delete AFTER DELETE ON papers BEGIN
        INSERT INTO papers_fts (papers_fts, rowid, title, abstract, keywords)
        VALUES ('delete', old.pk, old.title, old.abstract, old.keywords);
    END
    """,
    """
    CREATE TRIGGER papers_fts_update AFTER UPDATE OF title, abstract, keywords ON papers BEGIN
        INSERT INTO papers_fts (papers_fts, rowid, title, abstract, keywords)
        VALUES ('delete', old.pk, old.title, old.abstract, old.keywords);
        INSERT INTO papers_fts (rowid, title, abstract, keywords)
        VALUES (new.pk, new.title, new.abstract, new.keywords);
    END
    """,
]

PAPERS_WITH_CODE = """
CREATE VIEW papers_with_code AS
SELECT p.id AS paper_id, p.pk AS paper_pk, p.venue, p.year, p.title, p.code_status,
       l.url, l.url_key, l.owner, l.repo, l.path, l.is_official, p.abstract
FROM papers p JOIN paper_links l ON l.paper_id = p.id
WHERE l.kind = 'repo'
"""

PAPERS_WITH_CODE_0002 = """
CREATE VIEW papers_with_code AS
SELECT p.id AS paper_id, p.venue, p.year, p.title, p.code_status,
       l.url, l.url_key, l.owner, l.repo, l.path, l.is_official, p.abstract
FROM papers p JOIN paper_links l ON l.paper_id = p.id
WHERE l.kind = 'repo'
"""


def upgrade() -> None:
    if on_sqlite():
        op.execute(CREATE_FTS)
        op.execute("INSERT INTO papers_fts (papers_fts) VALUES ('rebuild')")
        for trigger in TRIGGERS:
            op.execute(trigger)
    else:
        for statement in PG_SEARCH:
            op.execute(statement)
    op.execute("DROP VIEW papers_with_code")
    op.execute(PAPERS_WITH_CODE)


def downgrade() -> None:
    op.execute("DROP VIEW papers_with_code")
    op.execute(PAPERS_WITH_CODE_0002)
    if on_sqlite():
        for name in ("papers_fts_update", "papers_fts_delete", "papers_fts_insert"):
            op.execute(f"DROP TRIGGER {name}")
        op.execute("DROP TABLE papers_fts")
    else:
        for statement in PG_SEARCH_DROP:
            op.execute(statement)
