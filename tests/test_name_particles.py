"""What a reader sees of a name and of LaTeX left in text (reader of the served catalogue, names18):
the particles of a family name kept in the name shown while one merge key gathers the spellings
with and without them, and LaTeX's text-mode symbols read as their character."""

from __future__ import annotations

import json

import pytest

from etl.load import load
from etl.text.authors import clean_name, name_key, split_authors
from etl.text.citation_names import name_parts
from etl.text.cleaning import clean_abstract, clean_title
from etl.text.particles import without_particles
from tests.helpers import rows


@pytest.mark.parametrize(
    "spellings, key",
    [
        # one person whom some sources write without the particles (catalogue: PMLR's AISTATS 2018
        # `Mihaela Schaar`, ICML 2018 `Aaron Oord`, NeurIPS `Hado Hasselt`, AISTATS 2015 `Ulrike Luxburg`)
        (("Mihaela van der Schaar", "Mihaela Van Der Schaar", "Mihaela Schaar"), "mihaela schaar"),
        (("Aäron van den Oord", "Aaron van den Oord", "Aaron Oord", "Aäron Oord"), "aaron oord"),
        (("Hado van Hasselt", "Hado Hasselt", "van Hasselt, Hado"), "hado hasselt"),
        (("Ulrike von Luxburg", "Ulrike Von Luxburg", "Ulrike Luxburg"), "ulrike luxburg"),
        (("Fernando De la Torre", "Fernando de la Torre", "Fernando DE LA TORRE", "Fernando Torre"), "fernando torre"),
        (("Jan-Willem van de Meent", "Jan-Willem Meent", "Jan Willem Meent"), "jan willem meent"),
        (("Laurent El Ghaoui", "Laurent Ghaoui"), "laurent ghaoui"),
        (("Marthinus C. du Plessis", "Marthinus C du Plessis", "Marthinus C. Plessis"), "marthinus c plessis"),
        # a particle's word that is a given name, a family name alone, or part of a hyphenated name stays
        (("Van Jacobson",), "van jacobson"),
        (("Soham De", "De, Soham"), "soham de"),
        (("Bin-Bin Gao",), "bin bin gao"),
        (("Sheng-De Wang",), "sheng de wang"),
        # before an East Asian family name the words are given names: `Minh Van Nguyen` is not `Minh
        # Nguyen`, nor `Chris van der Lee` (NAACL 2021) `Chris Lee` (SIGGRAPH 2022)
        (("Minh Van Nguyen",), "minh van nguyen"),
        (("Richard Yi Da Xu",), "richard yi da xu"),
        (("Chris van der Lee",), "chris van der lee"),
    ],
)
def test_one_merge_key_gathers_a_name_with_and_without_its_particles(spellings, key):
    assert {name_key(spelling) for spelling in spellings} == {key}


def test_the_particles_are_shown_and_a_reading_list_writes_them_with_the_family_name():
    assert clean_name("van der Schaar, Mihaela") == "Mihaela van der Schaar"
    assert without_particles("Martin van Buren Jr.") == "Martin Buren Jr."
    assert name_parts("Laurent El Ghaoui") == ("El Ghaoui", "Laurent", "")
    assert name_parts("Fernando DE LA TORRE") == ("DE LA TORRE", "Fernando", "")
    assert name_parts("Minh Van Nguyen") == ("Nguyen", "Minh Van", "")


def _record(title: str, authors: str) -> dict:
    return {"title": title, "status": "Poster", "author": authors, "abstract": f"We study {title.lower()} at length."}


def test_a_person_is_shown_with_the_particles_some_sources_drop(tmp_path):
    """PMLR's AISTATS 2018 writes `Mihaela Schaar` (15 papers of the catalogue), later volumes
    `Mihaela van der Schaar` (29) and once `Mihaela Van Der Schaar`: one person, shown with the
    particles even where fewer papers write them (`Harm Van Seijen`, `Sjoerd van Steenkiste`)."""
    records = [
        _record("Learning Treatment Effects", "Alexis Bellot; Mihaela Schaar"),
        _record("Multitask Boosting for Survival Analysis", "Alexis Bellot; Mihaela Schaar"),
        _record("Temporal Phenotyping", "Changhee Lee; Mihaela van der Schaar"),
        _record("Deep Successor Features", "Sjoerd Steenkiste; Harm Seijen"),
        _record("Relational Neural Expectation Maximization", "Sjoerd Steenkiste; Harm Van Seijen"),
        _record("Investigating Object Compositionality", "Sjoerd van Steenkiste; Minh Van Nguyen"),
        _record("Fast Convergence of Boosting", "Minh Nguyen; Harm Seijen"),
    ]
    path = tmp_path / "aistats2018.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    db_file = str(tmp_path / "papers.db")
    load(db_file, [str(path)])
    authors = dict(rows(db_file, "SELECT name, papers FROM authors"))
    assert authors["Mihaela van der Schaar"] == 3 and authors["Harm Van Seijen"] == 3
    assert authors["Sjoerd van Steenkiste"] == 3
    assert authors["Minh Van Nguyen"] == 1 and authors["Minh Nguyen"] == 1  # (two people)
    assert not {"Mihaela Schaar", "Harm Seijen", "Sjoerd Steenkiste"} & set(authors)
    # each paper keeps the spelling its source wrote; its link finds the person by the merge key
    assert rows(db_file, "SELECT count(*) FROM paper_authors WHERE name = 'Mihaela Schaar'") == [(2,)]


