"""What a forked worker process of the extraction does first, and how its failure reaches the load."""

from __future__ import annotations

import gc
import os
import signal
import threading
import time
from typing import TYPE_CHECKING

from ..errors import PaperdbError, WorkerError

if TYPE_CHECKING:
    from concurrent.futures import Future


def settle_in(orphan_poll_s: float) -> None:
    """In a new worker: the default signal handling (Ctrl-C, sent to the whole process group, is
    the parent's to handle), no cyclic garbage collection (it would touch, and so copy, the pages
    the fork shares; extraction makes many small acyclic containers), and an end when the parent
    is gone (killed: nothing else would close the worker's queue), looked at every `orphan_poll_s`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    gc.disable()
    threading.Thread(target=_end_with_parent, args=(os.getppid(), orphan_poll_s), daemon=True).start()


def _end_with_parent(parent: int, poll_s: float) -> None:
    while os.getppid() == parent:
        time.sleep(poll_s)
    os._exit(1)


def result_of(future: Future, worker: str):
    """A task's result; the failure of the `worker` ("a keyword worker process") as one
    `WorkerError` line (its traceback in `details`)."""
    from concurrent.futures.process import BrokenProcessPool  # (a small load's ranking never imports it)

    try:
        return future.result()
    except BrokenProcessPool:
        raise WorkerError(f"{worker} died") from None
    except Exception as exc:
        text = str(exc) if isinstance(exc, PaperdbError) else f"{type(exc).__name__}: {exc}"
        line = text.splitlines()[0] if text.strip() else type(exc).__name__
        raise WorkerError(f"{worker} failed: {line}", str(exc.__cause__ or "")) from None
