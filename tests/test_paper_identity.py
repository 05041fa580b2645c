"""No paper lost or made up by identity (issue 41, the reader's report on the whole catalogue): two
records of one file with one abstract under plainly other titles are two papers, front matter is
no paper, and a name or a cut line where the abstract should be is no abstract. Records modelled
on (excerpts of) the paperlists catalogue: tests/fixtures/identity_records.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.record_paper import Claim, abstracts_of_others, identity, identity_id, plainly_other
from etl.load import load
from etl.text.front_matter import is_front_matter
from etl.text.identity import paper_id
from tests.helpers import rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "identity_records.json").read_text(encoding="utf-8"))
BY_TITLE = {r["title"]: r for r in RECORDS}
BOOSTING, ISOLATION = (
    "Boosting Decision Trees",
    "From Isolation to Cooperation: An Alternative View of a System of Experts",
)
UNMIXING, INVARIANT = "Unmixing Hyperspectral Data", "Invariant Feature Extraction and Classification in Kernel Spaces"
SHARED = BY_TITLE[ISOLATION]["abstract"]  # (nips1995.json gives "Boosting Decision Trees" the same)


def _claim(title: str | None, abstract: str | None = SHARED, authors: str = "") -> Claim:
    return Claim(abstract, title, tuple(a.strip() for a in authors.split(";") if a.strip()))


def _by(title: str | None, authors: str) -> Claim:
    return _claim(title, SHARED, authors)


@pytest.mark.parametrize(
    "a, b, other",
    [
        # nips1995.json: two papers, one abstract; no title word, no author in common
        ((BOOSTING, "Harris Drucker; Corinna Cortes"), (ISOLATION, "Stefan Schaal; Christopher G. Atkeson"), True),
        # nips1999.json: an author in common (Klaus-Robert Müller), no title word: two papers
        ((UNMIXING, "Lucas C. Parra; Klaus-Robert Müller"), (INVARIANT, "Sebastian Mika; Klaus-Robert Müller"), True),
        # nips2017.json lists one paper twice, its title written with other capitals: one paper
        (
            ("Style Transfer from Non-Parallel Text by Cross-Alignment", "Tianxiao Shen; Tao Lei"),
            ("Style Transfer from Non-parallel Text by Cross-Alignment", "Tianxiao Shen; Tao Lei"),
            False,
        ),
        # a title retyped (a word added), the same authors: one paper
        (
            ("Dynamic Visual Servoing of Robots in Uncalibrated Environments", "Yun-Hui Liu; Hesheng Wang"),
            ("Dynamic Visual Servoing of Robots in Uncalibrated Environment Settings", "Yun-Hui Liu; Hesheng Wang"),
            False,
        ),
        # other titles sharing a word, an author in common: not plainly two papers
        (
            ("Risk Sensitive Reinforcement Learning", "Ralph Neuneier"),
            ("Reinforcement Learning Agents", "R. Neuneier"),
            False,
        ),
        ((BOOSTING, "Harris Drucker"), (None, "Corinna Cortes"), False),  # (no title to tell it by)
    ],
)
def test_records_are_plainly_other_papers_only_when_title_and_authors_say_so(a, b, other):
    assert plainly_other(_by(*a), _by(*b)) == other == plainly_other(_by(*b), _by(*a))


@pytest.mark.parametrize(
    "claims, others",
    [
        ([_claim(BOOSTING), _claim(ISOLATION)], {0}),  # the abstract says "experts": the second's
        ([_claim(ISOLATION), _claim(BOOSTING)], {1}),  # (in any order)
        ([_claim(BOOSTING), _claim("Stochastic Trees"), _claim(ISOLATION)], {0, 1}),
        ([_claim(BOOSTING), _claim("Local Experts"), _claim(ISOLATION)], {0, 2}),  # (1 of 2 words said)
        ([_claim(ISOLATION), _claim(ISOLATION.upper())], set()),  # (one paper listed twice)
        ([_claim(BOOSTING, "We boost trees."), _claim(ISOLATION)], set()),  # (other abstracts)
        ([_claim("Deep Nets"), _claim("Kernel Machines")], {1}),  # (a tie: the first listed keeps it)
        ([_claim(BOOSTING, None), _claim(ISOLATION, None)], set()),
    ],
)
def test_an_abstract_given_to_two_papers_is_the_one_whose_title_it_says(claims, others):
    assert abstracts_of_others(claims) == others


@pytest.mark.parametrize(
    "title",
    [
        "Preface",  # ACML, AISTATS, COLT 2010-2018
        "Frontmatter and Preface",  # aistats2005.json
        "Index",  # aistats1995.json
        "Conference on Learning Theory 2021: Post-conference Preface",
        "Asian Conference on Machine Learning: Preface",
        "Proceedings of the Fortieth Conference on Uncertainty in Artificial Intelligence – Preface",
        "Keynote speech and plenary talks",  # icra2011.json
        "Workshops & Tutorials",  # icra2018.json
        "ICRA 2019 Digest Final",
        "IROS 2006 Workshops and Tutorials",
        "IEEE/RSJ IROS 2012 - Keynote speakers [4 abstracts]",
        "Plenaries and keynotes",  # iros2021.json
        "Workshop Summaries",  # rss2007.json (reader5)
        "Workshop and Tutorials",  # icra2017.json
        "Preface: Conference on Learning Theory (COLT), 2017",  # colt2017.json (reader6): the entry first
        "Keynotes - IROS 2021",
    ],
)
def test_front_matter_is_no_paper(title):
    assert is_front_matter(title)


@pytest.mark.parametrize(
    "title",
    [
        "Information, Prediction, and Query by Committee",  # nips1992.json
        "Competition Among Networks Improves Committee Performance",
        "Index finger system force capabilities under simulated pathological conditions",  # iros2010.json
        "Indexing visual features: Real-time loop closure detection using a tree structure",
        "DynamicTOC: Persona-based Table of Contents for Consumption of Long Documents",  # naacl2022.json
        "SMAC: Simultaneous Mapping and Clustering",
        "The Learned Index",
        "Learned Index Structures",
        "Plenary Talks Considered Harmful",
        "Preface: A Study of Introductions",  # (a paper's own words before its last part)
        "Index Coding: A Conference Key Agreement",  # (the first part is no entry's words alone)
        "Keynote: Learning Theory",  # (what follows names no meeting)
        None,
        "",
    ],
)
def test_a_paper_titled_with_those_words_is_a_paper(title):
    assert not is_front_matter(title)


ISSUES = "SELECT kind, detail, title FROM etl_run_issues"
PAPERS = "SELECT id, title, abstract IS NOT NULL FROM papers ORDER BY title"


def _file(tmp_path: Path, records: list[dict], name: str = "nips1995.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps([{k: v for k, v in r.items() if k != "excerpt_of"} for r in records]), encoding="utf-8")
    return str(path)


def _own_id(title: str) -> str:
    key = identity((), "NeurIPS", 1995, title)
    assert key is not None
    return identity_id(key)


def test_a_load_makes_each_record_its_paper_and_counts_what_it_left_out(tmp_path):
    """The catalogue's shapes, loaded: the abstract two records share is the paper's whose title it
    says, the other is a paper of its own without an abstract (a repair, noted); a preface is
    skipped (noted); an author's name where the abstract should be is no abstract; one paper
    listed twice is one paper. The records in the other order give the same papers and texts."""
    db = str(tmp_path / "p.db")
    load(db, [_file(tmp_path, RECORDS)])
    unmixing = BY_TITLE[UNMIXING]["abstract"]
    style = BY_TITLE["Style Transfer from Non-Parallel Text by Cross-Alignment"]["abstract"]
    assert rows(db, PAPERS) == sorted(
        [
            (
                _own_id("A Classification-based Cocktail-party Processor"),
                "A Classification-based Cocktail-party Processor",
                0,
            ),
            (_own_id(BOOSTING), BOOSTING, 0),
            (paper_id(SHARED), ISOLATION, 1),
            (_own_id(INVARIANT), INVARIANT, 0),
            (paper_id(style), "Style Transfer from Non-Parallel Text by Cross-Alignment", 1),
            (paper_id(unmixing), UNMIXING, 1),
        ],
        key=lambda row: row[1],
    )
    issues = sorted(rows(db, ISSUES))  # (the file is one line)
    assert [(kind, title) for kind, _, title in issues] == [
        ("abstract of another record", BOOSTING),
        ("abstract of another record", INVARIANT),
        ("record skipped", "Preface"),
    ]
    assert issues[2][1] == 'front matter ("Preface"), no paper'
    other, folder = str(tmp_path / "o.db"), tmp_path / "reversed"
    folder.mkdir()
    load(other, [_file(folder, list(reversed(RECORDS)))])  # (the same ids; a title may be the other record's)
    assert rows(other, "SELECT id, abstract FROM papers ORDER BY id") == rows(
        db, "SELECT id, abstract FROM papers ORDER BY id"
    )


def test_every_word_naming_front_matter_holds_a_stem_the_quick_look_finds():
    """`is_front_matter` passes over a title holding none of `_HEAD_STEMS`: a word named in `HEADS`
    that holds none of them would never be found."""
    from etl.text.front_matter import _HEAD_STEMS, HEADS

    assert [word for word in HEADS if not any(stem in word for stem in _HEAD_STEMS)] == []
