"""`paperdb serve` as a process: a busy port is one line before it claims to serve; it says it is
serving once it is, on the port the system chose for `--port 0`; a signal stops it cleanly and
within seconds whatever its clients do; it serves a file whatever its name, starts while a load
writes, and reads a file deleted and rebuilt anew."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import urllib.request

import pytest

from tests.helpers import ABSTRACT_QUIP, Running, listing_text, paperdb


def test_serve_on_a_busy_port_says_so_in_one_line_before_claiming_to_serve(seeded):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = paperdb("serve", "--db", seeded, "--port", str(port), timeout=60)
    assert result.returncode == 1 and "serving" not in result.stdout
    assert result.stderr.strip() == f"Error: 127.0.0.1:{port}: port already in use; choose another with --port"


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_signal_stops_the_server_cleanly(seeded, signum):
    with Running("serve", "--db", seeded, "--port", "0") as server:
        said = server.first_line()
        assert "serving" in said
        url = said.rsplit(" at ", 1)[1].strip()  # the port the system chose, and the server is up
        assert not url.endswith(":0/") and json.load(urllib.request.urlopen(url + "-/versions.json", timeout=30))
        server.send_signal(signum)
        assert server.wait(timeout=30) == 0
        assert server.stderr() == "paperdb: stopped serving\n"


class Server:
    """`paperdb serve --port 0` in a process of its own (forked as `tests.helpers.paperdb` forks
    its commands), once it says it is serving: its URL."""

    def __init__(self, db_file: str, env: dict | None = None):
        self.process = Running("serve", "--db", db_file, "--port", "0", env=env)
        said = self.process.first_line()
        if " at " not in said:
            self.process.kill()
            raise AssertionError(f"the server did not start: {said!r} {self.process.stderr()!r}")
        self.url = said.rsplit(" at ", 1)[1].strip()
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def papers(self) -> int:
        with urllib.request.urlopen(self.url + "papers/papers.json?_size=0", timeout=30) as response:
            return json.load(response)["filtered_table_rows_count"]

    def stop(self, signum: int = signal.SIGTERM, timeout: float = 30) -> tuple[int, str]:
        """(exit status, stderr) once a signal has stopped it; a server that outlives `timeout` is a failure."""
        self.process.send_signal(signum)
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"the server was still running {timeout:g}s after {signal.Signals(signum).name}"
            ) from None
        return code, self.process.stderr()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.process.__exit__(*exc)


@pytest.mark.parametrize("name", ["h#1.db", "base.db?foo", "p%41.db", "two words.db", "line\nbreak.db", "file:f.db"])
def test_a_database_whose_name_reads_as_a_uri_is_served(seeded, tmp_path, name):
    # (issue 26: `serve --db 'h#1.db'` made an empty file `h` and served nothing)
    odd = str(tmp_path / name)
    os.rename(seeded, odd)
    with Server(odd) as server:
        assert server.papers() == 57
        assert server.stop() == (0, "paperdb: stopped serving\n")
    assert sorted(os.listdir(tmp_path)) == sorted(
        n for n in (name, name + "-wal", name + "-shm") if n in os.listdir(tmp_path)
    )


def test_serve_starts_while_a_load_writes_and_shows_its_commit(seeded, write):
    # (issue 26: serve migrated first, so it waited for the load's write lock, then gave up)
    from tests.pausing import PausedLoad

    loading = PausedLoad([str(write("new.txt", listing_text(ABSTRACT_QUIP))), "--db", seeded], ["files"])
    loading.reached("files")  # inside the load's transaction: the write lock is held
    with Server(seeded, env={"PAPERDB_LOCK_WAIT": "2"}) as server:
        assert server.papers() == 57
        loading.resume()
        code, err = loading.finish()
        assert code == 0, err
        assert server.papers() == 58


def test_a_database_file_deleted_and_rebuilt_is_served_anew(seeded, write):
    # (issue 26: the server kept reading the deleted file until it was restarted)
    from etl.load import load

    with Server(seeded) as server:
        for _ in range(4):  # (every thread of Datasette's has its connection)
            assert server.papers() == 57
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(seeded + suffix)
        load(seeded, [str(write("new.txt", listing_text(ABSTRACT_QUIP)))])
        for _ in range(4):
            assert server.papers() == 1
        assert server.stop() == (0, "paperdb: stopped serving\n")


FILLER = 200_000  # rows: streamed as CSV, half a minute on the development machine


@pytest.fixture
def large(seeded) -> str:
    """The seeded database with a table large enough that streaming it takes a while."""
    con = sqlite3.connect(seeded)
    with con:
        con.execute("CREATE TABLE filler (n INTEGER PRIMARY KEY, text TEXT)")
        con.execute(
            "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?)"
            " INSERT INTO filler SELECT n, 'row ' || n FROM c",
            (FILLER,),
        )
    con.close()
    return seeded


@pytest.mark.parametrize("client", ["aborts", "stops reading"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_the_server_stops_at_a_signal_whatever_its_clients_do(large, client, signum):
    # (issue 26: after an aborted `_stream=on` download the server ran on for minutes)
    with Server(large) as server:
        sock = socket.socket()
        sock.setsockopt(
            socket.SOL_SOCKET, socket.SO_RCVBUF, 4096
        )  # (a client that stops reading soon blocks the server)
        sock.connect(("127.0.0.1", server.port))
        sock.sendall(b"GET /papers/filler.csv?_stream=on HTTP/1.1\r\nHost: localhost\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 200 OK")  # the download has started
        if client == "aborts":
            sock.close()
        assert server.papers() == 57  # (another client is served meanwhile)
        code, err = server.stop(signum, timeout=15)  # (streaming the table takes longer)
        sock.close()
        assert code == 0 and err.endswith("paperdb: stopped serving\n"), err
        assert "Traceback" not in err and len(err.splitlines()) <= 2, err


@pytest.mark.parametrize("stopping", [False, True])
def test_what_a_response_cut_short_says_is_left_out_once_the_server_stops(stopping):
    """A response cancelled at shutdown may leave a coroutine it made and never awaited; Python's
    warning about it (through the "py.warnings" logger while the server runs) said so in three
    more lines after uvicorn's "Cancel 1 running task(s)". Other warnings, and any before the
    server stops, are shown."""
    import logging
    from types import SimpleNamespace

    from etl.serve.server import _QuietWhenStopping

    quiet = _QuietWhenStopping(SimpleNamespace(should_exit=stopping))

    def shown(message: str) -> bool:
        return quiet.filter(logging.LogRecord("py.warnings", logging.WARNING, __file__, 1, message, None, None))

    cut_short = "events.py:80: RuntimeWarning: coroutine 'Database.table_exists' was never awaited"
    assert shown(cut_short) is not stopping
    assert shown("ASGI callable returned without completing response.") is not stopping
    assert shown("app.py:1: DeprecationWarning: something else")
