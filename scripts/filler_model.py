"""A combined filler score learned from the judged verdicts, validated by leaving one judged file out at a time.

    .venv/bin/python scripts/filler_features.py DB FEAT.tsv        # the features (a rescored catalogue)
    .venv/bin/python scripts/judged_cards.py DB CARDS.json          # the same cards, every kind of chip
    .venv/bin/python scripts/filler_model.py FEAT.tsv CARDS.json [C]  # the held-out table

A logistic regression (L2 of strength 1/C, Newton's method in numpy: no new dependency) over
generic features of each judged phrase chip of `filler_features.py`'s table, never the phrase's
words: the card's place, score, the next chip's score and the chips a card; the abstract's uses and
whether in its first words; the title (the phrase, its words); the document frequency, keyphraseness,
an author's choice elsewhere, the vocabulary's chosen and present counts; `termhood.txt`'s heads and
abstracts, the rates of the phrase, its opener and its head, its head's and its modifier's two-word
rows; whether each word is common English; `support`'s four kinds of evidence; the words, whether
lower case, hyphenated. A split verdict is a target of one half.

Validation: the judged files are grouped by their stem (`sample-2712` with its second judge's file,
`paired-5353`, `own-round9-diff`, ...); each group's papers are held out in turn, the model fitted
on every other paper's chips, and the held-out cards of `judged_cards.py` re-ranked as a demotion
would: a phrase chip of the top five at or above a threshold leaves the five where the card has a
chip below it the model does not flag. The table prints, per threshold, the held-out cards' junk
share of their judged top-five chips before and after, and the chips the demotion removes (junk, ok,
split) and brings in: the honest estimate of a blind sample. Issue #36, branch kwfill28
(docs/keywords.md).
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

CHIPS = Path(__file__).resolve().parents[1] / "docs" / "chips"
FEATURES = (
    "place score next_score chips count first_words titled title_words log_df kp chosen_elsewhere"
    " log_vocab_chosen log_vocab_present log_th_heads log_th_abstracts th_rate no_th_rate opener_rate"
    " no_opener_rate head_rate log_head_rows log_mod_rows w1_common w2_common ev_title ev_chosen ev_heads"
    " ev_repeated one_word two_words lower hyphen"
).split()
THRESHOLDS = (0.2, 0.25, 0.3, 0.35, 0.4, 0.5)


def features(r: dict[str, str]) -> list[float]:
    """A chip's generic features, in FEATURES' order, from its row of `filler_features.py`'s table."""

    def rate(name: str) -> tuple[float, float]:
        return (-1.0, 1.0) if r[name] == "" else (float(r[name]), 0.0)

    def log(name: str) -> float:
        return math.log1p(float(r[name] or 0))

    words = r["key"].count(" ") + 1
    return [
        float(r["place"]),
        float(r["score"]),
        float(r["next_score"]),
        float(min(int(r["chips"]), 12)),
        float(min(int(r["count"]), 6)),
        float(0 <= int(r["first"]) < 20),
        float(r["titled"]),
        float(r["title_words"]),
        log("df"),
        float(r["kp"]),
        float(r["chosen_elsewhere"]),
        log("vocab_chosen"),
        log("vocab_present"),
        log("th_heads"),
        log("th_abstracts"),
        *rate("th_rate"),
        *rate("opener_rate"),
        rate("head_rate")[0],
        log("head_rows"),
        log("mod_rows"),
        float(r["w1_common"]),
        float(r["w2_common"]),
        float(r["ev_title"]),
        float(r["ev_chosen"]),
        float(r["ev_heads"]),
        float(r["ev_repeated"]),
        float(words == 1),
        float(words == 2),
        float(r["label"].islower()),
        float("-" in r["key"]),
    ]


