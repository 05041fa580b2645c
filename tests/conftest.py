"""Shared fixtures: temporary databases and small listing files written for the tests.

Databases the tests start from are built once per session and copied for each test that writes:
`seeded` (a load of the bundled listings, 57 papers) and `serve_db` (the rows of
`fixtures/serve.sql` on a database the migrations make: the browser and in-process Datasette
tests, which never load)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def write(tmp_path: Path):
    """write(name, text_or_bytes) -> path of a new file under a temporary directory."""

    def _write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_bytes(content)
        return path

    return _write


@pytest.fixture
def db_file(tmp_path: Path) -> str:
    return str(tmp_path / "db" / "papers.db")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session", autouse=True)
def _stop_commands():
    """The fork server `tests.helpers.paperdb` starts, stopped when the tests end."""
    yield
    from tests.helpers import stop_commands

    stop_commands()


def copy_database(source: str, target: Path) -> str:
    """A copy of the database `source` at `target` (SQLite's backup: whole, whoever has it open)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    origin, copy = sqlite3.connect(f"file:{source}?mode=ro", uri=True), sqlite3.connect(target)
    try:
        origin.backup(copy)
    finally:
        origin.close()
        copy.close()
    return str(target)


@pytest.fixture(scope="session")
def seeded_once(tmp_path_factory) -> str:
    """The bundled listings loaded once (tests copy it: `seeded`)."""
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("seeded") / "papers.db")
    load(db_file)
    return db_file


@pytest.fixture
def seeded(seeded_once: str, tmp_path: Path) -> str:
    """A database of the bundled listings (57 papers) of the test's own."""
    return copy_database(seeded_once, tmp_path / "papers.db")


@pytest.fixture(scope="session")
def serve_db(tmp_path_factory) -> str:
    """The serve tests' database, read only: the migrations, then the rows of `fixtures/serve.sql`
    (23 ICML 2024 papers with keywords, links, titles, authors, an affiliation, ids, an event)."""
    from etl.store.engine import migrate_database

    db_file = str(tmp_path_factory.mktemp("serve") / "papers.db")
    migrate_database(db_file)
    con = sqlite3.connect(db_file)
    try:
        with con:
            con.executescript((FIXTURES / "serve.sql").read_text(encoding="utf-8"))
    finally:
        con.close()
    return db_file


@pytest.fixture
def serve_copy(serve_db: str, tmp_path: Path) -> str:
    """A copy of `serve_db` a test may change."""
    return copy_database(serve_db, tmp_path / "serve" / "papers.db")
