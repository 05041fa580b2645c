"""The README and docs/: two quick-start commands, .ci/run runs the test one, every command and
docs page is reachable, the README stays short, and the generated documents (the schema page,
docs/schema.sql, the module map of docs/development.md) are current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from etl.cli import cli
from etl.report.docs import (
    COLUMN_NAMES,
    SCHEMA_DOC,
    SCHEMA_SQL,
    column_names_module,
    schema_document,
    schema_sql_document,
)
from etl.report.module_map import DEVELOPMENT_DOC, STAGES, module_map, with_module_map

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def quick_start_commands() -> list[str]:
    section = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_quick_start_is_exactly_two_commands():
    commands = quick_start_commands()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    assert commands[0].startswith("python3 -m venv .venv") and "paperdb serve" in commands[0]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert quick_start_commands()[1] in ci.splitlines()


def test_readme_is_a_five_minute_read_and_documents_every_command():
    assert len(README.splitlines()) <= 250
    for name in cli.commands:
        assert f"`paperdb {name}" in README, name


def test_every_docs_page_is_linked_and_every_link_resolves():
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)", README))
    assert linked == pages
    for page in (ROOT / "docs").glob("*.md"):
        for target in re.findall(r"\]\(([\w./-]+\.md)(?:#[\w-]+)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).resolve().exists(), (page.name, target)


def test_schema_page_matches_the_models():
    assert (ROOT / SCHEMA_DOC).read_text(encoding="utf-8") == schema_document(), "run `python -m etl.report.docs`"


def test_the_column_names_a_load_writes_by_are_the_models():
    """A load through the sqlite3 driver takes the tables' columns from etl/store/column_names.py."""
    from etl.store.column_names import COLUMNS
    from etl.store.schema import metadata

    assert (ROOT / COLUMN_NAMES).read_text(encoding="utf-8") == column_names_module(), "run `python -m etl.report.docs`"
    assert {t.name: tuple(c.name for c in t.columns) for t in metadata.tables.values()} == COLUMNS and COLUMNS[
        "sources"
    ][0] == "id"


def test_schema_sql_is_what_the_revisions_make():
    """Every table, index, view and trigger of a new database: a revision that adds or changes one
    without `python -m etl.report.docs` fails here."""
    written = (ROOT / SCHEMA_SQL).read_text(encoding="utf-8")
    assert written == schema_sql_document(), "run `python -m etl.report.docs`"
    for name in ("papers", "keyword_pairs", "keyword_trends", "papers_fts", "reviews", "reviewer_disagreement"):
        assert re.search(rf"^CREATE (TABLE|VIEW|VIRTUAL TABLE) \"?{name}\"?", written, re.M), name


def test_the_module_map_is_generated_from_the_modules():
    text = (ROOT / DEVELOPMENT_DOC).read_text(encoding="utf-8")
    assert text == with_module_map(text), "run `python -m etl.report.docs`"
    named = set(re.findall(r"^### `(etl(?:/[\w/]+)?)/`", text, re.M))
    folders = {p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "etl").rglob("__init__.py")}
    assert named == folders - {"etl/data"}


def _tree(root: Path, modules: dict[str, str]) -> None:
    """A checkout with a package per stage and `modules` (path -> docstring)."""
    for package, _ in STAGES:
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / "__init__.py").write_text(f'"""The {package} package."""\n', encoding="utf-8")
    for path, docstring in modules.items():
        (root / path).write_text(f'"""{docstring}"""\n\nX = 1\n', encoding="utf-8")


@pytest.mark.parametrize(
    "added, row",
    [
        (("etl/sources/venues.py", "Venue names, by the registry."), "| `venues.py` | Venue names, by the registry. |"),
        (
            ("etl/serve/site.py", "paperdb's site in Datasette: the name\n  its database is served under.\n\nMore."),
            "| `site.py` | paperdb's site in Datasette: the name its database is served under. |",
        ),
        (("etl/text/table.py", "A | in a docstring."), "| `table.py` | A \\| in a docstring. |"),
    ],
)
def test_a_module_added_changes_the_map(tmp_path, added, row):
    _tree(tmp_path, {"etl/load/run.py": "A load run."})
    before = module_map(tmp_path)
    _tree(tmp_path, dict([added]))
    after = module_map(tmp_path)
    assert row not in before and row in after
    assert "| `run.py` | A load run. |" in after


def test_readme_names_every_canned_query():
    section = README.split("- Canned queries (`queries/*.sql`):", 1)[1].split("\n- ", 1)[0]
    named = set(re.findall(r"`(\w+)`", section))
    assert named == {path.stem for path in (ROOT / "queries").glob("*.sql")}
