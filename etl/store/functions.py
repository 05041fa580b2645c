"""The SQL functions paperdb's canned queries use, for any SQLite connection: `register(conn)`.

Datasette registers them itself; elsewhere (the sqlite3 module, pandas, a notebook) one call does:

    import sqlite3
    from etl.store.functions import register
    conn = register(sqlite3.connect("db/papers.db"))
"""

from __future__ import annotations

import sqlite3

from ..extract.keywords import normalise_keyword

MAX_SEARCH_TERMS = 32  # more words make FTS5 work past the SQL time limit (400 took 40 s)


def fts_query(text: str | None) -> str:
    """A user's search words as an FTS5 query that cannot be a syntax error: each word quoted,
    all required (the first `MAX_SEARCH_TERMS`); a trailing `*` keeps prefix search (`quant*`).
    Blank input matches nothing."""
    terms = []
    for word in "".join(c if c.isprintable() else " " for c in text or "").split():  # (NUL and controls: spaces)
        prefix = word.endswith("*") and len(word) > 1
        word = word.rstrip("*").replace('"', '""')
        if word:
            terms.append(f'"{word}"' + ("*" if prefix else ""))
            if len(terms) == MAX_SEARCH_TERMS:
                break
    return " ".join(terms) or '""'


def _normalise(text: str | None) -> str | None:
    return None if text is None else normalise_keyword(str(text))


def register(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Add `fts_query(text)` and `normalise_keyword(text)` to `conn`; returns it."""
    conn.create_function("fts_query", 1, fts_query, deterministic=True)
    conn.create_function("normalise_keyword", 1, _normalise, deterministic=True)
    return conn
