"""A new database appears whole or not at all, and no run removes a database it did not create.

A run that finds no database file builds one under a partial name (`<db>.creating`) while it
holds a lock on the parent directory, and moves it into place only after its transaction has
committed. So a database file, once it exists, holds committed data and no paperdb run ever
removes it: whether a run "created" the database is decided under the lock, not before it.
Runs that find the file already there never take the directory lock. A run killed while creating
leaves only the partial files, which the next run that creates the database removes (it holds
the lock, so their creator is gone).

A load's new database appears packed (`hold_for_packing`, `pack`): its one transaction leaves
every page in the write-ahead log, and where copying the log into the partial file would write the
pages as the load left them (a paper's row grown by its keywords splits its page: on the
catalogue 47 of 767 MB were free space), `VACUUM INTO` writes the committed pages into a file of
their own, full, and that file is the one moved into place; the log is removed unread.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from ..errors import PaperdbError, shown_path
from .access import file_name, file_uri, lock_directory
from .postgres import is_url

PARTIAL_SUFFIX = ".creating"
PACKED_SUFFIX = "-packed"  # (the partial database written packed, `pack`)
SIDE_FILES = ("-wal", "-shm", "-journal")


@contextmanager
def database_to_write(db_file: str, on_wait: Callable[[], None] | None = None) -> Iterator[str]:
    """Yield the file a run writes to: `db_file` when it exists, else a partial file that becomes
    `db_file` when the block ends without an error (its connections must be closed by then) and
    is removed when it raises. A server's database (a URL) is written as it is. `on_wait()` is
    called if another run holds the directory lock (it is creating a database there)."""
    if is_url(db_file) or os.path.exists(db_file):
        yield db_file
        return
    Path(db_file).parent.mkdir(parents=True, exist_ok=True)
    held = lock_directory(db_file, on_wait)
    lock: int | None = held
    try:
        if os.path.exists(db_file):  # another run created it while we waited
            os.close(held)
            lock = None
            yield db_file
            return
        partial = db_file + PARTIAL_SUFFIX
        _remove_partial(partial)  # a killed creator's leftovers: it no longer holds the lock
        remove_database(db_file, main=False)  # stale -wal/-shm of no database would be replayed into the new one
        try:
            yield partial
            _publish(partial, db_file)
        except BaseException:
            _remove_partial(partial)
            raise
    finally:
        if lock is not None:
            os.close(lock)  # releases the lock


def remove_database(db_file: str, *, main: bool = True) -> None:
    """Remove a database file and its side files (write-ahead log, shared memory, journal)."""
    for suffix in ("", *SIDE_FILES) if main else SIDE_FILES:
        with suppress(FileNotFoundError):
            os.remove(db_file + suffix)


def hold_for_packing(target: str) -> sqlite3.Connection | None:
    """For a partial database whose committed pages are in its log: a read-only connection, to be
    opened before the load's own closes, so that closing that one (no longer the last) does not
    copy the log into the file; `pack` writes the pages out packed through it. None for any
    other database, or when the connection cannot be had (the database is then published as is)."""
    if not target.endswith(PARTIAL_SUFFIX) or not os.path.exists(target + "-wal"):
        return None
    con = None
    try:
        con = sqlite3.connect(file_uri(target, "mode=ro"), uri=True, isolation_level=None)
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()  # (reads through the log from now on)
        return con
    except sqlite3.Error:
        if con is not None:
            con.close()
        return None


def pack(target: str, held: sqlite3.Connection | None) -> None:
    """Write the committed partial database `target` packed, beside it (`PACKED_SUFFIX`), in the
    write-ahead log mode the load gave it, and on disk before `_publish` moves it into place. A
    failure (a full disk) leaves no packed file: the partial database is then published as it is."""
    if held is None:
        return
    packed = target + PACKED_SUFFIX
    try:
        with closing(held):  # (read-only: closing it leaves the log alone)
            held.execute("VACUUM INTO ?", (file_name(packed),))
        with closing(sqlite3.connect(file_name(packed), isolation_level=None)) as con:
            con.execute("PRAGMA journal_mode=WAL")
        fd = os.open(packed, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except (sqlite3.Error, OSError):
        remove_database(packed)


def _remove_partial(partial: str) -> None:
    remove_database(partial)
    remove_database(partial + PACKED_SUFFIX)


def _publish(partial: str, db_file: str) -> None:
    """Move the committed partial database (packed, when `pack` wrote it) into place without
    replacing anything there."""
    packed = partial + PACKED_SUFFIX
    if os.path.exists(packed):
        _link(packed, db_file)
        _remove_partial(partial)  # (its log too: every committed page is in the packed file)
        return
    if os.path.exists(partial + "-wal"):  # closing its last connection normally checkpoints it away
        con = sqlite3.connect(file_name(partial))
        try:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            con.close()
        if os.path.exists(partial + "-wal"):
            raise PaperdbError(
                f"{shown_path(db_file)}: could not finish writing the new database (its log stays behind)"
            )
    _link(partial, db_file)
    remove_database(partial, main=False)


def _link(done: str, db_file: str) -> None:
    """`done` becomes `db_file`, which must not exist (a rename would replace it)."""
    try:
        os.link(done, db_file)
    except FileExistsError:
        raise PaperdbError(
            f"{shown_path(db_file)}: another program created this file during the load; nothing was written"
        ) from None
    except OSError:  # a file system without hard links
        os.rename(done, db_file)
    else:
        os.remove(done)
