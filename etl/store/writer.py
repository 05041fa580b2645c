"""The one way a load writes, inside its transaction, on SQLite and PostgreSQL alike.

Set-based SQL is written once, portable, with named parameters (`:name`), and so is every
statement this module builds (from the schema's column names, `etl.store.column_names`, so no
column list is written twice); a driver runs it (`etl.store.drivers`: sqlite3 alone on SQLite,
SQLAlchemy on PostgreSQL, where bulk rows go by COPY, its fast path). Nothing above this module
asks which database it is on: what differs (numbering new rows as SQLite does, COPY, index
rebuilds, the full-text index) stays here and in the drivers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from ..iterables import chunks
from .column_names import COLUMNS
from .drivers import SqliteDriver, driver_of
from .record_extra import pack_extra
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
# The full-text index of papers: a large load sets this flag inside its transaction, so the
# index's triggers stand aside, and rebuilds the index once at the end (migrations/dialect.py).
DEFER_SEARCH = "INSERT INTO etl_flags (name) VALUES ('fts_deferred') ON CONFLICT DO NOTHING"
RESUME_SEARCH = "DELETE FROM etl_flags WHERE name = 'fts_deferred'"
# The full-text index's triggers on SQLite: those that stand aside while the flag is set.
SEARCH_TRIGGERS = (
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%fts_deferred%' ORDER BY name"
)
REBUILD_SEARCH_VECTORS = [
    "DELETE FROM papers_search",
    "INSERT INTO papers_search (pk, search_vector, words_vector)"
    " SELECT pk, papers_search_vector(title, keywords, abstract),"
    f" papers_words_vector(title, keywords, author_keywords, {CLEAN_ABSTRACT}) FROM papers ORDER BY pk",
]


class Temporary(Protocol):
    """A temporary table (`etl.store.staging`): its name, columns and the SQL that creates it."""

    @property
    def name(self) -> str: ...
    @property
    def columns(self) -> tuple[str, ...]: ...
    @property
    def ddl(self) -> str: ...


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(f'"{c}"' for c in names)


class Writer:
    """A load's transaction: statements, bulk rows and the few things each database does its own way."""

    def __init__(self, conn: Any):
        """`conn`: the transaction's sqlite3 connection, or SQLAlchemy's connection to either database."""
        self.driver = driver_of(conn)
        self._postgres = self.driver.postgres
        self._search_triggers: list[tuple[str, str]] = []  # (name, SQL) of those `defer_search` took away

    def stored_extra(self, text: str | None) -> bytes | str | None:
        """`paper_sources.extra` of a record's other fields (a JSON text) as this database keeps it:
        packed on SQLite (`etl.store.record_extra`), the text on PostgreSQL (TOAST compresses it)."""
        return text if self._postgres else pack_extra(text)

    def readable_file(self) -> str | None:
        """The file another process can read the database from, as last committed (None: a
        server's database, or one in memory)."""
        if self._postgres:
            return None
        return next((row[2] for row in self.driver.raw("PRAGMA database_list") if row[1] == "main"), None) or None

    def savepoint(self):
        """A part of the transaction that an error inside the block undoes alone (the error goes on)."""
        return self.driver.savepoint()

    # -- statements -------------------------------------------------------------------------

    def execute(self, sql: str, params: Mapping | Sequence[Mapping] | None = None):
        """Run portable SQL with `:name` parameters (a list of mappings runs it once per mapping).
        Statements that add rows to a numbered table go through `insert_select` instead."""
        return self.driver.execute(sql, params)

    def scalar(self, sql: str, params: Mapping | None = None):
        return self.execute(sql, params).scalar()

    def execute_in(self, sql: str, **lists: Sequence):
        """Run SQL whose `IN :name` lists are the sequences given by those names."""
        return self.driver.execute_in(sql, lists)

    def stream(self, sql: str, batch: int = STREAM_BATCH):
        """The rows of a large result in batches of `batch` rows (a server-side cursor on
        PostgreSQL, which would otherwise send every row at once), closed when the block ends."""
        return self.driver.stream(sql, batch)

    # -- bulk rows --------------------------------------------------------------------------

    def insert(self, name: str | Temporary, rows: Iterable[Sequence], columns: Sequence[str] | None = None) -> None:
        """Add rows (tuples in the order of `columns`, by default every column of the table)."""
        if isinstance(name, str):
            table, columns = name, tuple(columns or COLUMNS[name])
        else:
            table, columns = name.name, tuple(columns or name.columns)
        self._number(table)
        self.driver.insert_rows(table, columns, rows)

    def add(self, name: str, values: Mapping) -> int:
        """Add one row to a numbered table; returns its number."""
        self._number(name)
        marks = ", ".join(f":{c}" for c in values)
        sql = f'INSERT INTO "{name}" ({_quoted(values)}) VALUES ({marks}) RETURNING "{NUMBERED[name]}"'
        return self.execute(sql, dict(values)).scalar_one()

    def insert_select(self, name: str, columns: Sequence[str], select_sql: str, params: Mapping | None = None) -> int:
        """`INSERT INTO name (columns) <select_sql>`: rows the database computes; returns how many."""
        self._number(name)
        return self.execute(f"INSERT INTO {name} ({', '.join(columns)}) {select_sql}", params).rowcount

    def insert_missing(self, name: str, rows: Iterable[Sequence], columns: Sequence[str], key: str) -> None:
        """Add the rows whose `key` column value (one of `columns`) the table does not hold yet.
        (Not an upsert: on PostgreSQL that takes a number for every row, known ones too.)"""
        rows = list(rows)
        if not rows:
            return
        self._number(name)
        at = columns.index(key)
        marks = ", ".join(f":c{i}" for i in range(len(columns)))
        sql = (
            f"INSERT INTO {name} ({', '.join(columns)}) SELECT {marks}"
            f" WHERE NOT EXISTS (SELECT 1 FROM {name} WHERE {key} = :c{at})"
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
        keys = (key,) if isinstance(key, str) else tuple(key)
        setting = ", ".join(f'"{c}" = :{c}' for c in columns)
        matching = " AND ".join([*(f'"{k}" = :key_{k}' for k in keys), *([f"({where})"] if where else [])])
        self.execute(
            f'UPDATE "{name}" SET {setting} WHERE {matching}',
            [{**{f"key_{k}": row[k] for k in keys}, **{c: row[c] for c in columns}} for row in rows],
        )

    def select_in(self, name: str, columns: Sequence[str], key: str, values: Iterable) -> Iterator[tuple]:
        """The `columns` of the rows whose `key` is one of `values` (asked in lists of `IDS_PER_QUERY`)."""
        sql = f'SELECT {_quoted(columns)} FROM "{name}" WHERE "{key}" IN :values'
        for part in chunks(values, IDS_PER_QUERY):
            yield from map(tuple, self.execute_in(sql, values=part))

    def delete_in(self, name: str | Temporary, key: str, values: Iterable, *, where: str | None = None) -> int:
        """Remove the rows whose `key` is one of `values` (and that match the SQL condition `where`)."""
        name = name if isinstance(name, str) else name.name
        sql = f'DELETE FROM "{name}" WHERE "{key}" IN :values' + (f" AND ({where})" if where else "")
        return sum(self.execute_in(sql, values=part).rowcount for part in chunks(values, IDS_PER_QUERY))

    def delete_rows(self, name: str, rows: Iterable[Sequence], columns: Sequence[str]) -> None:
        """Remove the rows whose `columns` hold each of `rows` (tuples)."""
        matching = " AND ".join(f'"{c}" = :c{i}' for i, c in enumerate(columns))
        keys = [{f"c{i}": v for i, v in enumerate(row)} for row in rows]
        if keys:
            self.execute(f'DELETE FROM "{name}" WHERE {matching}', keys)

    def create_temporary(self, *tables: Temporary) -> None:
        """Create temporary tables (`etl.store.staging`) for this transaction."""
        for temporary in tables:
            self.execute(temporary.ddl)

    # -- what each database does its own way ------------------------------------------------

    def _number(self, name: str) -> None:
        """Before rows are added to a numbered table: on PostgreSQL its sequence continues from
        the largest number there, as SQLite numbers a new row (a sequence never goes back after a
        delete or a rolled-back load, and ids would differ between the two databases)."""
        column = NUMBERED.get(name)
        if self._postgres and column:
            self.driver.raw(
                f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'), coalesce(max({column}), 0) + 1, false)"
                f" FROM {name}"
            )

    def analyze(self, *names: str) -> None:
        """Give PostgreSQL's planner the size of freshly filled temporary tables (autovacuum never
        sees them); SQLite plans these joins well without."""
        if self._postgres:
            for name in names:
                self.driver.raw(f"ANALYZE {name}")

    @contextmanager
    def rebuilding(self, *names: str) -> Iterator[None]:
        """Around replacing every row of tables `names`, or filling them from empty: SQLite drops
        their secondary indexes and makes them again after (one sort each instead of an index update
        per row; on an error the transaction's rollback restores them). PostgreSQL keeps them:
        dropping one would lock readers out of the table until the load commits."""
        indexes = [] if self._postgres else [index for name in names for index in self._secondary_indexes(name)]
        for index, _ in indexes:
            self.driver.raw(f'DROP INDEX "{index}"')
        yield
        for _, sql in indexes:
            self.driver.raw(sql)

    def _secondary_indexes(self, name: str) -> list[tuple[str, str]]:
        return self.driver.raw(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (name,)
        )

    def page_cache(self, kib: int) -> None:
        """SQLite's page cache for the rest of the transaction, in KiB (no such setting on PostgreSQL)."""
        if not self._postgres:
            self.execute(f"PRAGMA cache_size=-{int(kib)}")

    def page_cache_setting(self) -> int | None:
        """SQLite's page cache setting as it is (`restore_page_cache` takes it; None on PostgreSQL)."""
        return None if self._postgres else self.scalar("PRAGMA cache_size")

    def restore_page_cache(self, setting: int | None) -> None:
        """Set the page cache back to what `page_cache_setting` gave."""
        if setting is not None and not self._postgres:
            self.execute(f"PRAGMA cache_size={int(setting)}")

    def shrink_page_cache(self, kib: int) -> None:
        """SQLite's page cache for the rest of the transaction, in KiB, and no more held in it now:
        the pages the transaction changed written to the log, uncommitted (`page_flush`: a cache
        made smaller keeps them until it commits)."""
        self.page_cache(kib)
        if isinstance(self.driver, SqliteDriver):
            from .page_flush import flush_cache  # (here: only a small load's steps call it)

            flush_cache(self.driver.con)

    @contextmanager
    def page_cache_within(self, kib: int, shrink: bool = False) -> Iterator[None]:
        """SQLite's page cache set to `kib` KiB for a block (the pages over it let go; with `shrink`,
        the changed ones too: `shrink_page_cache`), then as it was."""
        before = self.page_cache_setting()
        if shrink:
            self.shrink_page_cache(kib)
        else:
            self.page_cache(kib)
        try:
            yield
        finally:
            self.restore_page_cache(before)

    def defer_search(self) -> None:
        """Let the full-text index stand aside for the rest of this transaction (`rebuild_search`).
        On SQLite its triggers go until `resume_search` makes them again as they were: standing
        aside, each still ran its test of the flag for every row a load wrote (the papers' insert
        took twice the CPU of the rows alone)."""
        self.execute(DEFER_SEARCH)
        if not self._postgres and not self._search_triggers:
            self._search_triggers = self.driver.raw(SEARCH_TRIGGERS)
            for name, _ in self._search_triggers:
                self.driver.raw(f'DROP TRIGGER "{name}"')

    def rebuild_search(self) -> None:
        """Build the full-text index of every paper afresh (FTS5 on SQLite, a tsvector per paper on
        PostgreSQL), and let its triggers keep it again."""
        for statement in REBUILD_SEARCH_VECTORS if self._postgres else REBUILD_FTS:
            self.execute(statement)
        self.resume_search()

    def resume_search(self) -> None:
        for _, sql in self._search_triggers:
            self.driver.raw(sql)
        self._search_triggers = []
        self.execute(RESUME_SEARCH)
