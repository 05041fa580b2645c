"""The command line: help for every command, summaries, one-line errors with exit status 1 (bad
settings too), and output that cannot be written."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from etl.cli import cli
from tests.helpers import ABSTRACT_QUIP, listing_text, paperdb, rows


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_command_has_help(runner, command):
    result = runner.invoke(cli, [command, "--help"])
    assert result.exit_code == 0
    assert cli.commands[command].help and "Example:" in result.output


def test_load_stats_and_migrate(runner, db_file):
    result = runner.invoke(cli, ["load", "--db", db_file])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == result.output.strip().splitlines()[-1]  # one summary line
    assert "3 of 3 files loaded" in result.output and "57 added" in result.output
    result = runner.invoke(cli, ["stats", "--db", db_file, "--json"])
    counts = json.loads(result.output)
    assert counts["papers"] == 57 and counts["sources"] == 3 and counts["runs"] == 1
    assert set(counts) == {"papers", "sources", "links", "repos", "keywords", "runs"}
    result = runner.invoke(cli, ["migrate", "--db", db_file])
    assert result.exit_code == 0 and "schema at head" in result.output


def test_env_var_chooses_database(runner, db_file, monkeypatch):
    monkeypatch.setenv("PAPERDB_DB", db_file)
    assert runner.invoke(cli, ["load", "-q"]).exit_code == 0
    assert rows(db_file, "SELECT count(*) FROM papers") == [(57,)]


@pytest.mark.parametrize(
    "name, content, message",
    [
        (
            "latin1.txt",
            b"ICML 2024 Papers\n\nCaf\xe9 au lait.\n",
            "latin1.txt:3: not valid UTF-8 (byte 0xe9); save the file as UTF-8",
        ),
        (
            "noheader.txt",
            b"We propose X.\n",
            "noheader.txt:1: no header line like 'ICML 2024 Papers'; add one or give --venue and --year",
        ),
        ("utf16.txt", "ICML 2024 Papers\n\nx\n".encode("utf-16"), "utf16.txt: file is UTF-16; save it as UTF-8"),
        ("nul.txt", b"ICML 2024 Papers\n\nx\x00y\n", "nul.txt:3: binary file (NUL byte); expected UTF-8 text"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(runner, db_file, write, tmp_path, monkeypatch, name, content, message):
    monkeypatch.chdir(tmp_path)
    runner.invoke(cli, ["load", "-q", "--db", db_file])
    before = rows(db_file, "SELECT count(*) FROM etl_runs")
    write(name, content)
    result = runner.invoke(cli, ["load", name, "--db", db_file])
    assert result.exit_code == 1
    assert result.output == f"Error: {message}\n"
    assert rows(db_file, "SELECT count(*) FROM etl_runs") == before


def test_missing_path(runner, db_file):
    result = runner.invoke(cli, ["load", "no/such/dir", "--db", db_file])
    assert (result.exit_code, result.output) == (1, "Error: no/such/dir: no such file or directory\n")


def test_venue_and_year_options(runner, db_file, write):
    path = write("plain.txt", ABSTRACT_QUIP + "\n")
    result = runner.invoke(cli, ["load", str(path), "--venue", "NeurIPS", "--year", "2023", "--db", db_file])
    assert result.exit_code == 0, result.output
    assert rows(db_file, "SELECT venue, year FROM papers") == [("NeurIPS", 2023)]


def test_an_empty_file_is_passed_over_and_said_so(runner, db_file, write):
    empty = write("empty.txt", b"\n")
    result = runner.invoke(cli, ["load", str(empty), "--db", db_file])
    assert result.exit_code == 0, result.output
    assert f"skipped {empty}: empty file" in result.stderr
    assert "0 of 1 files loaded (0 unchanged, 1 skipped)" in result.stdout


def test_keep_going_reports_skips_on_stderr(runner, db_file, write):
    good = write("good.txt", listing_text(ABSTRACT_QUIP))
    bad = write("bad.txt", b"\x00\x01")
    result = runner.invoke(cli, ["load", str(good), str(bad), "--keep-going", "--db", db_file])
    assert result.exit_code == 0
    assert f"failed {bad}:1: binary file (NUL byte); expected UTF-8 text" in result.stderr
    assert "1 of 2 files loaded (0 unchanged, 1 failed)" in result.stdout


def test_stats_without_database(runner, tmp_path):
    result = runner.invoke(cli, ["stats", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 1
    assert result.output == f"Error: {tmp_path / 'none.db'}: no such database; build it with `paperdb load`\n"


def test_version(runner):
    result = runner.invoke(cli, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("paperdb, version ")


def test_load_exports_and_export_tables(runner, db_file, write, tmp_path):
    from tests.exports import bibtex, events_json, seed_abstracts

    events = write("events.json", events_json(seed_abstracts(2)))
    bib = write("pmlr.txt", bibtex(seed_abstracts(1)))
    result = runner.invoke(cli, ["load", str(events), "--db", db_file])
    assert result.exit_code == 0 and "2 added" in result.output and "1 events" in result.output
    result = runner.invoke(cli, ["load", str(bib), "--format", "pmlr-bibtex", "--db", db_file])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["export", "--db", db_file, "--out", str(tmp_path / "x"), "--format", "jsonl"])
    assert result.exit_code == 0 and "papers.jsonl (2 rows)" in result.output


def test_forced_format_that_does_not_fit_is_an_error(runner, db_file, write):
    path = write("listing.txt", listing_text(ABSTRACT_QUIP))
    result = runner.invoke(cli, ["load", str(path), "--format", "icml-events", "--db", db_file])
    assert result.exit_code == 1 and result.output.startswith(f"Error: {path}:1: malformed JSON")


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["load", "--db", ""], {}, "Error: --db is empty; give the database file's path (e.g. db/papers.db)\n"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "abc"}, "Error: $PAPERDB_MAX_FILE_MB: 'abc' is not a number of megabytes"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "-1"}, "Error: $PAPERDB_MAX_FILE_MB: '-1' is not a number of megabytes"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "nan"}, "Error: $PAPERDB_MAX_FILE_MB: 'nan' is not a number of megabytes"),
        (["load"], {"PAPERDB_LOCK_WAIT": "abc"}, "Error: $PAPERDB_LOCK_WAIT: 'abc' is not a number of seconds"),
        # (issue 26: 1e20 overflowed SQLite's wait and gave up at once, 1e308 and 1e13 were tracebacks)
        (
            ["load"],
            {"PAPERDB_LOCK_WAIT": "1e20"},
            "Error: $PAPERDB_LOCK_WAIT: '1e20' is not a number of seconds from 0 to 604,800\n",
        ),
        (["load"], {"PAPERDB_LOCK_WAIT": "1e308"}, "Error: $PAPERDB_LOCK_WAIT: '1e308' is not a number of seconds"),
        (["migrate"], {"PAPERDB_LOCK_WAIT": "-0.5"}, "Error: $PAPERDB_LOCK_WAIT: '-0.5' is not a number of seconds"),
        (
            ["load"],
            {"PAPERDB_MAX_FILE_MB": "1e13"},
            "Error: $PAPERDB_MAX_FILE_MB: '1e13' is not a number of megabytes from 0 to 1,048,576\n",
        ),
        (  # (the tests' pause point: a descriptor too large for C was an OverflowError traceback)
            ["load"],
            {"PAPERDB_PAUSE_AT": "start", "PAPERDB_PAUSE_FD": "99999999999999999999"},
            "Error: $PAPERDB_PAUSE_AT: $PAPERDB_PAUSE_FD must be the file descriptor of a connected socket",
        ),
    ],
)
def test_bad_settings_are_one_line(tmp_path, args, env, message):
    if args[-1] != "":
        args = [*args, "--db", str(tmp_path / "p.db")]
    done = paperdb(*args, env=env)
    assert done.returncode == 1 and done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr


def test_a_blank_venue_is_a_usage_error(tmp_path):
    done = paperdb("load", "--venue", " ", "--db", str(tmp_path / "p.db"))
    assert done.returncode == 2 and "must name a venue" in done.stderr and "Traceback" not in done.stderr


def test_output_that_cannot_be_written_is_one_line(seeded):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "etl", "stats", "--db", seeded], stdout=full, stderr=subprocess.PIPE, timeout=60
        )
    assert done.returncode == 1
    assert done.stderr.decode() == "Error: <stdout>: No space left on device (only this output was lost)\n"


@pytest.mark.parametrize("command", [["stats"], ["load", "--quiet"], ["load"]])
def test_a_closed_pipe_is_one_line(seeded, write, command):
    args = [sys.executable, "-m", "etl", *command, "--db", seeded]
    if command[0] == "load":
        args.insert(4, str(write("new.txt", listing_text(ABSTRACT_QUIP))))
    reader, writer = os.pipe()
    os.close(reader)  # nobody reads: the first write fails with EPIPE
    try:
        done = subprocess.run(args, stdout=writer, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(writer)
    quiet = command == ["load", "--quiet"]
    assert done.returncode == (0 if quiet else 1), done.stderr
    assert done.stderr.decode() == ("" if quiet else "Error: <stdout>: Broken pipe (only this output was lost)\n")
