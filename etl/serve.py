"""Datasette over the database: metadata generated from the models, canned queries from queries/."""

from __future__ import annotations

import os
import re
from importlib.resources import files as package_files
from pathlib import Path

from .errors import PaperdbError
from .models import Base
from .views import VIEWS

DATABASE_NAME = "papers"
SETTINGS = {
    "suggest_facets": False,  # suggestions scan every column: slow on a large corpus
    "sql_time_limit_ms": 3000,
    "facet_time_limit_ms": 1000,
    "default_page_size": 50,
}
HIDDEN_TABLES = ("alembic_version",)


def queries_dir() -> Path:
    return Path(str(package_files("etl.queries")))


_LEADING_COMMENT = re.compile(r"\A\s*((?:--[^\n]*\n)+)")


def read_query(path: Path) -> dict:
    """A canned query from a .sql file: the first comment line is its title, the rest of the
    leading comment its description."""
    sql = path.read_text(encoding="utf-8")
    m = _LEADING_COMMENT.match(sql)
    comment = [line.lstrip("-").strip() for line in m.group(1).splitlines()] if m else []
    title = comment[0] if comment else path.stem.replace("_", " ")
    description = " ".join(line for line in comment[1:] if line)
    query = {"sql": sql[m.end() :].strip() if m else sql.strip(), "title": title}
    if description:
        query["description"] = description
    return query


def canned_queries(directory: Path | None = None) -> dict[str, dict]:
    directory = directory or queries_dir()
    return {p.stem: read_query(p) for p in sorted(directory.glob("*.sql"))}


def table_metadata() -> dict[str, dict]:
    """Descriptions of every table, view and column, from the models' comments and `VIEWS`."""
    tables: dict[str, dict] = {}
    for table in Base.metadata.sorted_tables:
        tables[table.name] = {
            "description": table.comment or "",
            "columns": {c.name: c.comment or "" for c in table.columns},
        }
    for view in VIEWS:
        tables[view.name] = {"description": view.description, "columns": dict(view.columns)}
    for name in HIDDEN_TABLES:
        tables[name] = {"hidden": True}
    return tables


def build_metadata() -> dict:
    """Datasette 0.65 metadata for the database."""
    return {
        "title": "paperdb: ICML 2024 papers",
        "description": (
            "Machine-learning conference papers with the code links and keywords extracted from"
            " their abstracts. Browse a table, facet it, or run one of the canned queries."
        ),
        "source": "ICML 2024 listings, loaded by paperdb",
        "license": "Abstracts © their authors; database schema and code Apache-2.0",
        "databases": {
            DATABASE_NAME: {
                "tables": table_metadata(),
                "queries": canned_queries(),
            }
        },
    }


def make_datasette(db_file: str, immutable: bool = False):
    """A configured Datasette instance (used by `serve` and by the tests' in-process client)."""
    from datasette.app import Datasette
    from datasette.database import Database

    if not os.path.exists(db_file):
        raise PaperdbError(f"{db_file}: no such database; build it with `paperdb load`")
    ds = Datasette(metadata=build_metadata(), settings=SETTINGS)
    # Named "papers" whatever the file is called, so URLs and metadata always agree.
    ds.add_database(Database(ds, path=db_file, is_mutable=not immutable), name=DATABASE_NAME)
    return ds


def serve(db_file: str, host: str = "127.0.0.1", port: int = 8001, immutable: bool = False) -> None:
    """Migrate (unless immutable), then run Datasette until interrupted."""
    import uvicorn

    if not os.path.exists(db_file):
        raise PaperdbError(f"{db_file}: no such database; build it with `paperdb load`")
    if not immutable:
        from .db import make_engine, migrate, transaction

        engine = make_engine(db_file)
        with transaction(engine) as conn:
            migrate(conn)
        engine.dispose()
    ds = make_datasette(db_file, immutable=immutable)
    print(f"paperdb: serving {db_file} at http://{host}:{port}/", flush=True)
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")
