"""How a field evolves, brought up to date at the end of each load: each paper's similar papers
(`similar_all`, `similar_changed`), the versions of one work (`versions`) and the trend counts
(`trends`; an acronym's two forms counted as one: `store.partners`)."""

from __future__ import annotations

from collections.abc import Callable

from ..store.access import CACHE_KIB
from ..store.partners import refresh_partners
from ..store.writer import Writer
from .memory import release_heap
from .summary import RunSummary
from .trends import LEDGER, NOTED, settle

# The papers the trend ledger noted (added, or whose venue, year, text, keywords or bibliography
# may have changed) that still exist, and those that went.
NOTED_PAPERS = f"SELECT id FROM papers WHERE id IN ({NOTED})"
NOTED_GONE = f"SELECT paper_id FROM ({NOTED}) n WHERE paper_id NOT IN (SELECT id FROM papers)"


def refresh_evolution(writer: Writer, summary: RunSummary, changed: set[str], stage: Callable[[str], None]) -> None:
    """After keywords: similar papers and versions of every paper when keywords were rescored
    (or similar papers were never computed by these rules), else of the papers that changed
    (`changed`: their text or keywords; and those the trend ledger noted) and of those whose
    lists named a paper that changed or went; then the trend counts. `stage` is told of a long
    step as it starts."""
    # (numpy and the similar papers' code come in at the step that uses them: a small load's
    # keyword ranking is forked before it, from a process that does not hold them, issue 41)
    if not summary.rescored:  # (a few papers' step: its peak is the load's; not after a rescore's millions of objects)
        release_heap()  # (the collector is paused in the load: what it would free, and its free lists, first)
    from . import similar_all, similar_changed
    from .versions import refresh_versions

    writer.execute(LEDGER)
    if similar_all.needs_full(writer, summary.rescored):
        stage("similar papers")
        writer.page_cache(CACHE_KIB)  # (every paper's rows are written: the engine's cache, if a small load set less)
        with summary.timed("similar"):
            result = similar_all.compute_all(writer)
        with summary.timed("versions"):
            ids = result.ids
            refresh_versions(writer, [(ids[a], ids[b], part) for a, b, part in result.close], None)
        del result, ids  # (the papers' ids and the close pairs: not under the trends' peak)
    else:
        changed = changed | {pid for (pid,) in writer.execute(NOTED_PAPERS)}
        removed = {pid for (pid,) in writer.execute(NOTED_GONE)}
        with summary.timed("similar"):
            close, relisted, moved = similar_changed.update_similar(writer, changed, removed)
        with summary.timed("versions"):
            refresh_versions(writer, close, changed, relisted, moved)
    release_heap()  # (what the step left free: the trends and the full-text index start from it)
    stage("trends")
    with summary.timed("trends"):
        settle(writer, summary.rescored)
        # (the pairs counted as one, from the keywords as they are now: 0.5 s of CPU on the catalogue)
        refresh_partners(writer)
