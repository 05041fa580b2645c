"""Crash safety and concurrency: real `paperdb load` processes killed, signalled or raced at
known points of a load (the pause points of etl/load/pause.py, tests/pausing.py), never after a
sleep that may or may not land inside it."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from etl.extract.corpus import worker_count
from etl.load import load
from etl.serve.app import make_datasette
from tests.helpers import ABSTRACT_QUIP, Running, listing_text
from tests.pausing import HANG_S, PausedLoad

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from benchmark import synthetic, write_listings

CORPUS = 500  # one file, enough papers that keyword workers start (PARALLEL_MIN)
IN_THE_TRANSACTION = ["migrated", "files", "keywords", "full-text index"]
WITH_WORKERS = ["migrated", "files", "keywords"]  # (they have ranked every paper by "full-text index")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("corpus")
    write_listings(synthetic(CORPUS), directory)
    return directory


def start_load(db_file: str, *paths: str, env: dict | None = None) -> Running:
    return Running("load", *paths, "--db", db_file, "--quiet", env=env)


def paused_load(db_file: str, *paths: str, at: list[str], env: dict | None = None) -> PausedLoad:
    return PausedLoad([*paths, "--db", db_file, "--quiet"], at, env)


def paper_count(db_file: str) -> int:
    con = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return con.execute("SELECT count(*) FROM papers").fetchone()[0]
    finally:
        con.close()


def live_processes() -> dict[int, int]:
    """Each live process's pid and its parent's (zombies have ended: left out)."""
    parents = {}
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if entry.name.isdigit():
            state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
            if state != "Z":
                parents[int(entry.name)] = int(parent)
    return parents


def processes_loading(loading: PausedLoad) -> list[int]:
    """Pids of the load's live processes: the loader and its descendants (its forked keyword workers)."""
    parents = live_processes()
    found = [loading.pid] if loading.pid in parents else []
    for pid in found:  # (grows as descendants are found)
        found.extend(child for child, parent in parents.items() if parent == pid)
    return found


def still_running(pids: list[int]) -> list[int]:
    live = live_processes()
    return [pid for pid in pids if pid in live]


def wait_until_gone(pids: list[int]) -> None:
    """Wait for each process to end (the kernel says when: a pidfd turns readable)."""
    for pid in pids:
        try:
            fd = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            select.select([fd], [], [], HANG_S)
        finally:
            os.close(fd)


def database_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir())


def assert_only_the_database(db_file: Path, papers: int) -> None:
    """The directory holds the database and nothing else of a load (checked before it is read,
    since reading adds -wal/-shm), and the database the papers of the winning load."""
    assert database_files(db_file.parent) == [db_file.name]
    assert paper_count(str(db_file)) == papers


@pytest.mark.slow
@pytest.mark.parametrize("stage, papers", [*((stage, 57) for stage in IN_THE_TRANSACTION), ("committed", 57 + CORPUS)])
def test_kill_9_mid_load_leaves_the_before_or_after_state(seeded, corpus, stage, papers):
    loading = paused_load(seeded, str(corpus), at=[stage])
    loading.reached(stage)
    workers = processes_loading(loading)
    if stage in WITH_WORKERS and worker_count() > 1:
        assert len(workers) > 1  # the loader and its keyword workers
    assert loading.kill(signal.SIGKILL)[0] == -signal.SIGKILL  # killed where it had paused
    assert paper_count(seeded) == papers
    assert paper_count(seeded) in (57, 57 + CORPUS)
    if Path("/proc/self/cmdline").exists():  # keyword workers of the killed load exit too
        wait_until_gone(workers)
        assert still_running(workers) == []
    # and the database takes the next load as usual
    assert load(seeded, [str(corpus)]).files_seen == CORPUS // 500 + (CORPUS % 500 > 0)
    assert paper_count(seeded) == 57 + CORPUS


