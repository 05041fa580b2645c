"""paper_affiliations and paper_ids stored in their primary key's order (SQLite WITHOUT ROWID: the
table is its key's index, where a rowid table kept every key twice, in the table and in the key's
own index), as revision 0019 stored paper_keywords and paper_authors. Their rows, columns, keys and
secondary indexes are as they were (each secondary index now carries the key where it carried the
rowid); every reader of them names its order (`ORDER BY`) or groups, none reads their rowid.

On the paperlists catalogue (90,495 papers; the file packed by `VACUUM` after): paper_affiliations
with its two indexes 32.9 -> 27.5 MB, paper_ids with its two 12.1 -> 8.5 MB, the file 671.1 ->
662.1 MB. PostgreSQL tables have no rowid: nothing changes there.

Revision ID: 0066
Revises: 0065
Create Date: 2026-12-07
"""

from __future__ import annotations

import re

from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0066"
down_revision = "0065"
branch_labels = None
depends_on = None

PAPER_AFFILIATIONS = """
CREATE TABLE paper_affiliations_new (
	paper_id VARCHAR(16) NOT NULL,
	position INTEGER NOT NULL,
	institution_id INTEGER NOT NULL,
	"order" INTEGER NOT NULL,
	name TEXT DEFAULT '' NOT NULL,
	country TEXT,
	written TEXT,
	CONSTRAINT pk_paper_affiliations PRIMARY KEY (paper_id, position, institution_id),
	CONSTRAINT fk_paper_affiliations_institution_id_institutions FOREIGN KEY(institution_id) REFERENCES institutions (id) ON DELETE CASCADE,
	CONSTRAINT fk_paper_affiliations_paper_id_papers FOREIGN KEY(paper_id) REFERENCES papers (id) ON DELETE CASCADE
){rowid}
"""
PAPER_IDS = """
CREATE TABLE paper_ids_new (
	paper_id VARCHAR(16) NOT NULL,
	scheme VARCHAR NOT NULL,
	value VARCHAR NOT NULL,
	source_id INTEGER NOT NULL,
	CONSTRAINT pk_paper_ids PRIMARY KEY (paper_id, scheme, value),
	CONSTRAINT fk_paper_ids_paper_id_papers FOREIGN KEY(paper_id) REFERENCES papers (id) ON DELETE CASCADE
){rowid}
"""
# table: (its CREATE TABLE, its columns, its key, its secondary indexes)
TABLES = {
    "paper_affiliations": (
        PAPER_AFFILIATIONS,
        'paper_id, position, institution_id, "order", name, country, written',
        "paper_id, position, institution_id",
        ["CREATE INDEX ix_paper_affiliations_institution_id ON paper_affiliations (institution_id)"],
    ),
    "paper_ids": (
        PAPER_IDS,
        "paper_id, scheme, value, source_id",
        "paper_id, scheme, value",
        ["CREATE INDEX ix_paper_ids_scheme_value ON paper_ids (scheme, value)"],
    ),
}

MADE_AFTER = "institution_trend_counts"  # (WITHOUT ROWID, no other index; no view reads it)


def _rebuild(table: str, *, compact: bool) -> None:
    """Make `table` again (WITHOUT ROWID if `compact`) with its rows in key order, and its indexes.
    (No view or trigger reads either table; its indexes go with it.)"""
    create, columns, key, indexes = TABLES[table]
    op.execute(create.format(rowid=" WITHOUT ROWID" if compact else ""))
    op.execute(f"INSERT INTO {table}_new ({columns}) SELECT {columns} FROM {table} ORDER BY {key}")
    op.execute(f"DROP TABLE {table}")
    op.execute(f"ALTER TABLE {table}_new RENAME TO {table}")
    for statement in indexes:
        op.execute(statement)


def _made_again(table: str) -> None:
    """`table` made again as it is, with its rows: made after the tables rebuilt, so that Datasette,
    which lists a row's links from other tables in the order the tables were made, lists an
    institution's paper_affiliations before its institution_trend_counts, as it did."""
    (create,) = op.get_bind().exec_driver_sql("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).one()
    made = re.sub(
        rf'^CREATE TABLE "?{table}"? ', f"CREATE TABLE {table}_new ", create, count=1
    )  # (quoted once renamed)
    if made == create:
        raise RuntimeError(f"revision 0066: {table} is not made as it was: {create[:60]}")
    op.execute(made)
    op.execute(f"INSERT INTO {table}_new SELECT * FROM {table}")
    op.execute(f"DROP TABLE {table}")
    op.execute(f"ALTER TABLE {table}_new RENAME TO {table}")


def upgrade() -> None:
    if on_sqlite():
        for table in TABLES:
            _rebuild(table, compact=True)
        _made_again(MADE_AFTER)


def downgrade() -> None:
    if on_sqlite():
        for table in TABLES:
            _rebuild(table, compact=False)
        _made_again(MADE_AFTER)
