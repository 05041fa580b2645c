"""The one way a load writes, inside its transaction, on SQLite and PostgreSQL alike.

Set-based SQL is written once, portable, with named parameters (`:name`): SQLAlchemy's `text()`
gives each driver its own placeholders. Rows go in and out in bulk as plain tuples, through
statements built from the schema's tables (`etl.store.schema`), so no column list is written
twice; PostgreSQL takes bulk rows by COPY, its fast path. Nothing above this module asks which
database it is on: what differs (numbering new rows as SQLite does, COPY, index rebuilds, the
full-text index) stays here.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Table, bindparam, delete, insert, select, text, tuple_, update

from ..iterables import chunks
from .schema import table
from .search import REBUILD_FTS
from .views import CLEAN_ABSTRACT

IDS_PER_QUERY = 500  # values per `IN (...)` list; well under SQLite's variable limit
STREAM_BATCH = 1_000  # rows fetched at a time from a large result

# Tables whose rows the database numbers (SQLite: the largest number there plus one), and the
# numbered column. On PostgreSQL the sequence is set to the same number before rows are added,
# so the same inputs give the same ids on either database.
NUMBERED = {
    "papers": "pk",
    "sources": "id",
    "events": "id",
    "keywords": "id",
    "repos": "id",
    "authors": "id",
    "institutions": "id",
    "etl_runs": "id",
}
# SQLite spells the standard `IS DISTINCT FROM` as `IS NOT` before 3.39 (2022).
_OLD_SQLITE = sqlite3.sqlite_version_info < (3, 39)
# The full-text index of papers: a large load sets this flag inside its transaction, so the
# index's triggers stand aside, and rebuilds the index once at the end (migrations/dialect.py).
DEFER_SEARCH = "INSERT INTO etl_flags (name) VALUES ('fts_deferred') ON CONFLICT DO NOTHING"
RESUME_SEARCH = "DELETE FROM etl_flags WHERE name = 'fts_deferred'"
REBUILD_SEARCH_VECTORS = [
    "DELETE FROM papers_search",
    "INSERT INTO papers_search (pk, search_vector, words_vector)"
    " SELECT pk, papers_search_vector(title, keywords, abstract),"
    f" papers_words_vector(title, keywords, author_keywords, {CLEAN_ABSTRACT}) FROM papers ORDER BY pk",
]


class Writer:
    """A load's transaction: statements, bulk rows and the few things each database does its own way."""

    def __init__(self, conn: Connection):
        self.conn = conn
        self._dbapi: Any = conn.connection.driver_connection  # (sqlite3's or psycopg's connection)
        self._postgres = conn.dialect.name == "postgresql"

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the transaction that an error inside the block undoes alone (the error goes on)."""
        with self.conn.begin_nested():
            yield

    # -- statements -------------------------------------------------------------------------

    def execute(self, sql: str, params: Mapping | Sequence[Mapping] | None = None):
        """Run portable SQL with `:name` parameters (a list of mappings runs it once per mapping).
        Statements that add rows to a numbered table go through `insert_select` instead."""
        if _OLD_SQLITE and not self._postgres:
            sql = sql.replace(" IS DISTINCT FROM ", " IS NOT ")
        return self.conn.execute(text(sql), params) if params is not None else self.conn.execute(text(sql))

    def scalar(self, sql: str, params: Mapping | None = None):
        return self.execute(sql, params).scalar()

    def execute_in(self, sql: str, **lists: Sequence):
        """Run SQL whose `IN :name` lists are the sequences given by those names."""
        statement = text(sql).bindparams(*(bindparam(name, expanding=True) for name in lists))
        return self.conn.execute(statement, lists)

    @contextmanager
    def stream(self, sql: str) -> Iterator[Iterator[list[tuple]]]:
        """The rows of a large result in batches of `STREAM_BATCH` (a server-side cursor on
        PostgreSQL, which would otherwise send every row at once), closed when the block ends."""
        result = self.conn.execute(text(sql).execution_options(stream_results=True))
        try:
            yield (list(map(tuple, part)) for part in result.partitions(STREAM_BATCH))
        finally:
            result.close()

    # -- bulk rows --------------------------------------------------------------------------

    def insert(self, name: str | Table, rows: Iterable[Sequence], columns: Sequence[str] | None = None) -> None:
        """Add rows (tuples in the order of `columns`, by default every column of the table)."""
        target = _table(name)
        columns = tuple(columns or (c.name for c in target.columns))
        if self._postgres:
            self._number(target.name)
            quoted = ", ".join(f'"{c}"' for c in columns)
            with self._dbapi.cursor() as cursor, cursor.copy(f'COPY "{target.name}" ({quoted}) FROM STDIN') as copy:
                for row in rows:
                    copy.write_row(row)
            return
        marks = ", ".join("?" * len(columns))  # (sqlite3's placeholders)
        quoted = ", ".join(f'"{c}"' for c in columns)
        self._dbapi.executemany(f'INSERT INTO "{target.name}" ({quoted}) VALUES ({marks})', rows)

    def add(self, name: str, values: Mapping) -> int:
        """Add one row to a numbered table; returns its number."""
        target = _table(name)
        self._number(target.name)
        key = target.c[NUMBERED[target.name]]
        return self.conn.execute(insert(target).values(dict(values)).returning(key)).scalar_one()

    def insert_select(self, name: str, columns: Sequence[str], select_sql: str, params: Mapping | None = None) -> int:
        """`INSERT INTO name (columns) <select_sql>`: rows the database computes; returns how many."""
        self._number(name)
        return self.execute(f"INSERT INTO {name} ({', '.join(columns)}) {select_sql}", params).rowcount

    def insert_missing(self, name: str, rows: Iterable[Sequence], columns: Sequence[str], key: str) -> None:
        """Add the rows whose `key` column value (one of `columns`) the table does not hold yet.
        (Not an upsert: on PostgreSQL that takes a number for every row, known ones too.)"""
        target = _table(name)
        rows = list(rows)
        if not rows:
            return
        self._number(target.name)
        at = columns.index(key)
        marks = ", ".join(f":c{i}" for i in range(len(columns)))
        sql = (
            f"INSERT INTO {target.name} ({', '.join(columns)}) SELECT {marks}"
            f" WHERE NOT EXISTS (SELECT 1 FROM {target.name} WHERE {key} = :c{at})"
        )
        self.execute(sql, [{f"c{i}": value for i, value in enumerate(row)} for row in rows])

    def update(
        self,
        name: str,
        rows: Sequence[Mapping],
        columns: Sequence[str],
        key: str | Sequence[str] = "id",
        *,
        where: str | None = None,
    ) -> None:
        """Set `columns` of the rows whose `key` column (or columns) hold each mapping's values
        there (and that match the SQL condition `where`)."""
        if not rows:
            return
        target = _table(name)
        keys = (key,) if isinstance(key, str) else tuple(key)
        statement = update(target).values({c: bindparam(c) for c in columns})
        for k in keys:
            statement = statement.where(target.c[k] == bindparam(f"key_{k}"))
        if where:
            statement = statement.where(text(where))
        self.conn.execute(
            statement, [{**{f"key_{k}": row[k] for k in keys}, **{c: row[c] for c in columns}} for row in rows]
        )

    def select_in(self, name: str, columns: Sequence[str], key: str, values: Iterable) -> Iterator[tuple]:
        """The `columns` of the rows whose `key` is one of `values` (asked in lists of `IDS_PER_QUERY`)."""
        target = _table(name)
        wanted = [target.c[c] for c in columns]
        for part in chunks(values, IDS_PER_QUERY):
            yield from map(tuple, self.conn.execute(select(*wanted).where(target.c[key].in_(part))))

    def delete_in(self, name: str | Table, key: str, values: Iterable, *, where: str | None = None) -> int:
        """Remove the rows whose `key` is one of `values` (and that match the SQL condition `where`)."""
        target = _table(name)
        removed = 0
        for part in chunks(values, IDS_PER_QUERY):
            statement = delete(target).where(target.c[key].in_(part))
            if where:
                statement = statement.where(text(where))
            removed += self.conn.execute(statement).rowcount
        return removed

    def delete_rows(self, name: str, rows: Iterable[Sequence], columns: Sequence[str]) -> None:
        """Remove the rows whose `columns` hold each of `rows` (tuples)."""
        target = _table(name)
        for part in chunks(rows, IDS_PER_QUERY):
            self.conn.execute(delete(target).where(tuple_(*(target.c[c] for c in columns)).in_(part)))

    def create_temporary(self, *tables: Table) -> None:
        """Create temporary tables (defined with the `TEMPORARY` prefix) for this transaction."""
        for temporary in tables:
            temporary.create(self.conn)

    # -- what each database does its own way ------------------------------------------------

    def _number(self, name: str) -> None:
        """Before rows are added to a numbered table: on PostgreSQL its sequence continues from
        the largest number there, as SQLite numbers a new row (a sequence never goes back after a
        delete or a rolled-back load, and ids would differ between the two databases)."""
        column = NUMBERED.get(name)
        if self._postgres and column:
            self._dbapi.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'), coalesce(max({column}), 0) + 1, false)"
                f" FROM {name}"
            )

    def analyze(self, *names: str) -> None:
        """Give PostgreSQL's planner the size of freshly filled temporary tables (autovacuum never
        sees them); SQLite plans these joins well without."""
        if self._postgres:
            for name in names:
                self._dbapi.execute(f"ANALYZE {name}")

    @contextmanager
    def rebuilding(self, *names: str) -> Iterator[None]:
        """Around replacing every row of tables `names`, or filling them from empty: SQLite drops
        their secondary indexes and makes them again after (one sort each instead of an index update
        per row; on an error the transaction's rollback restores them). PostgreSQL keeps them:
        dropping one would lock readers out of the table until the load commits."""
        indexes = [] if self._postgres else [index for name in names for index in self._secondary_indexes(name)]
        for index, _ in indexes:
            self._dbapi.execute(f'DROP INDEX "{index}"')
        yield
        for _, sql in indexes:
            self._dbapi.execute(sql)

    def _secondary_indexes(self, name: str) -> list[tuple[str, str]]:
        return self._dbapi.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (name,)
        ).fetchall()

    def page_cache(self, kib: int) -> None:
        """SQLite's page cache for the rest of the transaction, in KiB (no such setting on PostgreSQL)."""
        if not self._postgres:
            self.execute(f"PRAGMA cache_size=-{int(kib)}")

    def defer_search(self) -> None:
        """Let the full-text index stand aside for the rest of this transaction (`rebuild_search`)."""
        self.execute(DEFER_SEARCH)

    def rebuild_search(self) -> None:
        """Build the full-text index of every paper afresh (FTS5 on SQLite, a tsvector per paper on
        PostgreSQL), and let its triggers keep it again."""
        for statement in REBUILD_SEARCH_VECTORS if self._postgres else REBUILD_FTS:
            self.execute(statement)
        self.resume_search()

    def resume_search(self) -> None:
        self.execute(RESUME_SEARCH)


def _table(name: str | Table) -> Table:
    return name if isinstance(name, Table) else table(name)
