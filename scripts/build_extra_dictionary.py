"""Build a preset dictionary for `paper_sources.extra` (etl/store/record_extra.py) from a loaded
catalogue: one record's other fields from each venue's folder (the middle record by position of
its middle file by name), one a line, venues in the order of their records' bytes (the largest
last: deflate reaches the last lines best), the first lines dropped until the rest fit in deflate's
32 KiB window. Over the catalogue's 90,801 values (76.8 MB as JSON): 20.4 MB; one record of every
file instead (only the last 53 fit) 24.0 MB; 240 random records 20.7 MB; the frequent key-value
pairs and BibTeX lines 29.5 MB; no dictionary 41.2 MB.

    .venv/bin/python scripts/build_extra_dictionary.py CATALOGUE.db --output etl/store/extra_dictionary_N.txt [--measure]

A dictionary that rows use can never change: write a new version (`--output
etl/store/extra_dictionary_2.txt`, then `record_extra.VERSION = 2`); version 1 was built from the
whole paperlists catalogue (main's load of 2026-12-06, 240 files). `--measure` prints the stored
size of every row with the dictionary written.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import zlib
from itertools import chain
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from etl.store.record_extra import LEVEL, MEMORY, WINDOW, unpack_extra

WINDOW_BYTES = 32768
ROWS = """SELECT s.path, ps.extra FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
WHERE ps.extra IS NOT NULL ORDER BY s.path, ps.position"""


def dictionary_lines(db: str) -> list[bytes]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    by_venue: dict[str, dict[str, list[bytes]]] = {}
    for path, extra in conn.execute(ROWS):
        by_venue.setdefault(Path(path).parent.name, {}).setdefault(path, []).append(unpack_extra(extra).encode("utf-8"))
    lines = []
    for files in sorted(by_venue.values(), key=lambda files: sum(map(len, chain(*files.values())))):
        values = files[sorted(files)[len(files) // 2]]
        lines.append(values[len(values) // 2])
    while sum(len(line) + 1 for line in lines) > WINDOW_BYTES:
        lines.pop(0)
    return lines


def measure(db: str, zdict: bytes) -> float:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    primed = zlib.compressobj(LEVEL, zlib.DEFLATED, WINDOW, MEMORY, zlib.Z_DEFAULT_STRATEGY, zdict)
    total = 0
    for (extra,) in conn.execute("SELECT extra FROM paper_sources WHERE extra IS NOT NULL"):
        packer = primed.copy()
        total += 1 + len(packer.compress(unpack_extra(extra).encode("utf-8")) + packer.flush())
    return total / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--output", required=True, help="a new version's file: etl/store/extra_dictionary_N.txt")
    parser.add_argument("--measure", action="store_true")
    args = parser.parse_args()
    zdict = b"\n".join(dictionary_lines(args.db)) + b"\n"
    Path(args.output).write_bytes(zdict)
    print(f"{args.output}: {len(zdict):,} bytes")
    if args.measure:
        print(f"every row stored: {measure(args.db, zdict):.2f} MB")


if __name__ == "__main__":
    main()
