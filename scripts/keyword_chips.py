"""The keyword chips a reader sees, for a judge: draw a seeded sample of papers with their top-five
chips (as `../shared/tools/chip_sample.py` does), and print the junk share of a judged sample.

    .venv/bin/python scripts/keyword_chips.py draw DB N SEED > docs/chips/sample.jsonl
    .venv/bin/python scripts/keyword_chips.py junk docs/chips/sample.jsonl
    .venv/bin/python scripts/keyword_chips.py pair A.db B.db IDS.json SEED KEY.jsonl > union.jsonl
    .venv/bin/python scripts/keyword_chips.py paired union.judged.jsonl KEY.jsonl

`pair` compares two rule sets on the same papers (two copies of one database, each rescored with
its rules): for the papers IDS.json lists (a JSON list of ids; a sample of them is not needed,
the order is shuffled with SEED), the union of both cards' chips in a shuffled order, so a judge
cannot tell which rules showed which; KEY.jsonl says it. `paired` prints each side's junk share.

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
    by_venue: Counter[str] = Counter()
    of_venue: Counter[str] = Counter()
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            paper = json.loads(line)
            verdicts = paper.get("judgements")
            if verdicts is None or len(verdicts) != len(paper["chips"]):  # a card without chips has none to judge
                unjudged += 1
                continue
            venue = paper["venue"].rsplit(" ", 1)[0]
            for rank, verdict in enumerate(verdicts, 1):
                chips += 1
                of_rank[rank] += 1
                of_venue[venue] += 1
                if verdict == "junk":
                    junk_chips += 1
                    by_rank[rank] += 1
                    by_venue[venue] += 1
    if unjudged:
        print(f"papers not judged (or judged in part): {unjudged}")
    if chips:
        ranks = ", ".join(f"{r}: {by_rank[r] / of_rank[r]:.2f}" for r in sorted(of_rank))
        print(f"junk by rank: {ranks}")
        venues = ", ".join(f"{v} {by_venue[v]}/{n}" for v, n in of_venue.most_common())
        print(f"junk by venue (junk/chips): {venues}")
        print(f"junk share of top-five chips: {junk_chips / chips:.3f} ({junk_chips} of {chips})")


def pair(a: str, b: str, ids_path: str, seed: int, key_path: str) -> None:
    rules = [sqlite3.connect(f"file:{db}?mode=ro", uri=True) for db in (a, b)]
    with open(ids_path, encoding="utf-8") as fh:
        ids = sorted(json.load(fh))
    shuffle = random.Random(seed)
    shuffle.shuffle(ids)
    with open(key_path, "w", encoding="utf-8") as key:
        for pid in ids:
            venue, year, title, abstract = (
                rules[0].execute("SELECT venue, year, title, abstract FROM papers WHERE id = ?", (pid,)).fetchone()
            )
            shown = [[label for (label,) in con.execute(CHIPS, (pid,))] for con in rules]
            union = list(dict.fromkeys(shown[0] + shown[1]))
            shuffle.shuffle(union)
            record = {"id": pid, "venue": f"{venue} {year}", "title": title, "abstract": abstract[:700], "chips": union}
            print(json.dumps(record, ensure_ascii=False))
            key.write(json.dumps({"id": pid, "a": shown[0], "b": shown[1]}, ensure_ascii=False) + "\n")


def paired(judged_path: str, key_path: str) -> None:
    with open(key_path, encoding="utf-8") as fh:
        keys = {k["id"]: k for k in map(json.loads, fh)}
    junk_of = {side: Counter() for side in "ab"}
    chips_of = {side: Counter() for side in "ab"}
    with open(judged_path, encoding="utf-8") as fh:
        for line in fh:
            paper = json.loads(line)
            verdict = dict(zip(paper["chips"], paper["judgements"], strict=True))
            for side in "ab":
                for rank, chip in enumerate(keys[paper["id"]][side], 1):
                    chips_of[side][rank] += 1
                    junk_of[side][rank] += verdict[chip] == "junk"
    for side in "ab":
        junk_chips, chips = sum(junk_of[side].values()), sum(chips_of[side].values())
        ranks = ", ".join(f"{r}: {junk_of[side][r] / chips_of[side][r]:.2f}" for r in sorted(chips_of[side]))
        print(f"{side}: junk share {junk_chips / chips:.3f} ({junk_chips} of {chips}); by rank {ranks}")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "draw":
        draw(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 3 and sys.argv[1] == "junk":
        junk(sys.argv[2])
    elif len(sys.argv) == 7 and sys.argv[1] == "pair":
        pair(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6])
    elif len(sys.argv) == 4 and sys.argv[1] == "paired":
        paired(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
