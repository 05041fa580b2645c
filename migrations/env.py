"""Alembic environment: runs revisions on the caller's connection, or on $PAPERDB_DB / db/papers.db."""

from __future__ import annotations

from logging.config import fileConfig

from alembic import context

from etl.migrations.dialect import PG_SEARCH_TABLE
from etl.settings import db_path
from etl.store.engine import make_engine
from etl.store.models import Base

config = context.config
if config.config_file_name is not None and config.attributes.get("connection") is None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

# Tables SQLite's FTS5 makes for papers_fts; they are created by a revision, not by the models.
FTS_PREFIX = "papers_fts"


def include_name(name, type_, parent_names):
    """Keep the full-text search out of autogenerate and `alembic check`: SQLite's FTS virtual and
    shadow tables, PostgreSQL's papers_search (made by revisions, not by the models)."""
    if type_ == "table":
        return not (name or "").startswith(FTS_PREFIX) and name != PG_SEARCH_TABLE
    return True


def run(connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,
        include_name=include_name,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:
    url = config.get_main_option("sqlalchemy.url")
    engine = make_engine(url.removeprefix("sqlite:///") if url else db_path(None))
    with engine.connect() as conn:
        run(conn)
        conn.commit()
