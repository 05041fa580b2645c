"""What the server's log says of an SQL error of a query's page (`?sql=`, a canned query).

Datasette writes `ERROR: conn=..., sql = ..., params = ...: <error>` to the log for every SQL error
of a query, then answers it with a 400 page: a refusal too (`limits`: FTS5's `snippet(...)`, "not
authorized to use function: snippet", docs/safety.md), which is the request's answer as a 400 is,
no error of the server's (read26: the log of a refused `snippet()` looked like a fault). Such a
refusal is answered as before and not logged; every other error is logged as Datasette logs it.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Awaitable, Callable
from typing import Any

REFUSED = "not authorized"  # (SQLite's message where an authorizer denies: `limits._authorize`)


async def executed(execute: Callable[..., Awaitable[Any]], sql: str, *args, **kwargs) -> Any:
    """`execute(sql, ...)` (Datasette's `Database.execute`) with its log of an SQL error left out
    for a refusal (`REFUSED`), kept for any other error unless the caller turned it off."""
    logged = kwargs.pop("log_sql_errors", True)
    try:
        return await execute(sql, *args, log_sql_errors=False, **kwargs)
    except sqlite3.DatabaseError as error:  # (OperationalError is one; an interrupt is another exception)
        if logged and not str(error).startswith(REFUSED):
            params = args[0] if args else kwargs.get("params")
            sys.stderr.write(f"ERROR: sql = {sql!r}, params = {params}: {error}\n")
            sys.stderr.flush()
        raise
