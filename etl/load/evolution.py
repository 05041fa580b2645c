"""How a field evolves, brought up to date at the end of each load: the trend counts (`trends`),
each paper's similar papers (`similar`) and the versions of one work (`versions`)."""

from __future__ import annotations

from collections.abc import Callable

from ..store.writer import Writer
from .similar import compute_all, needs_full
from .summary import RunSummary
from .trends import settle


def refresh_evolution(writer: Writer, summary: RunSummary, changed: set[str], stage: Callable[[str], None]) -> None:
    """After keywords: similar papers of every paper when keywords were rescored (else of the
    `changed` papers: added, or whose text or keywords changed, and of those that listed a paper
    that changed or went), then the trend counts. `stage` is told of a long step as it starts."""
    with summary.timed("similar"):
        if needs_full(writer, summary.rescored):
            stage("similar papers")
            compute_all(writer)
    with summary.timed("trends"):
        settle(writer, summary.rescored)
