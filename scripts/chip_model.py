"""Would a small model of "a researcher accepts this chip" drop junk chips? Held-out figures for the judged samples.

    .venv/bin/python scripts/chip_model.py DB docs/chips/sample-*.judged.jsonl docs/chips/own-4242.judged.jsonl \
        docs/chips/own-8484.round5.judged.jsonl docs/chips/own-9090.judged.jsonl

Each judged paper is ranked in process with the tree's rules against DB's statistics (a rescored
catalogue); each phrase chip its judge saw that is still in its top eight gets general features
the ranking has (rank, score, uses in the abstract, title, first forty words, word count,
termhood of the phrase, its first word and its head, keyphraseness, whether authors chose it,
document frequency, a name's capitals, a hyphen, a generic or light head, a describing first
word, its share of title words, its head's uses), never its words. A logistic regression (L2,
Newton's method) is trained on every sample but one and asked which chips at ranks 3-5 of the
held-out sample it would drop; the script prints, for each threshold, the junk and the good chips
dropped, summed over the held-out samples. Issue #36, round 6: at every threshold it dropped more
good chips than junk ones, so no such model ranks the chips (docs/keywords.md).
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from chip_classes import Corpus

from etl.extract.keywords import normalise_keyword
from etl.extract.keywords.normalise import singular
from etl.extract.keywords.roles import describes
from etl.extract.keywords.shapes import GENERIC_HEADS
from etl.extract.keywords.termhood import TERMHOOD, opener
from etl.extract.keywords.titles import title_phrases, title_words
from etl.extract.keywords.wordlists import LIGHT_NOUNS, NOT_ALONE

THRESHOLDS = (0.3, 0.35, 0.4, 0.45, 0.5)
L2 = 1.0
_WORD = re.compile(r"[\w-]+")


def _log(x: float | None) -> float:
    return math.log(x) if x else 0.0


def judged_chips(db: str, paths: list[str]) -> list[dict]:
    """Every judged phrase chip still among its paper's top eight, with what the ranking knows of it."""
    corpus = Corpus(db)
    rows, seen = [], set()
    for path in paths:
        sample = Path(path).name.split(".")[0]
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            paper = json.loads(line)
            if "chips" not in paper or (sample, paper["id"]) in seen:
                continue
            seen.add((sample, paper["id"]))
            ranked = corpus.rank(paper["id"])
            if ranked is None:
                continue
            terms, title = ranked.terms, ranked.title
            verdicts = {
                normalise_keyword(c): v for c, v in zip(paper["chips"], paper.get("judgements", []), strict=False)
            }
            titled = title_phrases(terms.phrases, title) if title else set()
            words = Counter(singular(w) for w in _WORD.findall(ranked.abstract.casefold()))
            for rank, k in enumerate(ranked.chips[:8], 1):
                verdict = verdicts.get(k.normalised) or verdicts.get(normalise_keyword(k.label))
                entry = terms.phrases.get(k.normalised)
                if k.kind != "phrase" or not verdict or not entry:
                    continue
                count, first, written, _ = entry
                rows.append(
                    {
                        "sample": sample,
                        "junk": verdict == "junk",
                        "rank": rank,
                        "x": _features(
                            k.normalised,
                            written,
                            rank,
                            k.score,
                            count,
                            first,
                            k.normalised in titled,
                            ranked.df,
                            corpus.n,
                            ranked.kp,
                            title,
                            words,
                        ),
                    }
                )
    return rows


def _features(key, written, rank, score, count, first, in_title, df, n, kp, title, words) -> list[float]:
    w = key.split(" ")
    rate, head = TERMHOOD.rate(key), TERMHOOD.rate(w[-1])
    opens = TERMHOOD.rate(opener(key)) if len(w) > 1 else None
    return [
        rank,
        score,
        _log(count),
        float(in_title),
        float(first < 40),
        float(len(w) == 1),
        float(len(w) >= 3),
        _log(rate),
        float(rate is None),
        _log(opens),
        float(opens is None),
        _log(head),
        float(head is None),
        _log(kp.factor(key)),
        float(kp.chosen_elsewhere(key)),
        _log((df.get(key) or 1) / n),
        float(any(c.isupper() for word in written.split(" ") for c in word[1:])),
        float("-" in key),
        float(w[-1] in GENERIC_HEADS or w[-1] in LIGHT_NOUNS or w[-1] in NOT_ALONE),
        float(len(w) > 1 and describes(w[0])),
        len(set(w) & title_words(title)) / len(w) if title else 0.0,
        _log(1 + words[w[-1]]),
    ]


def fit(x: np.ndarray, y: np.ndarray, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method, L2 on every weight but the intercept (column 0)."""
    b = np.zeros(x.shape[1])
    ridge = L2 * np.diag(np.r_[0.0, np.ones(x.shape[1] - 1)])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ b))
        b -= np.linalg.solve((x.T * (p * (1 - p))) @ x + ridge, x.T @ (p - y) + ridge @ b)
    return b


def held_out(rows: list[dict]) -> None:
    x = np.array([r["x"] for r in rows], dtype=float)
    x = np.c_[np.ones(len(x)), (x - x.mean(0)) / (x.std(0) + 1e-9)]
    y = np.array([r["junk"] for r in rows], dtype=float)
    ranks = np.array([r["rank"] for r in rows])
    shown = (ranks >= 3) & (ranks <= 5)
    samples = sorted({r["sample"] for r in rows})
    dropped: Counter[tuple[float, bool]] = Counter()
    for sample in samples:
        test = np.array([r["sample"] == sample for r in rows])
        p = 1 / (1 + np.exp(-x[test] @ fit(x[~test], y[~test])))
        for t in THRESHOLDS:
            drop = (p > t) & shown[test]
            dropped[t, True] += int((drop & (y[test] == 1)).sum())
            dropped[t, False] += int((drop & (y[test] == 0)).sum())
    junk = int((y[shown] == 1).sum())
    print(
        f"judged phrase chips at ranks 3-5: {int(shown.sum())}, junk {junk}; held out one sample at a time ({len(samples)})"
    )
    for t in THRESHOLDS:
        print(f"  p(junk) > {t}: drops {dropped[t, True]} junk and {dropped[t, False]} good chips")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    held_out(judged_chips(sys.argv[1], sys.argv[2:]))
