"""Filler of scope and plans: a modifier of scope, number or provenance before a noun
(`shapes.SCOPE_MODIFIERS`: `entire graph`, `end-to-end network`), a generic word before a plan's
head (`shapes.PLAN_ONLY`: `learning scheme`) and the world written apart from `real-world` (`real
world`, a property as `real time` is: `shapes.PROPERTY_NOUNS`); issue #36, round 14, on phrases
and records of the catalogue with the shipped termhood counts, vocabulary and word lists."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, normalise_keyword, rank_keywords, taxonomy_path
from etl.extract.keywords.shapes import not_a_chip
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "round14" / "records.json").read_text(encoding="utf-8"))
KP = Keyphraseness()


@pytest.mark.parametrize(
    "written, in_title, no_chip",
    [
        # a modifier of scope, number or provenance before a noun (catalogue cards of ICRA, CVPR, WACV)
        ("entire graph", False, True),
        ("entire video", False, True),
        ("end-to-end network", False, True),
        ("state-of-the-art planners", False, True),
        ("real images", False, True),
        ("original data", False, True),
        ("arbitrary topology", False, True),
        ("off-the-shelf sensors", False, True),
        # ... not where the title has it, nor where the titles head the phrase (`multiple robots`
        # 0.16), nor one authors choose (`end-to-end learning`), nor a name after it
        ("entire graph", True, False),
        # (`unified model`, 0.15, goes by round 16's rule instead: `manner.HOW_WORDS`, tests/test_how_done.py)
        ("unified model", False, True),
        ("multiple robots", False, False),
        ("end-to-end learning", False, False),
        ("Real-World Scenes", False, False),
        # ... however the modifier is capitalised, before a lower-case noun (round 15: COLING 2025's
        # `State-Of-The-Art models`; round 14 had kept `Real-World scenes`)
        ("Real-World scenes", False, True),
        # a generic word before a plan's head
        ("learning scheme", False, True),
        ("training schemes", False, True),
        ("update strategy", False, True),
        ("experimental platform", False, True),
        ("learning scheme", True, False),
        # ... not a word that names something (`quadrotor platform`, `coding scheme`)
        ("quadrotor platform", False, False),
        ("coding scheme", False, False),
        # the world and life written apart from `real-world`, `real-life` (as `real time` is), even in the title
        ("real world", False, True),
        ("real world", True, True),
        ("real life", False, True),
        ("open world", False, False),
    ],
)
def test_scope_and_plan_filler_is_no_chip(written, in_title, no_chip):
    assert not_a_chip(normalise_keyword(written), written, in_title, 100, 90_000, KP) is no_chip


@pytest.mark.parametrize(
    "record, gone, kept",
    [
        (0, ["end-to-end network"], ["VIST storytelling"]),
        (1, ["learning scheme"], ["meta-learning", "unlabeled data"]),
        (2, ["real world"], ["robot navigation", "NavNet"]),
        (3, ["real images"], ["urban scene", "reality oriented adaptation"]),
        (4, ["entire video"], ["semantic segmentation", "fine-tuning"]),
        (5, ["experimental platform"], ["CPG parameters", "magnetic actuators"]),
    ],
    ids=lambda r: str(r) if isinstance(r, int) else None,
)
def test_the_records_chips_lose_scope_and_plan_filler(record, gone, kept):
    r = RECORDS[record]
    labels = [k.label for k in rank_keywords(extract_terms(r["abstract"], TAXONOMY), {}, 1, r["title"])]
    assert not set(gone) & set(labels), labels
    assert set(kept) <= set(labels), labels
