"""The database `--db` names: a SQLite file's path or a PostgreSQL server's URL. The one place
above the engine that tells the two apart: commands ask here what to check, how to show the name
and what a failure means, and never which database it is."""

from __future__ import annotations

from functools import cache

from ..errors import PaperdbError, shown_path
from . import access, postgres


def shown(db: str) -> str:
    """The database as messages name it: a server's URL without its password; either with
    control characters escaped (a newline in `--db` cannot forge a second line)."""
    return shown_path(postgres.shown(db) if postgres.is_url(db) else db)


def checked(db: str) -> str:
    """`db` once it can be a database (a SQLite file, or none yet; a URL paperdb can use, in the
    form the engine takes), else the one-line error that says why not."""
    return postgres.checked_url(db) if postgres.is_url(db) else access.check_database_file(db)


def existing_database(db: str) -> str:
    """`db`, if a paperdb database is there to read; else the one-line error that says so."""
    return (postgres if postgres.is_url(db) else access).existing_database(db)


def failure(db: str, error: BaseException, server_read: str | None = None):
    """The one-line `PaperdbError` of a failure the database, the server (also `server_read`, a
    server the command reads from) or the file system reports, or None for anything else."""
    for target in (server_read, db):
        if target and postgres.is_url(target):
            found = postgres.server_error(target, error)
            if found is not None:
                return found
    return access.database_error(db, error)


def file_only(db: str, why: str) -> str:
    """`db`, if it names a SQLite file; a server's URL is the one-line error `why` (after its name)."""
    if postgres.is_url(db):
        raise PaperdbError(f"{shown(db)}: {why}")
    return db


def server_only(db: str, why: str) -> str:
    """`db`, if it names a server's database; a file's path is the one-line error `why` (after its name)."""
    if not postgres.is_url(db):
        raise PaperdbError(f"{shown(db)}: {why}")
    return db


@cache
def quiet_pool_logs() -> None:
    """A connection a signal broke mid-statement is dropped (see `engine.transaction`); SQLAlchemy's
    pool would log its failed reset as a traceback on stderr, where one error line says what happened.
    Called where an engine is made (`engine.make_engine`, a snapshot's source): a load of a SQLite
    file makes none, and never imports `logging` (0.5 MB of its memory, issue 41)."""
    import logging

    pool = logging.getLogger("sqlalchemy.pool")
    pool.addHandler(logging.NullHandler())
    pool.propagate = False
