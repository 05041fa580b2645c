"""Names a keyword's label still showed lowered after kwlabel27 (read28, docs/browsing.md): a name's
possessive (`alzheimer's disease`, 23 papers), and names that are common English words, which
`scripts/build_names.py` left out of `etl/data/names.txt` (`fisher information matrix`, `thompson
sampling`, `english-german translation`). Rows from the catalogue's labels and abstracts."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from etl.extract.keywords.labels import shown_label

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

import build_names


@pytest.mark.parametrize(
    "label, shown",
    [
        # a name's possessive: the name (the catalogue's 11 such labels, 43 papers)
        ("alzheimer's disease", "Alzheimer's disease"),
        ("unified parkinson's disease rating scale", "unified Parkinson's disease rating scale"),
        ("raven\u2019s progressive matrices", "Raven\u2019s progressive matrices"),
        ("stein's unbiased risk estimator", "Stein's unbiased risk estimator"),
        ("nonparametric kernel bayes\u2019 filter", "nonparametric kernel Bayes\u2019 filter"),
        # a name that is a common English word, now listed
        ("fisher information matrix", "Fisher information matrix"),
        ("bootstrapped thompson sampling", "bootstrapped Thompson sampling"),
        ("english-german translation", "English-German translation"),
        ("indian buffet process", "Indian buffet process"),
    ],
)
def test_a_names_possessive_and_a_common_word_name_are_capitalised(label, shown):
    assert shown_label(label) == shown


@pytest.mark.parametrize(
    "label",
    [
        "earth mover's distance",  # (`earth`: written in lower case in 60 of 143 uses)
        "it's",
        "lasso regression",  # (133 of 310 in lower case)
        "table tennis",
    ],
)
def test_a_possessive_or_a_word_that_is_no_name_stays_lower_case(label):
    assert shown_label(label) == label


ABSTRACTS = [  # (catalogue sentences, shortened; each name written 5 times inside a sentence)
    "We design variations of the classical Thompson sampling procedure for optimisation.",
    "We use the Fisher information metric for further performance.",
    "We show an effective zero-shot transfer from English to these two languages.",
    "Our method is robust to large variations in scale, as shown in Fig. 1. Furthermore, it is fast.",
    "A table of results.",
]


def test_a_common_word_written_as_a_name_is_listed_an_abbreviation_before_a_number_is_not(tmp_path):
    venue = tmp_path / "colt"
    venue.mkdir()
    (venue / "colt2013.json").write_text(json.dumps([{"abstract": a} for a in ABSTRACTS * 5]))
    named, lower = build_names.counts(tmp_path)
    assert named["fig"] == 0 and named["thompson"] == 5
    assert build_names.names(named, lower) == ["english", "fisher", "thompson"]


def test_a_word_written_in_lower_case_too_often_is_no_name():
    # the catalogue's counts (capitalised inside a sentence, lower case anywhere)
    named = Counter({"english": 858, "fisher": 255, "frank": 86, "earth": 83, "siamese": 170, "thouless": 3})
    lower = Counter({"english": 0, "fisher": 1, "frank": 1, "earth": 60, "siamese": 58, "thouless": 0})
    assert build_names.names(named, lower) == ["english", "fisher", "frank"]
