"""How runs reach a database file: the check that it is there, read-only connections, "busy"
errors and the directory lock of runs that create a database. No SQLAlchemy here: the no-op
load, `stats` and `export` use it before (or without) importing it."""

from __future__ import annotations

import fcntl
import os
import sqlite3
import stat
import time
from collections.abc import Callable
from urllib.parse import quote

from ..errors import DatabaseBusyError, PaperdbError, shown_path
from ..settings import lock_wait, schema_head

CACHE_KIB = 24_576  # SQLite's page cache, for index updates; it also bounds each sorter (`Writer.page_cache`)
POLL_S = 0.05  # how often a wait for a lock looks again; a signal is obeyed within this long
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def busy_error(db_file: str) -> DatabaseBusyError:
    return DatabaseBusyError(
        f"{shown_path(db_file)}: another process is writing to the database (waited {lock_wait():g}s); try again when it finishes"
    )


def is_busy(error: BaseException) -> bool:
    """Whether a SQLite error (or SQLAlchemy's wrapper of one) means another connection holds the lock."""
    error = getattr(error, "orig", None) or error
    if not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)  # Python 3.11+
    if code is not None:
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(error) or "busy" in str(error)


def begin_immediate(con: sqlite3.Connection, db_file: str, on_wait: Callable[[], None] | None = None) -> None:
    """Take the write lock (`BEGIN IMMEDIATE`) on `con`, waiting for another writer up to
    $PAPERDB_LOCK_WAIT seconds (`on_wait()` when the wait starts), then the one-line busy error.
    SQLite waits in C, where a signal is obeyed only once the wait ends, so the connection's busy
    timeout is one step (`busy_timeout_s`) and the wait a loop in Python: Ctrl-C during a 20 s
    wait stops the run at once."""
    deadline = time.monotonic() + lock_wait()
    while True:
        try:
            con.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
            if time.monotonic() >= deadline:
                raise busy_error(db_file) from None
            if on_wait is not None:
                on_wait()
                on_wait = None


def prepare_for_writing(con: sqlite3.Connection, page_cache_kib: int) -> sqlite3.Connection:
    """A connection a run writes through (whoever opened it: sqlite3 or SQLAlchemy's engine):
    transactions are ours (no implicit BEGIN/COMMIT; `begin_immediate`), and these settings."""
    con.isolation_level = None
    # A new database's pages: 16 KiB hold papers' and records' rows of 1-2 KB with little
    # left over (4 KiB pages left a quarter of those tables empty); no effect on an existing one.
    con.execute("PRAGMA page_size=16384")
    con.execute("PRAGMA journal_mode=WAL")  # readers see the last commit during a load
    con.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable against kill -9
    con.execute("PRAGMA foreign_keys=ON")
    con.execute(f"PRAGMA cache_size=-{int(page_cache_kib)}")
    con.execute("PRAGMA temp_store=FILE")  # staging tables spill to disk, not to memory
    con.execute(f"PRAGMA busy_timeout={int(busy_timeout_s() * 1000)}")
    return con


def busy_timeout_s() -> float:
    """The busy timeout of paperdb's SQLite connections: one step of a wait (`begin_immediate`)."""
    return min(POLL_S, lock_wait())


SQLITE_HEADER = b"SQLite format 3\x00"


