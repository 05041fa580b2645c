"""A new database appears whole or not at all, and no run removes a database it did not create.

A run that finds no database file builds one under a partial name (`<db>.creating`) while it
holds a lock on the parent directory, and moves it into place only after its transaction has
committed. So a database file, once it exists, holds committed data and no paperdb run ever
removes it: whether a run "created" the database is decided under the lock, not before it.
Runs that find the file already there never take the directory lock. A run killed while creating
leaves only the partial files, which the next run that creates the database removes (it holds
the lock, so their creator is gone).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from ..errors import PaperdbError, shown_path
from .access import file_name, lock_directory
from .postgres import is_url

PARTIAL_SUFFIX = ".creating"
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
        remove_database(partial)  # a killed creator's leftovers: it no longer holds the lock
        remove_database(db_file, main=False)  # stale -wal/-shm of no database would be replayed into the new one
        try:
            yield partial
            _publish(partial, db_file)
        except BaseException:
            remove_database(partial)
            raise
    finally:
        if lock is not None:
            os.close(lock)  # releases the lock


def remove_database(db_file: str, *, main: bool = True) -> None:
    """Remove a database file and its side files (write-ahead log, shared memory, journal)."""
    for suffix in ("", *SIDE_FILES) if main else SIDE_FILES:
        with suppress(FileNotFoundError):
            os.remove(db_file + suffix)


def _publish(partial: str, db_file: str) -> None:
    """Move the committed partial database into place without replacing anything there."""
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
    try:
        os.link(partial, db_file)  # fails if a file appeared there, where a rename would replace it
    except FileExistsError:
        raise PaperdbError(
            f"{shown_path(db_file)}: another program created this file during the load; nothing was written"
        ) from None
    except OSError:  # a file system without hard links
        os.rename(partial, db_file)
    else:
        os.remove(partial)
    remove_database(partial, main=False)
