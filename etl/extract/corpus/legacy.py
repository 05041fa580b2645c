"""Keywords for a whole corpus in bounded memory, spread over the CPU cores; pure (no database).

Two passes over the corpus. *Extraction* reads each abstract once (`extract_terms`), counts
document frequencies and the acronyms the corpus defines, and spills the paper's terms to an
unnamed temporary file. *Ranking* reads the spill back and scores each paper against the final
counts (`rank_keywords`), merging phrases that are defined acronyms. Memory holds one chunk of
papers and at most `COUNTS_IN_MEMORY` counts per process (more are spilled as sorted runs),
never the texts or terms of the whole corpus.

A large corpus is shared among one forked worker per core. Papers are fed as the caller
produces them (a load feeds its first files while it starts up, then each file's new papers as
it saves them) and a feeder thread hands chunks to whichever worker is free, so extraction
overlaps the caller's own work. Once all are fed, each worker streams its counts (sorted by key
if any worker spilled or there are many keys, so the parent merges them as streams; otherwise
the parent adds them up in a dictionary), the parent keeps the keys more than one paper uses,
sends them back, and collects what each worker ranks from its own spill. The result does not
depend on how the papers were shared, nor on their order.
"""

from __future__ import annotations

import gc
import heapq
import io
import marshal
import multiprocessing
import os
import queue
import tempfile
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain, groupby
from operator import itemgetter
from multiprocessing.connection import Connection, wait
from typing import IO, Any

from ..keywords.legacy import Keyword, Terms, extract_terms, label_of, normalise_keyword, rank_keywords
from ..keywords.topics import Taxonomy

PARALLEL_MIN = 400  # papers from which the work is spread over worker processes
CHUNK = 200  # papers per message between the parent and a worker
COUNT_CHUNK = 20_000  # (key, count) pairs per message
RUN_RECORD = 1_000  # (key, count) pairs per record of a spilled run: merging reads one record of each run at a time
BACKLOG = 16  # chunks waiting for a free worker before `feed` waits too (about 4 MB of abstracts)
FACET_KEYWORDS = 10  # keyword labels copied to papers.keywords
COUNTS_IN_MEMORY = 100_000  # distinct keys a process counts in memory before it spills them (about 10 MB)
MERGE_IN_MEMORY = 200_000  # keys of all workers the parent adds up in a dictionary rather than as sorted streams

Paper = tuple[str, str]  # (paper id, abstract)
Emit = Callable[[str, list[Keyword]], Any]
# Acronyms the corpus defines: normalised short form -> {normalised long form: label}.
Meanings = dict[str, dict[str, str]]


class Extraction:
    """One process's share of the corpus: its document frequencies and defined acronyms in
    memory, its papers' terms spilled to `spill`."""

    def __init__(self, taxonomy: Taxonomy, spill: IO[bytes]):
        self.taxonomy = taxonomy
        self.spill = spill
        self.df: Counter[str] = Counter()
        self.runs: list[IO[bytes]] = []  # counts spilled when `df` grew too large, each sorted by key
        self.n = 0
        self.meanings: Meanings = {}

    def extract(self, papers: Iterable[Paper]) -> None:
        df, meanings = self.df, self.meanings
        for pid, abstract in papers:
            terms = extract_terms(abstract, self.taxonomy)
            df.update(terms.document_keys())  # (counted in C)
            for key, (long, short, _) in terms.acronyms.items():
                _add_meaning(meanings, normalise_keyword(short), key, label_of(long.split()))
            _write_record(self.spill, (pid, terms.methods, terms.acronyms, terms.phrases, terms.topics))
            self.n += 1
            if len(df) >= COUNTS_IN_MEMORY:
                self._spill_counts()
                df = self.df

    def _spill_counts(self) -> None:
        run = tempfile.TemporaryFile(buffering=1 << 16, prefix="paperdb-counts-")  # unnamed; many may be open at once
        pairs = sorted(self.df.items())
        for start in range(0, len(pairs), RUN_RECORD):
            _write_record(run, pairs[start : start + RUN_RECORD])
        self.runs.append(run)
        self.df = Counter()

    @property
    def spilled(self) -> bool:
        return bool(self.runs)

    def counts(self, in_order: bool = True) -> tuple[int, Meanings, Iterator[tuple[str, int]]]:
        """(papers, defined acronyms, (key, papers using it)): sorted by key if `in_order` (to be
        merged as streams; spilled counts always are), else in the order counted."""
        if in_order or self.spilled:
            return self.n, self.meanings, self._sorted_counts()
        pairs, self.df = self.df.items(), Counter()
        return self.n, self.meanings, iter(pairs)

    def _sorted_counts(self) -> Iterator[tuple[str, int]]:
        current = sorted(self.df.items())
        self.df = Counter()
        streams = [chain.from_iterable(_read_records(run)) for run in self.runs] + [iter(current)]
        yield from _add_up(heapq.merge(*streams, key=itemgetter(0)))
        for run in self.runs:
            run.close()
        self.runs = []

    def ranked(self, df: dict[str, int], n: int, meanings: Meanings) -> Iterator[tuple[str, list[Keyword]]]:
        """Each spilled paper's keywords, ranked against the corpus counts."""
        for pid, methods, acronyms, phrases, topics in _read_records(self.spill):
            ranked = rank_keywords(Terms(methods, acronyms, phrases, topics), df, n)
            yield pid, merge_acronym_uses(ranked, meanings)