def check_database_file(db_file: str) -> str:
    """`db_file` if it can be a database file (missing, empty or SQLite), else the one-line error
    that says what it is: a directory, a device or FIFO (`/dev/null`, where SQLite would leave a
    `-journal` file beside it), or a file that is not SQLite (`/proc/version`, a text file)."""
    if not db_file.strip():
        raise PaperdbError("--db is empty; give the database file's path (e.g. db/papers.db)")
    shown = shown_path(db_file)
    if os.path.islink(db_file) and not os.path.exists(db_file):
        raise PaperdbError(
            f"{shown}: a symbolic link to {os.readlink(db_file)!r}, which does not exist; make its target or give another path"
        )
    try:
        st = os.stat(db_file)
    except FileNotFoundError:
        return db_file
    except OSError as exc:
        raise PaperdbError(f"{shown}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise PaperdbError(
            f"{shown}: is a directory; give the database file's path (e.g. {shown.rstrip('/')}/papers.db)"
        )
    if not stat.S_ISREG(st.st_mode):
        raise PaperdbError(f"{shown}: not a regular file (a device or FIFO); give a database file's path")
    try:
        with open(db_file, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise PaperdbError(f"{shown}: {exc.strerror or exc}") from None
    if head and head != SQLITE_HEADER:
        raise PaperdbError(f"{shown}: not an SQLite database (the file holds something else)")
    return db_file


def database_error(db_file: str, error: BaseException) -> PaperdbError | None:
    """The one-line error of a failure the database or the file system reports (disk full,
    read-only file system, I/O error, a corrupt file), or None for anything else."""
    error = getattr(error, "orig", None) or error
    shown = shown_path(db_file)
    if isinstance(error, (sqlite3.Error, OSError)) and on_read_only_media(db_file):
        # (SQLite says "unable to open database file"; a new database, its `.creating` file)
        return PaperdbError(f"{shown}: on a read-only file system; it can be read (stats, export, serve), not written")
    if isinstance(error, sqlite3.Error):
        return PaperdbError(f"{shown}: {error}")
    if isinstance(error, OSError) and error.strerror:
        named = getattr(error, "filename", None) or db_file
        if isinstance(named, str) and named.startswith(db_file + "."):  # (its -wal, .creating files)
            named = db_file
        return PaperdbError(f"{shown_path(str(named))}: {error.strerror}")
    return None


def on_read_only_media(db_file: str) -> bool:
    """Whether the file system holding `db_file` (or its directory) is mounted read-only."""
    try:
        return bool(os.statvfs(os.path.dirname(os.path.abspath(db_file))).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # (no such directory; no statvfs on this platform)
        return False


def existing_database(db_file: str) -> str:
    """`db_file`, if a database file is there to read; else the one-line error that says so."""
    if not os.path.exists(db_file):
        raise PaperdbError(f"{shown_path(db_file)}: no such database; build it with `paperdb load`")
    return db_file


def connect_read_only(db_file: str) -> sqlite3.Connection:
    """A read-only connection to an existing database (no write, no implicit transaction). On
    read-only media a WAL database cannot be opened so (SQLite would need to create its `-shm`
    file): then the file is read as it is (`immutable=1`), as nothing can be writing to it."""
    path = existing_database(db_file)
    con = sqlite3.connect(file_uri(path, "mode=ro"), uri=True, isolation_level=None)
    try:
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return con
    except sqlite3.OperationalError:
        con.close()
        if os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
            raise  # (the -shm file could be made: the error is a real one)
    return connect_immutable(path)


def cap_sqlite_memory(kib: int) -> None:
    """SQLite's soft heap limit for this process, all its connections together (`PRAGMA
    soft_heap_limit`, process-wide): past it SQLite lets pages of its connections' caches go as it
    reads more (a short process's reads, issue 41: `etl.load.compact_words.hold_tables`)."""
    con = sqlite3.connect(":memory:")
    try:
        con.execute(f"PRAGMA soft_heap_limit={int(kib) * 1024}")
    finally:
        con.close()


def at_head(db_file: str) -> bool:
    """Whether the database file's schema is at the newest revision, read without taking the
    write lock (a load may hold it) and without SQLAlchemy."""
    con = connect_read_only(db_file)
    try:
        return con.execute("SELECT version_num FROM alembic_version").fetchall() == [(schema_head(),)]
    except sqlite3.Error:  # (no alembic_version: a database no migration has made yet)
        return False
    finally:
        con.close()


def connect_immutable(db_file: str, **options) -> sqlite3.Connection:
    """A connection that reads the file as it is (`immutable=1`: no locks, no write-ahead log)."""
    return sqlite3.connect(file_uri(db_file, "immutable=1"), uri=True, **options)


def file_name(path: str) -> str:
    """The name under which `sqlite3.connect` opens the file `path` itself: a relative path made
    absolute, as SQLite built with SQLITE_USE_URI (Debian's is) reads a name that starts with
    `file:` as a URI even without `uri=True`."""
    return path if os.path.isabs(path) else os.path.join(os.getcwd(), path)


def file_uri(path: str, query: str = "") -> str:
    """A `file:` URI that names exactly the file `path`, whatever characters it holds (`?`, `#`
    and `%` would end or escape a path written into the URI as it is; `//` would start a host),
    with `query` (`mode=ro`)."""
    name = quote(os.fsencode(file_name(path)), safe="/")
    return f"file://{name}" + (f"?{query}" if query else "")


def lock_directory(db_file: str, on_wait: Callable[[], None] | None = None) -> int:
    """Take an exclusive lock on the database's directory, waiting as long as for a writer
    (`on_wait()` when the wait starts; a signal ends it); returns the file descriptor that holds
    it (closing it releases the lock)."""
    directory = os.path.dirname(os.path.abspath(db_file))
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError as exc:
        raise PaperdbError(f"{shown_path(db_file)}: cannot open its directory ({exc.strerror})") from None
    deadline = time.monotonic() + lock_wait()
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise busy_error(db_file) from None
            if on_wait is not None:
                on_wait()
                on_wait = None
            time.sleep(POLL_S)
        except BaseException:
            os.close(fd)
            raise
