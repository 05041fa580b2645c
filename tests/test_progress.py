"""The progress bar of a load: on a terminal, `k of N files`, the records read and their rate, the
time left to read (from the bytes read of all), then each long step and how far it is; cleared
at the end, and nothing at all when stderr is not a terminal."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios

import pytest

from etl.cli.progress import ProgressBar, duration
from etl.sources import InputFile
from tests.helpers import paperdb

SIGGRAPH = InputFile("siggraph/siggraph2021.json", "/catalogue/siggraph/siggraph2021.json")
COLING = InputFile("coling/coling2025.json", "/catalogue/coling/coling2025.json")


class Clock:
    """A clock the test sets: what `ProgressBar` reads as the time."""

    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def told(*events) -> list[str]:
    """What the bar says after each of `events`: `(seconds, method, *arguments)`, starting with
    the whole catalogue's 240 files of 231 MB."""
    clock, stream = Clock(), io.StringIO()
    bar, said = ProgressBar(stream, clock), []
    bar.files(240, 231_000_000)
    for at, method, *arguments in events:
        clock.now = at
        getattr(bar, method)(*arguments)
        said.append(bar.line(clock.now))
    return said


@pytest.mark.parametrize(
    "events, line",
    [
        # the first file: no rate, no estimate yet
        ([(0.5, "file", SIGGRAPH, 1_500_000)], "[--------------------]   0%  1 of 240 files  0 records  siggraph2021.json"),
        # 3 % of the bytes in 6 s: 194 s left to read
        (
            [(0.5, "file", SIGGRAPH, 23_100_000), (6, "read", 6_930_000, 2_222)],
            "[--------------------]   3%  1 of 240 files  3m14s left to read  2,222 records, 370/s  siggraph2021.json",
        ),
        # a second file: the first one's bytes are all read (some of it before the bar heard of it)
        (
            [(0.5, "file", SIGGRAPH, 23_100_000), (10, "read", 5_000_000, 240), (12, "file", COLING, 23_100_000)],
            "[##------------------]  10%  2 of 240 files  1m48s left to read  240 records, 20/s  coling2025.json",
        ),
        # too little read to say how long the rest takes
        ([(0.5, "file", SIGGRAPH, 300_000), (0.9, "read", 300_000, 10)], "[--------------------]   0%  1 of 240 files  10 records, 11/s  siggraph2021.json"),
        # after the files: the step, and how far the keywords are
        (
            [(0.5, "file", SIGGRAPH, 231_000_000), (240, "read", 231_000_000, 90_999), (241, "stage", "keywords")],
            "keywords... (files read in 4m01s)",
        ),
        (
            [(241, "stage", "keywords"), (300, "step", 45_000, 90_525)],
            "[#########-----------]  49%  keywords: 45,000 of 90,525 papers (files read in 4m01s)",
        ),
        ([(241, "stage", "keywords"), (300, "step", 45_000, 90_525), (400, "stage", "similar papers")], "similar papers... (files read in 4m01s)"),
    ],
)  # fmt: skip
def test_the_bar_says_how_far_the_load_is(events, line):
    assert told(*events)[-1] == line


@pytest.mark.parametrize(
    "seconds, said", [(0.4, "0s"), (45, "45s"), (59.6, "1m00s"), (194, "3m14s"), (3599, "59m59s"), (3_900, "1h05m")]
)
def test_durations_are_short(seconds, said):
    assert duration(seconds) == said


def test_the_bar_redraws_in_place_at_most_ten_times_a_second_and_clears_its_line():
    clock, stream = Clock(), io.StringIO()
    bar = ProgressBar(stream, clock)
    bar.files(2, 200)
    bar.file(SIGGRAPH, 100)  # (a new file is drawn at once)
    for at in (0.05, 0.15, 0.16, 0.2, 0.3, 0.31):  # batches read: those a tenth of a second after the last drawn
        clock.now = at
        bar.read(int(at * 100), 10)
    clock.now = 0.32
    bar.file(COLING, 100)
    bar.close()
    drawn = stream.getvalue().split("\r")
    assert drawn[0] == "" and drawn[-1] == "\x1b[K" and all(line.endswith("\x1b[K") for line in drawn[1:])
    assert [re.search(r"\d+ records[^ ]*( [0-9]+/s)?", line)[0] for line in drawn[1:-1]] == [
        "0 records",
        "20 records, 133/s",
        "50 records, 167/s",
        "60 records, 188/s",
    ]


def on_a_terminal(*args: str, columns: int) -> tuple[int, str, str]:
    """`paperdb ARGS` with stderr on a terminal `columns` wide: its exit status, what the terminal
    received and stdout."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    command = [sys.executable, "-m", "etl", *args]
    with subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave) as process:
        os.close(slave)
        received = b""
        while select.select([master], [], [], 120)[0]:  # (a hang fails the test, not the suite)
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # (EIO: the command ended, the terminal's other side is closed)
                break
            if not chunk:
                break
            received += chunk
        os.close(master)
        out = process.stdout.read().decode()
        return process.wait(60), received.decode(), out


def test_a_load_on_a_terminal_shows_the_bar_and_clears_it_before_the_summary(db_file):
    code, terminal, out = on_a_terminal("load", "--db", db_file, columns=72)
    assert code == 0 and "3 of 3 files loaded" in out
    drawn = terminal.split("\r")
    assert any("3 of 3 files" in line for line in drawn), terminal
    assert any("keywords: 57 of 57 papers" in line for line in drawn), terminal
    assert all(len(line.removesuffix("\x1b[K")) < 72 for line in drawn), terminal  # (no line wraps)
    assert terminal.endswith("\r\x1b[K")  # the summary follows on a clean line


def test_a_load_not_on_a_terminal_says_only_its_summary(db_file):
    result = paperdb("load", "--db", db_file)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.count("\n") == 1 and "3 of 3 files loaded" in result.stdout


class Gone(io.StringIO):
    """A terminal that went away (its window closed): writing to it fails."""

    def write(self, text: str) -> int:
        raise OSError(5, "Input/output error")


def test_a_terminal_that_goes_away_stops_the_bar_not_the_load():
    bar = ProgressBar(Gone(), Clock())
    bar.files(1, 100)
    bar.file(SIGGRAPH, 100)  # (raises nothing)
    bar.read(100, 10)
    bar.stage("keywords")
    bar.close()
    assert bar.gone
