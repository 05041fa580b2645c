"""The one place that writes: a load run is a single transaction over all its input files."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass

from ..collector import paused_gc
from ..errors import InputError
from ..sources import InputFile, bundled_listings_dir, discover
from ..sources.records import FILE_SKIPPED, Issue
from .apart import cancel_ahead
from .feed import KeywordFeed
from .issues import IssueLog, ReportFile
from .pause import pause
from .progress import Progress
from .reading import Reader
from .statistics import file_sizes
from .summary import RunSummary
from .unchanged import files_not_held, record_if_unchanged

__all__ = ["Progress", "RunSummary", "load", "remove", "rescore"]


@dataclass(frozen=True)
class Removal:
    """Sources a run removes after its files: those loaded from `paths` (each must name some), and
    with `pruned` directories, the sources below them that are not among the run's files."""

    paths: Sequence[str] = ()
    pruned: Sequence[str] = ()


def load(
    db_file: str,
    paths: Iterable[str] = (),
    *,
    venue: str | None = None,
    year: int | None = None,
    keep_going: bool = False,
    rescore: bool = False,
    prune: bool = False,
    format: str | None = None,
    progress: Progress | None = None,
    stage: Callable[[str], None] | None = None,
    on_wait: Callable[[], None] | None = None,
    report: str | None = None,
) -> RunSummary:
    """Migrate `db_file` and load `paths` (the bundled listings if none) in one transaction.

    `format` forces the input format of every file (else it is detected per file). Keywords of
    the papers the load adds or changes are ranked in the same transaction, so readers never
    see half-updated scores: against the last rescore's statistics, or, when enough has
    changed since (or `rescore` is set), every paper's afresh (see `statistics`).
    On any error nothing is written: the transaction rolls back, and a database this run was
    creating never appears (see `etl.store.creating`). `progress` is told of the files, the
    bytes and records read and the long steps after the files (see `Progress`); `stage` is called
    with the name of each long step ("keywords", "full-text index"), `on_wait` when a server's
    database has another load writing (this one waits for it). With `prune`, sources below a
    directory of `paths` whose file is gone are removed (see `remove`).

    Records skipped, records with a status word paperdb does not know and files passed over are
    listed in `etl_run_issues` (the first `issues.KEPT_PER_FILE` of each kind per file) and, all
    of them, in the CSV file `report`, which appears only once the load is committed.
    """
    paths = list(paths) or [str(bundled_listings_dir())]
    discovery = discover(paths)
    started = time.perf_counter()
    summary = RunSummary(db=db_file, files_seen=len(discovery.files), skipped=list(discovery.skipped), report=report)
    reader = Reader(venue, year, format)
    pruned = discovery.directories if prune else ()
    issues = IssueLog(ReportFile(report, [db_file, *(f.path for f in discovery.files)]) if report is not None else None)
    try:
        for path, why in discovery.skipped:
            issues.note(path, Issue(FILE_SKIPPED, why))
        if rescore or not record_if_unchanged(
            db_file, discovery.files, paths, summary, started, reader.options, pruned, issues
        ):
            _load(
                db_file,
                discovery.files,
                paths,
                summary,
                started,
                reader,
                keep_going,
                rescore,
                progress,
                stage,
                on_wait,
                Removal(pruned=pruned),
                issues,
            )
    except BaseException:
        if issues.report:
            issues.report.discard()
        raise
    if issues.report:
        issues.report.commit()
    return summary


def remove(
    db_file: str,
    paths: Sequence[str],
    stage: Callable[[str], None] | None = None,
    on_wait: Callable[[], None] | None = None,
) -> RunSummary:
    """Remove the sources loaded from `paths` (files, or directories: every source below them;
    the files need not exist any more) and what only they gave, in one transaction: afterwards
    the database is what loading the other sources gives. A path no source was loaded from is
    an error, and nothing is removed."""
    from ..store.target import existing_database

    existing_database(db_file)
    summary = RunSummary(db=db_file, files_seen=0, skipped=[])
    reader = Reader(None, None, None)
    started = time.perf_counter()
    return _load(db_file, [], list(paths), summary, started, reader, False, False, None, stage, on_wait, Removal(paths))


def rescore(
    db_file: str, stage: Callable[[str], None] | None = None, on_wait: Callable[[], None] | None = None
) -> RunSummary:
    """Rescore every paper's keywords against the whole corpus, in one transaction: afterwards
    the database holds exactly the keywords a cold load of the same papers gives."""
    from ..store.target import existing_database

    existing_database(db_file)
    summary = RunSummary(db=db_file, files_seen=0, skipped=[])
    return _load(
        db_file, [], [], summary, time.perf_counter(), Reader(None, None, None), False, True, None, stage, on_wait
    )


def _load(
    db_file,
    files,
    paths,
    summary,
    started,
    reader,
    keep_going,
    rescore,
    progress,
    stage,
    on_wait,
    removal=Removal(),
    issues: IssueLog | None = None,
) -> RunSummary:
    """Load `files` (found from `paths`) and remove the sources `removal` names, in one
    transaction, migrating first."""
    progress = Progress() if progress is None else progress
    # The load has work to do. Keyword workers start on the first new files' abstracts now, and
    # extract while the store is imported (here, so a load that changes nothing does not pay for
    # it), with SQLAlchemy, Alembic and the migrations when the schema must be made or migrated.
    keywords = KeywordFeed()
    sizes = file_sizes([f.path for f in files])
    progress.files(len(files), sum(sizes))  # (the files read early below are read from here on)
    try:
        keywords.speculate(files if rescore else files_not_held(db_file, files), reader)
        from ..store.creating import database_to_write
        from ..store.writing import load_transaction
        from .records import BULK_FILLED
        from .run import Run

        pause("start")
        # (a new database appears only once committed)
        with database_to_write(db_file, on_wait) as target, paused_gc(), load_transaction(target, on_wait) as writer:
            pause("migrated")
            run = Run(
                writer,
                summary,
                keywords,
                reader,
                keep_going=keep_going,
                issues=issues,
                progress=progress,
            )
            with run.writer.rebuilding(*BULK_FILLED) if not run.held else nullcontext():
                for input_file, size in zip(files, sizes, strict=True):
                    progress.file(input_file, size)
                    run.load_file(input_file)
                _remove(run, removal, files)
            pause("files")
            run.finish(paths, started, rescore, _and_pause(stage, progress))
        pause("committed")
    finally:
        cancel_ahead()  # (a small load's ranking process, started ahead: `etl.load.ahead`)
        keywords.close()
    return summary


def _remove(run, removal: Removal, files: Sequence[InputFile]) -> None:
    """Remove the sources `removal` names: every path must name some."""
    removed: set[str] = set()
    for path in removal.paths:
        found = run.sources_under(path)
        if not found:
            raise InputError(path, "no source was loaded from this path")
        removed.update(found)
    loaded = {f.stored for f in files}
    for directory in removal.pruned:
        removed.update(path for path in run.sources_under(directory) if path not in loaded)
    run.remove_sources(removed)


def _and_pause(stage: Callable[[str], None] | None, progress: Progress) -> Callable[[str], None]:
    """`stage` and `progress`, then the tests' pause point (`pause`), at each long step of `Run.finish`."""

    def told(name: str) -> None:
        if stage:
            stage(name)
        progress.stage(name)
        pause(name)

    return told
