"""Benchmark `paperdb load` and Datasette on a synthetic corpus made from the bundled listings.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python scripts/benchmark.py                  # 250,000 papers (several minutes)
    .venv/bin/python scripts/benchmark.py --papers 2600    # about the size of ICML 2024

Each synthetic paper is a bundled abstract with its closing sentence varied, so no two dedupe.
The script prints papers/s per stage of a cold load, its peak RSS (the load runs in its own
process), a no-op re-run, the latency of a ranked search and of the papers page with its default
facets in Datasette, and the time of a plain `sqlite-utils insert` of the same abstracts with the
ratio. It is not a test: the numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from etl.sources import bundled_listings_dir, read_input

PER_FILE = 500
TOPICS = ["graph learning", "vision", "language", "control", "theory", "privacy", "audio", "biology"]
SEARCHES = ["lattice codebooks quantization", "graph neural networks", "diffusion", "privacy audit",
            "federated learning", "reinforcement learning reward", "transformer attention", "bandits"]


def seed_abstracts() -> list[str]:
    abstracts = []
    for path in sorted(bundled_listings_dir().glob("*.txt")):
        abstracts += [e.abstract for e in read_input(str(path), path.read_bytes()).entries]
    return abstracts


def synthetic(n: int) -> Iterator[str]:
    """`n` distinct abstracts: the seeds with a varied closing sentence (generated lazily)."""
    seeds = seed_abstracts()
    for i in range(n):
        yield f"{seeds[i % len(seeds)]} We evaluate it on {TOPICS[i % len(TOPICS)]} task {i // len(seeds)}."


def write_listings(abstracts: Iterable[str], directory: Path) -> int:
    """Listing files of `PER_FILE` abstracts each; returns how many files."""
    directory.mkdir(parents=True, exist_ok=True)
    chunk: list[str] = []
    files = 0

    def flush() -> None:
        nonlocal files
        text = "ICML 2024 Papers\n\n" + "\n\n".join(chunk) + "\n"
        (directory / f"listing_{files:05d}.txt").write_text(text, encoding="utf-8")
        files += 1

    for abstract in abstracts:
        chunk.append(abstract)
        if len(chunk) == PER_FILE:
            flush()
            chunk = []
    if chunk:
        flush()
    return files


LOAD = """
import json, sys
from etl.load import load
summary = load(sys.argv[1], [sys.argv[2]])
print(json.dumps({"timings": summary.timings, "keywords": summary.keywords, "duration": summary.duration_s}))
"""


def timed_load(db: str, listings: Path) -> tuple[float, dict, float]:
    """(seconds, summary, peak RSS in MB of the loading process and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", LOAD, db, str(listings)], check=True, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, json.loads(out.stdout), max(peak, before) / 1024


def sqlite_utils_insert(n: int, work: Path) -> float | None:
    """Seconds for `sqlite-utils insert` of the same abstracts (JSON lines prepared beforehand)."""
    exe = shutil.which("sqlite-utils") or str(Path(sys.executable).with_name("sqlite-utils"))
    if not Path(exe).exists():
        return None
    rows = work / "abstracts.jsonl"
    with rows.open("w", encoding="utf-8") as fh:
        for i, abstract in enumerate(synthetic(n)):
            fh.write(json.dumps({"id": i, "abstract": abstract}) + "\n")
    started = time.perf_counter()
    subprocess.run([exe, "insert", str(work / "plain.db"), "papers", str(rows), "--nl"], check=True)
    return time.perf_counter() - started


def datasette_latency(db: str) -> tuple[float, float, list[str]]:
    """p50 milliseconds of the ranked search and of the papers page with its default facets, and
    any default facet Datasette dropped for taking too long (missing from a page's results)."""
    from etl.serve import TABLE_OPTIONS, make_datasette

    defaults = {f if isinstance(f, str) else next(iter(f.values())) for f in TABLE_OPTIONS["papers"]["facets"]}

    ds = make_datasette(db)

    async def measure(paths: list[str]) -> tuple[list[float], list[dict]]:
        times, bodies = [], []
        for path in paths:
            started = time.perf_counter()
            response = await ds.client.get(path)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, (path, response.status_code)
            bodies.append(response.json())
        return times, bodies

    search, _ = asyncio.run(measure([f"/papers/search.json?q={q.replace(' ', '+')}&_shape=objects" for q in SEARCHES]))
    facet_paths = ["/papers/papers.json?_size=10"] + [
        f"/papers/papers.json?_size=10&_search={q.split()[0]}" for q in SEARCHES
    ]
    facets, bodies = asyncio.run(measure(facet_paths))
    dropped = sorted({name for body in bodies for name in defaults - set(body["facet_results"])})
    return statistics.median(search), statistics.median(facets), dropped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=250_000, help="synthetic papers [250000]")
    parser.add_argument("--keep", help="directory to keep the corpus and databases in")
    parser.add_argument("--no-datasette", action="store_true", help="skip the Datasette latency")
    args = parser.parse_args()

    work = Path(args.keep or tempfile.mkdtemp(prefix="paperdb-bench-"))
    listings = work / "listings"
    if listings.exists():
        shutil.rmtree(listings)
    files = write_listings(synthetic(args.papers), listings)
    db = str(work / "papers.db")
    for suffix in ("", "-wal", "-shm"):
        Path(db + suffix).unlink(missing_ok=True)

    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, {sys.platform}")
    print(f"corpus: {args.papers:,} papers in {files} files")
    cold_s, summary, rss = timed_load(db, listings)
    t = summary["timings"]
    links = t.get("links", 0.0)
    stages = {
        "read": t.get("read", 0.0),
        "links": links,
        "insert": t.get("insert", 0.0) - links,
        "bibliography": t.get("bibliography", 0.0),
        "keywords": t.get("keywords", 0.0),
    }
    stages["other (migrations, FTS, repos, commit, start-up)"] = cold_s - sum(stages.values())
    print(f"cold load: {cold_s:.2f}s, {args.papers / cold_s:,.0f} papers/s")
    for name, seconds in stages.items():
        rate = f"{args.papers / seconds:,.0f} papers/s" if seconds > 0 else ""
        print(f"  {name:<12} {seconds:7.2f}s  {rate}")
    print(f"  ({summary['keywords']:,} distinct keywords)")
    print(f"peak RSS of the load: {rss:.0f} MB")

    noop_s, _, _ = timed_load(db, listings)
    print(f"no-op re-run: {noop_s:.2f}s ({noop_s / cold_s:.2f}x the cold load)")

    if not args.no_datasette:
        search_ms, facets_ms, dropped = datasette_latency(db)
        print(f"Datasette p50: ranked search {search_ms:.0f} ms; papers page with default facets {facets_ms:.0f} ms;"
              f" facets dropped: {', '.join(dropped) or 'none'}")

    plain = sqlite_utils_insert(args.papers, work)
    if plain is None:
        print("sqlite-utils insert: not installed (pip install -e '.[bench]')")
    else:
        print(f"sqlite-utils insert: {plain:.2f}s; paperdb cold load is {cold_s / plain:.1f}x that")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
