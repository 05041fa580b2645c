"""A short form with a head authors drop, beside its long form's keyword, is no chip (`UDA problem`
beside `unsupervised domain adaptation`): the heads are data (`etl/data/dropped_heads.txt`, built
by `scripts/build_dropped_heads.py` from the catalogue's author keywords); issue #36, round 13, on
abstracts of the catalogue."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms, normalise_keyword, rank_keywords
from etl.extract.keywords.keyword import Keyword
from etl.extract.keywords.restating import DROPPED_HEADS, restates_long_form, short_forms
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_dropped_heads import count  # noqa: E402

TAXONOMY = load_taxonomy(taxonomy_path())

# AISTATS 2025 "Domain Adaptation and Entanglement: an Optimal Transport Perspective" (its chips
# were `unsupervised domain adaptation`, `UDA algorithms`, `UDA problem`)
UDA = (
    "For deep neural networks, popular methods for unsupervised domain adaptation (UDA) are domain matching"
    " methods that try to align the marginal distributions in the feature or output space. To this end, we"
    " derive new bounds based on optimal transport that analyze the UDA problem. In various experiments we"
    " show that this term can be used to explain the varying performance of UDA algorithms."
)
# NeurIPS 2015 "MCMC for Variationally Sparse Gaussian Processes" (`GP model` second, `gaussian process` third)
GP = (
    "Gaussian process (GP) models form a core part of probabilistic machine learning. Considerable research"
    " effort has been made into attacking three issues with GP models: how to compute efficiently when the"
    " number of data is large; how to approximate the posterior when the likelihood is not Gaussian and how to"
    " estimate covariance function parameter posteriors."
)
# NAACL 2024 "AgentQuest: A Modular Benchmark Framework to Measure Progress and Improve LLM Agents"
AGENTS = (
    "The advances made by Large Language Models (LLMs) have led to the pursuit of LLM agents that can solve"
    " intricate, multi-step reasoning tasks. As with any research pursuit, benchmarking and evaluation are key"
    " corner stones to efficient and reliable progress."
)


@pytest.mark.parametrize(
    "abstract, long_form, gone, kept",
    [
        (UDA, "unsupervised domain adaptation", ["UDA problem", "UDA algorithms"], []),
        (GP, "gaussian process", ["GP model", "GP models"], []),
        # (`agent` is no head the catalogue's authors are seen to drop: `LLM agents` stays)
        (AGENTS, "large language model", [], ["LLM agents"]),
    ],
)
def test_a_short_form_with_a_dropped_head_beside_its_long_form_is_no_chip(abstract, long_form, gone, kept):
    ranked = rank_keywords(extract_terms(abstract, TAXONOMY), {}, 1)
    keys = {k.normalised for k in ranked}
    labels = [k.label for k in ranked]
    assert normalise_keyword(long_form) in keys, labels
    assert not set(gone) & set(labels), labels
    assert set(kept) <= set(labels), labels


UDA_CHIP = Keyword("unsupervised domain adaptation", "unsupervised domain adaptation", "acronym", 1.2, ("UDA",))


@pytest.mark.parametrize(
    "label, aliases, chosen, restates",
    [
        ("UDA problem", (), False, True),
        ("UDA algorithms", (), False, True),  # (a plural head, compared singular)
        ("UDAs framework", (), False, True),  # (a plural short form)
        ("UDA problem", (), True, False),  # (authors choose it as a keyword)
        ("UDA agents", (), False, False),  # (a head authors keep: `LLM agents`)
        ("UDA detection", (), False, False),
        ("robust UDA", (), False, False),  # (a kind of it)
        ("UDA problem settings", (), False, False),
        ("uda problem", (), False, False),  # (no short form: a word)
        ("domain problem", (), False, False),
        ("TTA problem", (), False, False),  # (another short form: its long form is no keyword here)
        # (written out from the corpus's meaning, the paper's own form an alias)
        ("unsupervised domain adaptation problem", ("UDA problem",), False, True),
    ],
)
def test_a_phrase_restating_a_long_form(label, aliases, chosen, restates):
    k = Keyword(normalise_keyword(label), label, "phrase", 0.5, aliases)
    shorts = short_forms([UDA_CHIP, k])
    assert restates_long_form(k, shorts, lambda key: chosen) is restates


def test_short_forms_are_the_aliases_of_keywords_shown_written_out():
    name = Keyword("dora", "DoRA", "method", 2.0, ("Weight-Decomposed Low-Rank Adaptation",))
    dataset = Keyword("ms coco", "MS-COCO", "method", 0.5, ("COCO",))  # (a name: `COCO dataset` says it)
    topic = Keyword("large language model", "large language models", "topic", 0.3, ("LLMs",))
    hyphenated = Keyword("vision language action", "Vision-Language-Action", "acronym", 1.0, ("VLA",))
    assert short_forms([UDA_CHIP, name, dataset, topic, hyphenated]) == {
        "uda": "unsupervised domain adaptation",
        "llm": "large language model",
        "vla": "vision language action",
    }


def _file(records: list[dict]) -> tuple[str, bytes]:
    return "venue/venue2020.json", json.dumps(records).encode()


def _record(keywords: str, abstract: str) -> dict:
    return {"keywords": keywords, "abstract": abstract}


def test_a_head_authors_leave_off_the_terms_they_choose_is_listed():
    terms = ["imitation learning", "sim to real", "place recognition", "active learning", "safe control"]
    # each term chosen alone by two papers whose abstracts go on with `framework`
    dropped = [_record(t, f"We build a {t} framework here.") for t in terms for _ in range(2)]
    # `manipulation` kept after terms other papers choose alone
    kept = [_record(f"{t} manipulation", f"We study {t} manipulation.") for t in ("robot", "dexterous", "bimanual")]
    kept += [_record(t, f"A {t} platform.") for t in ("robot", "dexterous", "bimanual")]
    # a venue whose keywords are a menu is left out
    menu = [_record("Machine Learning", "A machine learning framework.")] * 10
    rows, abstracts, read = count([_file(dropped + kept), ("menu/menu2020.json", json.dumps(menu).encode())], set())
    assert rows == {"framework": (0, 5)}
    assert abstracts == 16
    assert [r[1:] for r in read] == [("no-free-keywords", "menu/menu2020.json"), ("used", "venue/venue2020.json")]


def test_the_shipped_dropped_heads_are_generic_heads():
    assert {"framework", "algorithm", "model", "system", "problem", "method", "task", "dataset"} <= DROPPED_HEADS
    assert not {"learning", "manipulation", "navigation", "detection", "agent", "estimation"} & DROPPED_HEADS
