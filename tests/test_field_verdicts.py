"""The names of disciplines `scripts/build_disciplines.py` reads from the catalogue's area labels, and
the features `scripts/field_verdicts.py` splits the judged chips that are one by (issue #36, branch
kwfield28): real area labels of the catalogue's venues, and real cards of the judged samples, both
kinds of row: a discipline the judges rejected as background (`machine learning` on a COLT paper,
`artificial intelligence` on an IJCAI scheduling paper) and one they accepted as the paper's own
(`machine learning` in the title, `unsupervised learning` its topic says); why no rule was kept:
docs/keywords.md."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_disciplines import area_labels, parts  # noqa: E402
from field_verdicts import DISCIPLINES, disciplines, more_specific, topic_says  # noqa: E402


@pytest.mark.parametrize(
    "label, names",
    [
        ("Machine Learning II", ["machine learning"]),  # AAAI 2022's primary area
        ("Computer Vision I", ["computer vision"]),
        ("[Content] Vision and Language", ["vision", "language"]),  # ACM MM's
        ("Knowledge Representation and Reasoning", ["knowledge representation", "reasoning"]),
        ("Artificial Intelligence/Machine Learning", ["artificial intelligence", "machine learning"]),  # SIGGRAPH 2023
        ("Constraint Satisfaction and Optimization (CSO)", ["constraint satisfaction", "optimization"]),
        ("Natural language processing", ["natural language processing"]),  # ICLR 2017's subject area
        ("Planning, Routing, and Scheduling", ["planning", "routing", "scheduling"]),
    ],
)
def test_an_area_label_is_cut_into_the_names_it_holds(label, names):
    assert parts(label) == names


def test_a_menus_areas_are_the_part_before_the_colon_and_free_keywords_no_label():
    ijcai = [  # IJCAI 2020's `Area: Subarea` menu (its subareas are the papers' topics)
        {"keywords": "Machine Learning: Deep Learning; Computer Vision: Recognition: Detection"},
        {"keywords": "Machine Learning: Deep Learning; Data Mining: Mining Graphs"},
        {"keywords": "Machine Learning: Deep Learning"},
    ] * 20
    labels = area_labels(ijcai)
    assert set(labels) == {"Machine Learning", "Computer Vision", "Data Mining"}
    corl = [  # CoRL 2024's own phrases: no menu
        {"keywords": "Reinforcement Learning; Sim-to-Real"},
        {"keywords": "Imitation Learning; Dexterous Manipulation"},
        {"keywords": "Legged Robots; Locomotion"},
    ]
    assert area_labels(corl) == []
    aaai = [{"primary_area": "Machine Learning I"}, {"primary_area": "Computer Vision II"}]
    assert area_labels(aaai) == ["Machine Learning I", "Computer Vision II"]


def test_the_shipped_names_are_the_fields_every_venue_names_not_a_papers_terms():
    names = disciplines()
    for field in ("machine learning", "artificial intelligence", "computer vision", "information retrieval"):
        assert field in names, field
    for term in ("graph neural network", "differential privacy", "gradient descent", "neural tangent kernel"):
        assert term not in names, term
    assert "ai for banking" not in names  # (a label of one track no abstract writes: below the spread)
    assert DISCIPLINES.read_text(encoding="utf-8").startswith("# The names of disciplines")


@pytest.mark.parametrize(
    "key, topics, says",
    [
        ("unsupervised learning", ["clustering and unsupervised learning"], True),  # NeurIPS 2012, judged ok
        ("reinforcement learning", ["reinforcement learning", "robotics and control"], True),
        ("machine learning", ["optimization"], False),  # COLT 2012, judged junk (sample-2712)
        ("artificial intelligence", ["combinatorial optimization and algorithms"], False),  # IJCAI 2020, junk
    ],
)
def test_the_papers_topics_say_a_discipline_where_a_topics_name_holds_its_words(key, topics, says):
    assert topic_says(key, topics) is says


@pytest.mark.parametrize(
    "key, card, specific",
    [
        # COLT 2012 (sample-2712: `machine learning` junk): no other learning term on the card
        ("machine learning", ["randomized coordinate descent", "gradient descent", "randomized algorithm"], False),
        ("machine learning", ["online learning", "regret bound"], True),  # a narrower learning beside it
        ("reinforcement learning", ["deep reinforcement learning", "policy gradient"], True),
        ("artificial intelligence", ["resource-constrained project scheduling problem", "np complete"], False),
    ],
)
def test_a_more_specific_term_of_the_field_is_one_ending_with_its_head_or_holding_it(key, card, specific):
    assert more_specific(key, [key, *card]) is specific
