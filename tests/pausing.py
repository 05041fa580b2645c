"""`paperdb load` in a process of its own that stops at named stages (etl/load/pause.py), so a
test can kill it, signal it or read the database exactly there, instead of sleeping and hoping."""

from __future__ import annotations

import socket

from etl.load.pause import AT, FD
from tests.helpers import Running

HANG_S = 120  # a load that neither pauses nor ends in this long has hung: the test fails


class PausedLoad:
    """`paperdb load ARGS` (forked as `tests.helpers.Running` forks it) that pauses at each of
    `stages`; `reached(stage)` waits until it is paused there, `resume()` lets it go on."""

    def __init__(self, args: list[str], stages: list[str], env: dict | None = None):
        ours, theirs = socket.socketpair()
        ours.settimeout(HANG_S)
        self.channel, self.said = ours, b""
        try:
            self.process = Running("load", *args, env={**(env or {}), AT: ",".join(stages)}, sockets={FD: theirs})
        finally:
            theirs.close()
        self.pid = self.process.pid

    def reached(self, stage: str) -> None:
        """Wait until the load says it is paused at `stage` (failing if it ends or says another)."""
        while b"\n" not in self.said:
            try:
                more = self.channel.recv(1024)
            except TimeoutError:
                more = b""
            if not more:
                break
            self.said += more
        line, _, self.said = self.said.partition(b"\n")
        if line.decode() != stage:
            self.process.kill()
            err = self.process.stderr()
            self.process.close()
            raise AssertionError(f"the load did not pause at {stage!r} (it said {line!r}); stderr: {err}")

    def resume(self) -> None:
        self.channel.sendall(b"\n")

    def finish(self) -> tuple[int, str]:
        """Let the load go on to its end: (exit status, stderr)."""
        self.channel.close()  # (the load's next pause, if any, goes on at once)
        return self._ended()

    def kill(self, signum: int) -> tuple[int, str]:
        """Send `signum` to the load where it is paused; (exit status, stderr) once it has ended."""
        self.process.send_signal(signum)
        ended = self._ended()
        self.channel.close()
        return ended

    def _ended(self) -> tuple[int, str]:
        code = self.process.wait(HANG_S)
        err = self.process.stderr()
        self.process.close()
        return code, err
