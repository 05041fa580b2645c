"""A database on a PostgreSQL server, named by a SQLAlchemy URL (`postgresql+psycopg://user@host/db`)
where a path names a SQLite file: the engine, the lock that lets one load write at a time, and the
one-line errors of a server that cannot be reached."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import unquote

from ..errors import DatabaseBusyError, PaperdbError
from ..settings import lock_wait
from .timeouts import connect_timeout_of, connection_limits, lock_timeout_ms

SCHEMES = ("postgresql", "postgresql+psycopg", "postgres")  # (`postgres://`: Heroku's and libpq's alias)
# The advisory lock every paperdb load of a database takes inside its transaction: a second load
# waits for the first to commit, as a second SQLite writer waits for the file's lock.
LOAD_LOCK = 0x7061706572646201  # "paperdb" and 1, as a 64-bit key
WORK_MEM = "64MB"  # per sort or hash of the load's transaction (the server's default is 4 MB)


def is_url(target: str) -> bool:
    """Whether `--db` names a database server (a URL) rather than a SQLite file."""
    return "://" in target


def checked_url(target: str) -> str:
    """`target` as a SQLAlchemy URL paperdb can use (`postgresql://` means psycopg 3), else the
    one-line error that says which URLs are."""
    scheme = target.partition("://")[0].lower()
    if scheme not in SCHEMES:
        raise PaperdbError(
            f"{shown(target)}: paperdb writes to SQLite files and PostgreSQL servers"
            " (postgresql+psycopg://user@host/database); not to a database of this kind"
        )
    if scheme in ("postgresql", "postgres"):
        target = "postgresql+psycopg" + target[len(scheme) :]
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(target)
        parsed.port  # noqa: B018 (a malformed port or host fails here)
    except (ArgumentError, ValueError) as exc:
        raise PaperdbError(
            f"{shown(target)}: not a database URL paperdb can read ({shown(str(exc), secret_of=target)})"
        ) from None
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise PaperdbError(f"{shown(target)}: PostgreSQL needs psycopg 3: pip install 'paperdb[postgres]'") from None
    return target


def shown(target: str, secret_of: str | None = None) -> str:
    """A URL as messages show it, without its password (SQLAlchemy renders it so; a password
    given as `?password=` is masked too); or, with `secret_of`, any text (libpq's errors quote
    parts of a bad URL) without the password of that URL wherever the text repeats it."""
    text = target if secret_of else _without_password(target)
    for secret in _passwords(secret_of or target):
        if len(secret) >= 3:  # (a shorter one would mask ordinary letters)
            text = text.replace(secret, "***")
    return text


def _without_password(url: str) -> str:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)  # (`?password=`: see `shown`)
    except (ArgumentError, ValueError):  # not a URL SQLAlchemy reads: mask what stands before the host
        scheme, _, rest = url.partition("://")
        user_info, at, host = rest.rpartition("@")
        return f"{scheme}://{user_info.partition(':')[0]}:***@{host}" if at and ":" in user_info else url


def _passwords(url: str) -> list[str]:
    """The passwords a URL holds: `user:password@`, `?password=` (read however the URL is written)."""
    from urllib.parse import parse_qs

    rest = url.partition("://")[2]
    user_info, at, _ = rest.rpartition("@")
    found = [unquote(user_info.partition(":")[2])] if at and ":" in user_info else []
    found += parse_qs(rest.partition("?")[2]).get("password", [])
    return [secret for secret in found if secret]


def make_server_engine(url: str):
    from sqlalchemy import create_engine

    # (UTF-8 on the wire whatever the server's encoding, so a SQL_ASCII database can be told
    # what is wrong with it rather than failing in the driver; the time limits of `timeouts`)
    return create_engine(url, pool_pre_ping=False, connect_args={"client_encoding": "utf8", **connection_limits(url)})


def take_load_lock(connection, on_wait: Callable[[], None] | None = None) -> None:
    """Hold the load lock for the rest of the transaction; if another load holds it, say so
    (`on_wait`) and wait for it up to $PAPERDB_LOCK_WAIT seconds, then fail clearly."""
    connection.exec_driver_sql(  # the load's sorts and hashes in memory (never less than the server gives)
        f"SELECT set_config('work_mem', '{WORK_MEM}', true)"
        f" WHERE pg_size_bytes(current_setting('work_mem')) < pg_size_bytes('{WORK_MEM}')"
    )
    if connection.exec_driver_sql("SELECT pg_try_advisory_xact_lock(%s)", (LOAD_LOCK,)).scalar():
        return
    if round(lock_wait() * 1000) < 1:  # (0 means no limit to PostgreSQL: a wait of 0 is no wait)
        raise busy(connection)
    if on_wait is not None:
        on_wait()
    # (the session's lock_timeout is $PAPERDB_LOCK_WAIT: `timeouts.connection_limits`; psycopg
    # waits for the answer in steps, so a signal ends the wait at once)
    connection.exec_driver_sql(f"SET LOCAL lock_timeout = {lock_timeout_ms()}")
    try:
        connection.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)", (LOAD_LOCK,))
    except Exception as exc:
        if _lock_not_available(exc):
            raise busy(connection) from None
        raise
    connection.exec_driver_sql("SET LOCAL lock_timeout TO DEFAULT")


def _lock_not_available(error: BaseException) -> bool:
    import psycopg

    return isinstance(getattr(error, "orig", None) or error, psycopg.errors.LockNotAvailable)


def busy(connection) -> DatabaseBusyError:
    return _busy(unquote(connection.engine.url.render_as_string(hide_password=True)))


def _busy(target: str) -> DatabaseBusyError:
    return DatabaseBusyError(
        f"{shown(target)}: another load is writing to the database (waited {lock_wait():g}s); try again when it finishes"
    )


# Text whose order differs between code points and every language's rules.
_ORDER_PROBE = ["b", "A", "a", "B", "_", "é", "e", "1", "Z", " "]


def check_collation(connection) -> None:
    """PostgreSQL databases must sort text by code point, as SQLite does: keyword labels break ties
    by the smallest, and ids follow sorted keys. A database that sorts by a language's rules
    (`en_US.UTF-8`, an ICU locale) would give other labels and ids than SQLite for the same inputs."""
    encoding = _text(connection.exec_driver_sql("SHOW server_encoding").scalar())  # (SQL_ASCII: bytes)
    order = None
    if encoding == "UTF8":
        order = connection.exec_driver_sql(
            "SELECT string_agg(x, '|' ORDER BY x) FROM unnest(%s::text[]) AS x", (_ORDER_PROBE,)
        ).scalar()
    if order != "|".join(sorted(_ORDER_PROBE)):
        name = _text(connection.exec_driver_sql("SELECT current_database()").scalar())
        why = f"is encoded in {encoding}" if encoding != "UTF8" else "sorts text by a language's rules"
        raise PaperdbError(
            f"{unquote(connection.engine.url.render_as_string(hide_password=True))}: the database {why};"
            " paperdb needs UTF-8 text in code-point order, as SQLite's, for the same keywords and ids."
            f" Make a new database with: CREATE DATABASE {_identifier(name + '_utf8')} ENCODING 'UTF8'"
            " LOCALE 'C.UTF-8' TEMPLATE template0"
        )


def _identifier(name: str) -> str:
    return name if re.fullmatch(r"[a-z_][a-z0-9_]*", name) else '"' + name.replace('"', '""') + '"'


def _text(value) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


def server_error(target: str, error: BaseException) -> PaperdbError | None:
    """The one-line error of a failure the server reports (it cannot be reached, refuses the
    login, the lock wait ran out), or None for anything else."""
    try:
        import psycopg
    except ImportError:
        return None
    error = getattr(error, "orig", None) or error
    if isinstance(error, psycopg.errors.LockNotAvailable):
        return PaperdbError(
            f"{shown(target)}: another session holds a lock this command needs (waited {lock_wait():g}s);"
            " try again when it finishes"
        )
    if isinstance(error, psycopg.errors.ConnectionTimeout):
        return PaperdbError(
            f"{shown(target)}: the server did not answer within {connect_timeout_of(target)};"
            " is it up, and is this its address?"
        )
    if isinstance(error, psycopg.Error):
        text = str(error).strip()
        first = text.splitlines()[0] if text else type(error).__name__
        return PaperdbError(f"{shown(target)}: {shown(first, secret_of=target)}")  # (libpq quotes a bad URL)
    return None


def libpq_url(url: str) -> str:
    """The URL as libpq (psycopg.connect) takes it: without SQLAlchemy's `+psycopg`."""
    scheme, _, rest = url.partition("://")
    return "postgresql://" + rest if scheme.startswith("postgresql") else url


def connect_read_only(url: str):
    """A psycopg connection whose transactions are read-only (for stats and export)."""
    import psycopg

    con = psycopg.connect(libpq_url(checked_url(url)), client_encoding="utf8", **connection_limits(url))
    con.read_only = True
    return con


def existing_database(url: str) -> str:
    """`url`, if its database holds paperdb's tables; else the one-line error that says so."""
    con = connect_read_only(url)
    try:
        if "papers" not in table_names(con):
            raise PaperdbError(f"{shown(url)}: not a paperdb database (no papers table); build it with `paperdb load`")
    finally:
        con.close()
    return url


def table_names(con) -> set[str]:
    """Tables and views of the database's current schema."""
    return {
        name
        for (name,) in con.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    }
