"""What an edit costs beside a cold load (`benchmark.py --edit-cost DIR`, issue 41): the catalogue's
ICLR, ICML, NeurIPS and CoRL files (45) loaded, then two of them edited and one removed, and
`paperdb load --prune` timed against a cold load of the files as they are then; and one file
removed alone, timed against a cold load of the rest. Every load runs in a process of its own
(`measured`: wall time, peak PSS of all its processes), one after the other in one run, so the
ratios hold whatever the machine's hour.

The edits, drawn with a seed among the files of 400 records or more: in one file 50 titles changed
and 100 records dropped, in another 200 records dropped and 30 abstracts changed, a third removed.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sqlite3
from pathlib import Path

from measured import Measured, load_measured

FILES = re.compile(r"(iclr|icml|nips|neurips|corl)\d{4}\.json")
SEED = 41
LARGE = 400  # records a file edited or removed has at least
TARGET = 0.2  # of a cold load's time and peak memory (issue 41)


def _records(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, records: list) -> None:
    path.write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


def edit(folder: Path, rng: random.Random) -> list[str]:
    """Make the edits in `folder`; returns what was done, a line each."""
    large = sorted(p for p in folder.glob("*.json") if len(_records(p)) >= LARGE)
    first, second, gone = rng.sample(large, 3)
    records = _records(first)
    for k in rng.sample(range(len(records)), 50):
        records[k]["title"] = f"{records[k].get('title') or ''}: A Second Look"
    dropped = set(rng.sample(range(len(records)), 100))
    _write(first, [r for k, r in enumerate(records) if k not in dropped])
    records = _records(second)
    dropped = set(rng.sample(range(len(records)), 200))
    kept = [r for k, r in enumerate(records) if k not in dropped]
    for k in rng.sample(range(len(kept)), 30):
        kept[k]["abstract"] = f"{kept[k].get('abstract') or ''} We release our code and the data we collected."
    _write(second, kept)
    gone.unlink()
    return [
        f"{first.name}: 50 titles changed, 100 records dropped",
        f"{second.name}: 200 records dropped, 30 abstracts changed",
        f"{gone.name}: removed",
    ]


def _fresh(db: Path) -> str:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    return str(db)


def _copy_db(source: str, target: Path) -> str:
    origin, copy = sqlite3.connect(source), sqlite3.connect(_fresh(target))
    origin.backup(copy)
    origin.close()
    copy.close()
    return str(target)


def _files(catalogue: Path, folder: Path) -> list[Path]:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    chosen = sorted(p for p in catalogue.rglob("*.json") if FILES.fullmatch(p.name))
    for path in chosen:
        shutil.copyfile(path, folder / path.name)
    return chosen


def _row(what: str, change: Measured, cold: Measured, summary: dict) -> tuple[float, float]:
    time, memory = change.seconds / cold.seconds, change.pss_mb / cold.pss_mb
    stages = ", ".join(f"{k} {v:.1f}" for k, v in summary["timings"].items() if v >= 0.05)
    print(
        f"  {what:<22} {change.seconds:>7.1f} s {change.pss_mb:>6.0f} MB  cold {cold.seconds:>6.1f} s {cold.pss_mb:>5.0f} MB"
    )
    print(
        f"  {'':<22} time {time:.2f}x, memory {memory:.2f}x  (target <= {TARGET}x: "
        f"{'met' if max(time, memory) <= TARGET else 'MISSED'}); stages (s): {stages}"
    )
    # (memory is the larger of the sampled sum of PSS and the largest process's peak RSS, which
    # counts whole the shared libraries' pages: for a load of one process, its RSS)
    print(
        f"  {'':<22} sampled sum of PSS alone: {change.sampled_pss_mb:.0f} MB, "
        f"cold {cold.sampled_pss_mb:.0f} MB ({change.sampled_pss_mb / cold.sampled_pss_mb:.2f}x)"
    )
    return time, memory


def edit_cost(catalogue: Path, work: Path, seed: int = SEED) -> dict:
    """Load, edit, reload and compare (see the module's docstring); print and return the ratios."""
    folder = work / "edited"
    chosen = _files(catalogue, folder)
    print(f"\n== edit cost: {len(chosen)} files of {catalogue} (ICLR, ICML, NeurIPS, CoRL), seed {seed}")
    base = _fresh(work / "base.db")
    first, summary = load_measured(base, [str(folder)])
    print(f"  cold load of all:      {first.seconds:>7.1f} s {first.pss_mb:>6.0f} MB  ({summary['total']:,} papers)")
    kept = _copy_db(base, work / "removal.db")
    for line in edit(folder, random.Random(seed)):
        print(f"  edit: {line}")
    change, summary = load_measured(base, [str(folder)], "prune")
    cold, _ = load_measured(_fresh(work / "cold-edited.db"), [str(folder)])
    ratios = {"edit": _row("edit (load --prune)", change, cold, summary)}
    _files(catalogue, folder)
    gone = sorted(p for p in folder.glob("*.json") if len(_records(p)) >= LARGE)
    removed = random.Random(seed).choice(gone)
    removed.unlink()
    print(f"  removal: {removed.name}")
    change, summary = load_measured(kept, [str(folder)], "prune")
    cold, _ = load_measured(_fresh(work / "cold-rest.db"), [str(folder)])
    ratios["removal"] = _row("removal (load --prune)", change, cold, summary)
    return ratios
