"""The database connection: engine with pragmas, explicit transactions, migrate-to-head."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING

from sqlalchemy import URL, Connection, Engine, create_engine, event
from sqlalchemy.exc import OperationalError

from ..errors import SchemaError
from ..settings import package_folder, schema_head
from .access import CACHE_KIB, begin_immediate, busy_error, busy_timeout_s, is_busy, prepare_for_writing
from .creating import database_to_write
from .fresh import Schema, is_empty, read_schema, replay
from .postgres import check_collation, checked_url, is_url, make_server_engine, take_load_lock
from .target import quiet_pool_logs

ON_WAIT = "paperdb_on_wait"  # a connection's `info` key: what to call when its BEGIN waits for another writer

if TYPE_CHECKING:  # Alembic is imported only when a schema must change (it takes half a second)
    from alembic.config import Config


def make_engine(path: str) -> Engine:
    """An engine whose transactions are ours: pysqlite's implicit BEGIN/COMMIT is switched off and
    every `begin()` takes the write lock at once (`BEGIN IMMEDIATE`), so a run is one transaction
    and a second concurrent writer waits (in steps a signal can interrupt), then fails clearly. A
    URL is a PostgreSQL server's database (`etl.store.postgres`), whose load lock `transaction` takes."""
    quiet_pool_logs()
    if is_url(path):
        return make_server_engine(checked_url(path))
    step = busy_timeout_s()
    # (a URL made from its parts: `sqlite:///{path}` would read `?`, `#` and `%` in a file name as a URL's)
    engine = create_engine(URL.create("sqlite", database=path), connect_args={"timeout": step})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # pragma: no branch
        prepare_for_writing(dbapi_connection, CACHE_KIB)

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        begin_immediate(connection.connection.dbapi_connection, path, connection.info.get(ON_WAIT))

    return engine


def migrations_dir() -> str:
    return str(package_folder("etl.migrations"))


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic configuration pointing at the packaged migrations, optionally bound to a connection."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", migrations_dir())
    if url:
        config.set_main_option("sqlalchemy.url", url)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str | None:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def at_head(connection: Connection) -> bool:
    """Whether the schema is at the newest revision, asked without Alembic."""
    if connection.dialect.name == "sqlite":
        versioned = connection.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'").first()
    else:
        versioned = connection.exec_driver_sql("SELECT to_regclass('alembic_version')").scalar()
    if not versioned:
        return False
    return connection.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [(schema_head(),)]


def migrate(connection: Connection) -> None:
    """Upgrade the schema to head inside the caller's transaction (DDL is transactional on SQLite
    and PostgreSQL alike).
    A database already at head needs no Alembic (nor its import); an empty SQLite database gets
    what the revisions make, made once per process (`etl.store.fresh`)."""
    if at_head(connection):
        return
    if connection.dialect.name == "sqlite":
        if is_empty(connection):
            replay(connection, made_by_the_revisions())
            return
    else:
        check_collation(connection)
    run_revisions(connection)


def run_revisions(connection: Connection) -> None:
    """Alembic's upgrade to head, revision by revision, on the caller's connection."""
    from alembic import command
    from alembic.util.exc import CommandError

    try:
        command.upgrade(alembic_config(connection), "head")
    except CommandError as exc:
        raise SchemaError(
            f"database schema is at an unknown revision ({exc}); was it made by a newer paperdb?"
        ) from None


@cache
def made_by_the_revisions() -> Schema:
    """What the revisions make of an empty SQLite database: run on one in memory, once per process."""
    engine = make_engine(":memory:")
    try:
        with transaction(engine) as connection:
            run_revisions(connection)
            return read_schema(connection)
    finally:
        engine.dispose()


def schema_sql() -> str:
    """Every table, index, view and trigger of a new SQLite database, as the revisions make them
    (docs/schema.sql: the one place to read a view's current SQL), each statement once, in an
    order that creates them."""
    return "".join(f"{statement.strip()};\n\n" for statement in made_by_the_revisions().statements).rstrip() + "\n"


@contextmanager
def transaction(engine: Engine, on_wait: Callable[[], None] | None = None) -> Iterator[Connection]:
    """One write transaction: commit on success, roll back on any error; busy becomes a clear error.
    It holds the write lock (SQLite's, PostgreSQL's load lock): `on_wait` is called if another
    run has it, and the wait for it ends at once on a signal."""
    try:
        with engine.connect() as connection:
            connection.info[ON_WAIT] = on_wait  # (for the SQLite engine's `begin`)
            try:
                ongoing = connection.begin()
            finally:
                del connection.info[ON_WAIT]
            try:
                if connection.dialect.name != "sqlite":
                    take_load_lock(connection, on_wait)
                yield connection
            except BaseException:
                try:
                    ongoing.rollback()
                except Exception:  # a signal left the connection mid-statement (a COPY): drop it,
                    connection.invalidate()  # and the server rolls the transaction back
                raise
            ongoing.commit()
    except OperationalError as exc:
        if is_busy(exc):
            raise busy_error(engine.url.database or "") from None
        raise


def migrate_database(db_file: str, on_wait: Callable[[], None] | None = None) -> None:
    """Bring `db_file` to the schema head in one transaction (creating it if missing), then close
    it; `on_wait()` if another run holds the write lock, which it waits for as a load does."""
    with database_to_write(db_file, on_wait) as target:
        engine = make_engine(target)
        try:
            with transaction(engine, on_wait) as conn:
                migrate(conn)
        finally:
            engine.dispose()
