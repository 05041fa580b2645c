"""Debian packages the tests install when missing (Chromium, PostgreSQL), one apt-get at a time:
the test workers (pytest-xdist) may both need one at once, and dpkg takes one install only."""

from __future__ import annotations

import fcntl
import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK = Path(tempfile.gettempdir()) / "paperdb-tests-apt.lock"


@contextmanager
def one_install_at_a_time() -> Iterator[None]:
    """Hold a lock that every test process installing packages takes (released on exit, even a crash)."""
    with open(LOCK, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def apt_install(packages: list[str], **run) -> None:
    """`apt-get update` and `apt-get install` of `packages` (noninteractive, no recommends)."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=600, **run)
    subprocess.run(
        ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages],
        check=True,
        env=env,
        timeout=900,
        **run,
    )
