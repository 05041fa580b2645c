"""Benchmark `paperdb load` on a synthetic corpus made from the bundled listings; prints numbers.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python scripts/benchmark.py --papers 2600

Each synthetic paper is a bundled abstract with one sentence changed, so no two dedupe. The
script times a cold load (per stage), a no-op re-run, and a plain `sqlite-utils insert` of the
same abstracts, and prints their ratio. It is not part of the test suite: numbers depend on the
machine.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from etl.load import load
from etl.sources import bundled_listings_dir, read_input

PER_FILE = 500
TOPICS = ["graph learning", "vision", "language", "control", "theory", "privacy", "audio", "biology"]


def seed_abstracts() -> list[str]:
    abstracts = []
    for path in sorted(bundled_listings_dir().glob("*.txt")):
        abstracts += [e.abstract for e in read_input(str(path), path.read_bytes()).entries]
    return abstracts


def synthetic(n: int) -> list[str]:
    """`n` distinct abstracts: seeds with a varied closing sentence."""
    seeds = seed_abstracts()
    return [
        f"{seeds[i % len(seeds)]} We evaluate it on {TOPICS[i % len(TOPICS)]} task {i // len(seeds)}."
        for i in range(n)
    ]


def write_listings(abstracts: list[str], directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for start in range(0, len(abstracts), PER_FILE):
        chunk = abstracts[start : start + PER_FILE]
        text = "ICML 2024 Papers\n\n" + "\n\n".join(chunk) + "\n"
        (directory / f"listing_{start // PER_FILE:05d}.txt").write_text(text, encoding="utf-8")


def sqlite_utils_insert(abstracts: list[str], work: Path) -> float | None:
    """Seconds for `sqlite-utils insert` of the abstracts (JSON lines prepared beforehand)."""
    exe = shutil.which("sqlite-utils") or str(Path(sys.executable).with_name("sqlite-utils"))
    if not Path(exe).exists():
        return None
    rows = work / "abstracts.jsonl"
    with rows.open("w", encoding="utf-8") as fh:
        for i, abstract in enumerate(abstracts):
            fh.write(json.dumps({"id": i, "abstract": abstract}) + "\n")
    started = time.perf_counter()
    subprocess.run([exe, "insert", str(work / "plain.db"), "papers", str(rows), "--nl"], check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=2600, help="synthetic papers [2600]")
    parser.add_argument("--keep", help="directory to keep the corpus and databases in")
    args = parser.parse_args()

    work = Path(args.keep or tempfile.mkdtemp(prefix="paperdb-bench-"))
    abstracts = synthetic(args.papers)
    write_listings(abstracts, work / "listings")
    db = str(work / "papers.db")
    for suffix in ("", "-wal", "-shm"):
        Path(db + suffix).unlink(missing_ok=True)

    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}, {sys.platform}")
    print(f"corpus: {args.papers} papers in {len(list((work / 'listings').glob('*.txt')))} files")

    started = time.perf_counter()
    cold = load(db, [str(work / "listings")])
    cold_s = time.perf_counter() - started
    t = cold.timings
    links = t.get("links", 0.0)
    print(f"cold load: {cold_s:.2f}s, {args.papers / cold_s:,.0f} papers/s")
    print(f"  read      {t.get('read', 0):.2f}s")
    print(f"  links     {links:.2f}s")
    print(f"  insert    {t.get('insert', 0) - links:.2f}s")
    print(f"  keywords  {t.get('keywords', 0):.2f}s  ({cold.keywords} distinct keywords)")
    print(f"  other     {cold_s - t.get('read', 0) - t.get('insert', 0) - t.get('keywords', 0):.2f}s (migrations, repos, commit)")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")

    started = time.perf_counter()
    load(db, [str(work / "listings")])
    noop_s = time.perf_counter() - started
    print(f"no-op re-run: {noop_s:.2f}s ({noop_s / cold_s:.2f}x the cold load)")

    plain = sqlite_utils_insert(abstracts, work)
    if plain is None:
        print("sqlite-utils insert: not installed (pip install -e '.[bench]')")
    else:
        print(f"sqlite-utils insert: {plain:.2f}s; paperdb cold load is {cold_s / plain:.1f}x that")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
