"""Crash safety, concurrency and hostile input: real subprocesses, real files, bounded loops."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from etl.cli import cli
from etl.load import load
from etl.serve.app import make_datasette
from tests.helpers import ABSTRACT_QUIP, dump, listing_text, rows

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from benchmark import synthetic, write_listings

CORPUS = 3000  # big enough that a load takes a second or two


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("corpus")
    write_listings(synthetic(CORPUS), directory)
    return directory


@pytest.fixture
def seeded(tmp_path) -> str:
    db_file = str(tmp_path / "papers.db")
    load(db_file)
    return db_file


def start_load(db_file: str, *paths: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "etl", "load", *paths, "--db", db_file, "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )


def paper_count(db_file: str) -> int:
    con = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return con.execute("SELECT count(*) FROM papers").fetchone()[0]
    finally:
        con.close()


def processes_loading(db_file: str) -> list[int]:
    """Pids of live processes whose command line loads `db_file` (the loader and its forked
    keyword workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = next(line for line in (entry / "status").read_text().splitlines() if line.startswith("State:"))
        except (OSError, StopIteration):
            continue
        if db_file.encode() in argv and "zombie" not in state:
            found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.05, 0.3, 0.8, 1.5, 2.2])
def test_kill_9_mid_load_leaves_the_before_or_after_state(seeded, corpus, delay):
    process = start_load(seeded, str(corpus))
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert paper_count(seeded) in (57, 57 + CORPUS)
    if Path("/proc/self/cmdline").exists():  # keyword workers of the killed load exit too
        deadline = time.monotonic() + 10
        while processes_loading(seeded) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert processes_loading(seeded) == []
    # and the database takes the next load as usual
    assert load(seeded, [str(corpus)]).files_seen == CORPUS // 500 + (CORPUS % 500 > 0)
    assert paper_count(seeded) == 57 + CORPUS


@pytest.mark.slow
def test_readers_see_one_state_or_the_other_during_a_load(seeded, corpus):
    ds = make_datasette(seeded)
    process = start_load(seeded, str(corpus))
    seen = set()
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        response = asyncio.run(ds.client.get("/papers/papers.json?_size=0"))
        assert response.status_code == 200
        seen.add(response.json()["filtered_table_rows_count"])
        time.sleep(0.05)
    assert process.wait(timeout=60) == 0, process.stderr.read().decode()
    seen.add(asyncio.run(ds.client.get("/papers/papers.json?_size=0")).json()["filtered_table_rows_count"])
    assert seen <= {57, 57 + CORPUS} and 57 + CORPUS in seen


def test_a_second_load_waits_then_fails_clearly(seeded, write):
    path = write("more.txt", listing_text(ABSTRACT_QUIP))
    holder = sqlite3.connect(seeded, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        started = time.monotonic()
        process = start_load(seeded, str(path), env={"PAPERDB_LOCK_WAIT": "0.5"})
        _, err = process.communicate(timeout=60)
        assert process.returncode == 1
        assert err.decode().strip() == (
            f"Error: {seeded}: another process is writing to the database (waited 0.5s); try again when it finishes"
        )
        assert time.monotonic() - started < 30
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    process = start_load(seeded, str(path), env={"PAPERDB_LOCK_WAIT": "0.5"})
    assert process.wait(timeout=60) == 0


def database_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def assert_only_the_database(db_file: Path, papers: int) -> None:
    """The directory holds the database and nothing else of a load (checked before it is read,
    since reading adds -wal/-shm), and the database the papers of the winning load."""
    assert database_files(db_file.parent) == [db_file.name]
    assert paper_count(str(db_file)) == papers


@pytest.mark.slow
@pytest.mark.parametrize("first_fails", [False, True], ids=["good-then-bad", "bad-then-good"])
def test_two_loads_creating_one_database_never_remove_the_winners_data(tmp_path, corpus, write, first_fails):
    """Load A starts on a database that does not exist yet, load B follows 0.3 s later; whichever
    fails must not remove what the other committed. The failing load is the corpus plus an empty
    file (it fails after reading everything) or the empty file alone."""
    db_file = tmp_path / "new" / "papers.db"
    empty = str(write("empty.txt", b""))
    good_args, bad_args = [str(corpus)], ([str(corpus), empty] if first_fails else [empty])
    first = start_load(str(db_file), *(bad_args if first_fails else good_args))
    time.sleep(0.3)
    second = start_load(str(db_file), *(good_args if first_fails else bad_args))
    good, bad = (second, first) if first_fails else (first, second)
    assert good.wait(timeout=120) == 0, good.stderr.read().decode()
    assert bad.wait(timeout=120) == 1
    assert bad.stderr.read().decode().strip() == f"Error: {empty}: empty file"
    assert_only_the_database(db_file, CORPUS)


@pytest.mark.slow
def test_a_creating_load_that_gives_up_waiting_leaves_the_winner_alone(tmp_path, corpus):
    db_file = tmp_path / "new" / "papers.db"
    first = start_load(str(db_file), str(corpus))
    creating = Path(str(db_file) + ".creating")
    deadline = time.monotonic() + 60
    while not creating.exists():  # the first holds the directory lock once it builds the file
        assert first.poll() is None and time.monotonic() < deadline, "the first load never started creating"
        time.sleep(0.02)
    second = start_load(str(db_file), str(corpus), env={"PAPERDB_LOCK_WAIT": "0.2"})
    assert second.wait(timeout=120) == 1
    assert "another process is writing to the database (waited 0.2s)" in second.stderr.read().decode()
    assert first.wait(timeout=120) == 0, first.stderr.read().decode()
    assert_only_the_database(db_file, CORPUS)


@pytest.mark.slow
def test_a_load_killed_while_creating_leaves_no_database(tmp_path, corpus):
    db_file = tmp_path / "new" / "papers.db"
    process = start_load(str(db_file), str(corpus))
    deadline = time.monotonic() + 60
    while not any(db_file.parent.glob("papers.db*")) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)  # well inside the transaction
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert not db_file.exists()  # at most the partial files, which the next creating load removes
    assert set(database_files(db_file.parent)) <= {
        "papers.db.creating",
        "papers.db.creating-wal",
        "papers.db.creating-shm",
    }
    assert load(str(db_file), [str(corpus)]).papers_added == CORPUS
    assert_only_the_database(db_file, CORPUS)


