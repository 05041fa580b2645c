"""Variants of one concept in a paper's list are one keyword with aliases, in the form authors use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, Keyword, extract_terms, normalise_keyword, rank_keywords, taxonomy_path
from etl.extract.keywords.variants import group_variants, headless_piece
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())


def kw(label: str, score: float, kind: str = "phrase", aliases: tuple[str, ...] = ()) -> Keyword:
    from etl.extract.keywords import normalise_keyword

    return Keyword(normalise_keyword(label), label, kind, score, aliases)


@pytest.mark.parametrize(
    "ranked, preferred, expected",
    [
        # nested: the three diffusion chips users saw are one keyword, shown as authors write it
        (
            [kw("diffusion", 0.9), kw("diffusion models", 0.8), kw("diffusion model training", 0.5)],
            {"diffusion model": 3.0},
            [("diffusion models", 0.9, ("diffusion", "diffusion model training"))],
        ),
        # without a preference the best-ranked form is shown
        (
            [kw("salient entities", 0.9), kw("salient", 0.8)],
            {},
            [("salient entities", 0.9, ("salient",))],
        ),
        # a short form written as a phrase is the acronym's other name
        (
            [kw("graph neural networks", 1.2, "acronym", ("GNNs",)), kw("GNNs", 0.4)],
            {},
            [("graph neural networks", 1.2, ("GNNs",))],
        ),
        # two terms that share a word but hold neither the other stay apart
        (
            [kw("robotic manipulation", 0.9), kw("dexterous manipulation", 0.8)],
            {},
            [("robotic manipulation", 0.9, ()), ("dexterous manipulation", 0.8, ())],
        ),
        # a method keeps its name; the phrase around it is its alias
        (
            [kw("SymGNN", 2.5, "method"), kw("SymGNN layers", 0.5)],
            {"symgnn layer": 4.0},
            [("SymGNN", 2.5, ("SymGNN layers",))],
        ),
        # topics are labels of their own: no aliases; a more specific phrase stays beside one, a
        # shorter form of its name drops
        (
            [
                kw("reinforcement learning", 1.0, "topic"),
                kw("deep reinforcement learning", 0.8),
                kw("reinforcement", 0.7),
            ],
            {},
            [("reinforcement learning", 1.0, ()), ("deep reinforcement learning", 0.8, ())],
        ),
        # a nested phrase authors pass over is dropped, not kept as another name
        (
            [kw("reinforcement learning theory", 0.9), kw("theory", 0.7)],
            {"theory": 0.3},
            [("reinforcement learning theory", 0.9, ())],
        ),
    ],
)
def test_variants_are_one_keyword_with_aliases(ranked, preferred, expected):
    merged = group_variants(ranked, lambda key: preferred.get(key, 1.0))
    assert [(k.label, k.score, k.aliases) for k in merged] == expected


def test_a_top_five_holds_no_two_nested_keywords():
    text = (
        "Diffusion models generate images by denoising. We study diffusion model training and show that"
        " diffusion training with fewer steps matches diffusion models trained for longer; diffusion is"
        " costly, and our schedule makes diffusion model training twice as fast."
    )
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1)
    labels = [k.label for k in ranked[:5]]
    assert "diffusion models" in labels and "diffusion" not in labels  # (the topic here)
    words = [frozenset(k.label.lower().replace("-", " ").split()) for k in ranked[:5] if k.kind != "topic"]
    for i, a in enumerate(words):
        for b in words[:i]:
            assert not (a <= b or b <= a), (a, b)


# Catalogue records (IROS, NAACL, COLING, WACV) whose defined term a nested piece of it named
# (`gaussian mixture` for `Gaussian mixture model (GMM)`), where the corpus's authors choose the piece.
PIECES = json.loads((Path(__file__).parent / "fixtures" / "defined_pieces" / "records.json").read_text("utf-8"))


@pytest.mark.parametrize("record", PIECES, ids=[r["piece"] for r in PIECES])
def test_a_defined_term_is_not_named_by_a_headless_piece(record):
    key = normalise_keyword(record["piece"])
    df = {key: 400}  # (a common phrase that 200 of the corpus's papers choose as a keyword)
    kp = Keyphraseness({key: 200}, frozenset(), df)
    ranked = rank_keywords(extract_terms(record["abstract"], TAXONOMY), df, 90_000, record["title"], None, kp)
    labels = [k.label for k in ranked]
    assert record["term"] in labels and record["piece"] not in labels, labels


@pytest.mark.parametrize(
    "piece, term, headless",
    [
        # the catalogue's defined terms: a piece that is the term's end or its start before a
        # preposition is a term in it (and a more general one), words apart another term; a start
        # before a noun or a bare modifier inside are not
        ("model predictive control", "nonlinear model predictive control", False),  # ICRA 2021, NMPC
        ("reinforcement learning", "reinforcement learning from human feedback", False),  # COLM 2024, RLHF
        ("text embeddings", "massive text embeddings benchmark", False),  # COLM 2024, MTEB
        ("fact verification", "Fact Extraction and VERification", False),  # ACL 2021, FEVER
        ("gaussian mixture", "Gaussian mixture model", True),  # IROS 2009, GMM
        ("online newton", "Online Newton Step", True),  # COLT 2023, ONS
        ("Multi-Modal", "Large Multi-Modal Models", True),  # COLING 2025, LMMs
        # after a possessive the owner names the term
        ("eye view", "Bird’s eye view", True),  # CoRL 2022, BEV
        ("distance", "Earth Mover's Distance", True),  # catalogue, EMD
    ],
)
def test_a_headless_piece(piece, term, headless):
    assert headless_piece(piece, term) is headless
