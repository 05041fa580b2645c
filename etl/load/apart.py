"""Work done in a short-lived process of its own, forked from the load: what it imports and
holds goes with it when it ends (a small load's keyword ranking: the rules, about 25 MB, issue 41;
their long word lists read there compactly, `compact_words`)."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import TypeVar

from ..errors import PaperdbError
from .compact_words import hold_compactly
from .memory import trim_heap

T = TypeVar("T")


def in_own_process(work: Callable[[], T]) -> T:
    """`work()`, run in a forked process; its result (or its error) comes back pickled. The child
    never touches what the load holds open (its database connection): whatever happens, it ends
    with `os._exit`; and a load stopped while it works ends it."""
    import pickle  # (here: a load that ranks no keywords, a removal's, never needs it: 0.3 MB)

    trim_heap()  # (free pages the child would share, then copy as it allocates there)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover  (the child: coverage does not follow it)
        status = 1
        try:
            os.close(read)
            try:
                hold_compactly()  # (a few papers' ranking: the long word lists it reads, compactly)
                data, status = pickle.dumps((True, work()), pickle.HIGHEST_PROTOCOL), 0
            except BaseException as exc:  # (any error is the load's: it is raised there)
                data = _pickled_error(exc)
            with os.fdopen(write, "wb") as out:
                out.write(data)
        finally:
            os._exit(status)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as into:
            data = into.read()
    except BaseException:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    _, status = os.waitpid(pid, 0)
    try:
        done, value = pickle.loads(data)
    except Exception:  # (none, or cut short: the process was killed or ended on its own)
        code = os.waitstatus_to_exitcode(status)
        how = f"signal {-code}" if code < 0 else f"exit code {code}"
        raise PaperdbError(f"the keyword ranking's process ended without a result ({how})") from None
    if not done:
        raise value
    return value


def _pickled_error(exc: BaseException) -> bytes:
    import pickle

    try:
        data = pickle.dumps((False, exc))
        pickle.loads(data)  # (an error whose class takes other arguments cannot be made again)
        return data
    except Exception:  # (an error that cannot travel: its words, one line)
        return pickle.dumps((False, PaperdbError(f"{type(exc).__name__}: {exc}")))
