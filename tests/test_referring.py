"""A modifier that says only which one of a thing the paper means, before a head every field's
abstracts modify (`target object`, `input image`), is no part of a term (`referring.refers_only`,
`etl/data/referring_modifiers.txt` built by `scripts/build_referring.py`): issue #36, branches
kwfill25 and kwfill26. Top-five chips of the catalogue's cards (main 60a7c09's rules) it takes and
the judged terms it keeps (`docs/chips`), with the shipped termhood counts and vocabulary; the
build's counts on a few abstracts."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, normalise_keyword
from etl.extract.keywords.referring import GENERIC_HEADS, REFERRED, generic_heads, refers_only
from etl.extract.keywords.shapes import NotTerms
from etl.extract.keywords.termhood import TERMHOOD, Termhood
from etl.extract.keywords.wordlists import REFERRING

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_referring import DEFINITE, MIN_ABSTRACTS, definite, referring, titleless  # noqa: E402

KP = Keyphraseness()


@pytest.mark.parametrize(
    "written, refers",
    [
        # the thing aimed at or put in, of a head anything modifies (IROS, ICRA, CVPR, NeurIPS cards)
        ("target object", True),
        ("target objects", True),
        ("input image", True),
        ("target data", True),
        ("target network", True),
        ("target image", True),
        ("input data", True),
        ("target dataset", True),
        ("input features", True),
        ("main task", True),
        ("main network", True),  # (too rare for the titles' counts to tell)
        # a referring word before a head of a field's own: the judges' terms (docs/chips)
        ("target language", False),
        ("target domain", False),
        ("target distribution", False),
        ("target variable", False),
        ("total cost", False),
        ("target set", False),
        ("objective function", False),  # (judged junk twice, ok twice, split once)
        ("desired force", False),
        ("initial velocities", False),
        # a referring word whose phrase the titles head: a term of its own (REFERRED)
        ("initial conditions", False),
        ("end effector", False),
        ("total variation", False),
        ("principal components", False),
        ("target tracking", False),
        # a modifier of kind, a name's capitals, a longer phrase, another word first
        ("stability analysis", False),
        ("articulated object", False),
        ("Target Object", False),
        ("target object detection", False),
        ("grasped object", False),
        ("end-effector", False),
    ],
)
def test_a_referring_modifier_before_its_noun_is_no_term(written, refers):
    assert refers_only(normalise_keyword(written), written, KP) is refers


def test_the_referring_phrases_kept_are_title_heads_and_those_taken_are_not():
    assert TERMHOOD.rate("initial condition") >= REFERRED
    assert TERMHOOD.rate("target object") < REFERRED
    assert TERMHOOD.rate("target tracking") >= REFERRED


def test_the_generic_heads_are_those_many_two_word_rows_end():
    assert {"object", "image", "data", "network", "dataset", "feature", "task"} <= GENERIC_HEADS
    assert not {"language", "domain", "distribution", "variable", "set", "cost", "function"} & GENERIC_HEADS
    rows = {"target object": (4, 480), "grasped object": (41, 1340), "articulated object": (50, 240)}
    rows |= {"target domain": (0, 400), "source domain": (1, 300), "object *": (400, 9000)}
    assert generic_heads(Termhood(rows), least=3) == {"object"}
    assert generic_heads(Termhood(rows), least=2) == {"object", "domain"}


def test_repetition_and_the_titles_words_do_not_make_a_referring_phrase_a_term():
    # (the card of `Collision-Aware Target-Driven Object Grasping ...`: its title has both words;
    # COCO-GAN's abstract writes `full images` three times)
    not_terms = NotTerms(90_000, KP)
    not_terms.note("target object", "target object", 3, True, 480)
    not_terms.note("articulated object", "articulated object", 3, True, 200)
    assert "target object" in not_terms
    assert "!target object" not in not_terms  # (no shape that is never a chip: an alias may still be a term)
    assert "articulated object" not in not_terms


def test_the_shipped_referring_modifiers_say_which_one_not_which_kind():
    assert {"target", "input", "desired", "initial"} <= REFERRING
    assert not {"stability", "graph", "object", "loss", "training", "performance", "simulated"} & REFERRING


@pytest.mark.parametrize(
    "text, word, uses, after",
    [
        ("We grasp the target object and place the target object in the bin.", "target", 2, 2),
        ("A target tracking method; the input image is noisy.", "target", 1, 0),
        ("A target tracking method; the input image is noisy.", "input", 1, 1),
        ("Its stability analysis and a stability margin.", "stability", 2, 1),
        ("The target of the robot.", "target", 0, 0),  # (before a stop word: no modifier)
        ("Target objects move.", "target", 0, 0),  # (a capital: a sentence's or a name's)
    ],
)
def test_the_build_counts_a_words_uses_before_a_noun_and_after_a_determiner(text, word, uses, after):
    counted, determined = definite([text])
    assert (counted[word], determined[word]) == (uses, after)


def test_the_build_keeps_the_words_whose_phrases_titles_seldom_head_and_that_follow_a_determiner():
    counts = {
        "target object": (4, 480),
        "target domain": (0, 400),
        "target tracking": (60, 140),
        "stability analysis": (44, 145),
        "stability property": (1, 300),
        "rare word": (0, 12),
        "target *": (343, 4496),
    }
    shares = titleless(counts)
    assert set(shares) == {"target", "stability"}  # (`rare`: fewer than MIN_ABSTRACTS)
    assert shares["target"] == pytest.approx(880 / 1020)
    assert MIN_ABSTRACTS <= 1020
    uses = Counter({"target": 100, "stability": 100, "main": 100})
    after = Counter({"target": int(DEFINITE * 100), "stability": 90, "main": 90})
    assert referring({"target": 0.95, "stability": 0.5, "main": 0.99}, uses, after) == ["main", "target"]
    assert referring({"target": 0.95}, uses, Counter({"target": int(DEFINITE * 100) - 1})) == []
