"""PostgreSQL servers that never answer: `--db` with a server's URL fails in one line within the
lock wait (or the URL's own connect_timeout) instead of hanging. No PostgreSQL server is needed (a
local port that accepts and stays silent stands for one), so these run beside tests/test_postgres.py's
group, on either worker: each waits two or three seconds."""

from __future__ import annotations

import pytest


@pytest.fixture
def silent_server():
    """A TCP port that accepts connections and never says a word (a hung server, a wrong port
    behind a proxy): its address, as host:port."""
    import socket
    import threading

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted = []

    def accept():
        while True:
            try:
                accepted.append(listener.accept()[0])
            except OSError:  # (closed)
                return

    threading.Thread(target=accept, daemon=True).start()
    yield f"127.0.0.1:{listener.getsockname()[1]}"
    listener.close()
    for sock in accepted:
        sock.close()


COMMANDS = [["stats"], ["load"], ["migrate"], ["export", "--out", "OUT"], ["rescore"]]


def test_a_server_that_never_answers_is_one_line_within_the_lock_wait(silent_server, tmp_path):
    # (issue 26: `stats`, `load` and `migrate` hung with no time limit: psycopg waits 130 s per address)
    # (each command waits out its two seconds: all of them at once, each in a process of its own)
    from concurrent.futures import ThreadPoolExecutor

    from tests.helpers import paperdb

    url = f"postgresql://me:s3cret@{silent_server}/papers"
    commands = [[str(tmp_path / "out") if part == "OUT" else part for part in command] for command in COMMANDS]
    with ThreadPoolExecutor(len(commands)) as pool:
        finished = list(
            pool.map(lambda c: paperdb(*c, "--db", url, env={"PAPERDB_LOCK_WAIT": "2"}, timeout=60), commands)
        )
    for command, done in zip(commands, finished, strict=True):
        assert done.returncode == 1 and done.stderr == (
            f"Error: postgresql://me:***@{silent_server}/papers: the server did not answer within 2s"
            " ($PAPERDB_LOCK_WAIT, at least 2); is it up, and is this its address?\n"
        ), command


def test_a_url_keeps_its_own_connect_timeout(silent_server):
    from tests.helpers import paperdb

    url = f"postgresql://me@{silent_server}/papers?connect_timeout=3"
    done = paperdb("stats", "--db", url, env={"PAPERDB_LOCK_WAIT": "600"}, timeout=60)
    assert done.returncode == 1 and "did not answer within 3s (its connect_timeout)" in done.stderr
