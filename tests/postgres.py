"""A throwaway PostgreSQL server for the tests: Debian's `postgresql` package, installed when
missing (as root, which CI is), a new cluster in a temporary directory, listening on a Unix
socket only (no TCP port, nothing reachable from outside), stopped when the tests end. Where
no server can be had (not root, no apt-get, no registry), the PostgreSQL tests skip, saying why."""

from __future__ import annotations

import getpass
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.apt import apt_install, one_install_at_a_time

PACKAGES = ["postgresql"]
USER = "postgres"  # the server refuses to run as root; Debian's package makes this user


def server_binaries() -> Path | None:
    """The directory of `initdb`, `pg_ctl` and `postgres`, newest version first, if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]), reverse=True)
    if found:
        return Path(found[0]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def ensure_postgres() -> Path:
    """The server's binaries, installing Debian's package first if need be. Fails with the command
    to run where it cannot install it itself."""
    binaries = server_binaries()
    if binaries:
        return binaries
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        pytest.skip(
            "no PostgreSQL server here, and installing one needs root and apt-get: sudo apt-get install postgresql"
        )
    try:
        with one_install_at_a_time():
            if not server_binaries():  # (another worker may have)
                apt_install(PACKAGES, capture_output=True)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"no PostgreSQL server here, and apt-get could not install one: {exc}")
    binaries = server_binaries()
    assert binaries, "apt-get installed postgresql but initdb is not under /usr/lib/postgresql"
    return binaries


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", USER, "--", *command]


@contextmanager
def throwaway_server() -> Iterator[str]:
    """Start a new cluster; yields the SQLAlchemy URL of its `paperdb` database (Unix socket)."""
    binaries = ensure_postgres()
    base = Path(tempfile.mkdtemp(prefix="paperdb-pg-"))
    data, socket = base / "data", base / "socket"
    socket.mkdir()
    role = USER if os.geteuid() == 0 else getpass.getuser()
    if os.geteuid() == 0:
        shutil.chown(base, USER)
        shutil.chown(socket, USER)

    def run(program: str, *args: str) -> None:
        subprocess.run(_as_server_user([str(binaries / program), *args]), check=True, capture_output=True, timeout=120)

    try:
        run("initdb", "-D", str(data), "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "-U", role)
        options = f"-c listen_addresses='' -c unix_socket_directories={socket} -c fsync=off -c full_page_writes=off"
        run("pg_ctl", "-D", str(data), "-o", options, "-w", "-l", str(base / "log"), "start")
        run("createdb", "-h", str(socket), "-U", role, "paperdb")
        yield f"postgresql+psycopg://{role}@/paperdb?host={socket}"
    finally:
        subprocess.run(
            _as_server_user([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            capture_output=True,
            timeout=120,
        )
        shutil.rmtree(base, ignore_errors=True)
