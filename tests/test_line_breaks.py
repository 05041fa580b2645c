"""Words PDF extraction broke at a line end are written whole in the cleaned abstract, as the
catalogue writes them; a hyphen that shares a word's end, or a pair the catalogue does not write
whole, stays. The cases are excerpts of catalogue abstracts."""

from __future__ import annotations

import pytest

from etl.text.cleaning import clean_abstract
from etl.text.line_breaks import WHOLE, joined_line_breaks


@pytest.mark.parametrize(
    "raw, clean",
    [
        # NeurIPS 2003 (Kernels for Structured Natural Language Data)
        ("Hier- archical Directed Acyclic Graph (HDAG) Kernel", "Hierarchical Directed Acyclic Graph (HDAG) Kernel"),
        # NeurIPS 2003: four in one abstract
        (
            "representation of in- put sequences ... for pro- tein data ... How- ever, we de- velop",
            "representation of input sequences ... for protein data ... However, we develop",
        ),
        ("In this paper, we pro- pose a Document-Entity", "In this paper, we propose a Document-Entity"),  # NAACL 2022
        ("large zero- sum two-player extensive-form games", "large zero-sum two-player extensive-form games"),  # IJCAI
        ("parallel inner- product computation", "parallel inner-product computation"),  # NeurIPS 2001
        ("in MR image- guided surgical robotic systems", "in MR image-guided surgical robotic systems"),  # IROS 2007
        ("outperforms the state-of-the- art methods", "outperforms the state-of-the-art methods"),
        ("a self- supervised objective", "a self-supervised objective"),
        ("efﬁ- ciently computed", "efficiently computed"),  # (a ligature, as cleaning reads it)
        # kept: the first of two words sharing their end, a phrase, a pair not written whole
        ("both pre- and post-processing", "both pre- and post-processing"),
        ("intra- and inter-class variation", "intra- and inter-class variation"),
        ("the rest of- the network", "the rest of- the network"),
        ("Foo- bar", "Foo- bar"),
        ("a hyphen - and a dash", "a hyphen - and a dash"),
        # a negation's `non` broken at a line end is never a word alone (read27: 10 abstracts)
        ("making GP regression non- viable, as the resulting", "making GP regression non-viable, as the resulting"),
        ("binary (crowd/non- crowd) semantic segmentation", "binary (crowd/non-crowd) semantic segmentation"),
        ("both non- and semi-parametric models", "both non- and semi-parametric models"),  # (a shared end)
        # a hyphen glued to the next word, where the catalogue writes the pair (read27: 6 abstracts)
        (
            "the end -effector toward the target and the end -effector position",
            "the end-effector toward the target and the end-effector position",
        ),  # ICRA 2018
        ("in a real -world environment", "in a real-world environment"),  # IROS 2019
        (
            "adopted in industrial practice for large -scale search",
            "adopted in industrial practice for large-scale search",
        ),
        # kept: math the source lost (`an ε-accurate`), a dash, a pair the list does not hold
        ("required to obtain an -accurate estimate", "required to obtain an -accurate estimate"),  # NeurIPS 2004
        ("the metric entropy of ellipsoids -that prove to", "the metric entropy of ellipsoids -that prove to"),
        ("of the k -sum problem", "of the k -sum problem"),
    ],
)
def test_a_word_broken_at_a_line_end_is_written_whole(raw, clean):
    assert clean_abstract(raw) == clean
    assert clean_abstract(clean) == clean


def test_the_forms_are_words_or_hyphenated_words():
    assert {"hierarchical", "proposed", "however", "self-supervised", "real-world"} <= WHOLE
    assert not {"ofthe", "preand", "intraand", "pre-and"} & WHOLE
    assert all(form.replace("-", "").isalpha() and form == form.casefold() for form in WHOLE)


def test_text_without_a_break_is_returned_as_it_is():
    text = "No break here - only a dash."
    assert joined_line_breaks(text) is text
