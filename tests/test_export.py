"""`paperdb export`: it refuses a file where a directory belongs and never replaces earlier files
unasked, escapes spreadsheet formulas unless told not to, and a failed export leaves nothing
behind."""

from __future__ import annotations

import pytest

from etl.load import load
from tests.helpers import ABSTRACT_QUIP, listing_text


def test_export_refuses_a_file_as_directory_keeps_old_files_and_escapes_formulas(runner, tmp_path, write):
    from etl.cli import cli

    db_file = str(tmp_path / "p.db")
    load(
        db_file, [str(write("a.txt", listing_text('=HYPERLINK("http://evil") we study spreadsheets.', ABSTRACT_QUIP)))]
    )
    file_out = write("not-a-dir", "x")
    result = runner.invoke(cli, ["export", "--db", db_file, "--out", str(file_out)])
    assert result.exit_code == 1 and f"Error: {file_out}: not a directory" in result.output
    out = tmp_path / "out"
    assert runner.invoke(cli, ["export", "--db", db_file, "--out", str(out)]).exit_code == 0
    papers = (out / "papers.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in papers and ',"=HYPERLINK' not in papers
    again = runner.invoke(cli, ["export", "--db", db_file, "--out", str(out)])
    assert again.exit_code == 1 and "exists; use --overwrite" in again.output
    raw = runner.invoke(cli, ["export", "--db", db_file, "--out", str(out), "--overwrite", "--raw-cells"])
    assert raw.exit_code == 0 and '"=HYPERLINK' in (out / "papers.csv").read_text(encoding="utf-8")
    assert not list(out.glob("*.partial"))


def test_a_failed_export_leaves_no_truncated_file(monkeypatch, tmp_path, write):
    from etl.report import export as export_module

    db_file = str(tmp_path / "p.db")
    load(db_file, [str(write("a.txt", listing_text(ABSTRACT_QUIP)))])
    out = tmp_path / "out"
    calls = []

    def full_disk(fh, columns, rows, escape=True):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(fh.name))
        return 0

    monkeypatch.setattr(export_module, "_write_csv", full_disk)
    with pytest.raises(Exception, match="No space left on device"):
        export_module.export(db_file, str(out))
    assert not out.exists()  # neither new files nor partial ones, nor the directory it made
    out.mkdir()
    (out / "mine.txt").write_text("a file of the user's")
    with pytest.raises(Exception, match="No space left on device"):
        calls.clear()
        export_module.export(db_file, str(out))
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]  # a directory that was there stays
