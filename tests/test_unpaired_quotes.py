"""A quote mark a source leaves unpaired at an abstract's start or end is dropped from the cleaned
abstract; a quotation, however written, is kept. The cases are excerpts of catalogue records."""

from __future__ import annotations

import pytest

from etl.text.cleaning import clean_abstract, clean_title
from etl.text.quotes import unpaired_quotes_dropped

CASES = [
    # ECCV 2020: 1,318 of its 1,358 abstracts end with a `"` its export appended
    ('we demonstrate the effectiveness of our model."', "we demonstrate the effectiveness of our model."),
    ('Code is at https://expose.is.tue.mpg.de."', "Code is at https://expose.is.tue.mpg.de."),
    ('such as Arcface and Cosface. "', "such as Arcface and Cosface."),
    # ... with a quotation of its own, paired, inside
    (
        'methods “flatten"" such 3D images to use them. On a diverse set of datasets."',
        'methods “flatten"" such 3D images to use them. On a diverse set of datasets.',
    ),
    # NeurIPS 2013: paired quotations before the stray mark
    (
        'preserving the "Self-Expressiveness Property” and "Graph Connectivity” at the same time."',
        'preserving the "Self-Expressiveness Property” and "Graph Connectivity” at the same time.',
    ),
    # NeurIPS 2008: the source lost an opening mark (`”` unpaired is left), the `"` at the end pairs nothing
    (
        'the idea of a local model,” a model that ... and some other model learning methods."',
        "the idea of a local model,” a model that ... and some other model learning methods.",
    ),
    # ECCV 2022: an abstract cut short, its opening mark left
    ('"We propose UniTAB that Unifies Text And Box outputs', "We propose UniTAB that Unifies Text And Box outputs"),
    # kept: the mark closes a quotation (NeurIPS 1995, TeX's opening quote; AISTATS 2012)
    ("including ones displaying ''phase transitions.\"", 'including ones displaying “phase transitions."'),
    (
        '"Energy” models for continuous domains ... compared to “full” fitting.',
        '"Energy” models for continuous domains ... compared to “full” fitting.',
    ),
    ('a technique called "Best-first model merging"', 'a technique called "Best-first model merging"'),
    ('"Why Should I Trust You?" asks a user', '"Why Should I Trust You?" asks a user'),
    # kept: LaTeX's umlaut is no quote mark
    ('results of G\\"odel and "x"', 'results of Gödel and "x"'),
    # kept: a text of quote marks alone
    ('"', '"'),
    ('""', '""'),
]


@pytest.mark.parametrize("raw, clean", CASES)
def test_an_unpaired_quote_mark_at_an_abstracts_ends_is_dropped(raw, clean):
    assert clean_abstract(raw) == clean
    assert clean_abstract(clean) == clean


def test_titles_keep_their_marks():
    """Only abstracts: a title cut or quoted is the record's own (`clean_title`)."""
    assert clean_title('"We propose UniTAB') == '"We propose UniTAB'


@pytest.mark.parametrize(
    "text, dropped",
    [('x."', "x."), ('"x', "x"), ('"x"', '"x"'), ('x "y" z."', 'x "y" z.'), ('"x"."', '"x".'), ("“x", "“x")],
)
def test_which_mark_pairs_nothing(text, dropped):
    assert unpaired_quotes_dropped(text) == dropped
