"""A large computation of similar papers on two cores, with a forked helper process. The papers'
terms: a batch is gathered (`WordTerms.parts`, then `Gathering`) by the helper while it has fewer than
`HELPER_IN_FLIGHT` batches to finish, else by the load, and the batches come back in their order,
each as `Gathering.take` gives it (the helper names every term of its batch: it does not know which
the load has kept so far). The lists: the helper, forked once the vectors are made (it shares
them), selects them block by block (`select`) while the load writes the blocks before; the load
selects the last block not yet given whenever it would wait for the next."""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager

import numpy as np

from ..workers import result_of, settle_in
from .blocks import Gathering
from .counting import Known, Postings, none_known
from .select import Rows, Selected, Vectors, select
from .words import Aliases, WordTerms

HELPER_MIN = 20_000  # papers from which a computation takes a helper (its fork and its pickles: about 0.3 s)
# The load gives the helper the next batch while the helper has fewer than this many it has not
# finished, else gathers it itself: each takes the share its time allows (the load also reads the
# papers, counts and spills every batch). A fixed share (two batches of three, the load then
# waiting for both) left one process idle while the other worked: on the catalogue the helper's
# 7.6 s of CPU against the load's 6.6 (branch sim37).
HELPER_IN_FLIGHT = 2
# Batches gathered or being gathered ahead of the one the load counts next (each about 2-3 MB of
# texts sent or postings back): bounds what the load holds when the helper falls behind.
GATHERED_AHEAD = 4
ORPHAN_POLL_S = 1.0  # how often the helper looks whether the load that forked it is still there

Paper = tuple[str | None, str | None, list[str]]  # title, abstract, its keywords' merge keys
Gathered = tuple[Postings, dict[int, str]]
Tidy = Callable[[], None]

# The helper is given the next block of lists while it has fewer than this many it has not finished
# (each about 2 MB); the load, which writes every block, selects the last block not given whenever
# it would wait for the next (selecting was the helper's alone, 5.1 s of CPU at the catalogue
# against the load's 3.9 s of writing, and the load waited for the first block, branch sim18).
SELECTED_IN_FLIGHT = 2
# The load selects blocks itself only while every paper's topic vectors are this small (bytes): a
# block's candidates are spread over the corpus, and the load's RSS took the mapped pages they read
# (at 1,000,000 papers the whole 200 MB file, branch simmem24).
OWN_SELECTION_MAX = 32 * 2**20

_terms: WordTerms | None = None  # (the helper's, made when it starts)
_vectors: tuple[Vectors, Rows] | None = None  # (what the helper selects from, inherited)
_tidy: Tidy = lambda: None  # noqa: E731  (the helper's, after each task)


def helps(papers: int) -> bool:
    """Whether a computation over `papers` papers takes a helper: a large one, on two cores or
    more, where processes can be forked (the caller's `Tidy` then makes it one)."""
    return papers >= HELPER_MIN and (os.cpu_count() or 1) >= 2 and "fork" in multiprocessing.get_all_start_methods()


def gathered(batches: Iterable[list[Paper]], aliases: Aliases, known: Known, helper: Tidy | None) -> Iterator[Gathered]:
    """Each batch's postings and the names of its terms not `known` (at least), in the
    batches' order; with a `helper` (what it runs after each batch to give back the memory it
    freed), a batch is gathered in a helper process while it has fewer than `HELPER_IN_FLIGHT`
    batches not finished, else by the caller (the postings are the same whoever gathers them)."""
    terms = WordTerms(aliases)
    if helper is None:
        for batch in batches:
            yield _gather(terms, batch, known)
        return
    with _helper(aliases, None, helper) as executor:
        ahead: deque[Future | Gathered] = deque()  # (in the batches' order)
        for batch in batches:
            if sum(isinstance(item, Future) and not item.done() for item in ahead) < HELPER_IN_FLIGHT:
                ahead.append(executor.submit(_helped, batch))
            else:
                ahead.append(_gather(terms, batch, known))
            while ahead and (len(ahead) > GATHERED_AHEAD or _ready(ahead[0])):
                yield _taken(ahead.popleft())
        while ahead:
            yield _taken(ahead.popleft())


