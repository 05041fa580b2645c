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
from measured import StagePeak, load_measured, stage_table  # noqa: E402

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


def test_each_stage_has_its_largest_sample_by_process(tmp_path):
    # (the sampler reads the stage the load writes as it enters and leaves each: issue 37, which
    # process and which stage set the catalogue's peak)
    run, summary = load_measured(str(tmp_path / "x.db"), [str(ICLR_2017)])
    assert run.stages
    names = {peak.stage for peak in run.stages}
    known = {"start"} | set(summary["timings"]) | {f"after {stage}" for stage in summary["timings"]}
    assert names <= known, names - known
    for peak in run.stages:
        assert peak.processes[0][0] == "loader", peak
        assert sum(mb for _, mb in peak.processes) == pytest.approx(peak.pss_mb)
        assert all(role == "loader" or role.startswith("forked in ") for role, _ in peak.processes)
    # (the run's sampled peak is the largest stage's)
    assert max(peak.pss_mb for peak in run.stages) == pytest.approx(run.sampled_pss_mb)


def test_the_stage_table_marks_the_peak_and_names_each_process():
    stages = (
        StagePeak("read", 20.5, 310.2, (("loader", 190.0), ("forked in read #1", 60.1), ("forked in read #2", 60.1))),
        StagePeak(
            "keywords",
            80.0,
            399.4,
            (("loader", 201.4), ("forked in keywords #1", 99.0), ("forked in keywords #2", 99.0)),
        ),
        StagePeak("similar", 101.3, 250.0, (("loader", 250.0),)),
    )
    lines = stage_table(stages)
    assert len(lines) == 4
    assert lines[2].split()[:6] == ["keywords", "<-", "the", "peak", "80.0", "399.4"]
    assert lines[1].split()[1:5] == ["20.5", "310.2", "loader", "190.0,"]
    assert lines[1].endswith("forked in read #1 60.1, forked in read #2 60.1")
    assert "<-" not in lines[1] + lines[3]
    assert stage_table(()) == []
