"""The benchmark's memory of a command (scripts/measured.py): its largest RSS is the command's own
peak, not the RSS of the process that started it (the kernel's `ru_maxrss` counts that through the
`exec`: a load started by the benchmark's 48-49 MB process was counted 48-49 MB, issue 41)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

from measured import measured, own_peak_kb  # noqa: E402

LINUX = pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="Linux's /proc")
HOLD = "import time; held = b'x' * ({mb} << 20); time.sleep(0.6)"  # (pages written: resident)


@pytest.mark.parametrize(
    ("status", "kb"),
    [
        ("Name:\tpython\nVmPeak:\t  90000 kB\nVmHWM:\t   47312 kB\nVmRSS:\t   45120 kB\n", 47312),
        ("Name:\tpython\nVmRSS:\t   45120 kB\n", 0),  # (a kernel thread, or a process ending: none)
    ],
)
def test_a_process_peak_is_its_high_water_mark(status, kb):
    assert own_peak_kb(status) == kb


@LINUX
def test_the_largest_rss_is_the_commands_own_not_its_starters():
    held = b"x" * (120 << 20)  # (this process, 120 MB larger than the command it starts)
    run = measured([sys.executable, "-c", HOLD.format(mb=0)])
    assert len(held) and run.rss_mb < 60 and run.pss_mb < 60


@LINUX
def test_the_largest_rss_counts_what_the_command_holds():
    run = measured([sys.executable, "-c", HOLD.format(mb=80)])
    assert run.rss_mb >= 80 and run.pss_mb >= run.rss_mb
