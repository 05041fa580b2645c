"""Specific topic terms that name a tool or a setting rather than the field, on a loaded database:
for every specific term of every topic, how many of the papers given the topic write it, and how
many of those write none of the topic's other wording.

    .venv/bin/python scripts/topic_terms.py DB [--taxonomy PATH] [--top N] [--show TOPIC:TERM]

A paper's text is what a load reads (the abstract, else the title). For a topic's specific term,
`papers` counts the papers the database gives the topic whose text has the term, `alone` those of
them whose text has no other term of the topic (specific, suggestive or `needs`; a suggestive term
that is a word of the term itself, `dataset*` of `benchmark dataset`, does not count as other),
`share` the ratio. A term with many papers alone is the only reason for the topic there: read them
(`--show TOPIC:TERM`, repeatable, prints `--sample` of them) to see whether the term names the field
(`speech`) or something every field uses (`convolutional*`, `benchmark dataset`).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from etl.extract.keywords import taxonomy_path
from etl.extract.keywords.normalise import normalise_keyword
from etl.extract.keywords.roles import is_findable_phrase
from etl.extract.keywords.terms import topic_inputs
from etl.extract.keywords.topics import Taxonomy, _term_evidence, build_taxonomy

KINDS = ("terms", "weak", "needs")


def term_index(path: str) -> tuple[list[tuple[str, str, str]], Taxonomy]:
    """Every (topic, kind, term) of the taxonomy file, and a taxonomy in which each is a topic of
    its own (so the term rule's matching says which terms a text writes)."""
    entries: list[tuple[str, str, str]] = []
    for topic in json.loads(Path(path).read_text(encoding="utf-8"))["topics"]:
        entries += [(topic["name"], kind, term.strip().lower()) for kind in KINDS for term in topic.get(kind, ())]
    singles = [{"name": str(n), "terms": [term]} for n, (_, _, term) in enumerate(entries)]
    return entries, build_taxonomy(singles, normalise_keyword, is_findable_phrase, path)


def written(text: str, index: Taxonomy) -> frozenset[int]:
    """The entries (by position) whose term the text writes."""
    words, phrases, _ = topic_inputs(text)  # (a term written in passing is written)
    return frozenset(_term_evidence(words, phrases, index)[0])


def own_words(term: str) -> set[str]:
    return set(term.replace("-", " ").split())


def is_part_of(other: str, term: str) -> bool:
    """Whether the term `other` (a word, `prefix*` or phrase) matches a word of `term`."""
    if " " in other:
        return False
    if other.endswith("*"):
        return any(word.startswith(other[:-1]) for word in own_words(term))
    return other in own_words(term) or other.rstrip("s") in own_words(term)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--taxonomy", help="a taxonomy file (default: $PAPERDB_TOPICS, else the bundled one)")
    parser.add_argument("--top", type=int, default=40, help="terms to print, most papers alone first")
    parser.add_argument("--show", action="append", default=[], help="TOPIC:TERM whose papers alone to print")
    parser.add_argument("--sample", type=int, default=20)
    args = parser.parse_args()
    entries, index = term_index(args.taxonomy or taxonomy_path())
    con = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    papers = con.execute(
        "SELECT id, year, title, coalesce(nullif(abstract, ''), title, ''), topics FROM papers ORDER BY id"
    ).fetchall()
    by_topic: dict[str, list[int]] = {}
    for n, (topic, _, _) in enumerate(entries):
        by_topic.setdefault(topic, []).append(n)
    counts: Counter[tuple[int, str]] = Counter()
    alone: dict[int, list[int]] = {}
    for p, (_, _, _, text, topics) in enumerate(papers):
        hits = written(text, index)
        for topic in json.loads(topics):
            for n in by_topic.get(topic, ()):
                if entries[n][1] != "terms" or n not in hits:
                    continue
                counts[n, "papers"] += 1
                term = entries[n][2]
                if not any(m != n and m in hits and not is_part_of(entries[m][2], term) for m in by_topic[topic]):
                    counts[n, "alone"] += 1
                    alone.setdefault(n, []).append(p)
    rows = sorted((n for n, kind in counts if kind == "papers"), key=lambda n: -counts[n, "alone"])
    print(f"{'topic':44} {'term':28} {'papers':>7} {'alone':>6} {'share':>6}")
    for n in rows[: args.top]:
        topic, _, term = entries[n]
        share = counts[n, "alone"] / counts[n, "papers"]
        print(f"{topic:44} {term:28} {counts[n, 'papers']:7} {counts[n, 'alone']:6} {share:6.2f}")
    for show in args.show:
        topic, _, term = show.partition(":")
        found = [n for n, e in enumerate(entries) if e[0] == topic and e[2] == term and e[1] == "terms"]
        chosen = alone.get(found[0], []) if found else []
        print(f"\n{len(chosen)} papers given {topic!r} with {term!r} and no other of its wording:")
        for p in random.Random(13).sample(chosen, min(args.sample, len(chosen))):
            pid, year, title, text, topics = papers[p]
            print(f"- {pid} {year} {title!r} {json.loads(topics)}\n  {text[:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
