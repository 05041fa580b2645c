"""What a load did: counts and stage timings, printed by the CLI and stored in `etl_runs`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class RunSummary:
    """What a load did; printed by the CLI and stored in `etl_runs`."""

    db: str
    events: int = 0  # non-paper events stored (workshops, tutorials, talks)
    without_abstract: int = 0  # bibliographic records passed over: no abstract to identify them
    files_seen: int = 0
    files_loaded: int = 0
    files_unchanged: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): junk in a walk
    failed: list[str] = field(default_factory=list)  # errors of bad files passed over by --keep-going
    papers_added: int = 0
    papers_updated: int = 0
    papers_removed: int = 0
    keywords: int | None = None  # distinct keywords after a rescore; None when not rescored
    duration_s: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # seconds per stage, for benchmarks

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timings[stage] = self.timings.get(stage, 0.0) + time.perf_counter() - started

    @property
    def status(self) -> str:
        return "partial" if self.failed else "ok"

    def line(self) -> str:
        skipped = f", {len(self.skipped)} skipped" if self.skipped else ""
        skipped += f", {len(self.failed)} failed" if self.failed else ""
        return (
            f"{self.db}: {self.files_loaded} of {self.files_seen} files loaded"
            f" ({self.files_unchanged} unchanged{skipped}); papers: {self.papers_added} added,"
            f" {self.papers_updated} updated, {self.papers_removed} removed"
            + (f"; {self.keywords} keywords" if self.keywords is not None else "")
            + (f"; {self.events} events" if self.events else "")
            + (f"; {self.without_abstract} records without abstract skipped" if self.without_abstract else "")
            + f" in {self.duration_s:.2f}s"
        )
