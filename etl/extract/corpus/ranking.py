"""Keywords for a whole corpus in bounded memory, spread over the CPU cores; pure (no database).

Two passes over the corpus. *Extraction* reads each abstract once (`extract_terms`), counts
document frequencies and the acronyms the corpus defines, and spills the paper's terms to an
unnamed temporary file. *Ranking* reads the spill back and scores each paper against the final
counts (`rank_keywords`), merging phrases that are defined acronyms. Memory holds one chunk of
papers and at most `COUNTS_IN_MEMORY` counts per process (more are spilled as sorted runs),
never the texts or terms of the whole corpus.

A large corpus is shared among one forked worker per core (`pool`, on `concurrent.futures`).
Papers are fed as the caller produces them (a load feeds its first files while it starts up,
then each file's new papers as it saves them), in chunks that go to whichever worker is free, so
extraction overlaps the caller's own work. Each chunk comes back as its papers' terms and counts;
the parent spills the terms and adds up the counts (sorted runs merged as streams if they grew
large), keeps the keys more than one paper uses, and a second set of workers, forked with those
counts, ranks the spilled chunks. The result does not depend on how the papers were shared,
nor on their order.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping

from ...collector import paused_gc as paused_gc  # (the corpus package names it)
from ..keywords import Keyword, Taxonomy, author_keys
from . import pool as _pool
from .counts import Extraction, Paper, Reference, StatisticsSink, Stored, in_order_needed, merge_counts
from .pool import Pool, worker_count

PARALLEL_MIN = 400  # papers from which the work is spread over worker processes


class CorpusRanking:
    """Rank a corpus that arrives in pieces: `feed` papers as they come, then iterate `ranked()`
    once all are in. From `PARALLEL_MIN` papers on, worker processes start and extract while the
    caller goes on with its own work. `ranked()` yields lists of `(id, ranked keywords)` in no
    particular order. Use it as a context manager: leaving stops the workers, whatever happened.

    With a `reference`, the papers are ranked against its statistics added to their own (a load
    that ranks only its new papers); `on_statistics` is told the statistics ranked against
    (to keep them for such loads)."""

    def __init__(
        self, taxonomy: Taxonomy, reference: Reference | None = None, on_statistics: StatisticsSink | None = None
    ):
        self.taxonomy = taxonomy
        self.reference = reference
        self.on_statistics = on_statistics
        self.pending: list[Paper] = []
        self.pool: Pool | None = None
        self.fed = 0

    def feed(self, papers: Iterable[Paper]) -> None:
        before = len(self.pending)
        self.pending.extend(papers)
        self.fed += len(self.pending) - before
        if self.pool is None:
            if len(self.pending) < PARALLEL_MIN or worker_count() < 2:
                return
            self.pool = Pool(self.taxonomy, worker_count())
        start = 0
        chunk = _pool.CHUNK
        while len(self.pending) - start >= chunk:
            self.pool.submit(self.pending[start : start + chunk])
            start += chunk
        del self.pending[:start]

    def forget(self, ids: Iterable[str]) -> None:
        """Leave out papers fed that the corpus no longer has (a load merged them into others):
        they are not ranked, and their terms count in no statistics, as if never fed (re-extracting
        the whole corpus without them cost a load as much CPU again as its extraction)."""
        gone = set(ids)
        if not gone:
            return
        self.pending = [paper for paper in self.pending if paper[0] not in gone]
        self.fed -= len(gone)
        if self.pool is not None:
            self.pool.forget(gone)  # (those it was given: taken back once their counts are in)

    def ranked(self, stored: Stored | None = None) -> Iterator[list[tuple[str, list[Keyword]]]]:
        """Every fed paper's ranked keywords, in chunks; `stored` holds the papers whose title
        is no longer the one fed and the corpus's author keywords (see `Stored`)."""
        stored = stored or Stored()
        if self.pool is None:
            with paused_gc():
                share = Extraction(self.taxonomy, io.BytesIO())
                share.extract(self.pending)
                self.pending = []
                in_order = in_order_needed(share.spilled, len(share.df))  # (without `fork`, any corpus is here)
                df, n, meanings = merge_counts([share.counts(in_order)], in_order, self.reference)
                if self.on_statistics is not None:
                    self.on_statistics(df, n, meanings)
                yield list(share.ranked(df, n, meanings, stored))
            return
        if self.pending:
            self.pool.submit(self.pending)
            self.pending = []
        yield from self.pool.finish(stored, self.reference, self.on_statistics)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def __enter__(self) -> CorpusRanking:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def rank_all(
    papers: Iterable[Paper], taxonomy: Taxonomy, author_keywords: Mapping[str, Iterable[str]] | None = None
) -> dict[str, list[Keyword]]:
    """Every paper's ranked keywords by id, from `(id, abstract, title)` and the papers' author
    keywords (id -> labels) if any (for tests, measurements and small corpora)."""
    with CorpusRanking(taxonomy) as ranking:
        ranking.feed(papers)
        stored = author_choices(author_keywords.items()) if author_keywords else None
        return dict(sorted(pair for chunk in ranking.ranked(stored) for pair in chunk))


def author_choices(
    papers: Iterable[tuple[str, Iterable[str]]], titles: Mapping[str, str | None] | None = None
) -> Stored:
    """What ranking needs of the corpus's author keywords, from each paper's (id, labels): the
    papers choosing each key, and each paper's own keys (which its ranking leaves out). Every key
    is kept, even one a single paper chose: dropping those would make a paper's own choice decide
    whether it sees another paper's."""
    own = {pid: tuple(sorted({key for label in labels for key in author_keys(label)})) for pid, labels in papers}
    chosen = Counter(key for keys in own.values() for key in keys)
    return Stored(titles or {}, dict(chosen), {pid: keys for pid, keys in own.items() if keys})