@pytest.mark.parametrize(
    "raw, shown",
    [
        # NeurIPS's BibTeX entries, written from Unicode: the space after the command ends it
        (
            "Making Latin Manuscripts Searchable using gHMM\\textquotesingle s",
            "Making Latin Manuscripts Searchable using gHMM's",
        ),
        (
            "Emergence of Movement Sensitive Neurons\\textquotesingle  Properties by Learning a Sparse Code",
            "Emergence of Movement Sensitive Neurons' Properties by Learning a Sparse Code",
        ),
        (
            "Sparse Bayesian structure learning with \\textquotedblleft dependent relevance determination\\textquotedblright  priors",
            "Sparse Bayesian structure learning with “dependent relevance determination” priors",
        ),
        # ACL Anthology's and OpenReview's, braced
        ("{\\textquotedblleft}What is on your mind?{\\textquotedblright}", "“What is on your mind?”"),
        (
            "Co{BEVT}: Cooperative Bird{\\textquoteright}s Eye View Semantic Segmentation",
            "CoBEVT: Cooperative Bird’s Eye View Semantic Segmentation",
        ),
        ("HMD{\\textasciicircum}2: Environment-aware Motion Generation", "HMD^2: Environment-aware Motion Generation"),
        # a style whose braces were lost is still its argument
        ("error \\textpoly(n) bounds", "error poly(n) bounds"),
    ],
)
def test_text_mode_symbols_are_their_character_in_titles(raw, shown):
    assert clean_title(raw) == shown


@pytest.mark.parametrize(
    "raw, shown",
    [
        ("O\\textquotesingle Reilly, Randall", "Randall O'Reilly"),  # (NeurIPS 1997, 2001)
        ("d\\textquotesingle Alch\\'{e}-Buc, Florence", "Florence d'Alché-Buc"),  # (NeurIPS 2001, 2003)
        ("Noel E. O{\\textquoteright}Connor", "Noel E. O’Connor"),  # (CoRL 2023)
    ],
)
def test_text_mode_symbols_are_their_character_in_names(raw, shown):
    assert [clean_name(name) for name in split_authors(raw)] == [shown]


@pytest.mark.parametrize(
    "raw, shown",
    [
        # AutoML 2022: a symbol in braces is the symbol (it was `9.87{×}`, and `9.87times` before)
        (
            "BootstrapNAS can achieve up to 9.87{\\texttimes} improvement",
            "BootstrapNAS can achieve up to 9.87× improvement",
        ),
        (
            "exported to OpenVINO{\\texttrademark}-format and run on Intel{\\textregistered} CPUs.",
            "exported to OpenVINO™-format and run on Intel® CPUs.",
        ),
        # COLT 2024 and 2022: `{}` after a letter's command ends its word and writes nothing
        ("satisfies the Polyak-\\L{}ojasiewicz (PL) condition", "satisfies the Polyak-Łojasiewicz (PL) condition"),
        ("either a Lata\\l{}a--Oleszkiewicz inequality", "either a Latała–Oleszkiewicz inequality"),
        ("written in \\LaTeX{} is", "written in LaTeX is"),
        # a math symbol whose `$` the source lost keeps the space after it: the text goes on in words
        ("for general \\ell and r", "for general ℓ and r"),
        ("where L is the graph Laplacian, \\Lambda is a positive", "where L is the graph Laplacian, Λ is a positive"),
        (
            "regret scales as $\\widetilde{O}_{}(d^3)$ here",
            "regret scales as $\\widetilde{O}_{}(d^3)$ here",
        ),  # (math as written)
    ],
)
def test_braces_and_spaces_of_latex_in_abstracts(raw, shown):
    assert clean_abstract(raw) == shown
