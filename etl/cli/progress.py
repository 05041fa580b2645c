"""The progress bar of a load on a terminal: `k of N files`, records per second and the time left
while the files are read (estimated from the bytes read of the bytes to read), then the step the
load is in, with how far it is where the step says (keywords)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TextIO

from ..errors import one_line
from ..load.progress import Progress
from ..sources import InputFile

BAR = 20  # characters of the bar
REDRAW_S = 0.1  # at most this often, but for a new file or step (a terminal need not keep up with every batch)
ESTIMATE_AFTER = (0.01, 1.0)  # the time left is estimated once this share of the bytes is read and these seconds


class ProgressBar(Progress):
    """A load's progress drawn on one line of `stream` (a terminal), redrawn in place; `close`
    clears it, so the summary or an error line comes next."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic):
        self.stream, self.clock = stream, clock
        self.count = self.size = 0  # files to read, and their bytes
        self.number = 0  # the file being read (1-based)
        self.before = self.current = self.within = 0  # bytes of the files before it, of it, of it read
        self.records = 0
        self.name = ""
        self.started: float | None = None  # when the load started on its files
        self.read_s: float | None = None  # how long the files took, once read
        self.stage_name: str | None = None
        self.steps: tuple[int, int] | None = None  # (done, total) of the step
        self.drawn_at: float | None = None
        self.gone = False  # the terminal could not be written to

    def files(self, count: int, size: int) -> None:
        self.count, self.size = count, size
        self.started = self.clock()  # (some files are read early, from here on)

    def file(self, input_file: InputFile, size: int) -> None:
        self.before += self.current
        self.current, self.within = size, 0
        self.number += 1
        self.name = os.path.basename(input_file.path)
        self.draw(force=True)

    def read(self, done: int, records: int) -> None:
        self.within = min(done, self.current)
        self.records += records
        self.draw()

    def stage(self, name: str) -> None:
        if self.read_s is None and self.started is not None:
            self.read_s = self.clock() - self.started
        self.stage_name, self.steps = name, None
        self.draw(force=True)

    def step(self, done: int, total: int) -> None:
        self.steps = (done, total)
        self.draw(force=done in (0, total))

    def draw(self, force: bool = False) -> None:
        now = self.clock()
        if self.gone or (not force and self.drawn_at is not None and now - self.drawn_at < REDRAW_S):
            return
        self.drawn_at = now
        self._write("\r" + self.line(now)[: _width(self.stream) - 1] + "\x1b[K")

    def line(self, now: float) -> str:
        """What the bar says at time `now`."""
        if self.stage_name is not None:
            return self._stage_line()
        done = self.before + self.within
        share = done / self.size if self.size else self.number / max(self.count, 1)
        elapsed = now - (self.started if self.started is not None else now)
        parts = [f"{_bar(share)} {_percent(share)}", f"{self.number:,} of {self.count:,} files"]
        if share >= ESTIMATE_AFTER[0] and elapsed >= ESTIMATE_AFTER[1] and done:
            parts.append(f"{duration(elapsed * (self.size - done) / done)} left to read")
        records = f"{self.records:,} records"
        parts.append(f"{records}, {self.records / elapsed:,.0f}/s" if self.records and elapsed > 0 else records)
        return "  ".join([*parts, one_line(self.name)])

    def _stage_line(self) -> str:
        read = f" (files read in {duration(self.read_s)})" if self.read_s is not None else ""
        if self.steps is None or not self.steps[1]:
            return f"{self.stage_name}...{read}"
        done, total = self.steps
        return f"{_bar(done / total)} {_percent(done / total)}  {self.stage_name}: {done:,} of {total:,} papers{read}"

    def close(self) -> None:
        """Clear the bar's line, if it was drawn."""
        if self.drawn_at is not None and not self.gone:
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # (the terminal is gone: the load goes on without its bar)
            self.gone = True


def _percent(share: float) -> str:
    return f"{min(100, int(share * 100)):3d}%"  # (rounded down: 100 % only when done)


def _bar(share: float) -> str:
    filled = min(BAR, int(share * BAR))
    return "[" + "#" * filled + "-" * (BAR - filled) + "]"


def duration(seconds: float) -> str:
    """`45s`, `3m12s`, `1h05m`: a time to wait, as a bar says it."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def _width(stream: TextIO) -> int:
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):
        return 80