def _add_meaning(meanings: Meanings, short: str, key: str, label: str) -> None:
    known = meanings.setdefault(short, {})
    if key not in known or label < known[key]:  # the same label whichever paper came first
        known[key] = label


def merge_counts(
    parts: Iterable[tuple[int, Meanings, Iterable[tuple[str, int]]]], in_order: bool = True
) -> tuple[dict[str, int], int, Meanings]:
    """Add up the counts of several shares, each `(papers, acronyms, (key, count))`, keeping only
    keys more than one paper uses (ranking reads a missing key as one paper: the paper's own).
    With `in_order` the pairs come sorted by key and are merged as streams, in bounded memory;
    otherwise (for at most `MERGE_IN_MEMORY` keys in all) they are added up in one dictionary."""
    n = 0
    meanings: Meanings = {}
    streams = []
    for part_n, part_meanings, pairs in parts:
        n += part_n
        for short, keys in part_meanings.items():
            for key, label in keys.items():
                _add_meaning(meanings, short, key, label)
        streams.append(pairs)
    if in_order:
        df = {key: count for key, count in _add_up(heapq.merge(*streams, key=itemgetter(0))) if count > 1}
        return df, n, meanings
    total: dict[str, int] = {}
    get = total.get
    for pairs in streams:
        for key, count in pairs:
            total[key] = get(key, 0) + count
    return {key: count for key, count in total.items() if count > 1}, n, meanings


def _in_order(spilled: bool, keys: int) -> bool:
    """Whether counts must be merged as sorted streams (bounded memory) rather than added up in
    one dictionary: when some were spilled, or there are more than `MERGE_IN_MEMORY` keys."""
    return spilled or keys > MERGE_IN_MEMORY


def _add_up(pairs: Iterable[tuple[str, int]]) -> Iterator[tuple[str, int]]:
    """Sum the counts of equal keys in a stream sorted by key."""
    for key, group in groupby(pairs, key=itemgetter(0)):
        yield key, sum(count for _, count in group)


def _write_record(fh: IO[bytes], value: object) -> None:
    """Append `value` to a spill file: its length, then its marshal form."""
    record = marshal.dumps(value)
    fh.write(len(record).to_bytes(4, "little"))
    fh.write(record)


def _read_records(fh: IO[bytes]) -> Iterator:
    """Every value of a spill file, from the start."""
    fh.flush()
    fh.seek(0)
    while size := fh.read(4):
        yield marshal.loads(fh.read(int.from_bytes(size, "little")))


def merge_acronym_uses(ranked: list[Keyword], meanings: Meanings) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        targets = meanings.get(k.normalised) if k.kind == "phrase" else None
        if targets and len(targets) == 1:
            ((key, label),) = targets.items()
            if key in present:
                continue
            k = Keyword(key, label, "acronym", k.score, (k.label,))
            present.add(key)
        merged.append(k)
    return merged


def facet_arrays(ranked: list[Keyword]) -> tuple[list[str], list[str]]:
    """(keyword labels, topic names) of one paper, best first, each once (the `distinct_array`
    facet counts on that), for papers.keywords and .topics."""
    labels = list(dict.fromkeys(k.label for k in ranked if k.kind != "topic"))[:FACET_KEYWORDS]
    topics = list(dict.fromkeys(k.label for k in ranked if k.kind == "topic"))
    return labels, topics


