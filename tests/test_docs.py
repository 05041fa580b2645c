"""The README and docs/: two quick-start commands, .ci/run runs the test one, every command and
docs page is reachable, the README stays short, and the generated schema page is current."""

from __future__ import annotations

import re
from pathlib import Path

from etl.cli import cli
from etl.report.docs import SCHEMA_DOC, schema_document

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


def test_readme_names_every_canned_query():
    section = README.split("- Canned queries (`queries/*.sql`):", 1)[1].split("\n- ", 1)[0]
    named = set(re.findall(r"`(\w+)`", section))
    assert named == {path.stem for path in (ROOT / "queries").glob("*.sql")}
