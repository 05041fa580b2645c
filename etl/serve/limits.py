"""Limits on what ad-hoc SQL in Datasette may build and run: `limit_connection(conn)`.

Each value is at most `MAX_VALUE_BYTES` (SQLite's length limit) and the rows of one query at
most `MAX_RESULT_BYTES` together (counted as they are fetched: a query asking for more stops
with an error), so one request cannot make the server hold gigabytes.

FTS5's `snippet()` is refused ("not authorized to use function: snippet"): it scores a window at
each match by looking at every match again, in one call the time limit cannot stop, so its time
grows with the square of a text's matches (99,000 characters of `a.a.a.`: 46 s for one row).
`snippet_of(highlight(...))` gives the same snippet in linear time (`etl.text.snippets`; the
search query's snippets).

SQLite's length limit stops `randomblob(1e9)` at once, but `printf('%.*c', 2e9, 'x')` (and its
alias `format`) pads in a loop the SQL time limit cannot interrupt, for seconds of CPU, before
it finds the result too big. paperdb's own `printf` gives NULL, at once, for a width or
precision over `MAX_WIDTH` (as SQLite's gives NULL for a result over the length limit, but
slowly), else asks SQLite's for the result. (NULL rather than an error: Datasette prints the
traceback of every exception a function raises to the server's log.)
"""

from __future__ import annotations

import re
import sqlite3
import threading
import weakref

from .internals import use_row_factory

# The largest text or blob one SQL expression may make in Datasette.
MAX_VALUE_BYTES = 5_000_000
MAX_WIDTH = 100_000  # of one printf conversion: wider is refused
MAX_RESULT_BYTES = 50_000_000  # of the text and blobs of all rows one query returns

# a conversion: `%%`, or flags, width, precision (each digits or `*`) and its letter
_CONVERSION = re.compile(r"%(?:%|[-+ 0#,!]*(\*|\d+)?(?:\.(\*|\d*))?[a-zA-Z])")
_builtin = threading.local()  # a private connection per thread, with SQLite's own printf


class PrintfTooWide(ValueError):
    pass


def check_printf(fmt, *args) -> None:
    """Raise `PrintfTooWide` if a conversion of `fmt` asks for a width or precision over
    `MAX_WIDTH` (written in the format, or as a `*` argument)."""
    if not isinstance(fmt, str) or "%" not in fmt:
        return
    position = 0  # the next argument a conversion takes
    for match in _CONVERSION.finditer(fmt):
        if match[0] == "%%":
            continue
        for size in (match[1], match[2]):
            if size == "*":
                size = args[position] if position < len(args) else 0
                position += 1
            if _width(size) > MAX_WIDTH:
                raise PrintfTooWide(f"printf width or precision over {MAX_WIDTH:,}")
        position += 1


def _width(value: object) -> float:
    """A width as SQLite reads it: a number, or text holding one (digits written in the format,
    or a `*` argument); anything else is no width."""
    if isinstance(value, (int, float)):
        return abs(value)
    try:
        return abs(float(value)) if value else 0  # type: ignore[arg-type]  # (what float cannot read is no width)
    except (TypeError, ValueError):
        return 0


def _printf(*args):
    if not args:
        return None
    try:
        check_printf(*args)
    except PrintfTooWide:
        return None
    conn = getattr(_builtin, "conn", None)
    if conn is None:
        conn = _builtin.conn = sqlite3.connect(":memory:")
        if hasattr(conn, "setlimit"):
            conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    marks = ", ".join("?" * len(args))
    return conn.execute(f"SELECT printf({marks})", args).fetchone()[0]


class _BudgetedRows:
    """A row factory (`sqlite3.Row` rows) that counts the bytes of text and blobs each cursor
    has fetched and stops the query past `MAX_RESULT_BYTES`."""

    def __init__(self) -> None:
        self.fetched: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def __call__(self, cursor: sqlite3.Cursor, values: tuple) -> sqlite3.Row:
        size = sum(len(v) for v in values if isinstance(v, (str, bytes)))
        if size > 10_000:  # (small rows are not worth a dictionary lookup each)
            total = self.fetched.get(cursor, 0) + size
            if total > MAX_RESULT_BYTES:
                raise sqlite3.OperationalError(
                    f"query result larger than {MAX_RESULT_BYTES // 1_000_000} MB; select fewer rows or smaller values"
                )
            self.fetched[cursor] = total
        return sqlite3.Row(cursor, values)


REFUSED_FUNCTIONS = frozenset({"snippet"})  # (SQL functions whose one call can outlast the time limit)


def _authorize(action: int, first: str | None, second: str | None, database: str | None, source: str | None) -> int:
    """SQLite's authorizer: every statement may do anything but call a refused function."""
    if action == sqlite3.SQLITE_FUNCTION and (second or "").lower() in REFUSED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


def limit_connection(conn: sqlite3.Connection) -> None:
    """Cap the size of values (Python 3.11+), of a query's rows and the width of
    `printf`/`format` on `conn`, and refuse `snippet()` there."""
    if hasattr(conn, "setlimit"):  # Python 3.11+
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    use_row_factory(conn, _BudgetedRows())
    for name in ("printf", "format"):
        conn.create_function(name, -1, _printf, deterministic=True)
    conn.set_authorizer(_authorize)
