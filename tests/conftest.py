"""Shared fixtures: temporary databases and small listing files written for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


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
