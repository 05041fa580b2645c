"""An abstract's `Abstract` heading and trailing keyword list (reader6, item 13): dropped from the
cleaned text, the list read as the authors' keywords of a record that gives none. The texts are
the catalogue's records' openings and endings."""

from __future__ import annotations

import json

import pytest

from etl.load import load
from etl.text.cleaning import clean_abstract
from etl.text.headings import abstract_heading_dropped, keyword_list_dropped, trailing_keywords
from tests.helpers import rows

BODY = " We study the problem at length and give an algorithm with guarantees, and experiments on three data sets."


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("Abstract: Human actions manipulating articulated objects", "Human actions manipulating articulated objects"),
        ("Abstract—This paper presents a variational formulation", "This paper presents a variational formulation"),
        ("Abstract.Deep learning has achieved remarkable success", "Deep learning has achieved remarkable success"),
        ("Abstract. Modeling sparse and dense image matching", "Modeling sparse and dense image matching"),
        ("Abstract-In this paper, we propose an automatic", "In this paper, we propose an automatic"),
        ("Abstract-A robot scrub nurse (RSN) is an example", "A robot scrub nurse (RSN) is an example"),
        ("Abstract In this paper, we address the problem", "In this paper, we address the problem"),
        ("Abstract Neural architecture search (NAS) has shown", "Neural architecture search (NAS) has shown"),
        ("Abstract We propose a family of non-uniform sampling", "We propose a family of non-uniform sampling"),
        # terms that begin with the word, kept
        ("Abstract Meaning Representation (AMR) is a semantic", None),
        ("Abstract meaning representation (AMR) highlights", None),
        ("Abstract dialectical frameworks (in short, ADFs) are", None),
        ("Abstractive summarization for long documents", None),
        ("Abstract-based reasoning is studied", None),
        ("Abstract Interpretation is a theory of sound approximation; abstract interpretation of programs", None),
        ("Abstract.", None),  # (nothing after it: left as written)
    ],
)
def test_an_abstract_heading_is_dropped_and_a_term_starting_with_abstract_kept(written, shown):
    assert abstract_heading_dropped(written) == (written if shown is None else shown)


@pytest.mark.parametrize(
    ("ending", "kept", "keywords"),  # (the list dropped with its heading; a URL before it kept)
    [
        (
            " Keywords: Algorithms and architectures, learning theory.",
            "",
            "Algorithms and architectures, learning theory",
        ),
        (" Keywords: microrobot, magnetostrictive, bimorph.", "", "microrobot, magnetostrictive, bimorph"),
        (
            " Some Key Words: supervised dimension reduction, factor models.",
            "",
            "supervised dimension reduction, factor models",
        ),
        (" Keywords : Medical image privacy, k-anonymity", "", "Medical image privacy, k-anonymity"),
        (
            " https://github.com/a/IAI keywords: Video Instance Segmentation",
            " https://github.com/a/IAI",
            "Video Instance Segmentation",
        ),
        (
            " 1 Keywords: Markov random fields; variational method; learning.",
            "",
            "Markov random fields; variational method; learning",
        ),
        (
            " Keywords-image processing; single image dehazing; I. I NTRODUCTION When one takes a picture in foggy weather",
            "",
            "image processing; single image dehazing",
        ),
        (
            " Keywords – Optimization: constrained and convex optimization. Supervised learning: regression, kernel methods",
            "",
            "kernel methods",
        ),
        (" Index Terms—mobile robots, SLAM.", "", "mobile robots, SLAM"),
        # the headings in capitals (`_KEYWORD_WORDS` looks for a word of each before the regex runs)
        (" INDEX TERMS—mobile robots, SLAM.", "", "mobile robots, SLAM"),
        (" KEYWORDS: microrobot, magnetostrictive, bimorph.", "", "microrobot, magnetostrictive, bimorph"),
        (" KEY WORDS: supervised dimension reduction.", "", "supervised dimension reduction"),
        (" Key words: Markov random fields; learning.", "", "Markov random fields; learning"),
        # no list: a last sentence about keywords
        (" We show a system sensitive to the choice of keywords.", None, ""),
        (" Results on both keyword-based and query-by-example tasks.", None, ""),
        (" Keywords are the gist of the text.", None, ""),
    ],
)
def test_a_keyword_list_ending_an_abstract_is_dropped_and_read(ending, kept, keywords):
    text = BODY.strip() + ending
    assert keyword_list_dropped(text) == (text if kept is None else BODY.strip() + kept)
    assert trailing_keywords(text) == keywords


def test_a_keyword_list_needs_an_abstract_before_it():
    assert keyword_list_dropped("Keywords: a, b") == "Keywords: a, b"


@pytest.mark.parametrize(
    "raw",
    [
        '"Abstract. Recent advances in the Active Speaker Detection (ASD) problem build on a two-stage process."',
        "Abstract\u00e2\u0080\u0094This paper addresses the multi-faceted problem of robot grasping"
        " in clutter, with a learned model of contacts. Keywords: grasping, SLAM.",
    ],
)
def test_clean_abstract_drops_headings_and_is_stable(raw):
    clean = clean_abstract(raw)
    assert not clean.startswith(("Abstract", '"')) and "Keywords" not in clean
    assert clean_abstract(clean) == clean


RECORD = {
    "title": "Magnetostrictive Bimorph Microrobots",
    "author": "Ada Lovelace;Alan Turing",
    "status": "Poster",
    "track": "main",
    "abstract": "Abstract: We build a wireless microrobot from a magnetostrictive bimorph and drive it with a field"
    " of a few millitesla."
    " Keywords: microrobot, magnetostrictive, bimorph.",
}


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("", '["microrobot", "magnetostrictive", "bimorph"]'),  # none given: the abstract's list
        ("micro-robotics;actuators", '["micro-robotics", "actuators"]'),  # the record's own win
    ],
)
def test_a_record_without_keywords_gets_its_abstract_list_as_the_authors_keywords(tmp_path, given, stored):
    path = tmp_path / "icra2011.json"
    path.write_text(json.dumps([dict(RECORD, keywords=given)]), encoding="utf-8")
    db = str(tmp_path / "p.db")
    load(db, [str(path)])
    cleaned = (
        "We build a wireless microrobot from a magnetostrictive bimorph and drive it with a field of a few millitesla."
    )
    assert rows(db, "SELECT abstract, abstract_clean, author_keywords FROM papers") == [
        (RECORD["abstract"], cleaned, stored)
    ]
