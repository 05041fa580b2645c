"""What loading a real catalogue costs beside a plain indexer (`benchmark.py --catalogue DIR`), and
how the memory of a load grows with the records of one file (`benchmark.py --memory-curve FILE`).

The plain indexer is what a simple tool does with the paperlists catalogue: `json.load` each
venue file, insert every record with a title or an abstract (venue, year, title, abstract) into
SQLite, and build an FTS5 index (Porter stems) of titles and abstracts. Both run in processes of
their own, one after the other in the same run, so their ratios hold whatever the machine's hour.
"""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path

from curve import curve_load
from measured import Measured, load_measured, measured, stage_table

# The plain indexer (argv: catalogue folder, database); prints the papers it stored.
PLAIN = """
import glob, json, os, sqlite3, sys
folder, db = sys.argv[1:]
con = sqlite3.connect(db)
con.execute("CREATE TABLE papers (id INTEGER PRIMARY KEY, venue TEXT, year INTEGER, title TEXT, abstract TEXT)")
con.execute("CREATE VIRTUAL TABLE papers_fts USING fts5(title, abstract, content='papers', content_rowid='id',"
            " tokenize='porter unicode61')")
n = 0
for path in sorted(glob.glob(os.path.join(folder, "**", "*.json"), recursive=True)):
    stem = os.path.basename(path)[:-5]  # iclr2024
    venue, year = stem.rstrip("0123456789"), stem[len(stem.rstrip("0123456789")):]
    with open(path, encoding="utf-8") as fh:
        records = json.load(fh)
    rows = [(venue, int(year) if year else None, r.get("title"), r.get("abstract"))
            for r in records if isinstance(r, dict) and (r.get("title") or r.get("abstract"))]
    con.executemany("INSERT INTO papers (venue, year, title, abstract) VALUES (?, ?, ?, ?)", rows)
    n += len(rows)
con.execute("INSERT INTO papers_fts (papers_fts) VALUES ('rebuild')")
con.commit()
con.close()
print(n)
"""
# Issue 37's targets for the catalogue: time and size as ratios to the plain indexer, memory in MB.
TIME_RATIO, SIZE_RATIO, MEMORY_MB = 16.0, 3.0, 400
# Each stage's budget (wall time): the plain indexer's work (read, insert, bibliography, merge)
# together within this many times the plain indexer's whole load; then seconds.
PLAIN_WORK, PLAIN_WORK_RATIO = ("read", "insert", "bibliography", "merge"), 5.0
STAGE_SECONDS = {"similar": 10.0, "trends": 2.0}
KEYWORD_CPU_MS = 0.8  # of the keyword workers, a paper


def _fresh(db: Path) -> str:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    return str(db)


def _size_mb(db: str) -> float:
    return sum(os.path.getsize(f"{db}{s}") for s in ("", "-wal") if os.path.exists(f"{db}{s}")) / 1e6


def catalogue_cost(folder: Path, work: Path) -> dict:
    """Load the catalogue in `folder` with the plain indexer, then with paperdb, into databases
    in `work`; print both and their ratios, and return the figures."""
    files = sorted(folder.rglob("*.json"))
    print(f"\n== the catalogue in {folder}: {len(files)} files, {sum(f.stat().st_size for f in files) / 1e6:.0f} MB")
    plain_db = _fresh(work / "plain.db")
    plain = measured([sys.executable, "-c", PLAIN, str(folder), plain_db], "plain indexer")
    paperdb_db = _fresh(work / "catalogue.db")
    load, summary = load_measured(paperdb_db, [str(folder)])
    plain_mb, paperdb_mb = _size_mb(plain_db), _size_mb(paperdb_db)
    rows = [  # (what, plain, paperdb, ratio, target ratio)
        ("time (wall)", f"{plain.seconds:.1f} s", f"{load.seconds:.1f} s", load.seconds / plain.seconds, TIME_RATIO),
        ("CPU time, all processes", f"{plain.cpu_s:.1f} s", f"{load.cpu_s:.1f} s", load.cpu_s / plain.cpu_s, None),
        ("database size", f"{plain_mb:.1f} MB", f"{paperdb_mb:.1f} MB", paperdb_mb / plain_mb, SIZE_RATIO),
        (
            "peak memory (PSS, all processes)",
            f"{plain.pss_mb:.0f} MB",
            f"{load.pss_mb:.0f} MB",
            load.pss_mb / plain.pss_mb,
            None,
        ),
        ("largest process (RSS)", f"{plain.rss_mb:.0f} MB", f"{load.rss_mb:.0f} MB", load.rss_mb / plain.rss_mb, None),
    ]
    print(
        f"plain indexer: {int(plain.out):,} papers; paperdb: {summary['total']:,} papers, {summary['keywords']:,} keywords"
    )
    print(f"  {'':<34} {'plain':>10} {'paperdb':>10} {'ratio':>8}")
    for what, mine, theirs, ratio, target in rows:
        aim = f"  target <= {target}x: {'met' if ratio <= target else 'MISSED'}" if target else ""
        print(f"  {what:<34} {mine:>10} {theirs:>10} {ratio:>7.1f}x{aim}")
    met = "met" if load.pss_mb <= MEMORY_MB else "MISSED"
    print(f"  peak memory of the load: {load.pss_mb:.0f} MB, target <= {MEMORY_MB} MB: {met}")
    print("\n".join(stage_table(load.stages)))
    stages(summary, plain.seconds)
    return {"plain": plain, "load": load, "summary": summary, "size_ratio": paperdb_mb / plain_mb}


