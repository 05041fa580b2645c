"""Running a command: its expected failures, and a signal that stops it, as one `Error:` line."""

from __future__ import annotations

import signal

import click

from ..errors import PaperdbError, one_line


def run(fn, db_file: str, *args, on_server_error: str | None = None, **kwargs):
    """Call `fn(db_file, ...)` once `db_file` is known to be a database file (or none yet),
    turning expected failures, and what the database or the file system reports (disk full,
    read-only media), into one `Error: ...` line and exit status 1. `on_server_error` names a
    server the command also reads (`snapshot --from`), whose failures are reported as its own."""
    from ..store.target import checked, failure

    try:
        return fn(checked(db_file), *args, **kwargs)
    except PaperdbError as exc:
        raise error_line(exc) from None
    except Exception as exc:
        stopped = stopped_in(exc)
        if stopped is not None:  # a signal, and the driver failed while unwinding (psycopg's pipeline)
            raise stopped from None
        error = failure(db_file, exc, server_read=on_server_error)
        if error is None:
            raise
        raise error_line(error) from None


def checked_option(check, db: str, why: str) -> str:
    """`check(db, why)` (a `etl.store.target` check), its error as one `Error:` line."""
    try:
        return check(db, why)
    except PaperdbError as exc:
        raise error_line(exc) from None


class Stopped(BaseException):
    """A signal asked paperdb to stop (SIGINT, SIGTERM, SIGHUP): raised where the program is,
    so a load's transaction rolls back and its workers stop, then reported in one line."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def stopped_in(error: BaseException | None) -> Stopped | None:
    """The signal an error arose while handling, if any (its chain of contexts)."""
    seen = set()
    while error is not None and id(error) not in seen:
        if isinstance(error, Stopped):
            return error
        seen.add(id(error))
        error = error.__context__
    return None


def stop(signum, _frame):
    raise Stopped(signum)


def error_line(error: BaseException) -> click.ClickException:
    """The `Error:` line of an expected failure: one line, whatever text it quotes (a newline in
    `--db` or in a file name is shown as `\\n`, so it cannot forge a second `Error:` line)."""
    return click.ClickException(one_line(str(error)))
