"""Test helpers: small abstracts modelled on real ones, listing builders, database readers, the
command line as a subprocess."""

from __future__ import annotations

import json
import multiprocessing
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from functools import cache

# Abstracts modelled on real ICML 2024 ones (shortened): a link, an acronym, emphasis, LaTeX.
ABSTRACT_QUIP = (
    "Post-training quantization (PTQ) reduces the memory footprint of LLMs by quantizing their"
    " weights to low-precision. In this work, we introduce QuIP#, a weight-only PTQ method that"
    " achieves state-of-the-art results in extreme compression regimes ($\\le$ 4 bits per weight)"
    " using lattice codebooks. Our code can be found at https://github.com/Cornell-RelaxML/quip-sharp."
)
ABSTRACT_ZKAUDIT = (
    "We do this by designing a protocol called ZkAudit in which model providers publish"
    " cryptographic commitments of datasets and model weights, alongside a zero-knowledge proof"
    " (ZKP) certifying that published commitments are derived from training the model."
)
ABSTRACT_GNN = (
    "Graph neural networks (GNNs) are *widely* used for molecular property prediction. We study"
    " their expressive power and propose a simple positional encoding with provable guarantees."
)


def listing_text(*abstracts: str, header: str = "ICML 2024 Papers") -> str:
    return header + "\n\n" + "\n\n".join(abstracts) + "\n"


def json_folder(folder, records: dict[str, list[dict]]):
    """A folder of JSON files, one a name of `records` (a file name -> its records), as a source
    folder the tests load; returns the folder (a `pathlib.Path`)."""
    folder.mkdir(exist_ok=True)
    for name, items in records.items():
        (folder / name).write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    return folder


def loaded_json(tmp_path_factory, name: str, records: dict[str, list[dict]]) -> str:
    """A database loaded from a folder of JSON files (`json_folder`), for a module's tests."""
    from etl.load import load

    tmp = tmp_path_factory.mktemp(name)
    db = str(tmp / "p.db")
    load(db, [str(json_folder(tmp / "d", records))])
    return db


def rows(db: str, sql: str, params=()) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


# What revision 0034 leaves to a database's next load that changes something: each paper's vector,
# computed afresh by that load as its mark in similar_scoring asks (tests/test_similar_edits.py).
LEFT_TO_THE_NEXT_LOAD = ("similar_vectors", "similar_scoring")


def dump(db: str, leaving: tuple[str, ...] = ()) -> dict[str, list[tuple]]:
    """Every row of every table except the run log and the tables `leaving`: for comparing whole databases."""
    con = sqlite3.connect(db)
    try:
        tables = [
            name
            for (name,) in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                " AND name NOT LIKE 'papers_fts_%' ORDER BY name"
            )
        ]
        return {
            t: sorted(map(repr, con.execute(f'SELECT * FROM "{t}"'))) for t in tables if t not in ("etl_runs", *leaving)
        }
    finally:
        con.close()


def build_demo_db(directory, *abstracts: str, events: int = 0, paperlists: int = 0) -> str:
    """A database of the bundled listings plus a listing of `abstracts` and, if asked, an ICML
    events export of the first `events` seed abstracts and a paperlists export (`iclr2024.json`)
    of the `paperlists` seed abstracts after them; returns its path."""
    from etl.load import load
    from tests.exports import events_json, paperlists_json, seed_abstracts

    db_file = str(directory / "papers.db")
    extra = [directory / "extra.txt"]
    extra[0].write_text(listing_text(*abstracts), encoding="utf-8")
    if events:
        extra.append(directory / "events.json")
        extra[1].write_text(events_json(seed_abstracts(events)), encoding="utf-8")
    if paperlists:
        extra.append(directory / "iclr2024.json")
        extra[-1].write_text(paperlists_json(seed_abstracts(events + paperlists)[events:]), encoding="utf-8")
    load(db_file)
    load(db_file, [str(p) for p in extra])
    return db_file


def run(target: str, fn, *args):
    """`fn(connection, *args)` in one write transaction on `target` (a SQLite file or a server's URL)."""
    from etl.store.engine import make_engine, transaction

    engine = make_engine(target)
    try:
        with transaction(engine) as conn:
            return fn(conn, *args)
    finally:
        engine.dispose()


def marked_after_upgrade(db: str, before: str, to: str | None = None) -> list[tuple]:
    """The paths of the sources a database marks to be read again once taken back to revision
    `before` and upgraded to `to`, else the head (revisions 0026, 0035, 0037 and on mark them so:
    a revision's test names its own, as later ones may mark more)."""
    from alembic import command

    from etl.store.engine import alembic_config, migrate

    run(db, lambda conn: command.downgrade(alembic_config(conn), before))
    if to is None:
        run(db, migrate)
    else:
        run(db, lambda conn: command.upgrade(alembic_config(conn), to))
    return rows(db, "SELECT path FROM sources WHERE sha256 LIKE 'read again: %'")


def loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules: dict) -> tuple[str, str]:
    """A database loaded from `folder` with the rules `old_rules` names (a dotted path -> the old
    rule) patched in, as a release before a read-again revision loaded it, and a cold load of the
    same folder by today's rules: (old, cold). The revision tests then take the old one through
    `marked_after_upgrade` and load it again."""
    from etl.load import load
    from etl.text import authors, cleaning

    old, cold = str(tmp_path / "p.db"), str(tmp_path / "cold.db")
    memos = (cleaning.clean_text, authors.clean_name, authors.name_key)  # (each keeps what a rule gave:
    # a rule patched must not outlive the patch)
    for rule, was in old_rules.items():
        monkeypatch.setattr(rule, was)
    for memo in memos:
        memo.cache_clear()
    load(old, [str(folder)])
    monkeypatch.undo()
    for memo in memos:
        memo.cache_clear()
    load(cold, [str(folder)])
    return old, cold


def paperdb(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """`paperdb ARGS` in a process of its own (text output, exit status as `subprocess.run` gives
    them), killed after `timeout` seconds: a hang fails the test instead of the suite. The process
    is forked from a server that has the command line imported (`_commands`), so each call skips
    Python's start-up and the imports (about 0.5 s of CPU) and runs `etl.cli.main` as
    `python -m etl` would."""
    with Running(*args, env=env) as command:
        code = command.wait(timeout)
        return subprocess.CompletedProcess(["paperdb", *args], code, command.stdout(), command.stderr())


class Running:
    """`paperdb ARGS` started as `paperdb` starts it and left running: a server, say. Its output
    goes to files, read with `first_line` (waiting for it), `stdout` and `stderr`."""

    def __init__(self, *args: str, env: dict | None = None, sockets: dict[str, socket.socket] | None = None):
        """`sockets` are handed to the command, each environment variable named set to its file
        descriptor there (as `subprocess.Popen(pass_fds=...)` would)."""
        self.args = ["paperdb", *args]
        self._directory = tempfile.TemporaryDirectory(prefix="paperdb-output-")
        self._out, self._err = (os.path.join(self._directory.name, name) for name in ("stdout", "stderr"))
        environment = dict(os.environ, **(env or {}))
        self.process = _commands().Process(
            target=_run_command, args=(list(args), environment, os.getcwd(), self._out, self._err, sockets or {})
        )
        self.process.start()
        self.pid = self.process.pid

    def first_line(self, timeout: float = 60, stream: str = "stdout") -> str:
        """The first line the command writes to `stream`, once written (what it wrote if it ends first)."""
        deadline = time.monotonic() + timeout
        while True:
            written = _read(self._out if stream == "stdout" else self._err)
            if "\n" in written or not self.process.is_alive():
                return written.split("\n", 1)[0] + "\n" if "\n" in written else written
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(self.args, timeout)
            time.sleep(0.01)

    def send_signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def wait(self, timeout: float) -> int:
        """Its exit status once it ended (minus the signal that ended it); killed after `timeout`."""
        self.process.join(timeout)
        if self.process.is_alive():
            self.kill()
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.process.exitcode

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()

    def stdout(self) -> str:
        return _read(self._out)

    def stderr(self) -> str:
        return _read(self._err)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Kill it if it still runs, and remove its output."""
        self.kill()
        self._directory.cleanup()


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except FileNotFoundError:  # (not yet opened by the command)
        return ""


@cache
def _commands():
    """multiprocessing's fork server, with the command line, the loader and Datasette imported
    once, and one load done (`tests.warm`)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["etl.cli", "etl.load", "etl.serve.app", "tests.helpers", "tests.warm"])
    return context


def stop_commands() -> None:
    """Stop the fork server of `paperdb`, if it was started, and wait for it: its processes' CPU
    time then counts in the suite's (multiprocessing would leave it to exit on its own)."""
    from multiprocessing import forkserver

    stop = getattr(forkserver._forkserver, "_stop", None)  # (private, Python 3.8+)
    if stop is not None:
        stop()


def _run_command(args: list[str], env: dict, cwd: str, out: str, err: str, sockets: dict) -> None:
    """In the forked process: `python -m etl ARGS` in `cwd` with `env`, stdout and stderr to files."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env, **{name: str(channel.fileno()) for name, channel in sockets.items()})
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    import etl.cli

    sys.argv = [os.path.join(os.path.dirname(etl.__file__), "__main__.py"), *args]
    etl.cli.main()  # (exits with the command's status)
