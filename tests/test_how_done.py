"""How a process is done is no part of its name: a modifier of `manner.HOW_WORDS` (how jointly, how
well, by what kind of study) before a noun of doing or a generic head is no chip, unless authors
choose the phrase or the corpus's candidates compound it (issue #36, round 16), on phrases and
records of the catalogue with the shipped termhood counts, vocabulary and word lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, normalise_keyword, rank_keywords, taxonomy_path
from etl.extract.keywords.manner import COMPOUNDED, _compounded
from etl.extract.keywords.shapes import not_a_chip
from etl.extract.keywords.termhood import TERMHOOD
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "round16" / "records.json").read_text(encoding="utf-8"))
KP = Keyphraseness()


@pytest.mark.parametrize(
    "written, in_title, no_chip",
    [
        # together, against a bound, by a kind of study, before a noun of doing (ECCV, AISTATS, IROS,
        # CVPR cards), however often the catalogue's titles head it (`joint estimation` 0.21,
        # `experimental investigation` 0.52) and where the title has it
        ("joint estimation", False, True),
        ("joint estimations", False, True),
        ("joint detection", False, True),
        ("unified analysis", True, True),
        ("tight analysis", True, True),
        ("optimal solution", False, True),
        ("experimental investigation", False, True),
        ("integrated navigation", True, True),
        # ... or before a generic head (`shapes.GENERIC_HEADS`)
        ("unified model", False, True),
        ("optimal algorithm", False, True),
        ("theoretical perspective", False, True),
        # not one authors choose (`optimal control`), nor one the corpus's candidates compound
        # (`joint embedding space`, `joint optimization framework`); `experimental verification`,
        # which authors choose, is how a paper tests its work (`trials.py`): no chip either
        ("optimal control", False, False),
        ("experimental verification", False, True),
        ("joint embedding", False, False),
        ("joint optimization", False, False),
        # not a noun that is no doing (`optimal transport`, `optimal policy`, `experimental design`,
        # `joint inference`), nor another modifier (`robust estimation`, `simultaneous intervention`)
        ("optimal transport", False, False),
        ("optimal policy", False, False),
        ("experimental design", False, False),
        ("joint inference", False, False),
        ("simultaneous intervention", True, False),
        # not a noun that only ends as one of doing, nor a light head after the noun `joint` (a
        # robot's `joint position` and `joint speed`, `joint attention` of cognitive science)
        ("joint position", False, False),
        ("joint attention", False, False),
        ("joint speed", False, False),
        ("joint distribution", False, False),
        # (left: a noun of doing that titles seldom head alone, `extension` 0.04, `measurement` 0.09)
        ("optimal extension", True, False),
        ("empirical measurement", False, False),
        # not a name's word, nor a longer phrase
        ("Joint estimation", False, False),
        ("joint pose estimation", False, False),
    ],
)
def test_how_a_process_is_done_is_no_chip(written, in_title, no_chip):
    assert not_a_chip(normalise_keyword(written), written, in_title, 100, 90_000, KP) is no_chip


def test_compounded_phrases_open_longer_candidates_of_the_termhood_counts():
    compounded = _compounded()
    assert "optimal control" in compounded and "joint estimation" not in compounded
    for key in ("optimal control problem", "joint embedding space"):
        assert TERMHOOD.counts[key][1] >= COMPOUNDED


@pytest.mark.parametrize(
    "record, gone, kept",
    [
        (0, ["joint estimation"], ["BRDF", "inverse rendering", "invertible neural network"]),
        (1, ["tight analysis", "unified analysis"], ["consensus optimization", "differentiable games"]),
        (2, ["experimental investigation"], ["magnetic targeting"]),
        (3, ["optimal solution"], ["graph partitioning", "graphical model"]),
        (4, ["unified model"], ["Triple-GAN", "generative adversarial nets"]),
        (5, ["joint detection"], ["multi-instance object segmentation", "shape prediction"]),
    ],
    ids=lambda r: str(r) if isinstance(r, int) else None,
)
def test_the_records_chips_lose_how_a_process_is_done(record, gone, kept):
    r = RECORDS[record]
    labels = [k.label for k in rank_keywords(extract_terms(r["abstract"], TAXONOMY), {}, 1, r["title"])]
    assert not set(gone) & set(labels), labels
    assert set(kept) <= set(labels), labels
