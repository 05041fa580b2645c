"""Mentions in passing: the lists of application areas an abstract names (`passing.py`), on
sentences of real abstracts."""

from __future__ import annotations

import pytest

from etl.extract.keywords.passing import application_lists, passing_mentions


@pytest.mark.parametrize(
    "text, lists",
    [
        (  # ICML 2015 "Harmonic Exponential Families on Manifolds"
            "In a range of fields including the geosciences, molecular biology, robotics and computer vision, one"
            " encounters problems that involve random variables on manifolds.",
            ["the geosciences, molecular biology, robotics and computer vision, one encounters problems"],
        ),
        (  # NAACL "Financial Sentiment Analysis: An Investigation into Common Mistakes and Silver Bullets"
            "Interpretability, however, is a critical requirement for many downstream AI and NLP applications, e.g.,"
            " in finance, healthcare, and autonomous driving. This study, instead of proposing any new model, ...",
            ["finance, healthcare, and autonomous driving"],
        ),
        (  # IJCAI 2021 "Interference-free Walks in Time: Temporally Disjoint Paths"
            "This problem is motivated by applications in multi-agent path finding (MAPF), which include robotics,"
            " warehouse management, aircraft management, and traffic routing.",
            ["robotics, warehouse management, aircraft management, and traffic routing"],
        ),
        # one item is no list: `such as autonomous driving` may be the paper's own setting
        ("We study perception in settings such as autonomous driving, where errors are costly.", []),
        ("Robots must grasp objects such as cups. We propose a grasp planner.", []),
        # a list ends where a clause starts
        (
            "Our method applies to domains like robotics and vision that require long-horizon planning.",
            ["robotics and vision"],
        ),
        ("We propose a new robot hand with five fingers and evaluate it on grasping.", []),
    ],
)
def test_application_lists(text, lists):
    assert application_lists(text) == lists


def test_passing_mentions_are_counted_as_topic_matching_keys_them():
    text = (
        "Interpretability is a critical requirement for many applications, e.g., in finance, healthcare, and"
        " autonomous driving. Autonomous driving needs it most."
    )
    passing = passing_mentions(text)
    assert passing["finance"] == 1 and passing["driving"] == 1
    assert passing["autonomous driving"] == 1  # (a phrase key, normalised as keyword extraction's)
    assert passing_mentions("We propose a robot that drives autonomously.") == {}


@pytest.mark.parametrize(
    "text",
    [
        "Applications Such As robotics, vision and NLP. Fields like finance or health; E.g. X, Y.",
        "applications such as robotics and vision, including SLAM and mapping",  # (cues one after another)
        "the.e.g., x and y; forex, fields  of a and b; areasof c; Including: a, b",
        "Domain of the art, areas to explore and exploit, industries like steel and oil, sectors of x or y.",
        "",
        "İstanbul fields such as a and b",  # (a letter whose lower case is two)
    ],
)
def test_the_cues_are_found_as_the_pattern_finds_them_anywhere(text):
    """`_cues` tries the pattern only where a cue's first letters are (it is the abstracts' hot path):
    it finds what searching the whole text finds, in order (on the catalogue's 83,045 abstracts too)."""
    from etl.extract.keywords.passing import _CUE, _cues

    assert [m.span() for m in _cues(text)] == [m.span() for m in _CUE.finditer(text)]
