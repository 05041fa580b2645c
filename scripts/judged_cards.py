"""Every judged card of `docs/chips`, ranked in process with the tree's rules: its junk share by place.

    .venv/bin/python scripts/judged_cards.py DB OUT.json
    .venv/bin/python scripts/judged_cards.py diff A.json B.json

Each paper any judged file of `docs/chips` has verdicts for (the samples' `chips` and
`judgements`, the diff files' `gone`/`new` with theirs) is ranked with the tree's rules against DB's
statistics (a rescored catalogue: `chip_classes.Corpus`); each of its top-five chips takes the
verdict the files give it for the paper (any of its forms: label, key, aliases), the majority where
they differ, a tie counted half junk, `unjudged` where none saw it. The first form prints the junk
share of the judged chips, by place, and the chips a card, and writes the cards (the top eight, with
the evidence `support` weighs) to OUT.json; `diff` prints the chips two such files' top fives differ
by, with their verdicts. Issue #36, round 12 (docs/keywords.md).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path

from chip_classes import Corpus, Ranked, _forms

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.shapes import TITLE_HEAD
from etl.extract.keywords.support import _evidence
from etl.extract.keywords.termhood import ONE_WORD
from etl.extract.keywords.titles import title_words

CHIPS = Path(__file__).resolve().parents[1] / "docs" / "chips"
PAIRS = (("chips", "judgements"), ("gone", "gone_judgements"), ("new", "new_judgements"))
PAIRS += (("before", "before_judgements"), ("after", "after_judgements"))


def verdicts() -> dict[str, dict[str, Counter]]:
    """paper id -> chip key -> its verdicts in every judged file."""
    out: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for path in sorted(CHIPS.glob("*judged*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            paper = json.loads(line)
            judged = paper.get("judgements")
            pairs = list(judged.items()) if isinstance(judged, dict) else []
            for chips, verdict in PAIRS:
                if isinstance(paper.get(chips), list) and isinstance(paper.get(verdict), list):
                    pairs += zip(paper[chips], paper[verdict], strict=True)
            if isinstance(judged, list) and "chips" not in paper and "gone" in paper:
                pairs += zip(paper["gone"] + paper["new"], judged, strict=True)
            for chip, verdict in pairs:
                out[paper["id"]][normalise_keyword(chip)][verdict] += 1
    return out


def _verdict(counts: Counter) -> str:
    if not counts:
        return "unjudged"
    if counts["junk"] == counts["ok"]:
        return "split"
    return "junk" if counts["junk"] > counts["ok"] else "ok"


def ranked_papers(corpus: Corpus, ids: Iterable[str]) -> Iterator[tuple[str, Ranked]]:
    """(id, its ranking) of each paper of `ids`, in order, that ranks (one without an abstract does not)."""
    for pid in sorted(ids):
        try:
            ranked = corpus.rank(pid)
        except TypeError:  # (a paper without an abstract)
            continue
        if ranked is not None:
            yield pid, ranked


def cards(db: str) -> list[dict]:
    corpus, judged = Corpus(db), verdicts()
    out = []
    for pid, ranked in ranked_papers(corpus, judged):
        words = title_words(ranked.title) if ranked.title else frozenset()
        card = []
        for place, k in enumerate(ranked.chips[:8], 1):
            counts = next((judged[pid][f] for f in _forms(k) if f in judged[pid]), Counter())
            one = " " not in k.normalised
            evidence = None
            if k.kind == "phrase":
                evidence = _evidence(
                    k.normalised, ranked.terms.phrases, words, ranked.kp, ONE_WORD if one else TITLE_HEAD
                )
            card.append(
                {"label": k.label, "key": k.normalised, "kind": k.kind, "score": k.score, "place": place}
                | {"verdict": _verdict(counts), "evidence": evidence}
            )
        out.append({"id": pid, "venue": ranked.venue, "title": ranked.title, "chips": card})
    return out


def share(papers: list[dict]) -> None:
    counts: Counter[str] = Counter()
    by_place: dict[int, Counter[str]] = defaultdict(Counter)
    for paper in papers:
        for chip in paper["chips"][:5]:
            counts[chip["verdict"]] += 1
            by_place[chip["place"]][chip["verdict"]] += 1

    def junk(c: Counter[str]) -> tuple[float, int]:
        return c["junk"] + c["split"] / 2, c["junk"] + c["ok"] + c["split"]

    bad, judged = junk(counts)
    places = ", ".join(f"{p}: {junk(c)[0] / junk(c)[1]:.3f}" for p, c in sorted(by_place.items()))
    print(f"junk share {bad / judged:.4f} ({bad:g} of {judged}; {counts['unjudged']} unjudged); by place {places}")
    print(f"{sum(min(5, len(p['chips'])) for p in papers) / len(papers):.3f} chips a card, {len(papers)} cards")


def diff(a_path: str, b_path: str) -> None:
    a = {p["id"]: p for p in json.loads(Path(a_path).read_text(encoding="utf-8"))}
    b = {p["id"]: p for p in json.loads(Path(b_path).read_text(encoding="utf-8"))}
    for name, old, new in (("gone", a, b), ("new", b, a)):
        chips = []
        for pid, paper in old.items():
            if pid not in new:  # (a card only one side ranked: a sample judged after the other ran)
                continue
            kept = {c["key"] for c in new[pid]["chips"][:5]}
            chips += [c for c in paper["chips"][:5] if c["key"] not in kept]
        count = Counter(c["verdict"] for c in chips)
        print(f"{name}: {dict(count)}")
        print("  " + "; ".join(sorted(f"{c['verdict'][0]}:{c['label']}" for c in chips)))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "diff":
        diff(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3:
        papers = cards(sys.argv[1])
        Path(sys.argv[2]).write_text(json.dumps(papers, ensure_ascii=False), encoding="utf-8")
        share(papers)
    else:
        sys.exit(__doc__)