def _pair(pid: str, ranked: list[Keyword]) -> tuple[str, list[Keyword]]:
    return pid, ranked


class CorpusRanking:
    """Rank a corpus that arrives in pieces: `feed` papers as they come, then iterate `ranked()`
    once all are in. From `PARALLEL_MIN` papers on, worker processes start and extract while the
    caller goes on with its own work. `ranked()` yields lists of `emit(id, ranked keywords)`
    (computed where the paper was ranked, so a worker can shape database rows) in no particular
    order. Use it as a context manager: leaving stops the workers, whatever happened."""

    def __init__(self, taxonomy: Taxonomy, emit: Emit = _pair):
        self.taxonomy, self.emit = taxonomy, emit
        self.pending: list[Paper] = []
        self.pool: _Pool | None = None
        self.fed = 0

    def feed(self, papers: Iterable[Paper]) -> None:
        before = len(self.pending)
        self.pending.extend(papers)
        self.fed += len(self.pending) - before
        if self.pool is None:
            if len(self.pending) < PARALLEL_MIN or worker_count() < 2:
                return
            self.pool = _Pool(self.taxonomy, self.emit, worker_count())
        start = 0
        while len(self.pending) - start >= CHUNK:
            self.pool.submit(self.pending[start : start + CHUNK])
            start += CHUNK
        del self.pending[:start]

    def ranked(self) -> Iterator[list]:
        if self.pool is None:
            with paused_gc():
                share = Extraction(self.taxonomy, io.BytesIO())
                share.extract(self.pending)
                self.pending = []
                in_order = _in_order(share.spilled, len(share.df))  # (without `fork`, any corpus is here)
                df, n, meanings = merge_counts([share.counts(in_order)], in_order)
                yield [self.emit(pid, ranked) for pid, ranked in share.ranked(df, n, meanings)]
            return
        if self.pending:
            self.pool.submit(self.pending)
            self.pending = []
        yield from self.pool.finish()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    def __enter__(self) -> CorpusRanking:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def rank_all(papers: Iterable[Paper], taxonomy: Taxonomy) -> dict[str, list[Keyword]]:
    """Every paper's ranked keywords by id (for tests and small corpora)."""
    with CorpusRanking(taxonomy) as ranking:
        ranking.feed(papers)
        return dict(sorted(pair for chunk in ranking.ranked() for pair in chunk))


