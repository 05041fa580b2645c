"""Worker processes for a large corpus: one forked worker per core, fed chunks of papers by a
feeder thread, each extracting its share, reporting counts, and ranking its own spill."""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
import os
import queue
import signal
import tempfile
import threading
import traceback
from collections.abc import Iterator
from multiprocessing.connection import Connection, wait

from ...errors import PaperdbError, WorkerError
from ...iterables import chunks
from ..keywords import Taxonomy
from .counts import Extraction, Meanings, Paper, Reference, Retitled, StatisticsSink, in_order_needed, merge_counts

CHUNK = 200  # papers per message between the parent and a worker
COUNT_CHUNK = 20_000  # (key, count) pairs per message
BACKLOG = 16  # chunks waiting for a free worker before `feed` waits too (about 4 MB of abstracts)


def worker_count() -> int:
    """Worker processes for a large corpus: one per core (at most 8), none without `fork`."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return min(os.cpu_count() or 1, 8)


def _worker(pipe: Connection, parent_ends: list[Connection], taxonomy: Taxonomy) -> None:
    """Extract the chunks the parent sends until `None`, report the counts, receive the corpus
    totals, then send back each paper's ranked keywords, in chunks, and `done`."""
    for end in parent_ends:  # copies inherited by the fork: if the parent dies, the pipe must close
        end.close()
    # The parent's signal handlers are not the worker's: Ctrl-C (sent to the whole process
    # group) is the parent's to handle, and the parent's terminate() ends a worker quietly.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
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
            for batch in chunks(pairs, COUNT_CHUNK):  # in chunks, as the parent merges them
                pipe.send(("keys", batch))
            pipe.send(("keys-done",))
            df, n, meanings, retitled = pipe.recv()
            for rows in chunks(share.ranked(df, n, meanings, retitled), CHUNK):
                pipe.send(("rows", rows))
            pipe.send(("done",))
    except BaseException as exc:
        with contextlib.suppress(OSError):  # the parent may be gone too
            pipe.send(("error", _one_line(exc), traceback.format_exc()))
    finally:
        pipe.close()


def _one_line(exc: BaseException) -> str:
    """What went wrong in a worker, in one line: a paperdb error as it is, else its type and text."""
    text = str(exc) if isinstance(exc, PaperdbError) else f"{type(exc).__name__}: {exc}"
    return text.splitlines()[0] if text.strip() else type(exc).__name__


def _receive(pipe: Connection, *expected: str) -> tuple:
    try:
        message = pipe.recv()
    except EOFError:
        raise WorkerError("a keyword worker process died") from None
    if message[0] == "error":
        raise WorkerError(f"a keyword worker process failed: {message[1]}", message[2])
    if message[0] not in expected:
        raise WorkerError(f"a keyword worker sent {message[0]!r}, not {' or '.join(expected)}")
    return message


def _received_keys(pipe: Connection) -> Iterator[tuple[str, int]]:
    while (message := _receive(pipe, "keys", "keys-done"))[0] == "keys":
        yield from message[1]


def _send(pipe: Connection, message: object) -> None:
    try:
        pipe.send(message)
    except OSError:  # the worker is gone; its last message may say why
        _receive(pipe, "ready", "counts", "meanings", "rows", "done")
        raise WorkerError("a keyword worker process died") from None


class Pool:
    """One forked worker per core. A feeder thread hands each submitted chunk to whichever worker
    is free, so `submit` returns at once unless `BACKLOG` chunks are already waiting."""

    def __init__(self, taxonomy: Taxonomy, cores: int):
        context = multiprocessing.get_context("fork")
        self.pipes: list[Connection] = []
        self.processes = []
        self.chunks: queue.Queue = queue.Queue(maxsize=BACKLOG)
        self.error: BaseException | None = None
        try:
            for _ in range(cores):  # fork before the feeder thread exists
                parent, child = context.Pipe()
                process = context.Process(target=_worker, args=(child, [*self.pipes, parent], taxonomy), daemon=True)
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

    def finish(
        self, retitled: Retitled, reference: Reference | None = None, on_statistics: StatisticsSink | None = None
    ) -> Iterator[list]:
        """End the extraction, share the corpus counts (with the `reference` statistics, if
        any, and the titles that changed since they were fed), tell `on_statistics` while the
        workers rank, and yield the workers' ranked rows."""
        self.submit(None)  # type: ignore[arg-type]
        self.feeder.join()
        if self.error is not None:
            raise self.error
        pipes = self.pipes
        for pipe in pipes:
            _send(pipe, None)
        totals = (*self._merged_counts(reference), retitled)
        for pipe in pipes:
            _send(pipe, totals)
        if on_statistics is not None:
            on_statistics(*totals[:3])
        del totals
        busy = set(pipes)
        while busy:
            for pipe in wait(list(busy)):
                message = _receive(pipe, "rows", "done")
                if message[0] == "done":
                    busy.discard(pipe)
                elif message[1]:
                    yield message[1]

    def _merged_counts(self, reference: Reference | None) -> tuple[dict[str, int], int, Meanings]:
        """The workers' counts added up: as sorted streams if any worker spilled or there are
        many keys, else in one dictionary (no sorting, no heap)."""
        spilled, keys = False, 0
        for pipe in self.pipes:
            while (message := _receive(pipe, "ready", "counts"))[0] == "ready":
                pass
            spilled, keys = spilled or message[1], keys + message[2]
        in_order = in_order_needed(spilled, keys)
        parts = []
        for pipe in self.pipes:
            _send(pipe, in_order)
        for pipe in self.pipes:
            message = _receive(pipe, "meanings")
            parts.append((message[1], message[2], _received_keys(pipe)))
        return merge_counts(parts, in_order, reference)

    def close(self) -> None:
        for process in self.processes:
            if process.is_alive():
                process.terminate()
            process.join()
        feeder = getattr(self, "feeder", None)
        if feeder is not None and feeder.is_alive():  # it wakes on the closed pipes or on this
            with contextlib.suppress(queue.Full):
                self.chunks.put_nowait(None)
            feeder.join(timeout=5)
        for pipe in self.pipes:
            pipe.close()
