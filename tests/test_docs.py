"""The README: two quick-start commands, .ci/run runs the test one, the schema section is current."""

from __future__ import annotations

import re
from pathlib import Path

from etl.report.docs import readme_section, schema_markdown

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


def test_readme_schema_matches_the_models():
    assert readme_section(README) == schema_markdown(), "run `python -m etl.docs`"
