"""Every judged chip that is a discipline's name, with its verdict, split by what a rule could compute.

    .venv/bin/python scripts/field_verdicts.py DB CARDS.json [--spread N] [--rows] [--top]

A discipline's name is a key of `scripts/disciplines.txt` (`build_disciplines.py`: the labels venues
give whole areas of their papers) whose abstracts spread over N venues or more (12 of the
catalogue's 24 with abstracts unless told). For each judged chip of `docs/chips` with such a key
(`judged_cards.verdicts`: the judges' majority for the paper, `split` on a tie, counted half junk)
the paper is read from DB (title, abstract, `papers.topics`) and CARDS (a `judged_cards.py` output:
the card as the rules rank it now) and the chip is split by: whether the title names it (all its
words title words); whether the paper's topics say it (a topic's name holds its words); how many
times the abstract writes it (`passing_verdicts.uses`); whether every use sits in a cue of a
mention in passing (`passing_verdicts.held`: a list after `such as`, an application, an analogy,
others' work); its place on the card (1-5, or `out` of
the top five); whether a more specific term of the same field is on the card (another of the top
eight ends with its last word, `machine learning` beside `online learning`, or holds it whole,
`deep reinforcement learning`); its words (one or more); the venue-years labelling an area with
it (one, or two and more: the umbrella a venue files several areas under). With `--rows` each
chip is printed; with `--top` only the chips the cards' top fives show.
Issue #36, branch kwfield28 (docs/keywords.md).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections import Counter, defaultdict
from pathlib import Path

from judged_cards import _verdict, verdicts
from passing_verdicts import held

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.prose import clean
from etl.extract.keywords.titles import title_words

DISCIPLINES = Path(__file__).resolve().parent / "disciplines.txt"
SPREAD = 12


def disciplines(least: int = SPREAD, path: Path = DISCIPLINES) -> dict[str, int]:
    """key -> venue-years labelling an area with it, of the names that spread over `least` venues or more."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, labelled, venues, _papers = line.split("\t")
        if int(venues) >= least:
            out[key] = int(labelled)
    return out


def topic_says(key: str, topics: list[str]) -> bool:
    """Whether a topic's name holds every word of `key` (normalised)."""
    words = set(key.split())
    return any(words <= set(normalise_keyword(t).split()) | set(t.lower().split()) for t in topics)


def more_specific(key: str, others: list[str]) -> bool:
    """Whether another key of the card ends with `key`'s last word or holds `key` whole."""
    last = key.split()[-1]
    return any(o != key and (o.split()[-1] == last or f" {key} " in f" {o} ") for o in others)


def rows(db: str, cards_path: str, names: dict[str, int]) -> list[dict]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    cards = {c["id"]: c for c in json.loads(Path(cards_path).read_text(encoding="utf-8"))}
    out = []
    for pid, chips in verdicts().items():
        found = [k for k in chips if k in names]
        if not found:
            continue
        row = con.execute(
            "SELECT title, coalesce(abstract_clean, abstract), topics, venue FROM papers WHERE id = ?", (pid,)
        ).fetchone()
        if row is None or not row[1]:
            continue
        title, text, topics, venue = row[0] or "", clean(row[1]), json.loads(row[2] or "[]"), row[3]
        words = title_words(title) if title else frozenset()
        card = cards.get(pid, {"chips": []})["chips"]
        place = {c["key"]: c["place"] for c in card[:5]}
        for key in found:
            at = held(text, key)
            out.append(
                {
                    "id": pid,
                    "venue": venue,
                    "key": key,
                    "verdict": _verdict(chips[key]),
                    "title": all(w in words for w in key.split()),
                    "topic": topic_says(key, topics),
                    "uses": len(at),
                    "passing": bool(at) and all(at),
                    "place": place.get(key, "out"),
                    "specific": more_specific(key, [c["key"] for c in card[:8]]),
                    "words": "one" if " " not in key else "several",
                    "labelled": min(names[key], 2),
                }
            )
    return out


def junk(counts: Counter) -> str:
    judged = counts["junk"] + counts["ok"] + counts["split"]
    if not judged:
        return "0"
    return f"{judged}: {(counts['junk'] + counts['split'] / 2) / judged:.3f}"


def table(found: list[dict]) -> None:
    print(f"every judged discipline chip: {junk(Counter(r['verdict'] for r in found))}")
    for feature in ("title", "topic", "uses", "passing", "place", "specific", "words", "labelled"):
        split: dict[object, Counter] = defaultdict(Counter)
        for r in found:
            value = min(r[feature], 3) if feature == "uses" else r[feature]
            split[value][r["verdict"]] += 1
        print(f"  {feature}: " + "; ".join(f"{v}: {junk(c)}" for v, c in sorted(split.items(), key=str)))
    untitled = [r for r in found if not r["title"]]
    print(f"title not naming it: {junk(Counter(r['verdict'] for r in untitled))}")
    for feature in ("topic", "uses", "passing", "place", "specific", "words", "labelled"):
        split = defaultdict(Counter)
        for r in untitled:
            value = min(r[feature], 3) if feature == "uses" else r[feature]
            split[value][r["verdict"]] += 1
        print(f"  {feature}: " + "; ".join(f"{v}: {junk(c)}" for v, c in sorted(split.items(), key=str)))
    by_key: dict[str, Counter] = defaultdict(Counter)
    for r in found:
        by_key[r["key"]][r["verdict"]] += 1
    print(
        "by name: "
        + "; ".join(f"{k} {junk(c)}" for k, c in sorted(by_key.items(), key=lambda kc: -sum(kc[1].values())))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("db")
    parser.add_argument("cards")
    parser.add_argument("--spread", type=int, default=SPREAD)
    parser.add_argument("--rows", action="store_true")
    parser.add_argument("--top", action="store_true", help="only the chips in the cards' top five")
    args = parser.parse_args()
    found = rows(args.db, args.cards, disciplines(args.spread))
    if args.top:
        found = [r for r in found if r["place"] != "out"]
    if args.rows:
        for r in found:
            print(
                "\t".join(str(r[k]) for k in ("verdict", "key", "venue", "title", "topic", "uses", "place", "specific"))
            )
    table(found)


if __name__ == "__main__":
    main()
