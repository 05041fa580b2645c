"""Topics a reader would call wrong, on a loaded database: for every topic, how many of its papers
write none of its wording, by decade, as the database holds them and as the tree's rules give them.

    .venv/bin/python scripts/topic_wording.py DB [--taxonomy PATH] [--show TOPIC] [--sample N]

A paper's topics come from its text (the abstract, and the topics its title names; else the
title: what a load reads); for each topic the script counts the papers given it whose text has
none of the taxonomy's specific
`terms` (`graph` and `node` are only suggestive) and, for a topic with `needs`, none of those
either. Columns: papers with the topic, those without its specific terms (`no term`), and of these
the ones whose text has the taxonomy's suggestive terms only (`weak`), by decade of the paper's
year; first as stored in DB (the rules it was loaded with), then as the tree's rules give them on
the same texts (no database is written). `--show TOPIC` (repeatable) prints `--sample` of the papers
the tree's rules no longer give TOPIC (or give it anew), to be read.
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
from etl.extract.keywords.phrases import phrase_candidates
from etl.extract.keywords.prose import clean
from etl.extract.keywords.terms import topic_inputs
from etl.extract.keywords.title_topics import with_title
from etl.extract.keywords.topics import Taxonomy, _term_evidence, term_evidence, topics_of
from etl.load.taxonomy import load_taxonomy

DECADES = ((0, "<2000"), (2000, "2000s"), (2010, "2010-14"), (2015, "2015-19"), (2020, "2020s"))


def decade(year: int) -> str:
    return [name for start, name in DECADES if year >= start][-1]


def wording(text: str, taxonomy: Taxonomy, title: str | None = None) -> tuple[dict[str, bool], set[str], list[str]]:
    """Topic -> whether the text writes its wording (a specific term, and one of its `needs` if it
    has them); the topics of which it writes suggestive terms only; the tree's topics of the text,
    with those its `title` names (an abstract's paper: `with_title`, as a load ranks it)."""
    words, phrases, passing = topic_inputs(text)
    weights, specific, _, worded = _term_evidence(words, phrases, taxonomy)
    names, needs = taxonomy.names, taxonomy.needs
    has = {name: i in specific and (i not in needs or i in worded) for i, name in enumerate(names)}
    suggested = {names[i] for i in weights if i not in specific}
    said = term_evidence(words, phrases, taxonomy, passing)
    topics = topics_of(words, phrases, taxonomy, said)
    if title:
        topics = with_title(topics, (said.weights, said.worded), phrase_candidates(clean(title)), taxonomy)
    return has, suggested, list(topics)


def tally(rows: list[tuple[int, list[str]]], has: list[dict[str, bool]], weak: list[set[str]]) -> dict:
    """Topic -> Counter of `papers`, `no term`, `weak` and `no term <decade>`."""
    counts: dict[str, Counter] = {}
    for (year, topics), written, suggested in zip(rows, has, weak, strict=True):
        for topic in topics:
            c = counts.setdefault(topic, Counter())
            c["papers"] += 1
            if not written.get(topic, True):
                c["no term"] += 1
                c["weak"] += topic in suggested
                c["no term " + decade(year)] += 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("--taxonomy", help="a taxonomy file (default: $PAPERDB_TOPICS, else the bundled one)")
    parser.add_argument(
        "--show", action="append", default=[], help="a topic whose changed papers to print (repeatable)"
    )
    parser.add_argument("--sample", type=int, default=40)
    args = parser.parse_args()
    taxonomy = load_taxonomy(args.taxonomy or taxonomy_path())
    con = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    papers = con.execute(
        "SELECT id, year, title, coalesce(nullif(abstract, ''), title, ''), topics, nullif(abstract, '') IS NOT NULL"
        " FROM papers ORDER BY id"
    ).fetchall()
    stored, now, has, weak = [], [], [], []
    for _, year, title, text, topics, has_abstract in papers:
        written, suggested, given = wording(text, taxonomy, title if has_abstract else None)
        has.append(written)
        weak.append(suggested)
        stored.append((year, json.loads(topics)))
        now.append((year, given))
    before, after = tally(stored, has, weak), tally(now, has, weak)
    head = " ".join(f"{name:>7}" for _, name in DECADES)
    print(f"{'topic':48} {'papers':>13} {'no term':>11} {'weak':>9}  no term by decade (stored -> tree): {head}")
    for topic in sorted(set(before) | set(after), key=lambda t: -before.get(t, Counter())["no term"]):
        b, a = before.get(topic, Counter()), after.get(topic, Counter())
        cells = " ".join(f"{b['no term ' + n]:>3}>{a['no term ' + n]:<3}" for _, n in DECADES)
        print(
            f"{topic:48} {b['papers']:6}>{a['papers']:<6} {b['no term']:5}>{a['no term']:<5}"
            f" {b['weak']:4}>{a['weak']:<4}  {cells}"
        )
    print(f"papers without a topic: {sum(not t for _, t in stored)} -> {sum(not t for _, t in now)} of {len(papers)}")
    for show in args.show:
        changed = [
            (p, set(s[1]), set(n[1]))
            for p, s, n in zip(papers, stored, now, strict=True)
            if (show in s[1]) != (show in n[1])
        ]
        print(f"\n{len(changed)} papers whose {show!r} changed; {min(args.sample, len(changed))} of them:")
        for (pid, year, title, text, *_), old, new in random.Random(36).sample(changed, min(args.sample, len(changed))):
            print(f"- {pid} {year} {title!r}\n  {sorted(old)} -> {sorted(new)}\n  {text[:300]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
