"""Candidates that are pieces of a longer term the abstract writes (`pieces`): on records of the
catalogue, with the shipped termhood counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, Keyword, extract_terms, normalise_keyword, rank_keywords, taxonomy_path
from etl.extract.keywords.phrases import BEFORE_COMPOUND, HEADLESS, WHOLE, phrase_candidates
from etl.extract.keywords.pieces import (
    PIECES,
    WRITTEN_BY,
    continued_by_keyword,
    mark_before_compounds,
    mark_pieces,
    mark_slashed,
)
from etl.extract.keywords.prose import clean
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
FIXTURES = Path(__file__).parent / "fixtures" / "pieces"
RECORDS = json.loads((FIXTURES / "records.json").read_text(encoding="utf-8"))
# catalogue records writing a phrase only before an adjective that opens its run's next compound
# (`cut`: `attentive graph | neural network`, `real-time model | predictive control framework`) or,
# opening with a describing word, before `of` (`rapid identification | of natural images`), or a
# term the titles head so (`whole`: `latent variable | discriminative model`, `RAVEN II | surgical
# robot`, a name, `physical properties | of`)
BEFORE = json.loads((FIXTURES / "before_compound.json").read_text(encoding="utf-8"))
# catalogue records writing a phrase only before a slash that joins two modifiers of one head
# (`headless`: `six-axis force | /torque sensor`), and the phrases beside a slash that stay
# (`whole`: the phrase after it, `torque sensor`; `precision/recall`, no head after the pair)
SLASHED = json.loads((FIXTURES / "slashed.json").read_text(encoding="utf-8"))
# catalogue cards (main 1434f25's rules) showing a phrase another of their keywords goes on from in
# the abstract (`gone`: `low-resource dialogue` beside `dialogue state tracking`), and phrases that
# stay: the title names them alone (`Guided Deep Decoder:`), a generic noun follows (`sparse SLAM |
# system`), or the abstract writes them twice (`efficient routing`)
CONTINUED = json.loads((FIXTURES / "continued_by_keyword.json").read_text(encoding="utf-8"))


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


@pytest.mark.parametrize("record", BEFORE, ids=lambda r: r["title"][:40])
def test_a_phrase_before_the_compound_it_modifies_is_whole_only_as_a_title_term(record):
    text = clean(record["abstract"])
    _, phrases = phrase_candidates(text)
    assert {phrases[key][3] for key in record["cut"]} <= {BEFORE_COMPOUND}, phrases
    mark_before_compounds(phrases)
    assert [key for key in record["cut"] if phrases[key][3] == WHOLE] == []
    assert [key for key in record["whole"] if phrases[key][3] != WHOLE] == []
    keys = {k.normalised for k in rank_keywords(extract_terms(record["abstract"], TAXONOMY), {}, 1, record["title"])}
    assert keys.isdisjoint(record["cut"]), keys


def test_only_an_adjective_opens_a_compound():
    _, phrases = phrase_candidates("deep learning based methods and a latent variable recurrent network.")
    assert phrases["deep learning"][3] == WHOLE  # (`based` compounds with the noun before it)
    assert phrases["latent variable"][3] == BEFORE_COMPOUND
    _, phrases = phrase_candidates("the learned policy robust to noise.")
    assert phrases["learned policy"][3] == WHOLE  # (no noun after the adjective: the run's end)


@pytest.mark.parametrize(
    "text, key, whole",
    [
        # (catalogue abstracts, kwnohead24) an adjective opening a compound that ends with a generic noun
        ("This paper deals with a new accelerated path integral method, which", "accelerated path", BEFORE_COMPOUND),
        ("a real-time model predictive control framework for driving", "real time model", BEFORE_COMPOUND),
        # two words opening with a describing word, before `of` and its object
        ("to warrant rapid identification of natural images.", "rapid identification", BEFORE_COMPOUND),
        ("The strategic selection of resources by selfish agents", "strategic selection", BEFORE_COMPOUND),
        ("Given the physical properties of the object", "physical property", BEFORE_COMPOUND),  # (titles: whole)
        # ... not a word that classifies, nor three words, nor where the phrase ends elsewhere too
        ("a robotic manipulation framework for", "robotic manipulation", WHOLE),
        ("the mixture of experts", "mixture", WHOLE),
        ("a graph neural network of molecules", "graph neural network", WHOLE),
        ("rapid identification of scenes and rapid identification.", "rapid identification", WHOLE),
    ],
)
def test_a_phrase_before_a_compound_or_an_object_stands_as_a_title_term_at_best(text, key, whole):
    _, phrases = phrase_candidates(text)
    assert phrases[key][3] == whole, phrases


@pytest.mark.parametrize("record", SLASHED, ids=lambda r: r["title"][:40])
def test_a_phrase_before_a_slash_joining_two_modifiers_has_lost_its_head(record):
    text = clean(record["abstract"])
    _, phrases = phrase_candidates(text)
    assert {phrases[key][3] for key in record["headless"] + record["whole"]} <= {WHOLE}, phrases
    mark_slashed(text, phrases)
    assert [key for key in record["headless"] if phrases[key][3] != HEADLESS] == []
    assert [key for key in record["whole"] if phrases[key][3] != WHOLE] == []


@pytest.mark.parametrize("record", CONTINUED, ids=lambda r: r["piece"])
def test_a_phrase_another_keyword_goes_on_from_is_its_piece(record):
    kept = [Keyword(normalise_keyword(label), label, "phrase", 1.0) for label in record["keywords"]]
    phrases = extract_terms(record["abstract"], TAXONOMY).phrases
    shown = [k.label for k in continued_by_keyword(kept, phrases, record["title"], Keyphraseness(), True)]
    assert (record["piece"] not in shown) is record["gone"], shown
    assert len(shown) == len(kept) - record["gone"], shown  # (only the piece goes)
    # a term of its own where the corpus's papers write it (`suction grasp`, 5 of the catalogue's)
    # and in a corpus too small to tell terms (a load of one venue)
    key = normalise_keyword(record["piece"])
    known = Keyphraseness(df={key: record.get("written_by", WRITTEN_BY)})
    assert continued_by_keyword(kept, phrases, record["title"], known, True) == kept
    assert continued_by_keyword(kept, phrases, record["title"], Keyphraseness(), False) == kept
