"""Topics beside a keyword of the same paper that is a kind of them (`broader.narrower`), by topic; and what changed.

    .venv/bin/python scripts/topic_narrower.py DB            # the counts
    .venv/bin/python scripts/topic_narrower.py BEFORE.db AFTER.db   # both, and what differs

The paper's five are its first five keywords by score but the authors' (what `keyphrases.py
--with-topics` reads). For each topic of a paper and each extracted keyword of it that is a kind
of the topic: whether both are in the five (the topic above or below it), or the topic is and the
keyword sixth (the five would hold it without the topic) or further down; by topic, with the commonest such keywords; and the authors' keywords that are
kinds of a topic of the five (the card shows them after the extracted ones). Given two databases of
the same papers: the papers whose five (and the set of it) differ, those whose chips other than
topics differ in order (the cards' and `chip_sample.py`'s), those whose `papers.topics` differ,
and the papers that leave a topic's first page (`papers_by_keyword`, 100 a page by score).
Issue #36 (docs/keywords.md).
"""

from __future__ import annotations

import sqlite3
import sys
from collections import Counter, defaultdict

from etl.extract.keywords.broader import narrower

PAGE = 100  # papers_by_keyword's page


def read(db: str) -> tuple[dict[str, list[tuple]], dict[str, str]]:
    """Each paper's keywords (score, key, kind, label; the authors' last) and its `papers.topics`."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    by: dict[str, list[tuple]] = defaultdict(list)
    for pid, score, key, kind, label in con.execute(
        "SELECT pk.paper_id, pk.score, k.normalised, pk.kind, pk.keyword FROM paper_keywords pk"
        " JOIN keywords k ON k.id = pk.keyword_id ORDER BY pk.paper_id, pk.kind = 'author', pk.rank"
    ):
        by[pid].append((score, key, kind, label))
    topics = dict(con.execute("SELECT id, topics FROM papers"))
    return by, topics


def five(keywords: list[tuple]) -> list[str]:
    return [k[1] for k in sorted((k for k in keywords if k[2] != "author"), key=lambda k: -k[0])[:5]]


def counts(by: dict[str, list[tuple]]) -> None:
    where: Counter = Counter()
    by_topic: dict[str, Counter] = defaultdict(Counter)
    examples: dict[str, Counter] = defaultdict(Counter)
    for keywords in by.values():
        shown = set(five(keywords))
        ranked = [k for k in keywords if k[2] != "author"]
        for i, (_, topic, kind, label) in enumerate(ranked):
            if kind != "topic":
                continue
            for j, (_, key, other, written) in enumerate(ranked):
                if other == "topic" or not narrower(key, topic):
                    continue
                if topic not in shown:
                    place = "the topic not in the five"
                elif key in shown:
                    place = "both in the five, the topic above" if i < j else "both in the five, the topic below"
                else:
                    place = (
                        "the topic in the five, the kind of it sixth"
                        if j == 5
                        else "the topic in the five, the kind of it further"
                    )
                where[place] += 1
                by_topic[label][place] += 1
                examples[label][written] += 1
            for _, key, other, _ in keywords:
                if other == "author" and topic in shown and narrower(key, topic):
                    where["an authors' keyword that is a kind of a topic of the five"] += 1
    for place, n in where.most_common():
        print(f"{n:8,d}  {place}")
    print("by topic (in the five above a kind of it / above it sixth / below it in the five): commonest kinds")
    for label, c in sorted(by_topic.items(), key=lambda kv: -sum(kv[1].values())):
        above = c["both in the five, the topic above"]
        alone = c["the topic in the five, the kind of it sixth"]
        below = c["both in the five, the topic below"]
        common = ", ".join(f"{k} {n}" for k, n in examples[label].most_common(4))
        print(f"  {label}: {above} / {alone} / {below}; {common}")


def changes(before: dict[str, list[tuple]], after: dict[str, list[tuple]], topics: tuple[dict, dict]) -> None:
    differ: Counter = Counter()
    for pid, keywords in before.items():
        new = after.get(pid, [])
        a, b = five(keywords), five(new)
        differ["papers whose five differ in order"] += a != b
        differ["papers whose five differ"] += set(a) != set(b)
        chips = [k[1] for k in keywords if k[2] not in ("topic", "author")]
        differ["papers whose other chips differ (order or set)"] += chips != [
            k[1] for k in new if k[2] not in ("topic", "author")
        ]
        differ["papers whose topic rows differ in score"] += {k[1]: k[0] for k in keywords if k[2] == "topic"} != {
            k[1]: k[0] for k in new if k[2] == "topic"
        }
        differ["papers whose topics differ (the set)"] += {k[1] for k in keywords if k[2] == "topic"} != {
            k[1] for k in new if k[2] == "topic"
        }
        differ["papers whose papers.topics differ"] += topics[0].get(pid) != topics[1].get(pid)
    for what, n in differ.items():
        print(f"{n:8,d}  {what}")
    pages = [first_pages(before), first_pages(after)]
    left = {t: len(pages[0][t] - pages[1].get(t, set())) for t in pages[0]}
    print(f"{sum(left.values()):8,d}  papers off a topic's first page (of {sum(map(len, pages[0].values())):,})")
    print("  " + ", ".join(f"{t} {n}" for t, n in sorted(left.items(), key=lambda kv: -kv[1]) if n))


def first_pages(by: dict[str, list[tuple]]) -> dict[str, set[str]]:
    rows: dict[str, list[tuple]] = defaultdict(list)
    for pid, keywords in by.items():
        for score, _, kind, label in keywords:
            if kind == "topic":
                rows[label].append((-score, pid))
    return {label: {pid for _, pid in sorted(r)[:PAGE]} for label, r in rows.items()}


def main(argv: list[str]) -> None:
    loaded = [read(db) for db in argv]
    for db, (by, _) in zip(argv, loaded, strict=True):
        print(f"== {db}")
        counts(by)
    if len(loaded) == 2:
        print("== what differs")
        changes(loaded[0][0], loaded[1][0], (loaded[0][1], loaded[1][1]))


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(sys.argv[1:])
