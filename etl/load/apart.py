"""Work done in a short-lived process of its own, forked from the load: what it imports and
holds goes with it when it ends (a small load's keyword ranking: the rules, about 25 MB, issue 41;
their long word lists read there compactly, `compact_words`).

A small load forks it before its work is known (`start_ahead`, `etl.load.ahead`): it prepares at
once (imports the rules, reads their tables: 0.29 s of the 0.42 s of CPU it took in the
benchmark's edit) while the load finishes settling its papers on the other core, then waits for
the work, sent to it pickled (issue 41: the edit waited 0.44-0.51 s for its ranking)."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from ..errors import PaperdbError
from .memory import trim_heap

T = TypeVar("T")
P = TypeVar("P")


class Forked(Generic[P]):
    """A process forked now that runs `prepare()` at once and holds its result; `run(then)` sends
    it `then` (pickled: a function of a module or a `partial` of one) and returns `then()`
    (`run()`: what `prepare()` returned), or raises its error (or `prepare`'s) in the load;
    `cancel()` ends it unused. The child never touches what the load holds open (its
    database connection): whatever happens, it ends with `os._exit`; a load stopped while it works
    ends it, and so does a load that ends without sending it work (it reads the end of its pipe)."""

    def __init__(self, prepare: Callable[[], P]):
        trim_heap()  # (free pages the child would share, then copy as it allocates there)
        work_in, self._work = os.pipe()
        self._result, result_out = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # pragma: no cover  (the child: coverage does not follow it)
            try:
                os.close(self._work)
                os.close(self._result)
                _child(prepare, work_in, result_out)
            finally:
                os._exit(1)
        os.close(work_in)
        os.close(result_out)

    def run(self, then: Callable[[], T] | None = None) -> Any:
        import pickle  # (here: a load that ranks no keywords, a removal's, never needs it: 0.3 MB)

        try:
            try:
                sent = pickle.dumps(then, pickle.HIGHEST_PROTOCOL)
            except Exception as exc:
                raise _Unsent from exc
            try:
                with os.fdopen(self._work, "wb") as out:
                    out.write(sent)
            except BrokenPipeError:  # (it ended before reading it: said below)
                pass
            with os.fdopen(self._result, "rb") as into:
                data = into.read()
        except BaseException:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            raise
        _, status = os.waitpid(self.pid, 0)
        try:
            done, value = pickle.loads(data)
        except Exception:  # (none, or cut short: the process was killed or ended on its own)
            code = os.waitstatus_to_exitcode(status)
            how = f"signal {-code}" if code < 0 else f"exit code {code}"
            raise PaperdbError(f"the keyword ranking's process ended without a result ({how})") from None
        if not done:
            raise value
        return value

    def cancel(self) -> None:
        """End the process unused (its work never sent)."""
        for fd in (self._work, self._result):
            os.close(fd)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)


class _Unsent(Exception):
    """The work could not be pickled for the process (which is ended)."""


_ahead: list[Forked] = []  # (the process started ahead of its work: one at most)


def start_ahead(prepare: Callable[[], object]) -> None:
    """Fork the process the next `in_own_process` runs its work in, now: it runs `prepare()`
    (which must leave in it what the work then finds ready) and waits."""
    if not _ahead:
        _ahead.append(Forked(prepare))


def cancel_ahead() -> None:
    """End the process started ahead, if any, unused."""
    while _ahead:
        _ahead.pop().cancel()


def in_own_process(work: Callable[[], T]) -> T:
    """`work()`, run in a forked process (the one started ahead, if any: `work` then goes to it
    pickled); its result (or its error) comes back pickled."""
    if _ahead:
        try:
            return cast("T", _ahead.pop().run(work))
        except _Unsent:  # (work that cannot travel, such as a closure: forked now, as it is)
            pass
    return cast("T", Forked(work).run())


def warm_ranking() -> None:
    """(In a process started ahead of a small load's ranking, `etl.load.incremental._rank`.) The
    keyword rules imported and the tables a ranking reads when made: what `_rank` then finds."""
    from .compact_words import hold_tables
    from .feed import keyword_ranking

    keyword_ranking().close()
    hold_tables()  # (what the rules made at their import, compactly; SQLite's memory capped)
    trim_heap()


def _child(prepare: Callable[[], Any], work_in: int, result_out: int) -> None:  # pragma: no cover
    """(In the forked process.) Prepare, wait for the work, write back its result or its error."""
    import pickle

    from .compact_words import hold_compactly  # (here: only the process uses it, issue 41)

    status = 1
    try:
        hold_compactly()  # (a few papers' ranking: the long word lists it reads, compactly)
        prepared: tuple[bool, Any] = (True, prepare())
    except BaseException as exc:  # (any error is the load's: it is raised there, once work is sent)
        prepared = (False, exc)
    with os.fdopen(work_in, "rb") as into:
        sent = into.read()
    if not sent:  # (the load went on without it)
        os._exit(0)
    try:
        then = pickle.loads(sent)
        done, value = prepared
        if not done:
            raise value
        data, status = pickle.dumps((True, value if then is None else then()), pickle.HIGHEST_PROTOCOL), 0
    except BaseException as exc:
        data = _pickled_error(exc)
    with os.fdopen(result_out, "wb") as out:
        out.write(data)
    os._exit(status)


def _pickled_error(exc: BaseException) -> bytes:
    import pickle

    try:
        data = pickle.dumps((False, exc))
        pickle.loads(data)  # (an error whose class takes other arguments cannot be made again)
        return data
    except Exception:  # (an error that cannot travel: its words, one line)
        return pickle.dumps((False, PaperdbError(f"{type(exc).__name__}: {exc}")))
