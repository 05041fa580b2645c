"""Run a command in a process of its own and measure it as a whole: wall time, CPU time of the
process and of every process it started, and the peak memory of that tree, sampled from /proc."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SAMPLE_S = 0.1  # how often /proc is read (sampling costs CPU the command would use)
# The environment variable naming the file a load in `LOAD` writes its stage to as it enters and
# leaves each (`RunSummary.timed`'s name, the innermost; "after X" between stages), `STAGE_BYTES`
# wide, for the sampler to read beside each sample (`StagePeak`)
STAGE_FILE, STAGE_BYTES = "PAPERDB_BENCH_STAGE_FILE", 32
# A load in a process of its own (argv: database, variant, input paths...; variant "prune": `--prune`,
# "without-keywords": below, else "full"): prints its summary's
# figures and its CPU time, its own, its keyword workers' and its similar step's helper's apart, and
# each stage's account (`account`): the loading process's CPU in it (all its threads), and what its
# main thread did the rest of the stage's wall: waited for a core (runnable, the cores busy with
# other processes: its keyword workers, and whatever else runs) or was blocked (waiting on the
# workers' results, or on the disk). The waits come from Linux's schedstat (zero where there is none).
LOAD = (
    f"STAGE_FILE, STAGE_BYTES = {STAGE_FILE!r}, {STAGE_BYTES}"
    + """
import json, os, resource, sys, time
from etl.load import load
if sys.argv[2] == "without-keywords":  # the same load with the keyword stage taken out
    import etl.load.keywords as keywords, etl.load.run as run
    keywords.KeywordFeed.feed = keywords.KeywordFeed.speculate = lambda self, *args: None
    run.refresh_keywords = run.update_keywords = lambda conn, *args: 0
import contextlib
from etl.load.summary import RunSummary  # (not similar_all: it imports numpy, which a small load forks without)
def children():
    return sum(resource.getrusage(resource.RUSAGE_CHILDREN)[:2])
def main_thread():  # (its CPU and its wait for a core, seconds: /proc's schedstat of this thread)
    try:
        with open("/proc/thread-self/schedstat") as stat:
            cpu, runnable = stat.read().split()[:2]
        return int(cpu) / 1e9, int(runnable) / 1e9
    except (OSError, ValueError):
        return None
helper, timed, account, stack = [0.0], RunSummary.timed, {}, []
stage_fd = os.open(os.environ[STAGE_FILE], os.O_WRONLY) if os.environ.get(STAGE_FILE) else None
def tell(stage):  # (the stage the sampler sees: `STAGE_FILE`, one fixed-width record rewritten in place)
    if stage_fd is not None:
        os.pwrite(stage_fd, stage.encode()[:STAGE_BYTES].ljust(STAGE_BYTES), 0)
@contextlib.contextmanager
def measured_timed(self, stage):  # the similar step's helper process is a child too: its CPU apart
    before, cpu, thread = children(), time.process_time(), main_thread()
    timed_before = self.timings.get(stage, 0.0)
    stack.append(stage)
    tell(stage)
    try:
        with timed(self, stage):
            yield
    finally:
        stack.pop()
        tell(stack[-1] if stack else f"after {stage}")
        helper[0] += children() - before if stage == "similar" else 0.0
        cpu, now = time.process_time() - cpu, main_thread()
        # (the stage's wall as the summary counts it: a preemption while /proc is read, outside it,
        # made a 34 µs stage 5 ms blocked in a busy CI)
        wall = self.timings.get(stage, 0.0) - timed_before
        ran, waited = (now[0] - thread[0], now[1] - thread[1]) if thread and now else (wall, 0.0)
        # (a wait is counted when the thread runs again: one begun before the stage may land in it)
        ran = min(max(ran, 0.0), wall)
        waited = min(waited, max(0.0, wall - ran))
        blocked = max(0.0, wall - ran - waited)
        totals = account.setdefault(stage, [0.0, 0.0, 0.0])
        for i, seconds in enumerate((cpu, waited, blocked)):
            totals[i] += seconds
