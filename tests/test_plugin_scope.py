"""paperdb's Datasette plugin is installed for every Datasette of the environment (an entry point):
a Datasette over another database answers exactly as it does without the plugin, its pages,
errors and connections untouched."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys

import pytest

# Run in a new process each time (the plugin patches Datasette for its own site only, but a patch is
# for the process): build a Datasette over DB, answer PAGES, report each answer and what a
# connection of the database has (its SQL functions, its length limit); with `without`, paperdb's
# plugin is unregistered first, as if it were not installed.
SCRIPT = r"""
import asyncio, json, sqlite3, sys
from datasette.app import Datasette
from datasette.plugins import pm

db, without, pages, out = sys.argv[1], sys.argv[2] == "without", json.loads(sys.argv[3]), sys.argv[4]
loaded = pm.get_plugin("paperdb") is not None
if without:
    pm.unregister(name="paperdb")

async def main():
    ds = Datasette([db])
    await ds.invoke_startup()
    answers = {}
    for path in pages:
        r = await ds.client.get(path)
        answers[path] = [r.status_code, r.headers.get("content-type"), r.text, r.headers.get("link")]
    def connection(conn):
        functions = sorted({row[0] for row in conn.execute("SELECT name FROM pragma_function_list")})
        return functions, conn.getlimit(sqlite3.SQLITE_LIMIT_LENGTH), type(conn.row_factory).__name__
    functions, length, factory = await ds.get_database("venues").execute_fn(connection)
    with open(out, "w", encoding="utf-8") as f:  # (not stdout, where Datasette prints its tracebacks)
        json.dump({"loaded": loaded, "answers": answers, "functions": functions, "length": length,
                   "factory": factory}, f)

asyncio.run(main())
"""
PAGES = [
    "/",
    "/venues",
    "/venues/papers",  # (a table named as paperdb's is, in a database that is not)
    "/venues/papers?_sort_desc=year&_size=2",
    "/venues/papers.json?_facet=venue&_shape=objects",
    "/venues/papers?_facet_distinct_array=venue",  # (paperdb's facet type)
    "/venues/papers/1",
    "/venues?sql=select+venue,+count(*)+from+papers+group+by+venue&_size=1",
    "/venues?sql=select+nope+from+papers",  # (an error Datasette reports)
    "/venues/missing",  # (a 404)
    "/-/paper/1",  # (paperdb's route)
    "/venues/papers.bib",  # (paperdb's reading-list renderer)
    "/-/plugins.json",
]
TIMES = re.compile(r'Queries took [0-9.]+ms|"query_ms": [0-9.e-]+')
# A few rows as the catalogue has them (nips1987.json, coling2025.json, siggraph2024.json).
ROWS = [
    (1, "NeurIPS", 1987, "Connectivity Versus Entropy"),
    (2, "COLING", 2025, "A Benchmark and Robustness Study of In-Context-Learning with Large Language Models"),
    (3, "SIGGRAPH", 2024, "2D Gaussian Splatting for Geometrically Accurate Radiance Fields"),
]


def _answers(db: str, mode: str) -> dict:
    out = f"{db}.{mode}.json"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, db, mode, json.dumps(PAGES), out], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    with open(out, encoding="utf-8") as f:
        found = json.load(f)
    for answer in found["answers"].values():  # (how long the queries took differs from run to run)
        answer[2] = TIMES.sub("", answer[2])
    return found | {"tracebacks": done.stdout.count("Traceback (most recent call last)")}


@pytest.fixture(scope="module")
def other_db(tmp_path_factory) -> str:
    path = str(tmp_path_factory.mktemp("other") / "venues.db")
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE papers (id INTEGER PRIMARY KEY, venue TEXT, year INTEGER, title TEXT)")
    con.executemany("INSERT INTO papers VALUES (?, ?, ?, ?)", ROWS)
    con.commit()
    con.close()
    return path


@pytest.fixture(scope="module")
def with_and_without(other_db) -> tuple[dict, dict]:
    return _answers(other_db, "with"), _answers(other_db, "without")


def test_the_plugin_is_loaded_in_another_datasette_of_the_environment(with_and_without):
    with_plugin, _ = with_and_without
    assert with_plugin["loaded"]
    plugins = json.loads(with_plugin["answers"]["/-/plugins.json"][2])
    assert "paperdb" in {plugin["name"] for plugin in plugins}


@pytest.mark.parametrize("path", [p for p in PAGES if p != "/-/plugins.json"])
def test_another_databases_pages_are_as_datasette_makes_them(with_and_without, path):
    with_plugin, without = with_and_without
    assert with_plugin["answers"][path] == without["answers"][path]


@pytest.mark.parametrize("part", ["functions", "length", "factory", "tracebacks"])
def test_another_databases_connections_are_as_datasette_makes_them(with_and_without, part):
    with_plugin, without = with_and_without
    assert with_plugin[part] == without[part]