def test_an_unchanged_load_also_waits_then_fails_clearly(seeded):
    holder = sqlite3.connect(seeded, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        process = start_load(seeded, env={"PAPERDB_LOCK_WAIT": "0.3"})  # the bundled listings: no change
        _, err = process.communicate(timeout=60)
        assert process.returncode == 1
        assert err.decode().strip() == (
            f"Error: {seeded}: another process is writing to the database (waited 0.3s); try again when it finishes"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def hostile_files(write, tmp_path):
    """The hostile-input catalogue: (name, content, expected error or None when it loads)."""
    big = ("lorem ipsum dolor " * 400_000).encode()  # a 6 MB single paragraph
    return [
        ("empty.txt", b"", "empty file"),
        ("header only.txt", b"ICML 2024 Papers\n\n", ":1: no abstracts after the header"),
        ("no header.txt", b"We propose X.\n\nWe propose Y.\n", ":1: no header line"),
        ("latin1.txt", b"ICML 2024 Papers\n\nCaf\xe9.\n", ":3: not valid UTF-8"),
        ("utf16.txt", "ICML 2024 Papers\n\nx\n".encode("utf-16"), "file is UTF-16"),
        ("binary.txt", bytes(range(256)) * 4, "binary file"),
        ("nul.txt", b"ICML 2024 Papers\n\nx\x00y\n", ":3: binary file (NUL byte)"),
        ("huge.txt", b"ICML 2024 Papers\n\n" + big, ":3: paragraph longer than 100,000 characters"),
        ("crlf.txt", b"ICML 2024 Papers\r\n\r\nA CRLF abstract.\r\n", None),
        ("bom.txt", b"\xef\xbb\xbfICML 2024 Papers\n\nA BOM abstract.\n", None),
        (
            "html and sql.txt",
            listing_text("We attack <script>alert(1)</script> and '); DROP TABLE papers; -- in one abstract.").encode(),
            None,
        ),
        ("naïve name with spaces — ü.txt", listing_text("An abstract in a file with a hostile name.").encode(), None),
    ]


@pytest.mark.parametrize("index", range(12))
def test_hostile_input_catalogue(runner, seeded, write, tmp_path, index):
    name, content, error = hostile_files(write, tmp_path)[index]
    path = write(name, content)
    before = dump(seeded)
    result = runner.invoke(cli, ["load", str(path), "--db", seeded])
    if error is None:
        assert result.exit_code == 0, result.output
        assert paper_count(seeded) == 58
    else:
        assert result.exit_code == 1
        assert result.output.count("\n") == 1 and result.output.startswith(f"Error: {path}")
        assert error in result.output and "Traceback" not in result.output
        assert dump(seeded) == before


def test_sql_and_script_text_is_stored_verbatim(seeded, write):
    text = "We attack <script>alert(1)</script> and '); DROP TABLE papers; -- in one abstract."
    load(seeded, [str(write("x.txt", listing_text(text)))])
    assert rows(seeded, "SELECT count(*) FROM papers WHERE abstract = ?", (text,)) == [(1,)]


def test_directory_with_junk_and_a_symlink_loop(runner, seeded, write, tmp_path):
    write("in/good.txt", listing_text(ABSTRACT_QUIP + " A variant."))
    write("in/picture.png", b"\x89PNG\r\n\x1a\n\x00")
    write("in/notes.md", "# notes")
    write("in/.DS_Store", b"\x00\x01")
    os.symlink(tmp_path / "in", tmp_path / "in" / "loop")
    result = runner.invoke(cli, ["load", str(tmp_path / "in"), "--db", seeded])
    assert result.exit_code == 0, result.output
    assert "1 of 1 files loaded" in result.stdout and "2 skipped" in result.stdout
    assert "skipped" in result.stderr and "picture.png" in result.stderr
    assert paper_count(seeded) == 58


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_stops_a_load_with_one_line_and_nothing_written(seeded, corpus, signum):
    before = paper_count(seeded)
    load = start_load(seeded, str(corpus))
    time.sleep(1.0)  # (reading, inserting, extracting)
    assert load.poll() is None, "the load ended before the signal"
    load.send_signal(signum)
    assert load.wait(timeout=60) == 1
    err = load.stderr.read().decode()
    assert err == f"Error: stopped by {signum.name}; nothing of this load was written\n"
    assert paper_count(seeded) == before  # (and integrity_check ok)
    assert processes_loading(seeded) == []  # the keyword workers stopped too


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


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_signal_stops_the_server_cleanly(seeded, signum):
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "etl", "serve", "--db", seeded, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert "serving" in server.stdout.readline()
        server.send_signal(signum)
        assert server.wait(timeout=30) == 0
        assert server.stderr.read() == "paperdb: stopped serving\n"
    finally:
        server.kill()
        server.wait()