def fit(x: np.ndarray, y: np.ndarray, c: float = 1.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mean, scale, weights with the intercept last) of a logistic regression of y (0, 1/2, 1) on x."""
    mean, scale = x.mean(0), x.std(0)
    scale[scale == 0] = 1.0
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    ridge = np.eye(len(w)) / c
    ridge[-1, -1] = 0.0
    for _ in range(50):
        p = 1 / (1 + np.exp(-z @ w))
        step = np.linalg.solve(z.T @ (z * (p * (1 - p))[:, None]) + ridge, z.T @ (y - p) - ridge @ w)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    return mean, scale, w


def predict(model: tuple[np.ndarray, np.ndarray, np.ndarray], x: np.ndarray) -> np.ndarray:
    mean, scale, w = model
    return 1 / (1 + np.exp(-(((x - mean) / scale) @ w[:-1] + w[-1])))


def groups() -> dict[str, set[str]]:
    """Each judged file's stem (a sample with its second judge's file) -> the papers it judges."""
    out: dict[str, set[str]] = defaultdict(set)
    for path in sorted(CHIPS.glob("*judged*")):
        for line in path.read_text(encoding="utf-8").splitlines():
            out[path.name.split(".")[0]].add(json.loads(line)["id"])
    return out


TARGET = {"junk": 1.0, "split": 0.5, "ok": 0.0}


def demoted(chips: list[dict], flagged: set[int]) -> list[dict]:
    """The card's chips with each flagged chip of the top five below the five where an unflagged chip
    below it can take its place (the order of the rest kept)."""
    kept = [i for i in range(len(chips)) if i not in flagged]
    lost = [i for i in range(len(chips)) if i in flagged]
    top = sorted(kept[:5] + lost[: max(0, 5 - len(kept))])
    return [chips[i] for i in top] + [c for i, c in enumerate(chips) if i not in top]


def junk(chips: list[dict]) -> tuple[float, int]:
    bad = sum(c["verdict"] == "junk" for c in chips) + sum(c["verdict"] == "split" for c in chips) / 2
    return bad, sum(c["verdict"] != "unjudged" for c in chips)


def held_out(rows: list[dict[str, str]], cards: list[dict], c: float) -> dict[str, dict[str, np.ndarray]]:
    """group -> {paper id: each top-eight chip's held-out probability by place (NaN for a chip with no row)}."""
    judged = [r for r in rows if r["verdict"] in TARGET]
    x = np.array([features(r) for r in judged])
    y = np.array([TARGET[r["verdict"]] for r in judged])
    ids = np.array([r["id"] for r in judged])
    allx = np.array([features(r) for r in rows])
    allids = np.array([r["id"] for r in rows])
    places = np.array([int(r["place"]) for r in rows])
    card_ids = {card["id"] for card in cards}
    out: dict[str, dict[str, np.ndarray]] = {}
    for group, papers in sorted(groups().items()):
        papers &= card_ids
        if not papers:
            continue
        model = fit(x[~np.isin(ids, list(papers))], y[~np.isin(ids, list(papers))], c)
        test = np.isin(allids, list(papers))
        p = predict(model, allx[test])
        probs: dict[str, np.ndarray] = {pid: np.full(8, np.nan) for pid in papers}
        for pid, place, q in zip(allids[test], places[test], p, strict=True):
            probs[str(pid)][place - 1] = q
        out[group] = probs
    return out


def report(rows: list[dict[str, str]], cards: list[dict], c: float) -> None:
    by_id = {card["id"]: card["chips"] for card in cards}
    probs = held_out(rows, cards, c)
    print(f"C={c}: {len(rows)} phrase chips, {len(by_id)} cards, {len(probs)} held-out groups")
    for t in THRESHOLDS:
        total = np.zeros(6)
        moved: dict[str, list[str]] = {"gone": [], "come": []}
        print(f"threshold {t}: group cards before after gone(junk/ok/split) come(junk/ok/unjudged)")
        for group, papers in probs.items():
            sums = np.zeros(6)
            for pid, p in papers.items():
                chips = by_id[pid]
                flagged = {i for i, c_ in enumerate(chips[:8]) if not math.isnan(p[i]) and p[i] >= t}
                after = demoted(chips, flagged)
                gone = [ch for ch in chips[:5] if all(ch is not a for a in after[:5])]
                come = [ch for ch in after[:5] if all(ch is not b for b in chips[:5])]
                moved["gone"] += [f"{ch['verdict'][0]}:{ch['label']}" for ch in gone]
                moved["come"] += [f"{ch['verdict'][0]}:{ch['label']}" for ch in come]
                b, n = junk(chips[:5])
                a, m = junk(after[:5])
                sums += [b, n, a, m, len(gone), sum(ch["verdict"] == "ok" for ch in gone)]
            total += sums
            if group.startswith(("sample", "paired")) and sums[1]:
                print(
                    f"  {group:20s} {len(papers):4d} {sums[0] / sums[1]:.4f} {sums[2] / max(1, sums[3]):.4f}"
                    f" gone {int(sums[4])} (ok {int(sums[5])})"
                )
        print(
            f"  all {total[0] / total[1]:.4f} -> {total[2] / total[3]:.4f}; gone {int(total[4])} (ok {int(total[5])})"
        )
        for name, chips_ in moved.items():
            tally = {v: sum(ch.startswith(v) for ch in chips_) for v in "jous"}
            print(f"  {name} {tally}: " + "; ".join(sorted(chips_)[:40]))


def read(path: str) -> list[dict[str, str]]:
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


if __name__ == "__main__":
    if len(sys.argv) in (3, 4):
        report(
            read(sys.argv[1]),
            json.loads(Path(sys.argv[2]).read_text(encoding="utf-8")),
            float(sys.argv[3]) if len(sys.argv) == 4 else 1.0,
        )
    else:
        sys.exit(__doc__)