def stages(summary: dict, plain_s: float) -> None:
    """Print each stage's wall time beside its budget, and CPU a paper; then where each stage's wall
    went (`measured.LOAD`'s account: the loading process's CPU, its wait for a core, blocked)."""
    timings, papers = summary["timings"], max(summary["total"], 1)
    work = sum(timings.get(stage, 0.0) for stage in PLAIN_WORK)
    print(f"  {'stage (wall)':<38} {'seconds':>10} {'budget':>10}")
    for stage, seconds in timings.items():
        budget = STAGE_SECONDS.get(stage)
        aim = f"{budget:>9.1f}s  {'met' if seconds <= budget else 'MISSED'}" if budget else ""
        print(f"  {stage:<38} {seconds:>10.1f} {aim}")
    budget = PLAIN_WORK_RATIO * plain_s
    print(
        f"  {' + '.join(PLAIN_WORK):<38} {work:>10.1f} {budget:>9.1f}s  {'met' if work <= budget else 'MISSED'}"
        f" ({PLAIN_WORK_RATIO:.0f}x the plain indexer's load)"
    )
    per_paper = summary["cpu_workers"] / papers * 1000
    print(
        f"  CPU a paper: loading process {summary['cpu_parent'] / papers * 1000:.2f} ms, keyword workers"
        f" {per_paper:.2f} ms (budget {KEYWORD_CPU_MS} ms: {'met' if per_paper <= KEYWORD_CPU_MS else 'MISSED'});"
        f" loading process {summary['cpu_parent']:.1f} s, workers {summary['cpu_workers']:.1f} s in all,"
        f" the similar step's helper process {summary.get('cpu_similar_helper', 0.0):.1f} s"
    )
    account = summary.get("account", {})
    if account:
        print(f"  {'the loading process in each stage':<38} {'wall':>7} {'CPU':>7} {'no core':>8} {'blocked':>8}")
        for stage, (cpu, waited, blocked) in account.items():
            print(f"  {stage:<38} {timings.get(stage, 0.0):>7.1f} {cpu:>7.1f} {waited:>8.1f} {blocked:>8.1f}")


def _lines(path: Path) -> int:
    """The lines of a file, read 1 MiB at a time."""
    with path.open("rb") as source:
        return sum(block.count(b"\n") for block in iter(lambda: source.read(1 << 20), b""))


def memory_curve(jsonl: Path, sizes: list[int], work: Path, every: int = 0) -> list[tuple[int, Measured]]:
    """Load the first `n` records of a JSON-lines file, for each `n` of `sizes`, each into a new
    database, and print how the peak memory grows with the records; with `every`, each load also
    prints the loading process's memory every `every` records and in each step (scripts/curve.py)."""
    print(f"\n== peak memory of a load of one JSON-lines file: the first records of {jsonl}")
    # (the target is the loader's growth, <= 10 MB per 100,000 records past 200,000: the
    # largest process is the loader; the sum of PSS adds the keyword workers, alive in early steps)
    print(f"  {'records':>10} {'seconds':>9} {'CPU s':>8} {'PSS (all)':>10} {'largest RSS':>12} {'MB per 100k':>16}")
    print(f"  {'':>10} {'':>9} {'':>8} {'':>10} {'(loader)':>12} {'all / loader':>16}")
    out: list[tuple[int, Measured]] = []
    for n in sizes:
        whole = n >= _lines(jsonl)  # (loaded as it is: a copy of a 1,000,000-record file takes 1.3 GB more)
        part = jsonl if whole else work / f"records-{n}.jsonl"
        if not whole:
            with jsonl.open("rb") as source, part.open("wb") as sink:
                sink.writelines(itertools.islice(source, n))
        db = _fresh(work / f"records-{n}.db")
        run = curve_load(db, [str(part)], every, work / "curve.log") if every else load_measured(db, [str(part)])[0]
        if not whole:
            part.unlink()
        slope = ""
        if out:
            before_n, before = out[-1]
            per = 100_000 / (n - before_n)
            slope = f"{(run.pss_mb - before.pss_mb) * per:+.1f} / {(run.rss_mb - before.rss_mb) * per:+.1f}"
        print(
            f"  {n:>10,} {run.seconds:>9.1f} {run.cpu_s:>8.1f} {run.pss_mb:>7.0f} MB {run.rss_mb:>9.0f} MB {slope:>16}"
        )
        out.append((n, run))
    return out
