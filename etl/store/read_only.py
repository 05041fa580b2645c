"""Reading a database without writing to it (`stats`, `export`): the same rows from a SQLite file
or a server's database, and what goes wrong as one line."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import PaperdbError, shown_path
from . import access, postgres


class ReadOnly:
    """A read-only connection: tables, and rows as SQLite gives them (booleans as 1 and 0)."""

    def __init__(self, db: str):
        self.on_server = postgres.is_url(db)
        self.con = postgres.connect_read_only(db) if self.on_server else access.connect_read_only(db)

    def tables(self) -> set[str]:
        """Tables and views of the database."""
        if self.on_server:
            return postgres.table_names(self.con)
        return {name for (name,) in self.con.execute("SELECT name FROM sqlite_master")}

    def rows(self, sql: str) -> tuple[list[str], Iterator[tuple]]:
        """The column names of a query and its rows, streamed."""
        cursor = self.con.execute(sql)
        names = [d[0] for d in cursor.description]
        if self.on_server:  # booleans as SQLite has them (1, 0): the same output from either database
            return names, (tuple(int(v) if isinstance(v, bool) else v for v in row) for row in cursor)
        return names, iter(cursor)

    def scalar(self, sql: str):
        return self.con.execute(sql).fetchone()[0]


@contextmanager
def read_only(db: str, hint: str = "") -> Iterator[ReadOnly]:
    """A read-only connection to the paperdb database `db`, closed after the block; a failure the
    database or server reports inside the block is one line (`hint` added to a SQLite error)."""
    connection = ReadOnly(db)
    try:
        if "papers" not in connection.tables():
            raise PaperdbError(f"{shown_path(postgres.shown(db))}: not a paperdb database (no papers table)")
        yield connection
    except sqlite3.DatabaseError as exc:
        raise PaperdbError(f"{shown_path(db)}: {exc}{hint}") from None
    except Exception as exc:
        error = postgres.server_error(db, exc) if connection.on_server else None
        if error is None:
            raise
        raise error from None
    finally:
        connection.con.close()
