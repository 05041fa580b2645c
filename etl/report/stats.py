"""Counts of what a database holds, read without writing (`paperdb stats`)."""

from __future__ import annotations

import sqlite3

from ..errors import PaperdbError
from ..store import server
from ..store.access import connect_read_only

# name shown -> SQL; a table a later migration adds reads as 0 until the database is migrated
COUNTS = {
    "papers": "SELECT count(*) FROM papers",
    "sources": "SELECT count(*) FROM sources",
    "links": "SELECT count(*) FROM paper_links",
    "repos": "SELECT count(*) FROM repos",
    "keywords": "SELECT count(*) FROM keywords",
    "runs": "SELECT count(*) FROM etl_runs",
}


def read_stats(db_file: str) -> dict[str, int]:
    """The counts in `COUNTS` for `db_file` (or a server's database), opened read-only."""
    on_server = server.is_url(db_file)
    con = server.connect_read_only(db_file) if on_server else connect_read_only(db_file)
    try:
        if on_server:
            tables = server.table_names(con)
        else:
            tables = {name for (name,) in con.execute("SELECT name FROM sqlite_master")}
        if "papers" not in tables:
            raise PaperdbError(f"{server.shown(db_file)}: not a paperdb database (no papers table)")
        out = {}
        for name, sql in COUNTS.items():
            table = sql.rsplit(" ", 1)[-1]
            out[name] = con.execute(sql).fetchone()[0] if table in tables else 0
        return out
    except sqlite3.DatabaseError as exc:
        raise PaperdbError(f"{db_file}: {exc}") from None
    finally:
        con.close()
