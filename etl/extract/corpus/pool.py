"""Worker processes for a large corpus, on `concurrent.futures`: one forked worker per core.

Two passes. Extraction: each chunk of papers goes to whichever worker is free, which returns the
chunk's terms (as spill records) and counts; the parent keeps the terms in its spill file and
adds up the counts. Ranking: once the corpus counts are known, a second set of workers, forked
with them and the spill file (nothing to send but where each chunk is), ranks the spilled chunks,
each read by the worker that ranks it. At most `BACKLOG` chunks wait beyond one per worker, in
either pass, so memory holds a few chunks whatever the corpus size.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..keywords import Keyword, Taxonomy
from ..workers import result_of, settle_in
from .counts import (
    Counts,
    Extraction,
    Meanings,
    Paper,
    Reference,
    Retitled,
    StatisticsSink,
    in_order_needed,
    merge_counts,
    rank_spilled,
    read_records,
)
from .frequencies import KeyCounts

# `multiprocessing` and `concurrent.futures` (with `subprocess`, `socket`, `logging`: 1.6 MB of
# objects) are imported when a pool is made, not with the rules: a small load's ranking process
# imports the rules and never makes one (issue 41: it then wrote fewer of the loader's pages).
if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

CHUNK = 200  # papers per task
BACKLOG = 16  # tasks waiting beyond one per worker before the parent waits too (about 4 MB of abstracts)
SEPARATOR = "\0"  # between the ids of a chunk's papers (`Pool.ids`; no id holds it)
ORPHAN_POLL_S = 0.2  # how often a worker checks that the process that started it is still there

# What a worker process works with: the taxonomy, set when it starts, and the corpus counts of a
# ranking worker with the spill file's descriptor, inherited by its fork (set in the loading process
# only while its workers are forked, at the first task: not kept beside them, as the executor's start
# arguments would be).
_taxonomy: Taxonomy | None = None
_corpus: tuple[KeyCounts, int, Meanings, Retitled, int] | None = None


def worker_count() -> int:
    """Worker processes for a large corpus: one per core (at most 8), none without `fork`."""
    import multiprocessing  # (here: see above)

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


def _start_worker(taxonomy: Taxonomy) -> None:
    """In a new worker: what it works with (inherited by the fork, not sent), then what every
    forked worker does first (`workers.settle_in`)."""
    global _taxonomy
    _taxonomy = taxonomy
    settle_in(ORPHAN_POLL_S)


def _extract(
    papers: list[Paper],
) -> tuple[bytes, int, Meanings, list[tuple[str, int]], dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    """A chunk's spill records and counts: (records, papers, acronyms, (key, papers using it),
    the labels of the acronyms' long forms ((key, label) -> papers), the definitions that spell no
    meaning ((short, long's key) -> papers))."""
    assert _taxonomy is not None
    spill = io.BytesIO()
    share = Extraction(_taxonomy, spill)
    share.extract(papers)
    n, meanings, pairs = share.counts(in_order=False)
    return spill.getvalue(), n, meanings, list(pairs), dict(share.labels), dict(share.others)


def _rank(place: tuple[int, int]) -> list[tuple[str, list[Keyword]]]:
    """The papers of a chunk's spill records (`(offset, size)` in the spill file, read here from the
    descriptor the worker inherited), ranked against the corpus counts."""
    assert _corpus is not None
    assert _taxonomy is not None
    df, n, meanings, retitled, spill = _corpus
    offset, size = place
    return list(rank_spilled(io.BytesIO(os.pread(spill, size, offset)), df, n, meanings, retitled, _taxonomy))


def _result(future: Future):
    """A task's result; a worker's failure as one `WorkerError` line (`workers.result_of`)."""
    return result_of(future, "a keyword worker process")


class Pool:
    """One forked worker per core: `submit` chunks of papers as they come, then `finish`."""

    def __init__(self, taxonomy: Taxonomy, cores: int):
        self.taxonomy, self.cores = taxonomy, cores
        self.executor = self._executor()
        self.extracting: deque[Future] = deque()
        self.spill = tempfile.TemporaryFile(buffering=1 << 20, prefix="paperdb-terms-")  # noqa: SIM115 (closed in close(); unnamed)
        self.chunks: list[tuple[int, int]] = []  # (offset, size) of each chunk's records in `spill`
        # the papers of each chunk, in the order of `chunks`, as one string (`SEPARATOR` between two):
        # kept until the ranking ends, 17 bytes a paper where a tuple of id strings took about 80
        self.ids: list[str] = []
        self.gone: set[str] = set()  # papers given that are to be left out (`forget`)
        self.counts = Counts()

    def _executor(self) -> ProcessPoolExecutor:
        """Workers forked at the first task (all of them: `fork` workers are not started one by one)."""
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        context = multiprocessing.get_context("fork")
        return ProcessPoolExecutor(self.cores, context, _start_worker, (self.taxonomy,))

    def submit(self, chunk: list[Paper]) -> None:
        self.ids.append(SEPARATOR.join(pid for pid, _, _ in chunk))
        self.extracting.append(self.executor.submit(_extract, chunk))
        while self.extracting and (len(self.extracting) > self.cores + BACKLOG or self.extracting[0].done()):
            self._collect(self.extracting.popleft())  # (as soon as done: results wait in memory)

    def _collect(self, future: Future) -> None:
        records, n, meanings, pairs, labels, others = _result(future)
        self.chunks.append((self.spill.tell(), len(records)))
        self.spill.write(records)
        self.counts.add(n, meanings, pairs, labels, others)

    def forget(self, ids: set[str]) -> None:
        """Leave out papers given (see `CorpusRanking.forget`): once every chunk's counts are in."""
        self.gone |= ids

    def _records(self, index: int) -> list:
        offset, size = self.chunks[index]
        self.spill.seek(offset)
        return list(read_records(io.BytesIO(self.spill.read(size))))

    def finish(
        self, retitled: Retitled, reference: Reference | None = None, on_statistics: StatisticsSink | None = None
    ) -> Iterator[list]:
        """End the extraction, add up the corpus counts (with the `reference` statistics, if any),
        tell `on_statistics`, and yield the ranked papers of each chunk (with the titles that
        changed since they were fed, `retitled`)."""
        while self.extracting:
            self._collect(self.extracting.popleft())
        self.executor.shutdown()
        holding = [i for i, ids in enumerate(self.ids) if self.gone and not self.gone.isdisjoint(ids.split(SEPARATOR))]
        if holding:  # (the papers forgotten: their terms out of the counts)
            records = (record for i in range(len(self.chunks)) for record in self._records(i))
            self.counts.take_back([r for i in holding for r in self._records(i)], self.gone, records)
        in_order = in_order_needed(self.counts.spilled, len(self.counts.df))
        # (the shares' counts let go once merged, before the statistics are saved and the heap
        # trimmed: their acronyms and the labels of their long forms were held under the ranking)
        counts, self.counts = self.counts, Counts()
        df, n, meanings = merge_counts([counts.counts(in_order)], in_order, reference)
        del counts
        if on_statistics is not None:
            on_statistics(df, n, meanings)
        global _corpus
        self.executor = self._executor()
        self.spill.flush()  # (the workers read their chunks from the file: a task is where its chunk is)
        _corpus = (df, n, meanings, retitled, self.spill.fileno())  # the workers inherit the counts (51 bytes a key)
        del df
        ranking: deque[Future] = deque()
        try:
            for place in self.chunks:
                # (a chunk's records, 0.58 MB on the catalogue, were read here and sent: the tasks
                # waiting, up to 18, held about 10 MB of them in the loading process at the peak)
                ranking.append(self.executor.submit(_rank, place))
                _corpus = None  # (forked at the first task: let go here, not held through the ranking)
                if len(ranking) > self.cores + BACKLOG:
                    yield self._kept(_result(ranking.popleft()))
        finally:
            _corpus = None
        while ranking:
            yield self._kept(_result(ranking.popleft()))

    def _kept(self, ranked: list) -> list:
        return [pair for pair in ranked if pair[0] not in self.gone] if self.gone else ranked

    def close(self) -> None:
        """Stop the workers (the tasks not yet started are dropped) and wait for them."""
        self.executor.shutdown(wait=True, cancel_futures=True)
        self.spill.close()
