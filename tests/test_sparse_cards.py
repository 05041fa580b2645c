"""A sparse card takes the terms its title names and its abstract does not write (`sparse`, issue #36,
nineteenth part): catalogue records whose cards showed one or two chips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords import rank as rank_module
from etl.extract.keywords.keyword import Keyword
from etl.extract.keywords.sparse import SPARSE, is_title_term, title_runs, with_title_terms
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "sparse_cards" / "records.json").read_text(encoding="utf-8"))
KP = Keyphraseness(df={})


def _chips(record: dict) -> list[str]:
    terms = extract_terms(record["abstract"], TAXONOMY)
    return [k.label for k in rank_keywords(terms, {}, 1, record["title"]) if k.kind not in ("topic", "author")][:5]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["title"][:40])
def test_a_sparse_card_takes_its_titles_terms(record, monkeypatch):
    # (`ReLU neural networks` after `target network`; not `arbitrary objects`, a scope modifier's phrase,
    # nor `controllable video generation` beside `video generation`)
    chips = _chips(record)
    assert [c for c in chips if c in record["added"]] == record["added"]
    assert set(chips).isdisjoint(record["not_added"])
    assert chips[-len(record["added"]) or len(chips) :] == record["added"]  # (after the abstract's own chips)
    monkeypatch.setattr(rank_module, "with_title_terms", lambda ranked, *_: ranked)
    before = _chips(record)
    assert set(record["added"]).isdisjoint(before)  # (this rule, not another, brought them)
    assert chips[: len(before)] == before  # (and took none away)


@pytest.mark.parametrize(
    "title, runs",
    [
        # (runs of two or three content words; an evaluative opening dropped, `Novel | Force Sensor`; none
        # opening with a participle, `Vibrating Piezoelectric Element`)
        ("Novel Force Sensor Using Vibrating Piezoelectric Element", ["force sensor"]),
        # (a hyphenated word is one word of its run; a run of one word is no title term)
        ("Error Bounds for Low-Rank Matrix Completion", ["error bound", "low rank matrix completion"]),
        ("Pointer Networks", ["pointer network"]),
        (
            "Bayesian Co-Training via Cross-View Message Passing for Multi-Camera Tracking",
            ["bayesian cotraining", "crossview message passing", "multicamera tracking"],  # (prefixes joined)
        ),
    ],
)
def test_title_runs(title, runs):
    assert [key for key, _ in title_runs(title)] == runs


@pytest.mark.parametrize(
    "key, written, title, term",
    [
        ("path planning", "path planning", "Path planning for a tethered mobile robot", True),  # chosen by authors
        ("caption generation", "Caption Generation", "Review Networks for Caption Generation", True),  # titles head it
        # (no author chose it and it opens with an evaluative, general or scope word: the title's claim)
        ("fast computation", "Fast computation", "Fast computation of wheel-soil interactions", False),
        ("large team", "large team", "Decentralized coordinated motion for a large team of robots", False),
        (
            "arbitrary object",
            "Arbitrary Objects",
            "Hand-Eye Calibration of Laser Profile Sensors using Arbitrary Objects",
            False,
        ),
        # (a gerund with its object: the title's verb)
        ("learning mixture", "Learning Mixtures", "Learning Mixtures of Linear Regressions", False),
        # (one paper's words, which the corpus does not know as a term)
        (
            "soft electrochemical actuator",
            "Soft Electrochemical Actuator",
            "A Soft Electrochemical Actuator for ...",
            False,
        ),
    ],
)
def test_is_title_term(key, written, title, term):
    assert is_title_term(key, written, title, KP, 90_000) is term


def test_a_card_of_three_chips_or_more_takes_nothing():
    ranked = [Keyword(f"chip {i}", f"chip {i}", "phrase", 1.0 - i / 10) for i in range(SPARSE)]
    title = "Mobile Robot Path Planning in Dynamic Environments"
    assert with_title_terms(ranked, title, {}, KP, 1) == ranked


def test_the_title_terms_rank_after_the_chips_and_before_the_topics():
    title = "Mobile Robot Path Planning in Dynamic Environments"
    ranked = [Keyword("ga", "GA", "acronym", 1.1), Keyword("robotics", "robotics", "topic", 0.3)]
    out = with_title_terms(ranked, title, {}, KP, 1)
    assert [(k.label, k.kind) for k in out] == [
        ("GA", "acronym"),
        ("dynamic environments", "phrase"),
        ("robotics", "topic"),
    ]
    assert out[0].score > out[1].score > out[2].score


def test_a_run_the_title_writes_twice_is_one_chip():
    # (NeurIPS 2016 and ICML 2017: a cold load of the 45 ICLR/ICML/NeurIPS/CoRL files stored
    # `gradient descent` twice for one paper and failed on paper_keywords' key)
    title = "Learning to learn by gradient descent by gradient descent"
    ranked = [Keyword("lstm", "LSTM", "acronym", 1.1)]
    kp = Keyphraseness(df={}, chosen={"gradient descent": 5})
    out = with_title_terms(ranked, title, {}, kp, 1)
    assert [k.normalised for k in out] == ["lstm", "gradient descent"]
