"""Placeholders are missing values: never a paper's text, never a reason to stop or to merge."""

from __future__ import annotations

import json

import pytest

from etl.extract.record_paper import identity
from etl.sources import read_input
from etl.text.placeholders import is_missing_abstract, is_placeholder, is_usable_abstract, says_words


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "   \n\t ",
        "-",  # nips1987.json, record 90: stopped a whole load
        "—",
        "...",
        "…",
        "?",
        "0",
        "TBD",
        "TBD.",
        "T.B.D.",
        "tba",
        "N/A",
        "n.a.",
        "NA",
        "none",
        "None",
        "null",
        "NaN",
        "Abstract",
        "Abstract:",
        "ABSTRACT",
        "Abstract Unavailable",  # 55 NeurIPS records, 1987-2012
        "(No Abstract)",  # colt2013.json, the preface
        "No abstract available",
        "No abstract available.",
        "[Abstract not available]",
        "Abstract not provided",
        "To appear",
        "To be announced",
        "Coming soon",
        "Summary form only given.",
        "Summary form only for tutorial.",  # iros2006.json
        "Poster",  # the title of 39 siggraphasia2020.json records, which have nothing else
        "Untitled",
        "Anonymous",
        "Withdrawn",
        "Unknown",
    ],
)
def test_placeholders(text):
    assert is_placeholder(text) and is_missing_abstract(text)


@pytest.mark.parametrize(
    "text",
    [
        "Preface",  # 19 proceedings prefaces: a title, one per venue and year
        "Index",
        "Frontmatter",
        "Hash Kernels",
        "Unknown Unknowns",
        "Not All Tokens Are What You Need",
        "To Be or Not to Be",
        "A Paper Summary of Attention",
        "Abstract Reasoning with Graph Abstractions",
        "No Free Lunch",
        "LLaMA",
        "深度学习",  # a title in a script without spaces
        "Tomáš Mikolov",
        "T\x00itle",  # a NUL is bad input, for the reader to refuse, not a placeholder to pass over
    ],
)
def test_real_text_is_no_placeholder(text):
    assert not is_placeholder(text)


@pytest.mark.parametrize(
    "ascii_text, other_text, placeholder",
    [
        # An ASCII text's words are read from its bytes (`_words`): the same rule as any other text,
        # which a character outside ASCII sends down the other path.
        ("N/A", "N/A\u2019", True),  # (a closing quote: punctuation, which goes)
        ("N/A\x01", "N/A\u00ad", False),  # (control and format characters stay: `na\x01`, `na\u00ad`)
        ("T.B.D.", "T.B.D.\u2026", True),  # (an ellipsis: punctuation, which goes)
        ("To be announced", "To be announced\u00a0", True),  # (no-break space: white space)
        ("Abstract\x1cUnavailable", "Abstract\x1cUnavailable\u3000", True),  # (0x1C parts words as str.split does)
        ("Summary:form_only,given", "Summary:form_only,given\u00b7", True),  # (`:`, `_` and `,` part words)
        ("Abstract\x00", "Abstract\x00\u00b7", False),  # (a control character stays: bad input, not a placeholder)
        ("TBD TBD TBD TBD TBD TBD TBD TBD TBD", "TBD TBD TBD TBD TBD TBD TBD TBD TBD\u2026", False),  # (nine words)
        ("Poster Session", "Poster Session\u2026", False),
        ("Tomas Mikolov", "Tom\u00e1\u0161 Mikolov", False),
    ],
)
def test_ascii_and_other_text_are_read_by_one_rule(ascii_text, other_text, placeholder):
    assert ascii_text.isascii() and not other_text.isascii()
    assert is_placeholder(ascii_text) == is_placeholder(other_text) == placeholder
    assert is_missing_abstract(ascii_text) == is_missing_abstract(other_text)


@pytest.mark.parametrize(
    "text",
    [
        "Part of",  # 13 NeurIPS records: a cut-off "Part of Advances in Neural ..." line
        "Discussion of",  # 7 AISTATS 2011 discussions
        "in",
        "We",
        "We consider",
        "Shimon Ullman",  # an author's name where the abstract should be
        "(LLE)",
        # under 80 characters, no sentence's end: names, addresses, first lines cut (78 catalogue records)
        "Guy J. Brown",  # nips2003.json, "A Classification-based Cocktail-party Processor"
        "Leslie Pack Kaelbling",  # nips2003.json
        "Yu He Dept. of Physics Ohio State Univ. Columbus, OH 43212",  # nips1989.json
        "University of Rochester Rochester, NY 14627 dana@cs.rochester.edu",  # nips2003.json
        "We study the framework of",  # aistats2022.json
        "Recognizing visual relationships",  # eccv2018.json, Zoom-Net
        "Preface to ACML 2014",  # acml2014.json (the record is front matter too)
        "The capacity of an associative memory is defined as the maximum",  # nips1987.json
        "We present a fast and feature-complete differentiable physics engine; Nimble (",  # rss2021.json
        "We seek to solve convex optimization problems in composite form:",  # nips2012.json
    ],
)
def test_fragments_are_no_abstract_but_may_be_a_title(text):
    assert is_missing_abstract(text) and not is_placeholder(text)


@pytest.mark.parametrize(
    "text",
    [
        "本文提出了一种新的深度学习方法用于图像分类任务并取得了优异的结果",  # many letters, one "word"
        "We prove a tight bound.",
        "A brief description of tree structured sparse coding on the binary cube.",  # iclr2013.json
        "This poster has been moved from Monday #86 to Thursday #101.",  # nips2015.json (a sentence)
        '"We show it (see [3].)"',  # (a sentence's end inside closing quotes and brackets)
        # a cut abstract of 80 characters or more is still text (55 catalogue records): kept
        "Modern big data settings often involve messy, high-dimensional data, where it is not clear",
    ],
)
def test_short_abstracts_that_say_something_stay(text):
    assert not is_missing_abstract(text)


