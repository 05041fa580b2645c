"""Chips that do not fill a slot: a phrase with no evidence but a weak score (`rank.WEAK_PHRASE`),
an acronym whose long form is a modifier without its noun (records of the catalogue)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords import rank as rank_module
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "weak_chips" / "records.json").read_text(encoding="utf-8"))


def _keys(record: dict) -> set[str]:
    return {k.normalised for k in rank_keywords(extract_terms(record["abstract"], TAXONOMY), {}, 1, record["title"])}


@pytest.mark.parametrize("record", [r for r in RECORDS if "weak" in r], ids=lambda r: r["title"][:40])
def test_a_phrase_written_once_that_scores_low_fills_no_slot(record, monkeypatch):
    assert _keys(record).isdisjoint(record["weak"])
    monkeypatch.setattr(rank_module, "WEAK_PHRASE", rank_module.LEAST_PHRASE)
    monkeypatch.setattr(rank_module, "backed", lambda ranked, *_: ranked)  # (round 7's rule takes them too)
    assert set(record["weak"]) <= _keys(record)


@pytest.mark.parametrize("record", [r for r in RECORDS if "modifier" in r], ids=lambda r: r["title"][:40])
def test_an_acronym_whose_long_form_has_no_noun_is_no_keyword(record, monkeypatch):
    # `the new state-of-the-art (SOTA) performance`: SOTA stands for a modifier, not a term
    assert record["modifier"] not in _keys(record)
    monkeypatch.setattr(rank_module, "bare_modifier", lambda words: False)
    assert record["modifier"] in _keys(record)