def worker_count() -> int:
    """Worker processes for a large corpus: one per core (at most 8), none without `fork`."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


# --- worker processes ---------------------------------------------------------------------------


def _worker(pipe: Connection, parent_ends: list[Connection], taxonomy: Taxonomy, emit: Emit) -> None:
    """Extract the chunks the parent sends until `None`, report the counts, receive the corpus
    totals, then send back what `emit` makes of each ranked paper, in chunks, and `done`."""
    for end in parent_ends:  # copies inherited by the fork: if the parent dies, the pipe must close
        end.close()
    try:
        gc.disable()
        with tempfile.TemporaryFile(buffering=1 << 20, prefix="paperdb-terms-") as spill:  # unnamed: gone on any exit
            share = Extraction(taxonomy, spill)
            while (chunk := pipe.recv()) is not None:
                share.extract(chunk)
                pipe.send(("ready",))
            pipe.send(("counts", share.spilled, len(share.df)))
            in_order = pipe.recv()  # whether the parent merges the workers' counts as sorted streams
            n, meanings, pairs = share.counts(in_order)
            pipe.send(("meanings", n, meanings))
            batch = []
            for pair in pairs:  # in chunks, as the parent merges them
                batch.append(pair)
                if len(batch) == COUNT_CHUNK:
                    pipe.send(("keys", batch))
                    batch = []
            pipe.send(("keys", batch))
            pipe.send(("keys-done",))
            df, n, meanings = pipe.recv()
            rows = []
            for pid, ranked in share.ranked(df, n, meanings):
                rows.append(emit(pid, ranked))
                if len(rows) == CHUNK:
                    pipe.send(("rows", rows))
                    rows = []
            pipe.send(("rows", rows))
            pipe.send(("done",))
    except BaseException:
        try:
            pipe.send(("error", traceback.format_exc()))
        except OSError:  # the parent is gone too
            pass
    finally:
        pipe.close()


def _receive(pipe: Connection, *expected: str) -> tuple:
    try:
        message = pipe.recv()
    except EOFError:
        raise RuntimeError("a keyword worker process died") from None
    if message[0] == "error":
        raise RuntimeError(f"a keyword worker process failed:\n{message[1]}")
    if message[0] not in expected:
        raise RuntimeError(f"a keyword worker sent {message[0]!r}, not {' or '.join(expected)}")
    return message


def _received_keys(pipe: Connection) -> Iterator[tuple[str, int]]:
    while (message := _receive(pipe, "keys", "keys-done"))[0] == "keys":
        yield from message[1]


def _send(pipe: Connection, message: object) -> None:
    try:
        pipe.send(message)
    except OSError:  # the worker is gone; its last message may say why
        _receive(pipe, "ready", "counts", "meanings", "rows", "done")
        raise RuntimeError("a keyword worker process died") from None


class _Pool:
    """One forked worker per core. A feeder thread hands each submitted chunk to whichever worker
    is free, so `submit` returns at once unless `BACKLOG` chunks are already waiting."""

    def __init__(self, taxonomy: Taxonomy, emit: Emit, cores: int):
        context = multiprocessing.get_context("fork")
        self.pipes: list[Connection] = []
        self.processes = []
        self.chunks: queue.Queue = queue.Queue(maxsize=BACKLOG)
        self.error: BaseException | None = None
        try:
            for _ in range(cores):  # fork before the feeder thread exists
                parent, child = context.Pipe()
                process = context.Process(target=_worker, args=(child, [*self.pipes, parent], taxonomy, emit), daemon=True)
                process.start()
                child.close()
                self.pipes.append(parent)
                self.processes.append(process)
        except BaseException:
            self.close()
            raise
        self.feeder = threading.Thread(target=self._feed, name="paperdb-keyword-feeder", daemon=True)
        self.feeder.start()

    def submit(self, chunk: list[Paper]) -> None:
        while True:
            if self.error is not None:
                raise self.error
            try:
                self.chunks.put(chunk, timeout=0.1)
                return
            except queue.Full:
                continue

    def _feed(self) -> None:
        try:
            free = list(self.pipes)
            while (chunk := self.chunks.get()) is not None:
                while not free:
                    for pipe in wait(self.pipes):
                        _receive(pipe, "ready")
                        free.append(pipe)
                _send(free.pop(), chunk)
        except BaseException as exc:  # reported to the main thread by submit() and finish()
            self.error = exc

    def finish(self) -> Iterator[list]:
        """End the extraction, share the corpus counts, and yield the workers' ranked rows."""
        self.submit(None)  # type: ignore[arg-type]
        self.feeder.join()
        if self.error is not None:
            raise self.error
        pipes = self.pipes
        for pipe in pipes:
            _send(pipe, None)
        totals = self._merged_counts()
        for pipe in pipes:
            _send(pipe, totals)
        del totals
        busy = set(pipes)
        while busy:
            for pipe in wait(list(busy)):
                message = _receive(pipe, "rows", "done")
                if message[0] == "done":
                    busy.discard(pipe)
                elif message[1]:
                    yield message[1]

    def _merged_counts(self) -> tuple[dict[str, int], int, Meanings]:
        """The workers' counts added up: as sorted streams if any worker spilled or there are
        many keys, else in one dictionary (no sorting, no heap)."""
        spilled, keys = False, 0
        for pipe in self.pipes:
            while (message := _receive(pipe, "ready", "counts"))[0] == "ready":
                pass
            spilled, keys = spilled or message[1], keys + message[2]
        in_order = _in_order(spilled, keys)
        parts = []
        for pipe in self.pipes:
            _send(pipe, in_order)
        for pipe in self.pipes:
            message = _receive(pipe, "meanings")
            parts.append((message[1], message[2], _received_keys(pipe)))
        return merge_counts(parts, in_order)

    def close(self) -> None:
        for process in self.processes:
            if process.is_alive():
                process.terminate()
            process.join()
        feeder = getattr(self, "feeder", None)
        if feeder is not None and feeder.is_alive():  # it wakes on the closed pipes or on this
            try:
                self.chunks.put_nowait(None)
            except queue.Full:
                pass
            feeder.join(timeout=5)
        for pipe in self.pipes:
            pipe.close()


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector: extraction builds many small containers that hold no
    reference cycles, and collecting them over and over costs a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
