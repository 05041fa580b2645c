"""A keyword with a word misspelt is the keyword it misspells (`misspelt`, issue #36, kwform20): the
slips of the catalogue's records that the blind judges called debris, and words beside them that stay."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords
from etl.extract.keywords.misspelt import correct_key, one_edit
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())


@pytest.mark.parametrize(
    "slip, word, edit",
    [
        ("conter", "center", True),  # a letter changed
        ("planing", "planning", True),  # dropped
        ("convolultional", "convolutional", True),  # added
        ("emiprical", "empirical", True),  # two swapped
        ("desnite", "definite", True),  # an OCR'd `ﬁ` ligature read as one letter
        ("signiﬁcance", "significance", True),  # ... kept as the ligature
        ("multiplex", "multiple", False),  # at the last letter: another word
        ("nontextual", "contextual", False),  # at the first
        ("latitude", "altitude", False),
        ("propagation", "propagation", False),
        ("definite", "desnite", False),  # (the ligature's two letters are the word's, not the slip's)
    ],
)
def test_one_edit_inside_the_word(slip, word, edit):
    assert one_edit(slip, word) is edit


@pytest.mark.parametrize(
    "key, label, fixed",
    [
        ("conter of mass", "conter of mass", "center of mass"),  # (IROS 2012, a walking pattern's CoM)
        ("symmetric positive desnite", "symmetric positive desnite", "symmetric positive definite"),  # (ICCV 2013)
        ("convolultional neural network", "convolultional neural networks", "convolutional neural network"),
        ("probabalistic roadmap", "probabalistic RoadMap", "probabilistic roadmap"),
        ("field programable gate array", "Field-Programable-Gate-Array", "field programmable gate array"),
        ("center of mass", "center of mass", None),  # (spelt right: the catalogue writes it)
        ("dawid skene model", "Dawid-Skene model", None),  # a name's spelling is its own (not `scene`)
        # ... but a name of two capitalised words is respelt as the whole name the catalogue writes
        # (COLING 2025, judged debris in sample-2006; kwname21)
        ("kullback leiber divergence", "Kullback-Leiber divergence", "kullback leibler divergence"),
        ("kullback leiber", "Kullback-Leiber", "kullback leibler"),
        ("dawid skene", "Dawid-Skene", None),
        ("adan optimizer", "Adan optimizer", None),  # too short to tell from `Adam`
        ("multiplex graph", "multiplex graphs", None),  # not `multiple graph`
        ("nontextual feature", "Non-Textual features", None),
        ("model updater", "model updater", None),
    ],
)
def test_a_misspelt_keyword_is_the_one_it_misspells(key, label, fixed):
    assert correct_key(key, label) == fixed


def test_the_chip_reads_as_most_papers_write_it():
    # IROS 2012, "Online walking pattern generation for push recovery and minimum delay to commanded
    # change of direction and speed": its second chip was `conter of mass`
    text = (
        "A major drawback of Zero Moment Point (ZMP) based online walking pattern generation methods is that"
        " arbitrary ZMPs cannot be achieved without divergence of the Conter of Mass (CoM). In this paper, we"
        " propose a new online walking trajectory generation method that utilizes nondivergence conditions of"
        " ZMP-CoM in a successive manner."
    )
    labels = [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1)]
    assert "center of mass" in labels
    assert "conter of mass" not in labels


def test_a_misspelt_keyword_beside_its_right_spelling_goes():
    text = (
        "We study the center of mass of legged robots. The conter of mass (CoM) moves while walking, and the"
        " center of mass is estimated from joint encoders."
    )
    keys = [k.normalised for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1)]
    assert keys.count("center of mass") == 1
    assert "conter of mass" not in keys
