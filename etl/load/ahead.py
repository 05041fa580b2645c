"""A small load's keyword ranking process, started before its keyword step (issue 41).

A load between rescores ranks a few papers in a process of its own (`etl.load.incremental`), which
imports the keyword rules and reads their tables (0.29 s of CPU of its 0.42 in the benchmark's
edit) before it ranks: forked at the keyword step, the load waited for all of it. Started once the
load knows it has papers to rank (fed, or their title or authors' keywords changed: after the
merge), it prepares on the other core while the load recounts people and repositories and checks
its rules, and is handed the papers when the load gets there (`etl.load.apart.start_ahead`). It is
ended unused when the load ranks otherwise: a rescore, `HELD_BEFORE_RANKING` papers or more (the
feed's workers), none at all. Started earlier (with the first paper fed, while the files are read)
the two processes' sum of PSS rose 6 MB over an edit's figure: every page of the load's heap that
it rewrites while the process lives is then held twice."""

from __future__ import annotations

import gc

from ..store.writer import Writer
from .apart import cancel_ahead, start_ahead, warm_ranking
from .feed import KeywordFeed
from .memory import forget_text_memos
from .statistics import needs_rescore

# SQLite's page cache while the process lives (the small load's 2 MB, `run.SMALL_CACHE_KIB`, let
# go: pages the load would fill again meanwhile, each then held twice), then as it was. The benchmark's edit: the two processes' sum of PSS 52.0 -> 50.5 MB with it,
# the load's CPU the same. The pages the load changed are written to the log first (a smaller cache
# kept them, 2.6 MB, which the process then held as the load reused their memory: issue 41, edit27,
# the two processes' pages at their peak 56.1 / 56.1 -> 53.8 / 53.6 MB, `store.page_flush`).
PAGE_CACHE_KIB = 256


class Ahead:
    """Starts the ranking's process of a load whose papers `keywords` are fed, where it may rank in
    one: a database another process can read whose next load ranks against its statistics
    (`writer`; None: a load into an empty database, which rescores)."""

    def __init__(self, keywords: KeywordFeed, writer: Writer | None):
        self.keywords, self.writer = keywords, writer
        self.cache: int | None = None  # (the page cache to give back once the process ends: PRAGMA's)
        self.may = writer is not None and writer.readable_file() is not None and not needs_rescore(writer, 0)

    def start(self, rekeyed: bool = False) -> None:
        """Start the ranking's process now if papers are to be ranked (fed, or `rekeyed`: their title
        or authors' keywords changed), and the feed's workers do not rank them."""
        keywords = self.keywords
        if keywords.ranking is not None or keywords.stale:  # (its workers rank: never forked beside them)
            self.keep(False)
        elif self.may and (keywords.pending or rekeyed):
            gc.collect()  # (the collector is paused in the load: its free lists emptied before the fork)
            forget_text_memos()  # (emptied before the fork: the process would hold their pages the load frees)
            if self.writer is not None:
                self.cache = self.writer.page_cache_setting()
                self.writer.shrink_page_cache(PAGE_CACHE_KIB)
            start_ahead(warm_ranking)
            self.may = False

    def keep(self, used: bool) -> None:
        """Whether the process started ahead may still be used; if not, it ends."""
        if not used:
            self.may = False
            cancel_ahead()
            if self.writer is not None:
                self.writer.restore_page_cache(self.cache)
                self.cache = None
