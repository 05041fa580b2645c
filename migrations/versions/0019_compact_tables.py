"""compact tables: paper_keywords and paper_authors stored in their primary key's order (SQLite
WITHOUT ROWID: the table is its key's index, no second copy of every key), and the indexes no
page or query needs dropped (keyword labels, keyword kinds, author names: pages go by keyword_id
and author_id); papers sortable by reviewer confidence as by rating (an index)

On the paperlists catalogue (90,525 papers) this takes paper_keywords from 116 MB to 68 MB and
paper_authors from 60 MB to 39 MB.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0019"
down_revision = "0018"
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
	CONSTRAINT pk_paper_keywords PRIMARY KEY (paper_id, keyword_id, kind),
	CONSTRAINT fk_paper_keywords_keyword_id_keywords FOREIGN KEY(keyword_id) REFERENCES keywords (id) ON DELETE CASCADE,
	CONSTRAINT fk_paper_keywords_paper_id_papers FOREIGN KEY(paper_id) REFERENCES papers (id) ON DELETE CASCADE
){rowid}
"""
PAPER_AUTHORS = """
CREATE TABLE paper_authors_new (
	paper_id VARCHAR(16) NOT NULL,
	position INTEGER NOT NULL,
	author_id INTEGER NOT NULL,
	name TEXT NOT NULL,
	name_raw TEXT NOT NULL,
	CONSTRAINT pk_paper_authors PRIMARY KEY (paper_id, position),
	CONSTRAINT fk_paper_authors_author_id_authors FOREIGN KEY(author_id) REFERENCES authors (id) ON DELETE CASCADE,
	CONSTRAINT fk_paper_authors_paper_id_papers FOREIGN KEY(paper_id) REFERENCES papers (id) ON DELETE CASCADE
){rowid}
"""
# table: (its CREATE TABLE, its key, the indexes kept, the indexes dropped)
TABLES = {
    "paper_keywords": (
        PAPER_KEYWORDS,
        "paper_id, keyword_id, kind",
        ["CREATE INDEX ix_paper_keywords_keyword_id ON paper_keywords (keyword_id)"],
        [
            "CREATE INDEX ix_paper_keywords_keyword ON paper_keywords (keyword)",
            "CREATE INDEX ix_paper_keywords_kind ON paper_keywords (kind)",
        ],
    ),
    "paper_authors": (
        PAPER_AUTHORS,
        "paper_id, position",
        ["CREATE INDEX ix_paper_authors_author_id ON paper_authors (author_id)"],
        ["CREATE INDEX ix_paper_authors_name ON paper_authors (name)"],
    ),
}


def _index_name(create_index: str) -> str:
    return create_index.split()[2]


def _rebuild(table: str, *, compact: bool) -> None:
    """Make `table` again (WITHOUT ROWID if `compact`) with its rows in key order; the views that
    read it are dropped and made again as they were."""
    create, key, kept, dropped = TABLES[table]
    bind = op.get_bind()
    views = bind.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'view' AND sql LIKE ? ORDER BY name", (f"%{table}%",)
    ).fetchall()
    for name, _ in views:
        op.execute(f'DROP VIEW "{name}"')
    op.execute(create.format(rowid=" WITHOUT ROWID" if compact else ""))
    op.execute(f"INSERT INTO {table}_new SELECT * FROM {table} ORDER BY {key}")
    op.execute(f"DROP TABLE {table}")
    op.execute(f"ALTER TABLE {table}_new RENAME TO {table}")
    for statement in kept if compact else kept + dropped:
        op.execute(statement)
    for _, sql in views:
        op.execute(sql)


def upgrade() -> None:
    op.create_index("ix_papers_confidence_avg", "papers", ["confidence_avg"])
    for table, (_, _, _, dropped) in TABLES.items():
        if on_sqlite():
            _rebuild(table, compact=True)
        else:  # (PostgreSQL tables have no rowid: only the indexes go)
            for statement in dropped:
                op.execute(f"DROP INDEX {_index_name(statement)}")


def downgrade() -> None:
    for table, (_, _, _, dropped) in TABLES.items():
        if on_sqlite():
            _rebuild(table, compact=False)
        else:
            for statement in dropped:
                op.execute(statement)
    op.drop_index("ix_papers_confidence_avg", table_name="papers")
