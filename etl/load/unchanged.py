"""The load that changes nothing, answered with the standard library alone.

When the schema is at head, every input file is one the database holds with the same SHA-256,
and keywords are current, a load only records its run in `etl_runs`. Finding that out through
SQLAlchemy and Alembic means importing them first (more than half a second); this needs a few
milliseconds and the time to hash the files. Any doubt (a missing table, a new file) returns
False and the regular load takes over.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat
import time
from collections.abc import Sequence

from ..settings import lock_wait, max_file_bytes, schema_head
from ..sources import InputFile
from ..store.access import busy_error, is_busy
from .summary import RunSummary, utcnow

# Papers without keywords (a crash of an old version, a database written by hand): rescore.
KEYWORDS_STALE = "SELECT EXISTS (SELECT 1 FROM papers) AND NOT EXISTS (SELECT 1 FROM paper_keywords)"


def file_sha256(path: str) -> str | None:
    """The SHA-256 of a regular file no larger than the load's limit, else None (the regular
    load then says what is wrong with it): a FIFO or device is never opened here."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > max_file_bytes():
            return None
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()  # as a load hashes what it reads
    except OSError:
        return None


def record_if_unchanged(
    db_file: str, files: Sequence[InputFile], paths: list[str], summary: RunSummary, started: float
) -> bool:
    """Record a no-op run and return True if loading `files` into `db_file` would change nothing.
    `started` is the load's `time.perf_counter()` at its start."""
    if not os.path.exists(db_file):
        return False
    started_at = utcnow()
    con = sqlite3.connect(db_file, timeout=lock_wait(), isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")  # as a load does: the answer holds until the run is recorded
        if not _unchanged(con, files):
            con.execute("ROLLBACK")
            return False
        summary.files_unchanged = len(files)
        summary.duration_s = time.perf_counter() - started
        row = summary.run_row(started_at, paths)
        con.execute(f"INSERT INTO etl_runs ({', '.join(row)}) VALUES ({', '.join(':' + key for key in row)})", row)
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


def _unchanged(con: sqlite3.Connection, files: Sequence[InputFile]) -> bool:
    if con.execute("SELECT version_num FROM alembic_version").fetchall() != [(schema_head(),)]:
        return False
    if con.execute(KEYWORDS_STALE).fetchone()[0]:
        return False
    known = dict(con.execute("SELECT resolved_path, sha256 FROM sources"))
    return all(f.stored in known and file_sha256(f.path) == known[f.stored] for f in files)
