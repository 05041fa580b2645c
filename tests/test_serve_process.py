"""`paperdb serve` as a process: a busy port is one line before it claims to serve; it says it is
serving once it is, on the port the system chose for `--port 0`; a signal stops it cleanly."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from tests.helpers import paperdb


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
    server = subprocess.Popen(
        [sys.executable, "-m", "etl", "serve", "--db", seeded, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        said = server.stdout.readline()
        assert "serving" in said
        url = said.rsplit(" at ", 1)[1].strip()  # the port the system chose, and the server is up
        assert not url.endswith(":0/") and json.load(urllib.request.urlopen(url + "-/versions.json", timeout=30))
        server.send_signal(signum)
        assert server.wait(timeout=30) == 0
        assert server.stderr.read() == "paperdb: stopped serving\n"
    finally:
        server.kill()
        server.wait()
