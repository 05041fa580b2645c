"""The transaction a load writes in, and its writer: a SQLite file already at the schema head is
written through the sqlite3 driver alone, with no SQLAlchemy or Alembic imported (16 MB of the 77
a removal held, issue 41); a new or older database, whose schema the revisions must make or
bring up, and a PostgreSQL server's go through SQLAlchemy's engine (`etl.store.engine`)."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..settings import schema_head
from .access import CACHE_KIB, begin_immediate, busy_error, busy_timeout_s, file_name, is_busy, prepare_for_writing
from .creating import PARTIAL_SUFFIX, hold_for_packing, pack
from .postgres import is_url
from .writer import Writer


@contextmanager
def load_transaction(target: str, on_wait: Callable[[], None] | None = None) -> Iterator[Writer]:
    """One write transaction on `target` (migrated to the schema head first), with its writer:
    committed when the block ends, rolled back on any error; `on_wait()` if another run holds the
    write lock, which it waits for (`etl.store.access.begin_immediate`)."""
    con = None if is_url(target) else _at_head(target)
    if con is not None:
        try:
            with _sqlite_transaction(con, target, on_wait):
                yield Writer(con)
        finally:
            con.close()
        return
    from .engine import make_engine, migrate, transaction

    engine = make_engine(target)
    held = None
    try:
        with transaction(engine, on_wait) as conn:
            if target.endswith(PARTIAL_SUFFIX):  # (its pages stay in the log until `pack` reads them)
                conn.exec_driver_sql("PRAGMA wal_autocheckpoint=0")
            migrate(conn)
            yield Writer(conn)
        held = hold_for_packing(target)
    finally:
        engine.dispose()
    pack(target, held)


# Prepared statements the connection keeps (sqlite3's default: 128). A statement of `IN` lists of
# hundreds of ids (`Writer.execute_in`, one for each list length met) holds tens of KB: an edit's
# 128 kept 3-4 MB to its last step's peak (issue 41); preparing one again takes tens of microseconds.
STATEMENTS_CACHED = 16


def _at_head(path: str) -> sqlite3.Connection | None:
    """A connection to write through, if `path` is a SQLite database at the schema head (else
    None: no file, an empty one, no schema or an older one are the engine's to migrate)."""
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        return None
    con = sqlite3.connect(
        file_name(path), timeout=busy_timeout_s(), isolation_level=None, cached_statements=STATEMENTS_CACHED
    )
    try:
        prepare_for_writing(con, CACHE_KIB)
        if con.execute("SELECT version_num FROM alembic_version").fetchall() == [(schema_head(),)]:
            return con
    except sqlite3.Error:
        pass  # (not a database at any revision: the engine's path says what is wrong)
    con.close()
    return None


@contextmanager
def _sqlite_transaction(con: sqlite3.Connection, path: str, on_wait: Callable[[], None] | None) -> Iterator[None]:
    """As `etl.store.engine.transaction` on SQLite: the write lock at once, and busy as one line."""
    try:
        begin_immediate(con, path, on_wait)
        try:
            yield
        except BaseException:
            con.rollback()
            raise
        con.commit()
    except sqlite3.OperationalError as exc:
        if is_busy(exc):
            raise busy_error(path) from None
        raise
