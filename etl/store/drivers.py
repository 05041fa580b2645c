"""How the writer's statements run: on SQLite through the sqlite3 driver alone (`SqliteDriver`;
a load into a database at the schema head imports no SQLAlchemy, about 16 MB and 0.5 s), on a
PostgreSQL server through SQLAlchemy's connection (`ServerDriver`). The writer builds every
statement once, as portable SQL with `:name` parameters; a driver only runs it. sqlite3 reads
`:name` itself; SQLAlchemy's `text()` gives psycopg its placeholders."""

from __future__ import annotations

import re
import sqlite3
from collections import namedtuple
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from itertools import count
from typing import Any

# SQLite spells the standard `IS DISTINCT FROM` as `IS NOT` before 3.39 (2022).
_OLD_SQLITE = sqlite3.sqlite_version_info < (3, 39)
_PARAMETER = re.compile(r"(?<![:\w]):(\w+)")
_EMPTY_LIST = "(SELECT NULL WHERE 0)"  # (`IN ()` is not SQL)


class Rows:
    """A statement's result on sqlite3, read as SQLAlchemy's results are read: rows are tuples
    whose columns are also attributes (`row.paper_id`)."""

    __slots__ = ("_cursor",)

    def __init__(self, cursor: sqlite3.Cursor):
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    def __iter__(self) -> Iterator[Any]:
        return iter(self._cursor)

    def fetchone(self) -> Any:
        return self._cursor.fetchone()

    def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()

    all = fetchall

    def first(self) -> Any:
        row = self._cursor.fetchone()
        self._cursor.close()
        return row

    def scalar(self) -> Any:
        row = self.first()
        return None if row is None else row[0]

    def scalar_one(self) -> Any:
        rows = self._cursor.fetchall()
        if len(rows) != 1:
            raise LookupError(f"one row expected, {len(rows)} found")
        return rows[0][0]


@lru_cache(maxsize=512)
def named_rows(names: tuple[str, ...]) -> Callable[[sqlite3.Cursor, tuple], tuple]:
    """sqlite3's row factory for a statement of these columns: a named tuple (the class made once)."""
    made: Any = namedtuple("Row", names, rename=True)  # type: ignore[misc]  # (names known when read)
    make = made._make
    return lambda _cursor, row: make(row)


class SqliteDriver:
    """Statements on a sqlite3 connection inside the load's transaction."""

    postgres = False

    def __init__(self, con: sqlite3.Connection):
        self.con = con
        self._savepoints = count()

    def execute(self, sql: str, params: Mapping | Sequence[Mapping] | None = None) -> Rows:
        if _OLD_SQLITE:
            sql = sql.replace(" IS DISTINCT FROM ", " IS NOT ")
        cursor = self.con.cursor()
        if isinstance(params, Sequence):
            cursor.executemany(sql, params)
        else:
            cursor.execute(sql, params or {})
        if cursor.description:  # (read as rows are fetched: set once the columns are known)
            cursor.row_factory = named_rows(tuple(d[0] for d in cursor.description))
        return Rows(cursor)

    def execute_in(self, sql: str, lists: Mapping[str, Sequence]) -> Rows:
        """`IN :name` for each list of `lists`: its values as parameters of their own."""
        params: dict[str, Any] = {}

        def expand(match: re.Match) -> str:
            name = match.group(1)
            if name not in lists:
                return match.group(0)
            values = lists[name]
            if not values:
                return _EMPTY_LIST
            names = [f"{name}__{k}" for k in range(len(values))]
            params.update(zip(names, values, strict=True))
            return "(" + ", ".join(f":{n}" for n in names) + ")"

        return self.execute(_PARAMETER.sub(expand, sql), params)

    @contextmanager
    def stream(self, sql: str, batch: int) -> Iterator[Iterator[list[tuple]]]:
        cursor = self.con.execute(sql)
        try:
            yield iter(lambda: cursor.fetchmany(batch), [])
        finally:
            cursor.close()

    def insert_rows(self, name: str, columns: Sequence[str], rows: Iterable[Sequence]) -> None:
        quoted = ", ".join(f'"{c}"' for c in columns)
        self.con.executemany(f'INSERT INTO "{name}" ({quoted}) VALUES ({", ".join("?" * len(columns))})', rows)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        name = f"paperdb_{next(self._savepoints)}"
        self.con.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self.con.execute(f"ROLLBACK TO {name}")
            self.con.execute(f"RELEASE {name}")
            raise
        self.con.execute(f"RELEASE {name}")

    def raw(self, sql: str, params: Sequence = ()) -> list[tuple]:
        return self.con.execute(sql, params).fetchall()


class ServerDriver:
    """Statements on a PostgreSQL server, through SQLAlchemy's connection; bulk rows by COPY."""

    postgres = True

    def __init__(self, conn: Any):
        from sqlalchemy import bindparam, text

        self.conn, self._text, self._bindparam = conn, text, bindparam
        self._dbapi: Any = conn.connection.driver_connection  # (psycopg's connection)

    def execute(self, sql: str, params: Mapping | Sequence[Mapping] | None = None) -> Any:
        return self.conn.execute(self._text(sql), params) if params is not None else self.conn.execute(self._text(sql))

    def execute_in(self, sql: str, lists: Mapping[str, Sequence]) -> Any:
        statement = self._text(sql).bindparams(*(self._bindparam(name, expanding=True) for name in lists))
        return self.conn.execute(statement, {name: list(values) for name, values in lists.items()})

    @contextmanager
    def stream(self, sql: str, batch: int) -> Iterator[Iterator[list[tuple]]]:
        """A server-side cursor, which would otherwise send every row at once."""
        result = self.conn.execute(self._text(sql).execution_options(stream_results=True))
        try:
            yield (list(map(tuple, part)) for part in result.partitions(batch))
        finally:
            result.close()

    def insert_rows(self, name: str, columns: Sequence[str], rows: Iterable[Sequence]) -> None:
        quoted = ", ".join(f'"{c}"' for c in columns)
        with self._dbapi.cursor() as cursor, cursor.copy(f'COPY "{name}" ({quoted}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        with self.conn.begin_nested():
            yield

    def raw(self, sql: str, params: Sequence = ()) -> list[tuple]:
        cursor = self._dbapi.execute(sql, params or None)
        return cursor.fetchall() if cursor.description else []


def driver_of(conn: Any) -> SqliteDriver | ServerDriver:
    """The driver for a sqlite3 connection, or for SQLAlchemy's connection to either database
    (on SQLite, its sqlite3 connection: the statements run the same way whoever opened it)."""
    if isinstance(conn, sqlite3.Connection):
        return SqliteDriver(conn)
    if conn.dialect.name == "sqlite":
        return SqliteDriver(conn.connection.driver_connection)
    return ServerDriver(conn)
