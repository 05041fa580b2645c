"""Candidates that are pieces of a longer term the abstract writes (`pieces`): on records of the
catalogue, with the shipped termhood counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.phrases import WHOLE, phrase_candidates
from etl.extract.keywords.pieces import PIECES, mark_pieces
from etl.extract.keywords.prose import clean
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "pieces" / "records.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["title"][:40])
def test_a_candidate_written_only_inside_a_longer_term_is_cut_from_it(record):
    text = clean(record["abstract"])
    _, phrases = phrase_candidates(text)
    assert all(phrases[key][3] == WHOLE for key in record["cut"] + record["whole"]), phrases  # (whole as a run)
    mark_pieces(text, phrases)
    assert [key for key in record["cut"] if phrases[key][3] == WHOLE] == []
    assert [key for key in record["whole"] if phrases[key][3] != WHOLE] == []


@pytest.mark.parametrize("record", [r for r in RECORDS if r["cut"]], ids=lambda r: r["title"][:40])
def test_a_piece_is_no_keyword(record):
    keys = {k.normalised for k in rank_keywords(extract_terms(record["abstract"], TAXONOMY), {}, 1, record["title"])}
    assert keys.isdisjoint(record["cut"]), keys
    assert keys & set(record["whole"]), keys  # (the paper keeps its terms)


@pytest.mark.parametrize(
    "piece, longer",
    [
        # most titles that head the piece head the longer term
        ("simultaneous localization", "simultaneous localization and mapping"),
        ("chain monte carlo", "markov chain monte carlo"),
        ("gaussian mixture", "gaussian mixture model"),
        ("artificial potential", "artificial potential field"),
        # a piece that titles head on their own is a term inside longer ones too
        ("reinforcement learning", None),
        ("neural network", None),
        ("language model", None),
        ("community detection", None),
    ],
)
def test_the_pieces_come_from_the_titles(piece, longer):
    if longer is None:
        assert piece not in PIECES, PIECES[piece]
    else:
        assert longer in PIECES[piece]
