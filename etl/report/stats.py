"""Counts of what a database holds, read without writing (`paperdb stats`)."""

from __future__ import annotations

from ..store.read_only import read_only

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
    with read_only(db_file) as db:
        tables = db.tables()
        return {name: db.scalar(sql) if sql.rsplit(" ", 1)[-1] in tables else 0 for name, sql in COUNTS.items()}
