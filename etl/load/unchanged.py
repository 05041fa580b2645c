"""The load that changes nothing: when every input file is one the database holds with the same
SHA-256 and keywords are current, a load only records its run in `etl_runs`, without importing
SQLAlchemy or Alembic (see `etl.store.quick`)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..digests import sha256
from ..errors import InputError
from ..settings import max_file_bytes
from ..sources import InputFile, stored_below
from ..sources.files import read_regular_file
from ..store.quick import Query, read_if_current, record_if
from .issues import IssueLog
from .summary import RunSummary, utcnow

# Papers without keywords (a crash of an old version, a database written by hand): rescore.
KEYWORDS_STALE = "SELECT EXISTS (SELECT 1 FROM papers) AND NOT EXISTS (SELECT 1 FROM paper_keywords)"


def file_sha256(path: str) -> str | None:
    """The SHA-256 of a regular file no larger than the load's limit, as a load hashes what it
    reads; None for any other (the regular load then says what is wrong with it)."""
    try:
        return sha256(read_regular_file(path, max_file_bytes(), "$PAPERDB_MAX_FILE_MB")).hexdigest()
    except InputError:
        return None


def record_if_unchanged(
    db_file: str,
    files: Sequence[InputFile],
    paths: list[str],
    summary: RunSummary,
    started: float,
    options: str | None = None,
    pruned: Sequence[str] = (),
    issues: IssueLog | None = None,
) -> bool:
    """Record a no-op run and return True if loading `files` with `options` (`Reader.options`) into
    `db_file` would change nothing, and pruning the directories `pruned` would remove no source.
    `started` is the load's `time.perf_counter()` at its start; `issues` (files a walk passed
    over) are the run's rows of `etl_run_issues`."""
    started_at = utcnow()

    def unchanged(query: Query) -> bool:
        if query(KEYWORDS_STALE)[0][0]:
            return False
        known = {
            path: (digest, given) for path, digest, given in query("SELECT resolved_path, sha256, options FROM sources")
        }
        loaded = {f.stored for f in files}
        if any(path not in loaded for directory in pruned for path in stored_below(known, directory)):
            return False
        return all(f.stored in known and (file_sha256(f.path), options) == known[f.stored] for f in files)

    def run_row() -> dict:
        summary.files_unchanged = len(files)
        summary.duration_s = time.perf_counter() - started
        return summary.run_row(started_at, paths)

    def noted(run_id: int) -> list[tuple]:
        summary.run_id = run_id
        return issues.rows(run_id) if issues else []

    return record_if(db_file, unchanged, run_row, issues=noted)


def files_not_held(db_file: str, files: Sequence[InputFile]) -> list[InputFile]:
    """Of `files`, those `db_file` holds no source of (by resolved path), to be read early for
    keyword extraction: a file it holds is unchanged, or changed in a few of its records, whose
    papers a load that does not rescore mostly leaves unranked (extracting them early would start
    workers for work it throws away). All of them when that cannot be told without SQLAlchemy."""
    held = read_if_current(db_file, "SELECT resolved_path FROM sources")
    if held is None:
        return list(files)
    paths = {path for (path,) in held}
    return [f for f in files if f.stored not in paths]
