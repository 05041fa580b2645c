"""`scripts/filler_model.py`: the generic features of a judged phrase chip, the logistic fit, and the
demotion its held-out table simulates, on real rows of `filler_features.py`'s table and real cards
of `judged_cards.py` (issue #36, branch kwfill28)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from filler_model import FEATURES, demoted, features, fit, predict  # noqa: E402

HEADER = (
    "id venue place kind label key verdict why score next_score chips count first titled title_words df kp"
    " chosen_elsewhere vocab_chosen vocab_present authors th_heads th_abstracts th_rate opener_rate head_rate"
    " head_rows mod_rows title_any head_share mod_share w1_df w2_df w1_common w2_common ev_title ev_chosen"
    " ev_heads ev_repeated"
).split()
# (the table's rows of main a9650e8's rules against the whole catalogue: a judged term, two judged filler chips)
ROWS = [
    "0017b185063e67d6 IJCAI 3 phrase preference_elicitation preference_elicitation ok - 1.3228 1.183 7 2 21 0 0 10"
    " 3.102 1 0 0 1 3 10 0.2818 0.4764 0.4396 1 5 4 0.4167 0.0439 819 48 1 0 0 1 1 1",
    "261cd592e10c8338 ICRA 5 phrase computational_time computational_time junk filler 0.5102 0.2598 6 3 26 0 0 133"
    " 1.338 0 0 0 0 0 133 0.0007 0.0515 - 94 49 0 0.0195 0.0289 5190 13807 0 1 0 0 0 1",
    "4d09cb2cd6cb2c1e IROS 5 phrase warnings warning junk filler 0.2406 0.2165 6 2 125 0 0 10 2.676 1 0 0 1 2 10"
    " 0.1909 - 0.1909 0 0 7 - - 57 57 1 1 0 1 0 1",
]


def _row(line: str) -> dict[str, str]:
    cells = [c.replace("_", " ") if c != "-" else "" for c in line.split(" ")]
    return dict(zip(HEADER, cells, strict=True))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (ROWS[0], {"place": 3, "count": 2, "first_words": 0, "log_df": np.log1p(10), "no_th_rate": 0, "two_words": 1}),
        (ROWS[1], {"place": 5, "count": 3, "th_rate": 0.0007, "no_opener_rate": 0, "head_rate": -1, "lower": 1}),
        (ROWS[2], {"one_word": 1, "two_words": 0, "no_opener_rate": 1, "opener_rate": -1, "ev_chosen": 1}),
    ],
)
def test_features_read_the_row_never_the_words(line: str, expected: dict[str, float]) -> None:
    got = dict(zip(FEATURES, features(_row(line)), strict=True))
    assert len(got) == len(FEATURES)
    for name, value in expected.items():
        assert got[name] == pytest.approx(value), name


def test_fit_learns_the_sign_of_a_feature_that_decides() -> None:
    x = np.array([features(_row(line)) for line in ROWS * 4])
    y = np.array([0.0, 1.0, 1.0] * 4)
    model = fit(x, y, 1.0)
    p = predict(model, x[:3])
    assert p[0] < 0.5 < min(p[1], p[2])


# (a real card of `judged_cards.py`: `Predictive Runtime Monitoring of Vehicle Models Using Bayesian Estimation ...`)
CARD = [
    {"label": label, "verdict": verdict}
    for label, verdict in [
        ("predictive runtime monitoring", "ok"),
        ("bayesian estimation", "ok"),
        ("reachability analysis", "ok"),
        ("vehicle model", "ok"),
        ("warnings", "junk"),
        ("real-time estimation", "junk"),
    ]
]


@pytest.mark.parametrize(
    ("flagged", "top_five"),
    [
        (
            {4},
            [
                "predictive runtime monitoring",
                "bayesian estimation",
                "reachability analysis",
                "vehicle model",
                "real-time estimation",
            ],
        ),
        (
            {4, 5},
            [
                "predictive runtime monitoring",
                "bayesian estimation",
                "reachability analysis",
                "vehicle model",
                "warnings",
            ],
        ),
        (
            {1},
            [
                "predictive runtime monitoring",
                "reachability analysis",
                "vehicle model",
                "warnings",
                "real-time estimation",
            ],
        ),
        (
            set(),
            [
                "predictive runtime monitoring",
                "bayesian estimation",
                "reachability analysis",
                "vehicle model",
                "warnings",
            ],
        ),
    ],
)
def test_a_flagged_chip_leaves_the_five_only_for_an_unflagged_one(flagged: set[int], top_five: list[str]) -> None:
    after = demoted(CARD, flagged)
    assert [c["label"] for c in after[:5]] == top_five
    assert sorted(c["label"] for c in after) == sorted(c["label"] for c in CARD)
