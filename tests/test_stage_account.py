"""The benchmark's account of each load stage (scripts/measured.py's `LOAD`, printed by
scripts/cost.py's `stages`): the loading process's CPU in the stage, and how long its main thread
waited for a core or was blocked, each within the stage's wall (issue 37: what the insert's wall is)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"
sys.path.insert(0, str(SCRIPTS))

from cost import stages  # noqa: E402
from measured import load_measured  # noqa: E402

ICLR_2017 = Path(__file__).parent / "fixtures" / "iclr2017.json"


@pytest.mark.skipif(not Path("/proc/thread-self/schedstat").exists(), reason="Linux's schedstat")
def test_each_stage_is_accounted_within_its_wall(tmp_path):
    _, summary = load_measured(str(tmp_path / "x.db"), [str(ICLR_2017)])
    account, timings = summary["account"], summary["timings"]
    assert account.keys() == timings.keys()
    for stage, (cpu, waited, blocked) in account.items():
        assert min(cpu, waited, blocked) >= 0, stage
        # (the process's CPU in a stage: its main thread's within the stage's wall, and its pool's threads)
        assert cpu <= timings[stage] * (os.cpu_count() or 1) + 0.05, stage
        assert waited + blocked <= timings[stage] + 1e-6, stage
    assert account["insert"][0] > 0


def test_the_account_is_printed_beside_the_stages(capsys):
    summary = {
        "timings": {"read": 20.7, "insert": 57.1},
        "account": {"read": [13.0, 7.5, 0.2], "insert": [37.0, 19.6, 0.5]},
        "total": 90_495,
        "cpu_parent": 125.8,
        "cpu_workers": 156.9,
    }
    stages(summary, 5.4)
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3].split()[-5:] == ["wall", "CPU", "no", "core", "blocked"]
    assert lines[-1].split() == ["insert", "57.1", "37.0", "19.6", "0.5"]
    assert lines[-2].split() == ["read", "20.7", "13.0", "7.5", "0.2"]
