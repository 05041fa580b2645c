"""The judged phrase chips of a card's places 2-5 by the causes proposed for filler, junk against ok.

    .venv/bin/python scripts/filler_causes.py DB CARDS.json [--fields]

CARDS.json is `judged_cards.py DB CARDS.json`'s output (every judged card of `docs/chips` ranked in
process with the tree's rules); each card is ranked again against DB (a rescored catalogue) for the
abstract's own counts. For each proposed cause of filler (generic terms a paper names but is not
about: issue #36, branch kwfill20, docs/keywords.md) it prints the judged chips the cause marks:
junk, of them filler by the files' `why`, split, ok, and the same on sample-2006 alone, with the
most frequent chips of each verdict. A cause worth a rule marks far more junk than ok. With
`--fields` it also extracts every catalogue abstract (a few minutes) to measure a phrase's spread
over five fields (robotics, vision, learning, language, AI venues), the normalised entropy of its
rate in each, and how much more often than by chance the catalogue's abstracts that write it write
one of the card's other chips (its best lift with them, the paper itself left out).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

from chip_classes import Corpus
from judged_cards import CHIPS

from etl.extract.keywords import extract_terms, normalise_keyword
from etl.extract.keywords.shapes import PLAIN_ADJECTIVES, TITLE_HEAD
from etl.extract.keywords.termhood import TERMHOOD

SAMPLE = "sample-2006"
# Where a paper evaluates or applies its work: a sentence with one of these words is a setting clause.
SETTING = re.compile(
    r"\b(experiment\w*|evaluat\w*|tested|tests?|results?|simulations?|demonstrat\w*|validat\w*|verif\w*"
    r"|applied|applications?|benchmarks?|datasets?|compar\w*|outperform\w*|real[- ]world|conditions)\b",
    re.I,
)
SENTENCE = re.compile(r"(?<=[.!?])\s+")
FIELDS = {
    "rob": "IROS ICRA RSS CoRL",
    "cv": "CVPR ECCV WACV ICCV 3DV",
    "ml": "NeurIPS AISTATS ICML COLT UAI ACML ICLR ALT AutoML",
    "nlp": "NAACL COLING ACL COLM",
    "ai": "IJCAI AAAI",
}
FIELD_OF = {venue: field for field, venues in FIELDS.items() for venue in venues.split()}
LOW_LIFT = 2.0  # abstracts writing the chip write the card's other chips at most twice as often as all do
WIDE = 100  # papers of the catalogue whose abstract has the phrase: written by every field
SPREAD = 0.85  # normalised entropy over the fields' rates: used alike by all of them
ADJECTIVES = frozenset(
    line.strip()
    for name in ("classifying_adjectives", "general_adjectives")
    for line in (Path(__file__).resolve().parents[1] / "etl" / "data" / f"{name}.txt").read_text().splitlines()
    if line.strip() and not line.startswith("#")
) | frozenset(PLAIN_ADJECTIVES)


def why_of() -> dict[tuple[str, str], str]:
    """(paper id, chip key) -> the kind of junk a judged file gives it (`why`)."""
    out = {}
    for path in sorted(CHIPS.glob("*judged*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            paper = json.loads(line)
            for chip, why in (paper.get("why") or {}).items():
                out[(paper["id"], normalise_keyword(chip))] = str(why).split(":")[0]
    return out


def chips(db: str, cards_path: str) -> tuple[list[dict], Corpus]:
    """The judged phrase chips of places 2-5 with what each cause reads."""
    corpus, why = Corpus(db), why_of()
    sample = _sample_ids()
    out = []
    for card in json.loads(Path(cards_path).read_text(encoding="utf-8")):
        judged = [
            c for c in card["chips"][:5] if c["place"] > 1 and c["kind"] == "phrase" and c["verdict"] != "unjudged"
        ]
        if not judged:
            continue
        ranked = corpus.rank(card["id"])
        if ranked is None:
            continue
        sentences = SENTENCE.split(ranked.abstract)
        title = set(re.findall(r"[a-z0-9]+", (card["title"] or "").lower()))
        for c in judged:
            key = c["key"]
            count, _, written, _ = ranked.terms.phrases.get(key, (0, 0, key, 0))
            chose, _ = ranked.kp.counts(key)
            used = [s for s in sentences if written.lower() in s.lower()]
            others = [o["key"] for o in card["chips"][:5] if o["key"] != key]
            words = key.split(" ")
            out.append(
                c
                | {"id": card["id"], "why": why.get((card["id"], key), ""), "sample": card["id"] in sample}
                | {"df": ranked.df.get(key, 0), "chose": chose + corpus.chosen.get(key, 0), "count": count}
                | {"factor": ranked.kp.factor(key), "termhood": TERMHOOD.rate(key) or 0.0, "words": words}
                | {"setting": bool(used) and all(SETTING.search(s) for s in used)}
                | {"title_shared": any(w in title for w in words), "others": others}
            )
    return out, corpus


def _sample_ids() -> set[str]:
    path = CHIPS / f"{SAMPLE}.jsonl"
    return {json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines()}


def catalogue(corpus: Corpus, rows: list[dict]) -> tuple[dict[str, float], dict[int, float]]:
    """The chips' spread over the fields (key -> the normalised entropy of its rate in each field's
    abstracts, for keys of 10 papers or more) and each chip's best lift with the card's other chips
    (row index -> lift; none where the chip is in fewer than 5 abstracts)."""
    keys = {c["key"] for c in rows} | {o for c in rows for o in c["others"]}
    per: dict[str, Counter[str]] = defaultdict(Counter)
    size: Counter[str] = Counter()
    papers: dict[str, set[int]] = defaultdict(set)
    query = "SELECT venue, abstract FROM papers WHERE abstract IS NOT NULL"
    for n, (venue, abstract) in enumerate(corpus.con.execute(query)):
        field = FIELD_OF.get(venue)
        size[field or ""] += 1
        for key in extract_terms(abstract, corpus.taxonomy).phrases:
            if key in keys:
                papers[key].add(n)
                if field is not None:
                    per[key][field] += 1
    total = sum(size.values())
    del size[""]
    spread = {}
    for key, counts in per.items():
        if sum(counts.values()) >= 10:
            rates = [counts[f] / size[f] for f in size if counts[f]]
            whole = sum(rates)
            spread[key] = -sum(r / whole * math.log(r / whole) for r in rates) / math.log(len(size))
    lift = {}
    for i, c in enumerate(rows):
        mine = papers.get(c["key"], set())
        if len(mine) >= 5:
            # (the paper itself is in both: one co-occurrence less)
            lift[i] = max(
                [
                    (len(mine & papers[o]) - 1) * total / (len(mine) * len(papers[o]))
                    for o in c["others"]
                    if o in papers
                ],
                default=0.0,
            )
    return spread, lift


def causes(spread: dict[str, float] | None) -> dict[str, Callable[[dict], bool]]:
    """Each cause tested, as a test of one chip."""
    weak = lambda c: not (c["evidence"][1] or c["evidence"][2])  # noqa: E731 (no author's choice, no titles' head)
    out = {
        "every field writes it, no author chose it": lambda c: c["df"] >= WIDE and c["chose"] == 0,
        "... and the titles seldom head it": lambda c: (
            c["df"] >= WIDE and c["chose"] == 0 and c["termhood"] < TITLE_HEAD
        ),
        "... and no word of it in the title": lambda c: c["df"] >= WIDE and c["chose"] == 0 and not c["title_shared"],
        "an author's choice its only evidence, chosen less than the average phrase": lambda c: (
            c["evidence"] == [False, True, False, False] and c["factor"] < 1
        ),
        "written once, in a setting clause, not in the title": lambda c: (
            c["count"] == 1 and c["setting"] and not c["evidence"][0]
        ),
        "an adjective before a noun, no choice or titles' head": lambda c: (
            len(c["words"]) == 2 and c["words"][0] in ADJECTIVES and weak(c)
        ),
        "the title its only evidence (its words anywhere in it)": lambda c: (
            c["evidence"] == [True, False, False, False]
        ),
        "places 4-5, no author's choice or titles' head (a repeat or the title at most)": lambda c: (
            c["place"] >= 4 and weak(c)
        ),
    }
    if spread is not None:
        out["used alike by every field (spread >= 0.85), no title, choice or head"] = lambda c: (
            spread.get(c["key"], 0.0) >= SPREAD and not c["evidence"][0] and weak(c)
        )
        out["written beside the card's other chips, no more than by chance (best lift above 0, below 2)"] = lambda c: (
            c.get("lift") is not None and 0 < c["lift"] < LOW_LIFT
        )
    return out


def report(rows: list[dict], spread: dict[str, float] | None) -> None:
    def line(marked: list[dict]) -> str:
        v = Counter(c["verdict"] for c in marked)
        filler = sum(c["why"] == "filler" for c in marked if c["verdict"] == "junk")
        return f"junk {v['junk']} (filler {filler}), split {v['split']}, ok {v['ok']}"

    base = [c for c in rows if " " in c["key"]]
    print(f"judged phrase chips of several words at places 2-5: {line(base)}")
    for name, test in causes(spread).items():
        marked = [c for c in base if test(c)]
        print(f"- {name}: {line(marked)}; on {SAMPLE}: {line([c for c in marked if c['sample']])}")
        for verdict in ("junk", "ok"):
            common = Counter(c["label"] for c in marked if c["verdict"] == verdict).most_common(8)
            print(f"    {verdict}: " + ", ".join(f"{label} {n}" for label, n in common))


def lift_bands(rows: list[dict]) -> None:
    """The junk share of the chips by their best lift with the card's other chips."""
    bands = (0.0, 1e-9, LOW_LIFT, 5.0, 10.0, 30.0, 100.0, math.inf)
    for low, high in itertools.pairwise(bands):
        band = [c for c in rows if " " in c["key"] and c.get("lift") is not None and low <= c["lift"] < high]
        junk = sum(c["verdict"] == "junk" for c in band)
        print(f"  lift {low:g}-{high:g}: {junk} junk of {len(band)} ({junk / max(len(band), 1):.3f})")


def main(argv: list[str]) -> None:
    if len(argv) not in (2, 3) or (len(argv) == 3 and argv[2] != "--fields"):
        sys.exit(__doc__)
    rows, corpus = chips(argv[0], argv[1])
    spread = None
    if len(argv) == 3:
        spread, lift = catalogue(corpus, rows)
        for i, c in enumerate(rows):
            c["lift"] = lift.get(i)
    report(rows, spread)
    if spread is not None:
        lift_bands(rows)


if __name__ == "__main__":
    main(sys.argv[1:])
