"""A topic ranks below the paper's keywords that are kinds of it (`broader`, issue #36): catalogue
records whose topic took a place of the five beside a keyword that says more."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyword, extract_terms, normalise_keyword, rank_keywords, taxonomy_path
from etl.extract.keywords.broader import narrower, topics_below_narrower
from etl.load.rows import paper_rows
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "broader" / "records.json").read_text(encoding="utf-8"))


def _ranked(record: dict) -> list[Keyword]:
    return rank_keywords(extract_terms(record["abstract"], TAXONOMY), {}, 1, record["title"])


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["source"])
def test_a_topic_is_stored_below_the_keywords_that_are_kinds_of_it(record):
    ranked = _ranked(record)
    keywords, _, _, facets = paper_rows("p1", ranked)
    before = [k.normalised for k in ranked]
    stored = [key for _, key, *_ in keywords]
    topic = normalise_keyword(record["topic"])
    for key in map(normalise_keyword, record["below"]):
        assert before.index(topic) < before.index(key)  # (ranked above it: this rule moved it)
        assert stored.index(key) < stored.index(topic)
    for key in map(normalise_keyword, record.get("above", [])):
        assert stored.index(topic) < stored.index(key)
    # ranks are places, best first, and the scores agree with them
    assert [row[5] for row in keywords] == list(range(1, len(keywords) + 1))
    assert [row[4] for row in keywords] == sorted((row[4] for row in keywords), reverse=True)
    # the topic stays the paper's topic, and papers.topics keeps the topics' own order
    assert json.loads(facets[2]) == [k.label for k in ranked if k.kind == "topic"]
    assert record["topic"] in json.loads(facets[2])


@pytest.mark.parametrize(
    "key, topic, expected",
    [
        ("offline reinforcement learning", "reinforcement learning", True),
        ("multiagent reinforcement learning", "reinforcement learning", True),
        ("differential privacy", "privacy", True),
        # a part of a topic that names several things, or a kind of one
        ("domain adaptation", "transfer, domain adaptation and generalization", True),
        ("unsupervised domain adaptation", "transfer, domain adaptation and generalization", True),
        ("adversarial attack", "robustness and adversarial attack", True),
        ("model predictive control", "robotics and control", True),
        # the topic itself, a task on it, and phrases whose head is another word
        ("reinforcement learning", "reinforcement learning", False),
        ("time series forecasting", "time series", False),
        ("reinforcement learning from human feedback", "reinforcement learning", False),
        ("redundancy of control", "robotics and control", False),
        ("application of deep reinforcement learning", "reinforcement learning", False),
        ("planning and control", "robotics and control", False),
        # a word that only ends like the topic
        ("nonprivacy", "privacy", False),
        ("robotics and control", "robotics", False),
    ],
)
def test_which_keywords_are_kinds_of_a_topic(key, topic, expected):
    assert narrower(key, topic) is expected


def _kw(label: str, kind: str, score: float) -> Keyword:
    return Keyword(normalise_keyword(label), label, kind, score)


def test_a_topic_gives_its_place_in_the_five_to_the_kinds_of_it_and_no_more():
    ranked = [
        _kw("reinforcement learning", "topic", 1.8),
        _kw("deep reinforcement learning", "phrase", 1.2),
        _kw("robotic manipulation", "phrase", 0.9),
        _kw("robotics and control", "topic", 0.8),
        _kw("sim-to-real", "phrase", 0.75),
        _kw("offline reinforcement learning", "phrase", 0.7),
        _kw("grasping", "phrase", 0.6),
        _kw("inverse reinforcement learning", "phrase", 0.5),
    ]
    moved = topics_below_narrower(ranked)
    assert [(k.label, k.score) for k in moved] == [
        ("deep reinforcement learning", 1.2),
        ("robotic manipulation", 0.9),
        ("robotics and control", 0.8),
        ("sim-to-real", 0.75),
        ("offline reinforcement learning", 0.7),  # (sixth: the five would hold it without the topic)
        ("reinforcement learning", 0.6999),
        ("grasping", 0.6),
        ("inverse reinforcement learning", 0.5),  # (out of the five anyway: the topic keeps its place above)
    ]
    # a topic already below its kinds, with none, or out of the five is left as it is
    assert topics_below_narrower(moved) == moved
    assert topics_below_narrower(ranked[1:]) == ranked[1:]
    late = [_kw(f"phrase {i}", "phrase", 2 - i / 10) for i in range(5)] + ranked
    assert topics_below_narrower(late) == late
