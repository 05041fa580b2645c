"""A card shows only chips something stands behind (`support`, issue #36 round 7): catalogue records
whose judged filler had no evidence but its score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords import rank as rank_module
from etl.extract.keywords.keyword import Keyword
from etl.extract.keywords.phrases import WHOLE
from etl.extract.keywords.support import backed, has_evidence
from etl.extract.keywords.titles import title_words
from etl.extract.keywords.vocabulary import EMPTY
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "chip_support" / "records.json").read_text(encoding="utf-8"))
BY_SOURCE = {r["source"]: r for r in RECORDS}
ROC, LEGGED, BICONVEX = BY_SOURCE["nips/nips2008.json"], BY_SOURCE["iros/iros2006.json"], BY_SOURCE["rss/rss2025.json"]


def _chips(record: dict, title: str | None) -> list[str]:
    terms = extract_terms(record["abstract"], TAXONOMY)
    return [k.label for k in rank_keywords(terms, {}, 1, title) if k.kind != "topic"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["source"])
def test_a_phrase_with_no_evidence_is_no_chip_after_the_first(record, monkeypatch):
    # (`visual tool`, `scientific investigation`, written once; `biconvex`, one word with only the title for it)
    chips = _chips(record, record["title"])
    assert [c for c in chips if c in record["shown"]] == record["shown"]
    assert set(chips).isdisjoint(record["gone"])
    monkeypatch.setattr(rank_module, "backed", lambda ranked, *_: ranked)
    assert set(record["gone"]) <= set(_chips(record, record["title"]))  # (this rule, not another, took them)


@pytest.mark.parametrize(
    "record, label, title, evidence",
    [
        (ROC, "confidence bands", False, True),  # written twice
        (ROC, "visual tool", True, False),  # written once, outside the title, no author's choice
        (LEGGED, "exploration", True, True),  # one word: in the title and chosen by authors
        (LEGGED, "exploration", False, False),  # one word, only chosen by authors
        (BICONVEX, "biconvex", True, False),  # one word, only in the title
        (BICONVEX, "nonconvex optimization", False, True),  # chosen by authors
    ],
    ids=lambda v: v["source"] if isinstance(v, dict) else str(v),
)
def test_evidence_of_a_term(record, label, title, evidence, monkeypatch):
    monkeypatch.setattr(rank_module, "backed", lambda ranked, *_: ranked)
    terms = extract_terms(record["abstract"], TAXONOMY)
    words = title_words(record["title"]) if title else frozenset()
    ranked = rank_keywords(terms, {}, 1, record["title"] if title else None)
    (keyword,) = [k for k in ranked if k.label == label]
    assert has_evidence(keyword, terms.phrases, words, Keyphraseness(df={})) is evidence


def test_a_card_always_shows_its_first_chip(monkeypatch):
    # (without its title, `large stride movement` has no evidence; as the first chip it stays)
    monkeypatch.setattr(rank_module, "backed", lambda ranked, *_: ranked)
    terms = extract_terms(LEGGED["abstract"], TAXONOMY)
    ranked = [k for k in rank_keywords(terms, {}, 1) if k.kind != "topic"]
    start = [k.label for k in ranked].index("large stride movement")
    kept = backed(ranked[start:], terms.phrases, frozenset(), Keyphraseness(df={}))
    assert [k.label for k in kept] == ["large stride movement"]


@pytest.mark.parametrize(
    "label, title, evidence",
    [
        ("GrabCut", "Secrets of GrabCut and Kernel K-Means", True),  # a name in mixed case the title writes
        ("GrabCut", None, False),  # the same name, outside the title: its capitals alone are not enough
        ("AI", "Secrets of AI and Kernel K-Means", False),  # a short form in capitals: the title alone
    ],
)
def test_a_name_the_title_writes_has_its_capitals_for_a_second_kind_of_evidence(label, title, evidence):
    # (modelled on `Secrets of GrabCut and Kernel K-Means`, whose abstract writes `GrabCut` once)
    key = label.lower()
    phrases = {key: [1, 12, label, WHOLE]}
    words = title_words(title) if title else frozenset()
    keyword = Keyword(key, label, "phrase", 0.2)
    assert has_evidence(keyword, phrases, words, Keyphraseness(vocabulary=EMPTY)) is evidence
