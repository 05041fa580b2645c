"""A frequent word before a head every field modifies is filler, not a term (`commonplace`,
`etl/data/frequent_words.txt` built by `scripts/build_frequent_words.py`): issue #36, branch
kwfill27. Top-five chips of the catalogue's cards (main 7401751's rules) the rule takes and the
terms it keeps, with the shipped termhood counts; the build's counts on a few abstracts."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, normalise_keyword
from etl.extract.keywords import commonplace as module
from etl.extract.keywords.commonplace import COMMON_HEAD, COMMON_HEADS, SUBJECT, commonplace
from etl.extract.keywords.shapes import TITLE_HEAD, NotTerms
from etl.extract.keywords.termhood import TERMHOOD
from etl.extract.keywords.wordlists import FREQUENT_WORDS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_frequent_words import abstract_counts, frequent  # noqa: E402


@pytest.mark.parametrize(
    "written, in_title, filler",
    [
        # what every paper has, outside its title (chips of ICCV, AISTATS, IROS, ICRA, WACV, COLT cards)
        ("training data", False, True),  # (judged junk 3 times of 3 outside a title)
        ("object dataset", False, True),  # (`the YCB graspable object dataset`; chosen once in the vocabulary)
        ("object datasets", False, True),
        ("neural models", False, True),
        ("real images", False, True),
        ("experimental data", False, True),
        ("efficient algorithms", False, True),
        ("large datasets", False, True),
        ("training images", False, True),
        ("robot datasets", False, True),
        ("motion data", False, True),
        ("simulation dataset", False, True),  # (judged junk; chosen once in the vocabulary)
        ("control algorithm", False, True),
        # the title's words: the paper's subject (`Deduplicating Training Data Makes Language Models Better`)
        ("training data", True, False),
        ("object models", True, False),
        # the catalogue's titles head it (TITLE_HEAD)
        ("space robot", False, False),
        ("robot system", False, False),
        ("multiple robots", False, False),
        # a head of a field's own (fewer than COMMON_HEAD rows): the judges' terms
        ("neural network", False, False),
        ("robot learning", False, False),
        ("motion control", False, False),
        ("image representation", False, False),
        ("feature learning", False, False),
        # a modifier that says which kind (no frequent word), a name's capitals, more words
        ("depth image", False, False),
        ("language model", False, False),
        ("graph data", False, False),
        ("Training Data", False, False),
        ("training data set", False, False),
        ("large language model", False, False),
        ("real-world data", False, False),
    ],
)
def test_a_frequent_word_before_a_common_head_is_filler(written, in_title, filler):
    assert commonplace(normalise_keyword(written), written, 1, in_title) is filler


def test_a_pair_the_abstract_writes_three_times_is_its_subject():
    # (`LMD3: Language Model Data Density Dependence`, COLM 2024: its authors chose `training data`)
    assert commonplace("training data", "training data", SUBJECT - 1, False)
    assert not commonplace("training data", "training data", SUBJECT, False)


def test_the_common_heads_are_those_most_two_word_rows_end():
    assert {"model", "data", "system", "image", "algorithm", "dataset", "feature", "robot"} <= COMMON_HEADS
    assert not {"network", "learning", "control", "representation", "motion", "object", "language"} & COMMON_HEADS
    assert module.TITLE_HEAD == TITLE_HEAD
    assert COMMON_HEAD == 200
    assert TERMHOOD.rate("space robot") >= TITLE_HEAD > TERMHOOD.rate("training data")


def test_the_shipped_frequent_words_are_every_fields_words():
    assert {"training", "object", "neural", "real", "large", "multiple", "motion", "control", "robot"} <= FREQUENT_WORDS
    assert not {"depth", "graph", "language", "the", "of", "d", "e"} & FREQUENT_WORDS


def test_repetition_and_an_authors_choice_do_not_make_the_filler_a_term():
    not_terms = NotTerms(90_000, Keyphraseness())
    not_terms.note("object dataset", "object dataset", 2, False, 37)
    not_terms.note("training data", "training data", 2, True, 2468)
    assert "object dataset" in not_terms
    assert "!object dataset" not in not_terms  # (no shape that is never a chip: an alias may still be a term)
    assert "training data" not in not_terms


def test_the_build_counts_a_word_once_an_abstract_in_its_singular():
    counts, n = abstract_counts(["Robots and a robot in 3D.", "The Training data; training robots.", "None."])
    assert n == 3
    assert counts["robot"] == 2 and counts["training"] == 1 and counts["data"] == 1
    assert counts["d"] == 1  # (3D's letter, counted but never kept)
    assert frequent(Counter({"robot": 2, "training": 1, "d": 3, "the": 3}), 3, 0.5) == ["robot"]
