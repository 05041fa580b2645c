"""PostgreSQL: `--db` takes a server's URL; the same Alembic revisions make the same schema there.
The tests start a throwaway server (tests/postgres.py: Debian's package, installed if missing)."""

from __future__ import annotations

import pytest
from alembic import command
from click.testing import CliRunner

from etl.cli import cli
from etl.store.engine import alembic_config, current_revision, head_revision, make_engine, migrate, transaction
from etl.store.models import Base
from etl.store.server import shown
from tests.postgres import throwaway_server


@pytest.fixture(scope="module")
def server() -> str:
    with throwaway_server() as url:
        yield url


@pytest.fixture
def pg(server: str) -> str:
    """The server's database, emptied: every table, view and the schema's version dropped."""
    engine = make_engine(server)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
    finally:
        engine.dispose()
    return server


def run(url: str, fn, *args):
    engine = make_engine(url)
    try:
        with transaction(engine) as conn:
            return fn(conn, *args)
    finally:
        engine.dispose()


def relations(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return {
                name
                for (name,) in conn.exec_driver_sql(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                )
            }
    finally:
        engine.dispose()


def test_the_revisions_make_every_model_table_and_alembic_check_is_clean(pg):
    run(pg, migrate)
    assert set(Base.metadata.tables) <= relations(pg)
    assert run(pg, current_revision) == head_revision()
    run(pg, lambda conn: command.check(alembic_config(conn)))


def test_full_text_search_is_a_generated_tsvector_with_a_gin_index(pg):
    run(pg, migrate)
    engine = make_engine(pg)
    try:
        with engine.begin() as conn:
            kind = conn.exec_driver_sql(
                "SELECT data_type, is_generated FROM information_schema.columns"
                " WHERE table_name = 'papers' AND column_name = 'search_vector'"
            ).one()
            method = conn.exec_driver_sql(
                "SELECT am.amname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                " JOIN pg_am am ON am.oid = c.relam WHERE c.relname = 'ix_papers_search_vector'"
            ).scalar()
    finally:
        engine.dispose()
    assert kind == ("tsvector", "ALWAYS") and method == "gin"


def test_downgrade_to_base_and_back(pg):
    run(pg, migrate)
    run(pg, lambda conn: command.downgrade(alembic_config(conn), "base"))
    assert relations(pg) == {"alembic_version"}
    run(pg, migrate)
    assert set(Base.metadata.tables) <= relations(pg)


def test_migrate_and_stats_take_a_url(pg):
    runner = CliRunner()
    result = runner.invoke(cli, ["stats", "--db", pg])
    assert result.exit_code == 1 and "not a paperdb database (no papers table)" in result.output
    result = runner.invoke(cli, ["migrate", "--db", pg])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith("schema at head")
    result = runner.invoke(cli, ["stats", "--db", pg, "--json"])
    assert result.exit_code == 0 and '"papers": 0' in result.output


@pytest.mark.parametrize(
    "url, message",
    [
        ("mysql://me@host/papers", "paperdb writes to SQLite files and PostgreSQL servers"),
        ("postgresql+psycopg://me:s3cret@/nowhere?host=/nonexistent", "No such file or directory"),
    ],
)
def test_a_url_paperdb_cannot_use_is_one_line_without_the_password(url, message):
    result = CliRunner().invoke(cli, ["migrate", "--db", url])
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
    assert message in result.output and "s3cret" not in result.output


def test_shown_urls_hide_the_password():
    assert shown("postgresql+psycopg://me:s3cret@db.example/papers") == "postgresql+psycopg://me:***@db.example/papers"
    assert shown("postgresql://me@db.example/papers") == "postgresql://me@db.example/papers"
