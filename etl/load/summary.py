"""What a load did: counts and stage timings, printed by the CLI and stored in `etl_runs`."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .. import __version__
from ..errors import shown_path, storable_path
from ..sources.reviews import ReviewCounts
from ..store.target import shown


def utcnow() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass
class RunSummary:
    """What a load did; printed by the CLI and stored in `etl_runs`."""

    db: str
    events: int = 0  # non-paper events stored (workshops, tutorials, talks)
    without_abstract: int = 0  # records that give no abstract (a title alone, a placeholder): papers of their own
    records_skipped: int = 0  # records that could not be used: nothing to identify them, not a record at all
    records_repaired: int = 0  # records stored after a repair (a NUL removed, a field of the wrong type dropped)
    unknown_status: int = 0  # records whose status word is not a known decision (kept raw, decision NULL)
    reviews: ReviewCounts = field(default_factory=ReviewCounts)  # per-reviewer scores stored, missing, unequal lists
    files_seen: int = 0
    files_loaded: int = 0
    files_unchanged: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): junk in a walk
    failed: list[str] = field(default_factory=list)  # errors of bad files passed over by --keep-going
    sources_removed: int = 0  # sources removed with what only they gave (paperdb remove, load --prune)
    papers_added: int = 0
    papers_updated: int = 0
    papers_removed: int = 0
    papers_merged: int = 0  # papers without an abstract that joined the paper with theirs (their ids stay resolvable)
    keywords: int | None = None  # distinct keywords after keywords were redone; None when they were not
    rescored: bool = False  # every paper's keywords were rescored (not only the load's own papers)
    papers_total: int = 0  # papers the database holds after the load
    duration_s: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # seconds per stage, for benchmarks
    report: str | None = None  # the file --report wrote the records skipped and unknown status words to
    run_id: int | None = None  # the run's etl_runs.id (its etl_run_issues rows have it)

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timings[stage] = self.timings.get(stage, 0.0) + time.perf_counter() - started

    def run_row(self, started_at: str, paths: list[str]) -> dict:
        """The load's `etl_runs` row."""
        return {
            "started_at": started_at,
            "finished_at": utcnow(),
            "status": self.status,
            "paths": json.dumps([storable_path(p) for p in paths], ensure_ascii=False),
            "files_seen": self.files_seen,
            "files_loaded": self.files_loaded,
            "files_unchanged": self.files_unchanged,
            "files_skipped": len(self.skipped) + len(self.failed),
            "papers_added": self.papers_added,
            "papers_updated": self.papers_updated,
            "papers_removed": self.papers_removed,
            "duration_s": round(self.duration_s, 4),
            "paperdb_version": __version__,
            "records_skipped": self.records_skipped,
            "records_repaired": self.records_repaired,
            "sources_removed": self.sources_removed,
            "records_unknown_status": self.unknown_status,
        }

    @property
    def status(self) -> str:
        return "partial" if self.failed else "ok"

    def line(self) -> str:
        skipped = f", {len(self.skipped)} skipped" if self.skipped else ""
        skipped += f", {len(self.failed)} failed" if self.failed else ""
        return (
            f"{shown(self.db)}: {self.files_loaded} of {self.files_seen} files loaded"
            f" ({self.files_unchanged} unchanged{skipped})"
            + (
                f", {self.sources_removed} source{'s' if self.sources_removed != 1 else ''} removed"
                if self.sources_removed
                else ""
            )
            + f"; papers: {self.papers_added} added,"
            f" {self.papers_updated} updated, {self.papers_removed} removed"
            + (f", {self.papers_merged} merged" if self.papers_merged else "")
            + (f"; {self.keywords} keywords" if self.keywords is not None else "")
            + (" (every paper rescored)" if self.rescored and self.papers_added < self.papers_total else "")
            + (f"; {self.events} events" if self.events else "")
            + (f"; {self.without_abstract} records without an abstract" if self.without_abstract else "")
            + (f"; {self.records_skipped} records skipped" if self.records_skipped else "")
            + (f"; {self.records_repaired} records repaired" if self.records_repaired else "")
            + self.reviews_said()
            + (
                f"; {self.unknown_status} records with a status word paperdb does not know, decision left empty"
                if self.unknown_status
                else ""
            )
            + self.where_listed()
            + f" in {self.duration_s:.2f}s"
        )

    def reviews_said(self) -> str:
        """`; 30,866 review scores (439 missing: empty, outside the venue's scale or no review)`."""
        counts = self.reviews
        if not counts.scores:
            return ""
        said = f"; {counts.scores:,} review scores"
        if counts.missing:
            said += f" ({counts.missing:,} missing: empty, outside the venue's scale or no review)"
        if counts.unequal:
            said += f", {counts.unequal:,} records with review lists of unequal lengths (kept as given)"
        return said

    def where_listed(self) -> str:
        """Where the records skipped and those of unknown status words are listed, if any are."""
        if not (self.records_skipped or self.unknown_status) or self.run_id is None:
            return ""
        table = f"etl_run_issues, run {self.run_id}"
        if self.report is None:
            return f" (which ones: {table}, or --report FILE)"
        return f" (which ones: {shown_path(self.report)} and {table})"
