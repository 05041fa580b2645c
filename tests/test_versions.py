"""Versions of one work: rules (pure) and the links a load makes, kept by later loads."""

from __future__ import annotations

import pytest

from etl.extract.versions import Version, outcome, relation, resemblance, same_work, shingles
from etl.load import load
from tests import works
from tests.helpers import rows


def version(pid: str, venue: str, year: int, text: str, title_key: str | None = None, decision=None, presentation=None):
    return Version(pid, venue, year, decision, presentation, title_key, text, text)


def untitled(version: Version) -> Version:
    """The same paper with no abstract: only its title to judge it by."""
    return Version(
        *(getattr(version, f) for f in ("id", "venue", "year", "decision", "presentation", "title_key", "text"))
    )


@pytest.mark.parametrize(
    ("a", "b", "shared", "linked"),
    [
        # the same title in another year, one author in common: linked whatever the text
        (version("a", "ICLR", 2018, "x", "t"), version("b", "ICML", 2019, "y", "t"), 1, True),
        # ... but not without a shared author, nor in the same venue and year
        (version("a", "ICLR", 2018, "x", "t"), version("b", "ICML", 2019, "y", "t"), 0, False),
        (version("a", "ICLR", 2018, "x", "t"), version("b", "ICLR", 2018, "y", "t"), 1, False),
        # retitled (most title words kept), the abstract nearly as it was
        (
            version("a", "ICLR", 2018, works.PRIORS, "function space priors for bayesian neural networks"),
            version(
                "b", "ICML", 2019, works.PRIORS_RETITLED, "function space priors for bayesian deep neural networks"
            ),
            1,
            True,
        ),
        # ... but not under a new title, however alike the abstracts (a group reuses its abstracts)
        (
            version("a", "ICLR", 2018, works.PRIORS, "function space priors for bayesian neural networks"),
            version(
                "b", "ICML", 2019, works.PRIORS_RETITLED, "gaussian process priors make bayesian networks calibrated"
            ),
            1,
            False,
        ),
        # an abstract kept and extended: nearly all of the shorter one is in the longer
        (
            version("a", "ICLR", 2018, works.SPARSE, "sparse attention by learned top k"),
            version(
                "b", "NeurIPS", 2018, works.SPARSE + " " + works.ROBOTS, "sparse attention by learned top k relaxations"
            ),
            1,
            True,
        ),
        # one group's papers on neighbouring subjects
        (version("a", "ICLR", 2018, works.ROBOTS), version("b", "ICML", 2019, works.SPARSE), 2, False),
        # a republished extended abstract (IJCAI's sister-conference track) is the same title
        (
            version("a", "ICRA", 2022, "x", "translating images into maps"),
            version("b", "IJCAI", 2023, "y", "translating images into maps extended abstract"),
            1,
            True,
        ),
        # a group's next paper, its introduction reused (IROS 2012 -> IROS 2013 in the catalogue)
        (version("a", "IROS", 2012, works.FOLLOW_UP[0]), version("b", "IROS", 2013, works.FOLLOW_UP[1]), 3, False),
        # titles alone (SIGGRAPH lists no abstracts): "Vertex Block Descent", "Augmented Vertex Block Descent"
        (
            untitled(version("a", "SIGGRAPH", 2024, "Vertex Block Descent")),
            untitled(version("b", "SIGGRAPH", 2025, "Augmented Vertex Block Descent")),
            1,
            False,
        ),
    ],
)
def test_two_papers_are_one_work_when_they_share_an_author_and_a_title_or_most_of_their_text(a, b, shared, linked):
    assert (same_work(a, b, shared) is not None) is linked


def test_resemblance_counts_shared_word_triples():
    a, b = shingles("one two three four"), shingles("One two three five")
    assert a == {"one two three", "two three four"}
    assert resemblance(a, b) == (1 / 3, 0.5)
    assert resemblance(frozenset(), b) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("decision", "presentation", "said"),
    [
        ("rejected", None, "rejected"),
        ("accepted", "poster", "poster"),
        (None, "workshop", "workshop"),
        ("withdrawn", None, "withdrawn"),
        ("accepted", None, "accepted"),
        (None, None, "unknown"),
    ],
)
def test_the_outcome_of_a_paper_is_its_presentation_or_its_decision(decision, presentation, said):
    assert outcome(version("a", "V", 2020, "x", decision=decision, presentation=presentation)) == said


def test_the_relation_names_the_earlier_first_or_says_they_are_of_one_year():
    a = version("a", "ICLR", 2018, "x", decision="rejected")
    b = version("b", "ICML", 2019, "x", decision="accepted", presentation="poster")
    c = version("c", "NeurIPS", 2019, "x", presentation="workshop")
    assert relation(a, b) == "rejected → poster"
    assert relation(b, c) == "same year: poster, workshop"


def links(db_file: str) -> list[tuple]:
    return rows(
        db_file,
        "SELECT a.title, b.title, v.relation, v.same_title FROM paper_versions v"
        " JOIN papers a ON a.id = v.paper_id JOIN papers b ON b.id = v.other_id ORDER BY a.title",
    )


EXPECTED = [
    ("Balanced Routing for Mixtures of Experts", "Balanced routing for mixtures of experts.", "rejected → poster", 1),
    (
        "Function-Space Priors for Bayesian Neural Networks",
        "Function-Space Priors for Bayesian Deep Neural Networks",
        "rejected → oral",
        0,
    ),
]


def test_a_load_links_resubmissions_and_retitled_versions_and_nothing_else(db_file, write):
    first, second = write("iclr2018.json", works.earlier()), write("icml2019.json", works.later())
    load(db_file, [str(first), str(second)])
    assert links(db_file) == EXPECTED


def test_later_loads_link_what_they_add_and_unlink_what_goes(db_file, write):
    load(db_file)  # (the bundled listings: the works below come in a load that does not rescore)
    first = write("iclr2018.json", works.earlier())
    load(db_file, [str(first)])
    second = write("icml2019.json", works.later())
    assert not load(db_file, [str(second)]).rescored  # (the papers of this load alone are linked)
    assert links(db_file) == EXPECTED
    second.write_text(works.later().replace("Dan Ruiz", "Zoe Quinn"), encoding="utf-8")  # (no author in common now)
    load(db_file, [str(second)])
    assert links(db_file) == EXPECTED[:1]


def test_a_change_of_the_version_rules_recomputes_similar_papers_and_versions():
    """The rules of versions are in the fingerprint that decides a full computation."""
    from etl.load.rules import PACKAGE
    from etl.load.similar_all import rule_paths

    read = {path.relative_to(PACKAGE).as_posix() for path in rule_paths() if path.is_file()}
    assert {"extract/versions.py", "load/versions.py", "extract/similar/batch.py", "load/similar_all.py"} <= read
