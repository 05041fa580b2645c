"""A field's common word before a generic head is filler (`shapes._common_before_generic`), and a
hyphenated name the abstracts write before a noun has lost its head (`wordlists.NAMED_MODIFIERS`,
`scripts/build_named_modifiers.py`): issue #36, round 11, on phrases and records of the catalogue
with the shipped termhood counts, vocabulary and word lists."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.roles import word_roles
from etl.extract.keywords.shapes import bare_modifier, named_modifier, not_a_chip
from etl.extract.keywords.wordlists import NAMED_MODIFIERS
from etl.load.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_named_modifiers import _TOKEN, _after, count  # noqa: E402

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "round11" / "records.json").read_text(encoding="utf-8"))
KP = Keyphraseness()


@pytest.mark.parametrize(
    "key, written, in_title, no_chip",
    [
        # a field's common word before a generic head or a plan's (IROS, ICRA, CoRL cards)
        ("control system", "control system", False, True),
        ("control algorithm", "control algorithms", False, True),
        ("control scheme", "control scheme", False, True),
        ("estimation system", "estimation system", False, True),
        ("classification task", "classification tasks", False, True),
        # ... and where the titles head it only as a paper's artefact (0.15-0.2: `A vision system for ...`)
        ("robot system", "robot system", False, True),
        ("vision system", "vision systems", False, True),
        ("sensor system", "sensor system", False, True),
        ("manipulation system", "manipulation system", False, True),
        # ... not where the title has it, nor where the titles head the phrase (`language model` 0.36)
        ("control system", "control system", True, False),
        ("language model", "language model", False, False),
        ("attention system", "attention system", False, False),  # (0.21)
        ("robot system", "robot systems", True, False),
        # ... nor before a head that names something (`planning`, `barrier function`), nor a rarer word first
        ("motion planning", "motion planning", False, False),
        ("control barrier function", "control barrier functions", False, False),
        ("snake robot", "snake robot", False, False),
    ],
)
def test_a_common_word_before_a_generic_head_is_filler(key, written, in_title, no_chip):
    assert not_a_chip(key, written, in_title, 100, 90_000, KP) is no_chip


@pytest.mark.parametrize(
    "word, modifier",
    [
        # names the abstracts write before the noun they name a kind of
        ("Karush-Kuhn-Tucker", True),  # ... conditions
        ("Gough-Stewart", True),  # ... platform
        ("port-Hamiltonian", True),  # ... systems
        ("multi-AUV", True),  # ... systems
        ("Cramer-Rao", True),  # ... bound
        ("AI-powered", True),  # (a participle, as before)
        # names that are heads: a number names the thing, its version or instance
        ("GPT-4", False),
        ("ResNet-50", False),
        ("COVID-19", False),
        # lower case: the hyphenated heads of the abstracts stay heads (`hyphen_heads.txt`)
        ("mini-batch", False),
        ("trade-off", False),
    ],
)
def test_a_named_modifier_has_no_head(word, modifier):
    assert word_roles(word).modifier is modifier
    assert bare_modifier([word]) is modifier


@pytest.mark.parametrize(
    "words, named",
    [
        (["Gough-Stewart"], True),
        (["multi-AUV"], True),
        (["LLM-generated"], True),
        # a coinage no abstract heads yet is a modifier by default, but no name the abstracts attest as one
        (["Mamba-2"], False),
        (["RoboDreamer"], False),
    ],
)
def test_a_name_chip_goes_only_as_a_modifier_the_abstracts_attest(words, named):
    assert named_modifier(words) is named


@pytest.mark.parametrize(
    "record, gone, kept",
    [
        (0, ["multi-AUV"], ["tagged fish"]),
        (1, ["Gough-Stewart"], ["stiffness matrix"]),
        (2, ["Karush-Kuhn-Tucker"], ["KKT multipliers", "line-swept sphere"]),
        # (the title's `Impedance Control` is shown, the abstract's `cartesian impedance control` its alias)
        (3, ["port-Hamiltonian", "control system"], ["energy tanks", "impedance control"]),
        (4, ["control system"], ["screw drive mechanism", "snake-like robot"]),
        # (`... Robotic Arm System`: the title has `control` and `system`, and a title's phrase stays)
        (5, [], ["control system", "robotic arm control"]),
    ],
    ids=lambda r: str(r) if isinstance(r, int) else None,
)
def test_the_records_chips_lose_filler_and_headless_names(record, gone, kept):
    r = RECORDS[record]
    labels = [k.label for k in rank_keywords(extract_terms(r["abstract"], TAXONOMY), {}, 1, r["title"])]
    assert not set(gone) & set(labels), labels
    assert set(kept) <= set(labels), labels


def _file(records: list[dict]) -> tuple[str, bytes]:
    return "venue/venue2020.json", json.dumps(records).encode()


def test_a_name_written_before_a_noun_in_enough_abstracts_is_listed():
    before = [{"abstract": f"We check the Karush-Kuhn-Tucker (KKT) conditions of problem {i}."} for i in range(3)]
    head = [{"abstract": f"We prompt GPT-4 and a Foo-Bar in turn {i}."} for i in range(3)]
    rare = [{"abstract": "The Baz-Qux platform moves."}] * 2  # (two abstracts: too few)
    chosen = [{"abstract": "A Lorem-Ipsum model.", "keywords": "Lorem-Ipsum"} for _ in range(3)]
    words, abstracts, read = count([_file(before + head + rare + chosen)], set())
    assert words == ["karush-kuhn-tucker"]
    assert abstracts == 11
    assert read[0][1:] == ("used", "venue/venue2020.json")


def test_the_shipped_named_modifiers_are_names_before_nouns():
    assert {"karush-kuhn-tucker", "gough-stewart", "port-hamiltonian", "cramer-rao"} <= NAMED_MODIFIERS
    assert not {"gpt-4", "covid-19", "resnet-50"} & NAMED_MODIFIERS


@pytest.mark.parametrize(
    "text, word, after",
    [
        # the catalogue's own writings (ICRA 2010, NeurIPS 2019, COLT 2019, ...; kwhyph28): past a
        # short form the word defines, the bracket it stands alone in, and the list it heads
        ("the Karush-Kuhn-Tucker (KKT) conditions", "Karush-Kuhn-Tucker", "conditions"),
        ("modeled by a state space Takagi-Sugeno (T-S) fuzzy model", "T-S", "fuzzy"),
        ("so-called teacher-student (T-S) DNN which", "T-S", "DNN"),
        ("in the setting of smooth (gradient-Lipschitz) log-densities", "gradient-Lipschitz", "log-densities"),
        (
            "satisfies gradient-Lipschitz, Hessian-Lipschitz, and dispersive noise assumptions",
            "gradient-Lipschitz",
            "dispersive",
        ),
        ("on all En-De, En-Fr and En-Cs translation tasks", "En-De", "translation"),
        ("proposes an MRI-compatible, 1-axis force sensing unit", "MRI-compatible", "force"),
        # ... past a bracket or a list, only a noun in lower case that is no generic head nor a verb:
        # a list of names (`Mini-Kinetics, Something-Something V1`) or a generic head names a thing
        ("The W-S (Wake-Sleep) algorithm is", "Wake-Sleep", "."),
        ("two language directions (English-Chinese) verify the", "English-Chinese", "."),
        ("including Kinetics-400, Mini-Kinetics and Something-Something V1 V2", "Mini-Kinetics", "."),
        ("on LINEMOD, Occluded-LINEMOD, and YCB-Video datasets", "Occluded-LINEMOD", "."),
        ("the Attribute-Mask and Box-Mask R-CNN", "Attribute-Mask", "."),
        # ... not a name's own bracket (`(PI-RRT)`), nor past a use that ends its phrase
        ("a planner (PI-RRT) that", "PI-RRT", ")"),
        ("we compare with Frank-Wolfe, and show", "Frank-Wolfe", ","),
        ("solved with Gauss-Seidel.", "Gauss-Seidel", "."),
        ("the Gauss-Seidel", "Gauss-Seidel", "."),
    ],
)
def test_a_use_is_read_past_brackets_and_lists_to_its_noun(text, word, after):
    tokens = _TOKEN.findall(text)
    assert _after(tokens, tokens.index(word)) == after


def test_the_shipped_named_modifiers_read_past_brackets_and_lists():
    # `T-S` of `Takagi-Sugeno (T-S) fuzzy model`, `gradient-Lipschitz` of a list (sample-2712's chips)
    assert {"t-s", "gradient-lipschitz", "mri-compatible"} <= NAMED_MODIFIERS
    # ... and names listed before a generic head or a name stay things
    assert not {"ycb-video", "occluded-linemod", "mini-kinetics", "wake-sleep"} & NAMED_MODIFIERS
