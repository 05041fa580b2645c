"""A run that changes nothing, recorded without SQLAlchemy: a few milliseconds where importing
SQLAlchemy and Alembic takes more than half a second. SQLite files only (a server's database
takes the regular path); any doubt (no database, another schema) leaves it to the regular load."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence

from ..settings import schema_head
from .access import begin_immediate, busy_error, busy_timeout_s, file_name, file_uri, is_busy
from .postgres import is_url

Query = Callable[[str], list[tuple]]
ISSUE_COLUMNS = ("run_id", "number", "path", "line", "position", "kind", "detail", "title", "record_id")
INSERT_ISSUE = f"INSERT INTO etl_run_issues ({', '.join(ISSUE_COLUMNS)}) VALUES ({', '.join('?' * len(ISSUE_COLUMNS))})"


def record_if(
    db_file: str,
    holds: Callable[[Query], bool],
    row: Callable[[], Mapping[str, object]],
    on_wait: Callable[[], None] | None = None,
    issues: Callable[[int], Sequence[Sequence]] | None = None,
) -> bool:
    """In one write transaction: if `db_file` is a SQLite database at the schema head and
    `holds(query)` is true (`query` runs a SELECT on it), add `row()` to `etl_runs` (and the rows
    `issues(run id)` gives to `etl_run_issues`) and commit; returns whether it did. The answer
    holds until the row is written, as in a load. Another writer is waited for as a load waits
    (`on_wait()` when the wait starts; a signal ends it)."""
    if is_url(db_file) or not os.path.exists(db_file):
        return False
    con = sqlite3.connect(file_name(db_file), timeout=busy_timeout_s(), isolation_level=None)
    try:
        begin_immediate(con, db_file, on_wait)
        at_head = con.execute("SELECT version_num FROM alembic_version").fetchall() == [(schema_head(),)]
        if not at_head or not holds(lambda sql: con.execute(sql).fetchall()):
            con.execute("ROLLBACK")
            return False
        values = dict(row())
        names = ", ".join(values)
        run = con.execute(f"INSERT INTO etl_runs ({names}) VALUES ({', '.join(':' + key for key in values)})", values)
        noted = issues(run.lastrowid) if issues and run.lastrowid is not None else []
        con.executemany(INSERT_ISSUE, noted)
        con.execute("COMMIT")
        return True
    except sqlite3.OperationalError as exc:
        if con.in_transaction:
            con.execute("ROLLBACK")
        if is_busy(exc):
            raise busy_error(db_file) from None
        return False  # not a paperdb database, or an older one: the regular load says what to do
    except sqlite3.DatabaseError:
        return False
    finally:
        con.close()


def read_if_current(db_file: str, sql: str) -> list[tuple] | None:
    """The rows of `sql` (a SELECT) on `db_file` if it is a SQLite database at the schema head,
    read without taking the write lock; None if not (no database, a server's, another schema)."""
    if is_url(db_file) or not os.path.exists(db_file):
        return None
    try:
        con = sqlite3.connect(file_uri(db_file, "mode=ro"), uri=True, timeout=busy_timeout_s())
    except sqlite3.Error:
        return None
    try:
        if con.execute("SELECT version_num FROM alembic_version").fetchall() != [(schema_head(),)]:
            return None
        return con.execute(sql).fetchall()
    except sqlite3.Error:
        return None
    finally:
        con.close()
