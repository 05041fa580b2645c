"""The pages a transaction changed written out of SQLite's page cache, the transaction left open
(`flush_cache`): before a small load forks its keyword ranking and before its similar step.

A load is one transaction, and SQLite keeps every page it changed in its page cache until it
commits or needs the room: lowering the cache's size (`PRAGMA cache_size`) lets go only the
pages it read, and `PRAGMA shrink_memory` too. The benchmark's edit held 2.6 MB of changed pages
when it forked its ranking (the process kept them as the load reused their memory: the two
processes' pages at their peak 56.1 -> 53.7 MB written out first) and 1.3 MB as its similar step began.
`sqlite3_db_cacheflush` writes them to the write-ahead log, where a reader sees them only once
the transaction commits, and they are clean: the cache lets them go at its size. Python's
`sqlite3` has no call for it: it is called through `ctypes` with the connection's handle, which
CPython's connection object holds as its first field. Elsewhere (another Python, an SQLite
without the call) only `shrink_memory` runs.
"""

from __future__ import annotations

import ctypes
import sqlite3
import sys
from functools import cache

_SQLITE_OK, _SQLITE_BUSY = 0, 5  # (busy: a page another connection's lock kept from the log stays cached)


@cache
def _cacheflush():  # (`sqlite3_db_cacheflush` of the SQLite the `sqlite3` module runs on, or None)
    module = sys.modules.get("_sqlite3")  # (sqlite3's extension: its SQLite's symbols are reachable from it)
    path = getattr(module, "__file__", None)
    if sys.implementation.name != "cpython" or path is None:
        return None
    try:
        flush = ctypes.CDLL(path).sqlite3_db_cacheflush
    except (OSError, AttributeError):  # (an SQLite before 3.10, or one linked in without its symbols)
        return None
    flush.argtypes, flush.restype = [ctypes.c_void_p], ctypes.c_int
    return flush


def _handle(con: sqlite3.Connection) -> int | None:
    """The `sqlite3 *` of a connection: CPython's connection object's first field after the object's
    header (3.11 to 3.14: `pysqlite_Connection.db`); None once it is closed."""
    return ctypes.c_void_p.from_address(id(con) + object.__basicsize__).value


def flush_cache(con: sqlite3.Connection) -> None:
    """Write the pages the open transaction changed to the log (nothing is committed) and let the
    cache's pages over its size go (see the module)."""
    flush = _cacheflush() if isinstance(con, sqlite3.Connection) and sys.version_info < (3, 15) else None
    if flush is not None:
        con.execute("SELECT 1").fetchall()  # (a closed connection raises here, before its handle is read)
        handle = _handle(con)
        if handle:
            code = flush(handle)
            if code not in (_SQLITE_OK, _SQLITE_BUSY):
                raise sqlite3.OperationalError(f"writing the page cache to the log failed (SQLite error {code})")
    con.execute("PRAGMA shrink_memory")