@pytest.mark.parametrize(
    "text, words",
    [
        ("(cid:0) (cid:1) (cid:2)", False),  # glyphs a PDF font did not map: the letters `cid` are no word
        ("(cid:173)(cid:12)", False),
        ("(cid:16)(cid:17) (cid:3)", False),
        ("$x$ $y$ $z$", False),  # math only
        ("$$x$$ $\\alpha$", False),
        ("\\alpha \\beta", False),  # LaTeX commands only
        ("$\\mathcal{O}(n)$ . (cid:3)", False),
        ("classi(cid:12)cation of learn(cid:173) ing", True),  # (real words around the codes)
        ("We bound $x$ by $y$.", True),
        ("It costs $5 and $10.", True),
        ("\\emph{We} prove it.", True),
        ("本文提出了一种新的方法", True),
    ],
)
def test_an_abstract_of_glyph_codes_or_math_alone_says_no_words(text, words):
    """Such an abstract would give every paper that has it one id: it is no abstract (the record
    is then told by its title or ids, as one without an abstract)."""
    assert says_words(text) == words
    assert is_usable_abstract(text, "A Title") == words


def _paperlists(*records) -> bytes:
    return json.dumps([{"status": "Poster", "track": "main", **r} for r in records]).encode()


def test_placeholder_abstracts_are_skipped_and_counted_never_an_error_nor_one_paper():
    real = "We study placeholders in real catalogues and show that they are missing values."
    parsed = read_input(
        "nips1987.json",
        _paperlists(
            {"title": "Using Neural Networks to Improve Cochlear Implants", "author": "A B", "abstract": "-"},
            {"title": "Paper one", "author": "A B", "abstract": "TBD"},
            {"title": "Paper two", "author": "C D", "abstract": "TBD"},
            {"title": "Markov Random Fields", "author": "E F", "abstract": "Part of"},
            {"title": "Real", "author": "G H", "abstract": real},
        ),
    )
    # papers without an abstract, each told by its title (`TBD` twice is no reason to merge them)
    assert [e.abstract for e in parsed.entries] == [None, None, None, None, real]
    assert len({identity(e.ids, "NeurIPS", 1987, e.title) for e in parsed.entries[:4]}) == 4
    assert parsed.tally.skipped == 0


def test_a_placeholder_title_is_no_title():
    abstract = "We study placeholders in real catalogues and show that they are missing values."
    parsed = read_input("siggraphasia2020.json", _paperlists({"title": "Poster", "author": "", "abstract": abstract}))
    assert parsed.entries[0].title is None


@pytest.mark.parametrize(
    "name, content",
    [
        (
            "p.csv",
            "title,abstract,venue,year\nA,N/A,ICML,2024\nB,{real},ICML,2024\nC,No abstract available,ICML,2024\n",
        ),
        (
            "p.jsonl",
            '{{"title": "A", "abstract": "TBD", "venue": "ICML", "year": 2024}}\n'
            '{{"title": "B", "abstract": "{real}", "venue": "ICML", "year": 2024}}\n',
        ),
        (
            "p.bib",
            "@inproceedings{{a, title={{A}}, abstract={{-}}, year={{2024}}}}\n"
            "@inproceedings{{b, title={{B}}, abstract={{{real}}}, year={{2024}}}}\n",
        ),
        (
            "e.json",
            '[{{"type": "Poster", "name": "A", "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",'
            ' "speakers/authors": "X Y", "abstract": "Abstract"}},'
            ' {{"type": "Poster", "name": "B", "virtualsite_url": "https://icml.cc/virtual/2024/poster/2",'
            ' "speakers/authors": "X Y", "abstract": "{real}"}}]',
        ),
        ("l.txt", "ICML 2024 Papers\n\n-\n\n{real}\n\nTBD\n"),
    ],
)
def test_every_reader_passes_placeholders_over(name, content):
    """A placeholder abstract is no abstract: a record with a title is a paper without one, a
    listing's paragraph (no title) is skipped and counted."""
    real = "We study placeholders in real catalogues and show that they are missing values."
    parsed = read_input(name, content.format(real=real).encode())
    assert [e.abstract for e in parsed.entries if e.abstract] == [real]
    without = [e.title for e in parsed.entries if not e.abstract]
    assert without == ([] if name == "l.txt" else list("AC" if name == "p.csv" else "A"))
    assert parsed.tally.skipped == (2 if name == "l.txt" else 0)


@pytest.mark.parametrize(
    "ids, venue, year, title, key",
    [
        # ACML 2013's preface, a PMLR page without an abstract: its title still decides (its id as
        # before PMLR keys were read from addresses), not its PMLR key
        ((("pmlr", "pmlr-v29-preface13"),), "ACML", 2013, "Preface", "title:acml:2013:preface"),
        ((("pmlr", "pmlr-v29-preface13"),), None, None, "Preface", "pmlr:pmlr-v29-preface13"),  # (nothing else)
        ((("doi", "10.1/X"), ("pmlr", "pmlr-v1-a")), "ACML", 2013, "Preface", "doi:10.1/x"),
        ((("acl_anthology", "2021.acl-long.24"),), "ACL", 2021, "A Title", "acl_anthology:2021.acl-long.24"),
        ((), "ACML", 2013, None, None),
    ],
)
def test_a_record_without_an_abstract_is_identified_by_a_strong_id_then_its_title_then_its_pmlr_key(
    ids, venue, year, title, key
):
    assert identity(ids, venue, year, title) == key
