"""The keyword chips a reader sees, for a judge: draw a seeded sample of papers with their top-five
chips (as `../shared/tools/chip_sample.py` does), and print the junk share of a judged sample.

    .venv/bin/python scripts/keyword_chips.py draw DB N SEED > docs/chips/sample.jsonl
    .venv/bin/python scripts/keyword_chips.py junk docs/chips/sample.jsonl

Each line of a sample: id, venue, title, the first 700 characters of the abstract and `chips` (the
labels of the paper's five best keywords that are neither topics nor the authors' own, by rank). A
judge adds `judgements`, one per chip: `ok` (a term a researcher would accept as a keyword of the
paper) or `junk` (a clause fragment, a phrase without its head noun, filler, text debris, a wrong
meaning). `junk` prints the share of junk chips, by rank and by venue, and the papers still unjudged.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
from collections import Counter

CHIPS = """SELECT k.label FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
WHERE pk.paper_id = ? AND pk.kind NOT IN ('author', 'topic') ORDER BY pk.rank LIMIT 5"""


def draw(db: str, n: int, seed: int) -> None:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    ids = [r[0] for r in con.execute("SELECT id FROM papers WHERE abstract IS NOT NULL ORDER BY id")]
    for pid in random.Random(seed).sample(ids, n):
        venue, year, title, abstract = con.execute(
            "SELECT venue, year, title, abstract FROM papers WHERE id = ?", (pid,)
        ).fetchone()
        chips = [label for (label,) in con.execute(CHIPS, (pid,))]
        record = {"id": pid, "venue": f"{venue} {year}", "title": title, "abstract": abstract[:700], "chips": chips}
        print(json.dumps(record, ensure_ascii=False))


def junk(path: str) -> None:
    chips = junk_chips = unjudged = 0
    by_rank: Counter[int] = Counter()
    of_rank: Counter[int] = Counter()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            paper = json.loads(line)
            verdicts = paper.get("judgements")
            if not verdicts or len(verdicts) != len(paper["chips"]):
                unjudged += 1
                continue
            for rank, verdict in enumerate(verdicts, 1):
                chips += 1
                of_rank[rank] += 1
                if verdict == "junk":
                    junk_chips += 1
                    by_rank[rank] += 1
    if unjudged:
        print(f"papers not judged (or judged in part): {unjudged}")
    if chips:
        ranks = ", ".join(f"{r}: {by_rank[r] / of_rank[r]:.2f}" for r in sorted(of_rank))
        print(f"junk by rank: {ranks}")
        print(f"junk share of top-five chips: {junk_chips / chips:.3f} ({junk_chips} of {chips})")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "draw":
        draw(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 3 and sys.argv[1] == "junk":
        junk(sys.argv[2])
    else:
        sys.exit(__doc__)
