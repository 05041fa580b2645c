"""Two rescored databases' top-five chips, compared by keyword (its key), not by label.

    python scripts/top_five_diff.py BEFORE.db AFTER.db [SAMPLE]

A keyword's label is the form most of the papers that have it write (`etl/load/keywords.py`), so
when a few papers gain or lose a keyword its label may turn from one form to the other (`robotic
system` to `robotic systems`) on every card that shows it. A comparison by label counts each such
card as a chip gone and another come (after the seventeenth part's merges: `robotic system` gone
from 86 cards and `robotic systems` come onto 87, where no card had lost or gained the keyword;
docs/keywords.md, kwform20). This one prints the papers whose top five (the extracted keywords,
not the authors' or the topics') differ by key, the keywords gone and come with their counts, then
the keywords whose label changed while their papers kept them, and SAMPLE (40) changed papers.
"""

from __future__ import annotations

import random
import sqlite3
import sys
from collections import Counter, defaultdict

TOP = """SELECT pk.paper_id, k.normalised, k.label FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    WHERE pk.kind NOT IN ('author', 'topic') ORDER BY pk.paper_id, pk.rank"""
SHOWN = 5


def top_fives(db: str) -> tuple[dict[str, list[str]], dict[str, str]]:
    """paper id -> its top five keys, and key -> label."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    tops: dict[str, list[str]] = defaultdict(list)
    labels: dict[str, str] = {}
    for pid, key, label in con.execute(TOP):
        if len(tops[pid]) < SHOWN:
            tops[pid].append(key)
            labels[key] = label
    return tops, labels


def main(before_db: str, after_db: str, sample: int = 40) -> None:
    (before, old), (after, new) = top_fives(before_db), top_fives(after_db)
    gone, came, changed = Counter(), Counter(), []
    for pid in before.keys() | after.keys():
        a, b = set(before.get(pid, ())), set(after.get(pid, ()))
        if a != b:
            gone.update(a - b)
            came.update(b - a)
            changed.append((pid, sorted(old[k] for k in a - b), sorted(new[k] for k in b - a)))
    print(
        f"papers {len(before)} / {len(after)}; top five changed {len(changed)}: {sum(gone.values())} gone, {sum(came.values())} come"
    )
    print("gone", [(old[k], n) for k, n in gone.most_common(40)])
    print("come", [(new[k], n) for k, n in came.most_common(40)])
    flips = Counter()
    for pid in before.keys() & after.keys():
        flips.update((old[k], new[k]) for k in set(before[pid]) & set(after[pid]) if old[k] != new[k])
    print(f"relabelled (kept by the card, shown in another form): {len(flips)} keywords on {sum(flips.values())} cards")
    print(" ", [(a, b, n) for (a, b), n in flips.most_common(20)])
    random.seed(20)
    for row in random.sample(changed, min(sample, len(changed))):
        print(" ", row)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], *(int(a) for a in sys.argv[3:4]))