RunSummary.timed = measured_timed
summary = load(sys.argv[1], sys.argv[3:], prune=sys.argv[2] == "prune")
cpu = {who: sum(resource.getrusage(getattr(resource, who))[:2]) for who in ("RUSAGE_SELF", "RUSAGE_CHILDREN")}
with open("/proc/self/status") as status:  # (its own peak RSS: `ru_maxrss` counts what started it, `own_peak_kb`)
    hwm = next((int(line.split()[1]) for line in status if line.startswith("VmHWM:")), 0)
print(json.dumps({"timings": summary.timings, "keywords": summary.keywords, "duration": summary.duration_s,
                  "rescored": summary.rescored, "added": summary.papers_added, "total": summary.papers_total,
                  "cpu_parent": cpu["RUSAGE_SELF"], "cpu_workers": cpu["RUSAGE_CHILDREN"] - helper[0],
                  "cpu_similar_helper": helper[0], "account": account, "peak_rss_kb": hwm}))
"""
)


@dataclass(frozen=True)
class StagePeak:
    """The largest sampled sum of PSS while a load was in one stage (`LOAD`'s `STAGE_FILE`):
    `stage`, `at_s` (seconds into the run), `pss_mb` (the sum), and `processes`: each process's
    PSS then ((role, MB)), the loader first, every other named by the stage it was first seen in
    and its order there (`forked in read #1`: an extraction worker; `forked in keywords`: a ranking
    worker; `forked in similar`: the similar step's helper)."""

    stage: str
    at_s: float
    pss_mb: float
    processes: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Measured:
    """What a command took: `seconds` of wall time, `cpu_s` of user and system time of it and its
    descendants, the peak of the tree's summed PSS (`pss_mb`: pages a fork shares counted once,
    so what the tree really uses; never less than `rss_mb`) and of its largest process's RSS
    (`rss_mb`), and its output; for a load (`load_measured`), each stage's peak (`stages`, in the
    order the stages came)."""

    seconds: float
    cpu_s: float
    pss_mb: float
    rss_mb: float
    out: str
    sampled_pss_mb: float = 0.0  # (the sampled sum of PSS alone: below `pss_mb` when a process's RSS is larger)
    stages: tuple[StagePeak, ...] = ()


def tree_processes(pid: int) -> dict[int, tuple[int, int]]:
    """Each process of the tree of `pid` (it and its descendants): pid -> (PSS, its own peak
    RSS so far, `own_peak_kb`) in kB."""
    found: dict[int, tuple[int, int]] = {}
    todo = [pid]
    while todo:
        current = todo.pop()
        proc = Path("/proc") / str(current)
        try:
            pss = 0
            for line in (proc / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
            found[current] = (pss, own_peak_kb((proc / "status").read_text()))
            for task in (proc / "task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, ValueError):
            continue
    return found


class _Stages:
    """Each stage's largest sample (`StagePeak`), as the samples come; the stage read from the
    file the load writes it to (`STAGE_FILE`)."""

    def __init__(self, root: int, fd: int):
        self.root, self.fd, self.started = root, fd, time.perf_counter()
        self.roles: dict[int, str] = {root: "loader"}
        self.forked: dict[str, int] = {}
        self.peaks: dict[str, StagePeak] = {}

    def sample(self, processes: dict[int, tuple[int, int]]) -> None:
        stage = os.pread(self.fd, STAGE_BYTES, 0).decode(errors="replace").strip() or "start"
        for pid in processes:
            if pid not in self.roles:
                self.forked[stage] = k = self.forked.get(stage, 0) + 1
                self.roles[pid] = f"forked in {stage} #{k}"
        total = sum(pss for pss, _ in processes.values()) / 1024
        if stage not in self.peaks or total > self.peaks[stage].pss_mb:
            shares = tuple((self.roles[pid], pss / 1024) for pid, (pss, _) in sorted(processes.items()))
            at = time.perf_counter() - self.started
            self.peaks[stage] = StagePeak(stage, at, total, tuple(sorted(shares, key=lambda s: s[0] != "loader")))


def measured(argv: list[str], what: str = "command", stages: bool = False) -> Measured:
    """Run `argv` to its end, sampling its tree's memory every `SAMPLE_S` (with `stages`, each
    process's beside the stage a `LOAD` is in: `Measured.stages`); exits with its error output if
    it fails. CPU time comes from the kernel's account of the process when it ends, which includes
    the descendants it waited for (a process pool's workers); the largest RSS from each process's
    own peak, sampled (`own_peak_kb`: a process alive for less than a sample is missed; a load's own
    comes with its summary, `load_measured`)."""
    with tempfile.NamedTemporaryFile(prefix="paperdb-stage-") as stage_file:
        stage_file.write(b" " * STAGE_BYTES)
        stage_file.flush()
        env = {**os.environ, STAGE_FILE: stage_file.name} if stages else None
        started = time.perf_counter()
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        peak_pss = peak_rss = 0
        by_stage = _Stages(process.pid, stage_file.fileno()) if stages else None
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            processes = tree_processes(process.pid)
            peak_pss = max(peak_pss, sum(pss for pss, _ in processes.values()))
            peak_rss = max(peak_rss, max((rss for _, rss in processes.values()), default=0))
            if by_stage is not None:
                by_stage.sample(processes)
            time.sleep(SAMPLE_S)
        seconds = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    out, err = process.communicate()
    if process.returncode:
        raise SystemExit(f"{what} failed:\n{err}")
    largest = peak_rss
    peaks = tuple(by_stage.peaks.values()) if by_stage is not None else ()
    pss_mb = max(peak_pss, largest) / 1024
    return Measured(seconds, usage.ru_utime + usage.ru_stime, pss_mb, largest / 1024, out, peak_pss / 1024, peaks)


def stage_table(stages: tuple[StagePeak, ...]) -> list[str]:
    """`Measured.stages` as lines of a short table: each stage's largest sampled sum of PSS and each
    process's share of it, the load's peak marked."""
    if not stages:
        return []
    top = max(stages, key=lambda s: s.pss_mb)
    lines = [f"  {'stage (its largest sample)':<28} {'at s':>7} {'PSS MB':>7}  each process's PSS, MB"]
    for peak in stages:
        mark = " <- the peak" if peak is top else ""
        shares = ", ".join(f"{role} {mb:.1f}" for role, mb in peak.processes)
        lines.append(f"  {peak.stage + mark:<28} {peak.at_s:>7.1f} {peak.pss_mb:>7.1f}  {shares}")
    return lines


def own_peak_kb(status: str) -> int:
    """A process's peak RSS (kB) from its `/proc/PID/status`: `VmHWM`, the high-water mark of its
    own image. Not `ru_maxrss` (the kernel's account when it ends, or `getrusage`): that counts the
    RSS of the process that started it, at the fork, through the `exec` (a load started by the
    benchmark's 48-49 MB process was counted 48-49 MB whatever it held: the removal's figure,
    whose loader peaks at 44-45 MB; issue 41, edit28)."""
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)


def load_measured(db: str, paths: list[str], variant: str = "full") -> tuple[Measured, dict]:
    """A `paperdb load` of `paths` into `db` in its own process ("without-keywords": with the
    keyword stage taken out; "prune": with `--prune`), measured, and its summary's figures (with `cpu_parent` and
    `cpu_workers`, seconds)."""
    run = measured([sys.executable, "-c", LOAD, db, variant, *paths], "load", stages=True)
    summary = json.loads(run.out)
    own = summary["peak_rss_kb"] / 1024  # (its last moments, after the last sample)
    if own > run.rss_mb:
        run = dataclasses.replace(run, rss_mb=own, pss_mb=max(run.pss_mb, own))
    return run, summary