def _ready(item: Future | Gathered | Selected) -> bool:
    return not isinstance(item, Future) or item.done()


def _taken(item: Future | Gathered | Selected):
    return _result(item) if isinstance(item, Future) else item


def selections(vectors: Vectors, against: Rows, papers: int, block: int, helper: Tidy | None) -> Iterator[Selected]:
    """The lists of every paper (`select`), `block` rows at a time, in row order; with a `helper`
    (as `gathered`'s), the blocks are selected by a helper process, given it in row order while it
    has fewer than `SELECTED_IN_FLIGHT` to finish, while the caller writes the blocks before; when
    the caller would wait for the next block, it selects the last block not yet given instead (the
    lists are the same whoever selects them)."""
    parts = [(start, min(start + block, papers)) for start in range(0, papers, block)]
    if helper is None:
        for start, end in parts:
            yield select(vectors, np.arange(start, end), against)
        return
    with _helper(None, (vectors, against), helper) as executor:
        found: dict[int, Future | Selected] = {}  # (by block, until yielded)
        given, left, yielded = 0, len(parts), 0  # (the blocks not started: given to left)
        own = vectors.topics.nbytes <= OWN_SELECTION_MAX
        while yielded < len(parts):
            while given < left and (
                sum(not found[i].done() for i in range(yielded, given)) < SELECTED_IN_FLIGHT  # type: ignore[union-attr]
                or (given == yielded and not own)  # (the next block the helper's, whatever is in flight)
            ):
                found[given] = executor.submit(_select, *parts[given])
                given += 1
            if (yielded in found and _ready(found[yielded])) or given == left or not own:
                yield _taken(found.pop(yielded))
                yielded += 1
            else:  # (the helper busy with the next block: the caller selects the last one meanwhile)
                left -= 1
                found[left] = select(vectors, np.arange(*parts[left]), against)
                helper()  # (the pages it read, given back)


@contextmanager
def _helper(aliases: Aliases | None, vectors: tuple[Vectors, Rows] | None, tidy: Tidy) -> Iterator[ProcessPoolExecutor]:
    """An executor of one helper process, forked at its first task, stopped (its tasks not yet
    started dropped) when the block ends. The load's objects are frozen meanwhile: its garbage
    collection would otherwise write to every object it holds, so every page the helper shares
    would be copied."""
    gc.freeze()
    executor = None
    try:
        executor = ProcessPoolExecutor(1, multiprocessing.get_context("fork"), _start, (aliases, vectors, tidy))
        yield executor
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()


def _gather(terms: WordTerms, batch: list[Paper], known: Known) -> Gathered:
    gathering = Gathering(known)
    for title, abstract, keywords in batch:
        gathering.add(*terms.parts(title, abstract, keywords))
    return gathering.take()


def _start(aliases: Aliases | None, vectors: tuple[Vectors, Rows] | None, tidy: Tidy) -> None:
    """In the helper: its word terms or the vectors it selects from, then what every forked worker
    does first (`workers.settle_in`: Ctrl-C is the load's to handle, no cyclic garbage collection,
    an end when the load is gone)."""
    global _terms, _vectors, _tidy
    _terms, _vectors, _tidy = (None if aliases is None else WordTerms(aliases)), vectors, tidy
    settle_in(ORPHAN_POLL_S)


def _helped(batch: list[Paper]) -> Gathered:
    assert _terms is not None
    gathered = _gather(_terms, batch, none_known)
    _tidy()
    return gathered


def _select(start: int, end: int) -> Selected:
    assert _vectors is not None
    vectors, against = _vectors
    selected = select(vectors, np.arange(start, end), against)
    _tidy()
    return selected


def _result(future: Future):
    """The helper's batch; its failure as one `WorkerError` line (its traceback in `details`)."""
    return result_of(future, "the similar papers' helper process")
