"""Compare two databases table by table: an MD5 of each table's rows, and the first rows that differ.

    python scripts/compare_dbs.py REFERENCE.db OTHER.db             # exit 1 on any difference
    python scripts/compare_dbs.py --load DIR REFERENCE.db OTHER.db  # first load DIR into a new OTHER.db

For checking that a change to the loader leaves what it stores as it was: load the same directory
(the whole paperlists catalogue) with the code before and after, and compare. Every table is
compared, and the schema (`sqlite_master`), but the full-text indexes' own tables (`*_fts_*`: segments that follow how the index was
written, not what it holds), leaving out times and durations (`*_at`, `duration_s`, and the run
log's `paths`, `id` and `run_id`); rows are read in the order of all their columns, so the order
rows were written in does not count, the numbers the database gives them (`papers.pk`,
`authors.id`, ...) do. Real numbers count as equal within `TOLERANCE` (keyword scores summed in
another order differ in the last bits); the MD5 is of the rows with them rounded to that.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from itertools import zip_longest
from pathlib import Path

TOLERANCE = 1e-9
SHOWN = 3  # differing rows printed per table
# Every table, index, trigger and view, as created (an index built later must be built the same).
SCHEMA = "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%'"
RUN_LOG = {"etl_runs": ("id", "paths"), "etl_run_issues": ("run_id",)}


def _kept(table: str, column: str) -> bool:
    return not (column.endswith("_at") or column == "duration_s" or column in RUN_LOG.get(table, ()))


def tables(con: sqlite3.Connection) -> dict[str, list[str]]:
    """Each table compared, with the columns compared."""
    names = [
        name
        for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " AND name NOT LIKE '%_fts_%' ORDER BY name"
        )
    ]
    return {
        name: [c for (c,) in con.execute(f"SELECT name FROM pragma_table_info('{name}')") if _kept(name, c)]
        for name in names
    }


def _rows(con: sqlite3.Connection, table: str, columns: list[str]):
    quoted = ", ".join(f'"{c}"' for c in columns)
    return con.execute(f'SELECT {quoted} FROM "{table}" ORDER BY {quoted}')


def _same(a: tuple | None, b: tuple | None) -> bool:
    if a is None or b is None:
        return a is b
    return len(a) == len(b) and all(
        x == y or (isinstance(x, float) and isinstance(y, float) and abs(x - y) <= TOLERANCE)
        for x, y in zip(a, b, strict=True)
    )


def _digest(row: tuple) -> bytes:
    return repr(tuple(round(v, 9) if isinstance(v, float) else v for v in row)).encode("utf-8", "surrogatepass")


def compare(reference: str, other: str) -> int:
    """Print each table's rows and MD5 in both databases; returns the number of tables that differ."""
    one, two = (
        sqlite3.connect(f"file:{reference}?mode=ro", uri=True),
        sqlite3.connect(f"file:{other}?mode=ro", uri=True),
    )
    left, right = tables(one), tables(two)
    differing = 0
    schemas = [sorted(con.execute(SCHEMA)) for con in (one, two)]
    for entry in sorted(set(schemas[0]) ^ set(schemas[1])):
        print(f"schema: {'only in ' + ('the reference' if entry in schemas[0] else 'the other')}: {entry[:3]}")
    if schemas[0] != schemas[1]:
        differing += 1
    else:
        print(f"schema: {len(schemas[0]):,} tables, indexes, triggers and views: same")
    for name in sorted(set(left) | set(right)):
        if left.get(name) != right.get(name):
            print(f"{name}: columns differ: {left.get(name)} / {right.get(name)}")
            differing += 1
            continue
        columns = left[name]
        digests, counts, shown = [hashlib.md5(), hashlib.md5()], [0, 0], 0
        for a, b in zip_longest(_rows(one, name, columns), _rows(two, name, columns)):
            for i, row in enumerate((a, b)):
                if row is not None:
                    digests[i].update(_digest(row))
                    counts[i] += 1
            if not _same(a, b) and shown < SHOWN:
                print(f"  {name}: {str(a)[:300]}\n  {' ' * len(name)}  {str(b)[:300]}")
                shown += 1
        same = shown == 0
        differing += not same
        print(
            f"{name}: {counts[0]:,} / {counts[1]:,} rows, md5 {digests[0].hexdigest()[:12]}"
            f" / {digests[1].hexdigest()[:12]}: {'same' if same else 'DIFFERENT'}"
        )
    print("identical" if not differing else f"{differing} tables differ")
    return differing


def main(argv: list[str]) -> int:
    if argv[:1] == ["--load"] and len(argv) == 4:
        folder, reference, other = argv[1:]
        for suffix in ("", "-wal", "-shm"):
            Path(f"{other}{suffix}").unlink(missing_ok=True)
        paperdb = Path(sys.executable).with_name("paperdb")
        subprocess.run([str(paperdb), "load", folder, "--db", other], check=True, env=os.environ)
    elif len(argv) == 2:
        reference, other = argv
    else:
        print(
            __doc__.strip().splitlines()[0],
            "\nusage: compare_dbs.py [--load DIR] REFERENCE.db OTHER.db",
            file=sys.stderr,
        )
        return 2
    return 1 if compare(reference, other) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
