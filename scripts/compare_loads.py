"""Snapshot what a load produces, and check a later build of paperdb produces the same rows.

    python scripts/compare_loads.py snapshot before.json   # with the old code
    python scripts/compare_loads.py check before.json      # with the new code: exit 1 on any difference

Two databases are built with the `paperdb` next to this Python: one load of the seeds, the
sample listings and the sample events export (../shared), and the same inputs in three loads in
another order (events first, so the merge and incremental-keyword paths run too). The snapshot is
every row of every table and view, in a stable order, with the schema (`sqlite_master`), leaving
out only times and durations (`*_at`, `duration_s`) and the row ids of `etl_runs`.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
INPUTS = [SHARED / "seeds", SHARED / "samples" / "listings", SHARED / "samples" / "icml2024_events.sample.json"]
BUILDS = {"one load": [INPUTS], "three loads, events first": [[INPUTS[2]], [INPUTS[1]], [INPUTS[0]]]}


def _is_volatile(column: str) -> bool:
    return column.endswith("_at") or column == "duration_s"


def dump(db_file: str) -> dict[str, list]:
    """Every table and view's rows (sorted), volatile columns removed, and the schema."""
    con = sqlite3.connect(db_file)
    try:
        out = {
            "sqlite_master": sorted(
                map(
                    list,
                    con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"),
                )
            )
        }
        for (name,) in con.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
        ):
            cursor = con.execute(f'SELECT * FROM "{name}"')
            columns = [d[0] for d in cursor.description]
            keep = [i for i, c in enumerate(columns) if not _is_volatile(c) and not (name == "etl_runs" and c == "id")]
            rows = [[row[i] if not isinstance(row[i], bytes) else row[i].hex() for i in keep] for row in cursor]
            out[name] = [[columns[i] for i in keep], *sorted(rows, key=repr)]
        return out
    finally:
        con.close()


def build() -> dict[str, dict]:
    paperdb = Path(sys.executable).with_name("paperdb")
    snapshots = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, loads in BUILDS.items():
            db_file = os.path.join(tmp, label.replace(" ", "_").replace(",", "") + ".db")
            for paths in loads:
                subprocess.run([str(paperdb), "load", *map(str, paths), "--db", db_file, "--quiet"], check=True)
            snapshots[label] = dump(db_file)
    return snapshots


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("snapshot", "check"):
        print(__doc__.strip().splitlines()[0], "\nusage: compare_loads.py snapshot|check FILE.json", file=sys.stderr)
        return 2
    command, path = argv
    current = build()
    if command == "snapshot":
        Path(path).write_text(json.dumps(current, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        print(f"{path}: {sum(len(rows) - 1 for s in current.values() for rows in s.values())} rows snapshotted")
        return 0
    before = json.loads(Path(path).read_text(encoding="utf-8"))
    current = json.loads(json.dumps(current, ensure_ascii=False, sort_keys=True))  # same types as the snapshot
    differences = 0
    for label in BUILDS:
        for table in sorted(set(before[label]) | set(current[label])):
            old, new = before[label].get(table), current[label].get(table)
            if old != new:
                differences += 1
                print(f"{label}: {table} differs ({len(old or []) - 1} rows before, {len(new or []) - 1} after)")
        rows = sum(len(r) - 1 for r in current[label].values())
        print(f"{label}: {len(current[label])} tables, views and the schema compared, {rows} rows")
    print("identical" if not differences else f"{differences} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