@pytest.mark.slow
def test_readers_see_one_state_or_the_other_during_a_load(seeded, corpus):
    ds = make_datasette(seeded)
    stages = ["start", *IN_THE_TRANSACTION, "committed"]
    loading = paused_load(seeded, str(corpus), at=stages)
    seen, by_stage = set(), {}
    for stage in stages:
        loading.reached(stage)
        response = asyncio.run(ds.client.get("/papers/papers.json?_size=0"))
        assert response.status_code == 200
        by_stage[stage] = response.json()["filtered_table_rows_count"]
        seen.add(by_stage[stage])
        loading.resume()
    code, err = loading.finish()
    assert code == 0, err
    seen.add(asyncio.run(ds.client.get("/papers/papers.json?_size=0")).json()["filtered_table_rows_count"])
    assert seen <= {57, 57 + CORPUS} and 57 + CORPUS in seen
    assert by_stage == {stage: 57 for stage in stages[:-1]} | {"committed": 57 + CORPUS}


def test_a_second_load_waits_then_fails_clearly(seeded, write):
    path = write("more.txt", listing_text(ABSTRACT_QUIP))
    holder = sqlite3.connect(seeded, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock
    try:
        with start_load(seeded, str(path), env={"PAPERDB_LOCK_WAIT": "0.5"}) as process:
            code, err = process.wait(60), process.stderr()
        assert code == 1
        assert err.strip() == (
            f"Error: {seeded}: another process is writing to the database (waited 0.5s); try again when it finishes"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with start_load(seeded, str(path), env={"PAPERDB_LOCK_WAIT": "0.5"}) as process:
        assert process.wait(60) == 0


@pytest.mark.slow
@pytest.mark.parametrize("first_fails", [False, True], ids=["good-then-bad", "bad-then-good"])
def test_two_loads_creating_one_database_never_remove_the_winners_data(tmp_path, corpus, write, first_fails):
    """Load A creates a database that did not exist, and is paused inside its transaction (holding
    the directory lock) while load B starts and goes on to wait for that lock; then A goes on.
    Whichever fails must not remove what the other committed. The failing load is the corpus
    plus a binary file (it fails after reading everything) or the binary file alone."""
    db_file = tmp_path / "new" / "papers.db"
    empty = str(write("binary.txt", b"\x00\x01"))
    good_args, bad_args = [str(corpus)], ([str(corpus), empty] if first_fails else [empty])
    first = paused_load(str(db_file), *(bad_args if first_fails else good_args), at=["migrated"])
    first.reached("migrated")
    assert Path(str(db_file) + ".creating").exists() and not db_file.exists()
    second = paused_load(str(db_file), *(good_args if first_fails else bad_args), at=["start"])
    second.reached("start")
    second.resume()  # (on to the directory lock, which the first holds)
    first.resume()
    outcomes = {"first": first.finish(), "second": second.finish()}
    good, bad = (outcomes["second"], outcomes["first"]) if first_fails else (outcomes["first"], outcomes["second"])
    assert good[0] == 0, good[1]
    assert bad[0] == 1
    assert bad[1].strip() == f"Error: {empty}:1: binary file (NUL byte); expected UTF-8 text"
    assert_only_the_database(db_file, CORPUS)


@pytest.mark.slow
def test_a_creating_load_that_gives_up_waiting_leaves_the_winner_alone(tmp_path, corpus):
    db_file = tmp_path / "new" / "papers.db"
    first = paused_load(str(db_file), str(corpus), at=["migrated"])
    first.reached("migrated")  # the first holds the directory lock: it builds the file
    assert Path(str(db_file) + ".creating").exists()
    with start_load(str(db_file), str(corpus), env={"PAPERDB_LOCK_WAIT": "0.2"}) as second:
        assert second.wait(120) == 1
        assert "another process is writing to the database (waited 0.2s)" in second.stderr()
    code, err = first.finish()
    assert code == 0, err
    assert_only_the_database(db_file, CORPUS)


@pytest.mark.slow
def test_a_load_killed_while_creating_leaves_no_database(tmp_path, corpus):
    db_file = tmp_path / "new" / "papers.db"
    loading = paused_load(str(db_file), str(corpus), at=["files"])
    loading.reached("files")  # well inside the transaction
    assert "papers.db.creating" in database_files(db_file.parent)
    assert loading.kill(signal.SIGKILL)[0] == -signal.SIGKILL
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
        with start_load(seeded, env={"PAPERDB_LOCK_WAIT": "0.3"}) as process:  # the bundled listings: no change
            code, err = process.wait(60), process.stderr()
        assert code == 1
        assert err.strip() == (
            f"Error: {seeded}: another process is writing to the database (waited 0.3s); try again when it finishes"
        )
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_stops_a_load_with_one_line_and_nothing_written(seeded, corpus, signum):
    before = paper_count(seeded)
    loading = paused_load(seeded, str(corpus), at=["keywords"])
    loading.reached("keywords")  # (files read and inserted, keywords being extracted)
    workers = processes_loading(loading)
    code, err = loading.kill(signum)
    assert code == 1
    assert err == f"Error: stopped by {signum.name}; nothing of this load was written\n"
    assert paper_count(seeded) == before  # (and integrity_check ok)
    assert still_running(workers) == []  # the keyword workers stopped too


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_signal_stops_a_load_waiting_for_the_write_lock_at_once(seeded, write, signum):
    # (issue 26: SQLite waited in C, and Ctrl-C during a 20 s wait was obeyed when the wait ended)
    path = write("more.txt", listing_text(ABSTRACT_QUIP))
    holder = sqlite3.connect(seeded, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the lock, for longer than the test waits
    try:  # (--rescore: the regular load, which says when it waits)
        with Running("load", str(path), "--rescore", "--db", seeded, env={"PAPERDB_LOCK_WAIT": "120"}) as process:
            said = process.first_line(stream="stderr")
            assert said == f"paperdb: another load is writing to {seeded}; waiting for it (up to 120s)\n"
            process.send_signal(signum)
            assert process.wait(30) == 1  # (the wait would take 120 s)
            assert process.stderr() == said + f"Error: stopped by {signum.name}; nothing of this load was written\n"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert paper_count(seeded) == 57


@pytest.mark.parametrize("run", ["migrate", "new database"])
def test_a_signal_stops_a_migration_or_a_new_database_waiting_at_once(seeded, write, tmp_path, run):
    """Each run that writes says when it waits for another, and a signal ends the wait: `migrate`
    for the write lock, a load into a new database for its directory's lock (another run creating
    a database there)."""
    import fcntl

    if run == "migrate":
        args, db_file, noun = ["migrate", "--db", seeded], seeded, "migration"
        holder = sqlite3.connect(seeded, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        release = holder.close
    else:
        db_file, noun = str(tmp_path / "new" / "papers.db"), "load"
        args = ["load", str(write("more.txt", listing_text(ABSTRACT_QUIP))), "--db", db_file]
        os.mkdir(tmp_path / "new")
        fd = os.open(tmp_path / "new", os.O_RDONLY)
        fcntl.flock(fd, fcntl.LOCK_EX)  # (as a run creating a database there holds it)
        release = lambda: os.close(fd)  # noqa: E731
    try:
        with Running(*args, env={"PAPERDB_LOCK_WAIT": "120"}) as process:
            said = process.first_line(stream="stderr")
            assert said == f"paperdb: another load is writing to {db_file}; waiting for it (up to 120s)\n"
            process.send_signal(signal.SIGINT)
            assert process.wait(30) == 1  # (the wait would take 120 s)
            assert process.stderr() == said + f"Error: stopped by SIGINT; nothing of this {noun} was written\n"
    finally:
        release()
    assert not os.path.exists(tmp_path / "new" / "papers.db")


def test_a_signal_stops_a_no_op_load_waiting_for_the_write_lock_at_once(seeded):
    """The no-op check of a load (`etl.store.quick`) waits for the lock as a load does."""
    holder = sqlite3.connect(seeded, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    script = (  # (SIGINT unblocked and Python's own: not whatever the worker had when it started this)
        "import signal, sys\n"
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from etl.store.quick import record_if\n"
        "record_if(sys.argv[1], lambda query: True, dict, on_wait=lambda: print('waiting', flush=True))\n"
    )
    try:
        process = subprocess.Popen(
            [sys.executable, "-c", script, seeded],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PAPERDB_LOCK_WAIT": "120"},
        )
        assert process.stdout.readline() == "waiting\n"
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == -signal.SIGINT and err.rstrip().endswith("KeyboardInterrupt"), err
    finally:
        process.kill()
        holder.execute("ROLLBACK")
        holder.close()
