"""The loading process's memory as one large load goes (`benchmark.py --memory-curve FILE --every N`):
its RSS, C heap and CPU each N records through the files, then its peak RSS in each step after them.

Each point is written to a log file as it is taken (`work/curve.log`), so a load stopped before its
end still gives the points it reached. Between two of the steps the process's peak is reset
(`/proc/self/clear_refs`), so each step's peak is its own, not the files'.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from measured import Measured, measured

TIMED = {"similar papers": "similar", "full-text index": "fts"}  # (the steps' names in the summary's timings)
# The load in a process of its own (argv: database, log, every, input paths...), with a `Progress`
# that logs; prints its summary's figures and its CPU time, its own and its keyword workers' apart.
CURVE_LOAD = r"""
import ctypes, json, resource, sys, time
from etl.load import load
from etl.load.progress import Progress
db, log, every, paths = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]

class Mallinfo(ctypes.Structure):
    _fields_ = [(f, ctypes.c_size_t) for f in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]

try:
    libc = ctypes.CDLL("libc.so.6"); libc.mallinfo2.restype = Mallinfo
except (OSError, AttributeError):
    libc = None

def status(*keys):
    found = {}
    for line in open("/proc/self/status"):
        key, _, value = line.partition(":")
        if key in keys:
            found[key] = int(value.split()[0]) // 1024
    return found

def cpu(who):
    usage = resource.getrusage(who)
    return round(usage.ru_utime + usage.ru_stime, 1)

class Curve(Progress):
    def __init__(self):
        self.records, self.next, self.doing, self.started = 0, every, "files", time.perf_counter()

    def point(self, **what):
        mem = status("VmRSS", "VmHWM")
        if libc is not None:
            info = libc.mallinfo2()
            what |= {"malloc_in_use": info.uordblks >> 20, "malloc_free": info.fordblks >> 20, "mmapped": info.hblkhd >> 20}
        what |= {"rss": mem["VmRSS"], "peak": mem["VmHWM"], "seconds": round(time.perf_counter() - self.started, 1)}
        what |= {"cpu": cpu(resource.RUSAGE_SELF), "load": round(__import__("os").getloadavg()[0], 1)}
        with open(log, "a") as out:
            out.write(json.dumps(what) + "\n")

    def read(self, done, records):
        self.records += records
        if self.records >= self.next:
            self.point(records=self.records)
            self.next = (self.records // every + 1) * every

    def stage(self, name):
        self.point(end=self.doing)  # (the peak since the last reset: this step's)
        with open("/proc/self/clear_refs", "w") as out:
            out.write("5")
        self.doing = name

progress = Curve()
summary = load(db, paths, progress=progress)
progress.point(end=progress.doing)
print(json.dumps({"timings": summary.timings, "total": summary.papers_total,
                  "cpu_parent": cpu(resource.RUSAGE_SELF), "cpu_workers": cpu(resource.RUSAGE_CHILDREN)}))
"""


def curve_load(db: str, paths: list[str], every: int, log: Path) -> Measured:
    """Load `paths` into `db` logging the loading process's memory to `log` every `every` records
    and at each step's end; print the points and the slopes between them."""
    log.unlink(missing_ok=True)
    run = measured([sys.executable, "-c", CURVE_LOAD, db, str(log), str(every), *paths], "load")
    summary = json.loads(run.out)
    points = [json.loads(line) for line in log.read_text().splitlines()]
    print(f"\n  the loading process every {every:,} records (MB; slope: RSS per 100,000 records)")
    print(f"  {'records':>10} {'RSS':>6} {'slope':>7} {'in use':>7} {'free':>6} {'CPU s':>7} {'wall s':>7} {'load':>5}")
    before = None
    for point in (p for p in points if "records" in p):
        slope = (
            f"{(point['rss'] - before['rss']) * 100_000 / (point['records'] - before['records']):+.1f}"
            if before
            else ""
        )
        print(
            f"  {point['records']:>10,} {point['rss']:>6} {slope:>7} {point.get('malloc_in_use', '-'):>7}"
            f" {point.get('malloc_free', '-'):>6} {point['cpu']:>7} {point['seconds']:>7} {point['load']:>5}"
        )
        before = point
    print(f"\n  {'step':<16} {'peak RSS':>9} {'RSS at end':>11} {'seconds':>8}")
    for point in (p for p in points if "end" in p):
        seconds = summary["timings"].get(TIMED.get(point["end"], point["end"]), "")
        print(f"  {point['end']:<16} {point['peak']:>9} {point['rss']:>11} {seconds!s:>8}")
    print(
        f"  load: {run.seconds:.0f} s wall, CPU {summary['cpu_parent']:.0f} s (loader) + {summary['cpu_workers']:.0f} s"
        f" (workers); peak PSS of all processes {run.pss_mb:.0f} MB, largest RSS {run.rss_mb:.0f} MB"
    )
    return run
