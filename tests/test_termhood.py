"""Termhood: a phrase is a term when the catalogue's titles use it as a head about as often as its
abstracts have it; filler, modifiers without their head and generic single nouns are not (on
catalogue titles and abstracts, and the shipped counts)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords import rank as rank_module
from etl.extract.keywords import termhood as termhood_module
from etl.extract.keywords.termhood import DATA_FILE, TERMHOOD, Termhood, parse_termhood, title_heads
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
FIXTURES = Path(__file__).parent / "fixtures" / "termhood" / "records.json"  # (two catalogue records)


@pytest.mark.parametrize(
    "title, heads, not_heads",
    [
        # (AAAI 2022) a term is a head wherever it ends; what stops before its head is not one
        (
            "Hybrid Graph Neural Networks for Few-Shot Learning",
            ["graph neural network", "hybrid graph neural network", "few shot learning"],
            ["graph neural", "hybrid graph", "graph"],
        ),
        (
            "Differentially Private Regret Minimization in Episodic Markov Decision Processes",
            ["markov decision process", "regret minimization"],
            ["markov", "episodic markov", "differentially private"],
        ),
        # (CVPR 2017) a comma ends a phrase as the title's end does
        (
            "A Low Power, Fully Event-Based Gesture Recognition System",
            ["low power", "gesture recognition system"],
            ["low", "gesture recognition"],
        ),
        # (NeurIPS 1996) a stop word ends it too
        (
            "The Effect of Correlated Input Data on the Dynamics of Learning",
            ["input data", "correlated input data", "dynamics of learning"],
            ["correlated input", "the effect"],
        ),
        # (ACL 2022) `named` before `entity` is the term's first word, as `phrases` reads it (kwfirst23)
        (
            "Attention-based Multi-level Feature Fusion for Named Entity Recognition",
            ["named entity recognition", "feature fusion"],
            ["named entity", "fusion for named"],
        ),
    ],
)
def test_a_title_uses_the_phrases_that_end_its_runs_as_heads(title, heads, not_heads):
    found = set(title_heads(title))
    assert set(heads) <= found, found
    assert not found & set(not_heads), found


@pytest.mark.parametrize(
    "key, written, term",
    [
        # terms: titles head them (the shipped counts of the catalogue)
        ("graph neural network", "graph neural networks", True),
        ("imitation learning", "imitation learning", True),
        ("manipulation", "manipulation", True),
        # a name or acronym is spared, however its counts read
        ("slam", "SLAM", True),
        # filler: abstracts write it, titles almost never head it
        ("input data", "input data", False),
        ("memory requirement", "memory requirements", False),
        ("large gain", "large gains", False),
        # a modifier without its head: titles use it before its head
        ("markov", "markov", False),
        ("low power", "low power", False),
        # a common noun alone
        ("robot", "robot", False),
        # too rare to judge, judged by its head: a verb after a noun (`the model deals with ...`)
        ("model deal", "model deals", False),
    ],
)
def test_a_term_is_what_titles_use_as_a_head(key, written, term):
    assert TERMHOOD.is_term(key, written) is term


def test_a_phrase_nobody_has_seen_is_not_shut_out_for_being_new():
    assert Termhood({}).is_term("quip sharp", "QuIP#")
    assert TERMHOOD.is_term("fooformer attention kernel", "FooFormer attention kernel")  # (`kernel` heads terms)
    counts = parse_termhood("# a header line\nnew phrase\t0\t3\n")
    assert counts.rate("new phrase") is None and counts.is_term("new phrase", "new phrase")


@pytest.mark.parametrize("record", json.loads(FIXTURES.read_text(encoding="utf-8")), ids=lambda r: r["source"])
def test_filler_the_abstract_writes_once_is_no_keyword(record, monkeypatch):
    # (IJCAI 2023, ICRA 2014) `memory requirements`, written once in each, was a keyword
    terms = extract_terms(record["abstract"], TAXONOMY)
    labels = {k.normalised for k in rank_keywords(terms, {}, 1, record["title"])}
    assert "memory requirement" not in labels
    monkeypatch.setattr(termhood_module, "TERMHOOD", Termhood({}))
    monkeypatch.setattr(rank_module, "backed", lambda ranked, *_: ranked)  # (round 7's rule takes it too)
    assert "memory requirement" in {k.normalised for k in rank_keywords(terms, {}, 1, record["title"])}


def test_the_shipped_counts_are_the_ones_the_header_records():
    text = DATA_FILE.read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    body = "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))
    (recorded,) = [line.split()[2] for line in header if line.startswith("# body ")]
    assert hashlib.sha256(body.encode("utf-8")).hexdigest() == recorded  # no hand edits
    held_out = {line.split()[-1] for line in header if line.startswith("# input ") and " held-out " in line}
    assert {"colm/colm2024.json", "corl/corl2023.json"} <= held_out  # the venues keyword quality is measured on


def test_phrases_of_the_same_counts_share_them():
    """44,581 phrases have 7,758 distinct pairs of counts: one tuple each, not one a phrase (2 MB of
    the ranking process of a small load, issue 41)."""
    pairs = list(TERMHOOD.counts.values())
    assert len({id(pair) for pair in pairs}) == len(set(pairs)) < len(pairs) / 4
