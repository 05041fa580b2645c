"""One institution under one name (inst21): the variants of an institution's name the catalogue
writes (a native-language name and its English form, a founder's names before the city, `X
University` and `University of X`, an umlaut spelt out, a city's native name, the one university
written twice) are filed under one institution, and distinct institutions never are. The names are
the catalogue's (`institutions` of main's load, with their papers there), and the records of
tests/fixtures/institution_variants.json are real catalogue records (their abstracts cut short)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.affiliations import filed_affiliations, named
from etl.load import load
from etl.text.institution_variants import filed_key, filing_key
from tests.helpers import json_folder, loaded_old_and_cold, marked_after_upgrade, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "institution_variants.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "names",
    [
        # Freiburg under 8 names (348, 20, 6, 3, 3, 1, 1 papers)
        (
            "University of Freiburg", "Albert-Ludwigs-Universität Freiburg", "Albert-Ludwigs-University of Freiburg",
            "Universität Freiburg", "Albert-Ludwigs-University Freiburg", "Freiburg University", "Albert Ludwig University of Freiburg",
        ),
        (
            "Friedrich-Alexander-Universität Erlangen-Nürnberg", "Friedrich-Alexander University Erlangen-Nürnberg",
            "University of Erlangen-Nuremberg", "Friedrich-Alexander-University Erlangen-Nuremberg",
        ),
        ("University of Technology Nuremberg", "Nuremberg University of Technology", "Technical University of Nuremberg"),
        ("Technical University of Munich", "Technische Universität München", "Technical University Munich", "Technische Universitaet Muenchen"),
        ("Ludwig Maximilian University of Munich", "Ludwig-Maximilians-Universität München", "Ludwig-Maximilians-University Munich"),
        ("University of Tübingen", "University of Tuebingen", "Eberhard Karls University of Tübingen", "Eberhard-Karls-Universität Tübingen"),
        ("Université de Montréal", "University of Montreal", "Montreal University"),
        ("University of Genoa", "University of Genova", "Università degli Studi di Genova", "Università di Genova"),
        ("Saarland University", "University of Saarland", "Universität des Saarlandes"),
        ("Humboldt University of Berlin", "Humboldt-Universität zu Berlin"),
        ("University of Tokyo", "Tokyo University"),
        ("Katholieke Universiteit Leuven", "Catholic University of Leuven"),
    ],
)  # fmt: skip
def test_the_variants_of_one_institution_are_filed_under_one_key(names):
    assert len({filed_key(name) for name in names}) == 1, {name: filed_key(name) for name in names}
    key = filed_key(names[0])
    assert filing_key(key) == key  # (a key read again is itself: an export's key loaded back)


@pytest.mark.parametrize(
    "names",
    [
        ("Technical University of Munich", "Ludwig-Maximilians-Universität München", "Munich University of Applied Sciences", "Universität der Bundeswehr München"),
        ("University of Washington", "Washington University", "Washington University in St. Louis"),
        ("Universität Hamburg", "Hamburg University of Technology"),
        ("University of Freiburg", "University Hospital Freiburg", "Universitätsklinikum Freiburg"),
        ("University of Miami", "Miami University"),
        ("University of York", "York University"),
        ("University of Newcastle", "Newcastle University"),
        ("Jinan University", "University of Jinan"),
        ("Open University", "Open Universiteit"),
        ("Université Catholique de Louvain", "Katholieke Universiteit Leuven"),
        ("Universitat de Barcelona", "Universitat Autònoma de Barcelona", "Universitat Politècnica de Catalunya"),
        ("University College London", "University of London"),
        # (which Munich university a bare name means is not said: the catalogue's `Universität München` is TUM's authors')
        ("Universität München", "Ludwig-Maximilians-Universität München", "Technische Universität München"),
        ("Goethe University", "Friedrich Schiller University", "Heinrich Heine University"),
    ],
)  # fmt: skip
def test_distinct_institutions_are_never_joined(names):
    assert len({filed_key(name) for name in names}) == len(names), {name: filed_key(name) for name in names}


def test_one_university_written_twice_is_filed_under_its_first_name():
    pair = "University of Freiburg, Albert-Ludwigs-Universität Freiburg"
    given = [(1, [(pair, "Germany")], "ann"), (2, [("Albert-Ludwigs-Universität Freiburg", "Germany")], "bob")]
    assert filed_affiliations(given) == [
        (1, 1, "University of Freiburg", "freiburg university", "Germany", pair),
        (2, 1, "Albert-Ludwigs-Universität Freiburg", "freiburg university", "Germany", None),
    ]
    # (two institutions side by side stay together as written)
    assert named("Università degli Studi di Genova, Istituto Italiano di Tecnologia")[0].endswith("Tecnologia")


INSTITUTIONS = "SELECT name, normalised, country, papers FROM institutions ORDER BY normalised"
FILED = """SELECT a.paper_id, a.position, a.name, a.written, i.normalised FROM paper_affiliations a
JOIN institutions i ON i.id = a.institution_id ORDER BY 1, 2, 3"""
TRENDS = """SELECT i.normalised, t.venue, t.year, t.papers FROM institution_trend_counts t
JOIN institutions i ON i.id = t.institution_id ORDER BY 1, 2, 3"""


def test_a_load_files_the_catalogues_variants_under_one_institution(tmp_path):
    db = str(tmp_path / "p.db")
    load(db, [str(json_folder(tmp_path / "d", RECORDS))])
    got = dict(rows(db, "SELECT normalised, name FROM institutions"))
    assert got["freiburg university"] == "Albert-Ludwigs-Universität Freiburg"  # (1 paper each: the smallest name)
    assert rows(db, "SELECT papers FROM institutions WHERE normalised = 'freiburg university'") == [(2,)]
    assert rows(db, "SELECT papers FROM institutions WHERE normalised = 'university of erlangen nuremberg'") == [(2,)]
    assert rows(db, "SELECT papers FROM institutions WHERE normalised = 'nuremberg university of technology'") == [(2,)]
    assert rows(db, "SELECT papers FROM institutions WHERE normalised = 'saarland university'") == [(2,)]
    assert rows(db, "SELECT papers FROM institutions WHERE normalised = 'munich university of technology'") == [(1,)]
    assert {
        "university of washington",
        "washington university in st louis",
        "ludwig maximilians university of munich",
    } <= set(got)
    # (the source's wording stays on the affiliation)
    assert ("Universität des Saarlandes",) in rows(db, "SELECT name FROM paper_affiliations")


def test_revision_0061_refiles_a_database_as_a_cold_load_files_it(tmp_path, monkeypatch):
    """A database loaded by the rules of 0059 has Freiburg, Erlangen and Nuremberg under two names
    each; upgrading joins them in place (the ids of those that stay kept, no source read again),
    as a cold load by today's rules files them: the same institutions, affiliations and trend counts."""
    folder = json_folder(tmp_path / "d", RECORDS)
    named.cache_clear()
    db, cold = loaded_old_and_cold(
        tmp_path, folder, monkeypatch, {"etl.text.institution_variants.filing_key": lambda key: key}
    )
    named.cache_clear()
    assert rows(db, INSTITUTIONS) != rows(cold, INSTITUTIONS)
    kept = rows(db, "SELECT id FROM institutions WHERE name = 'University of Freiburg'")
    assert marked_after_upgrade(db, "0060", "0061") == []
    assert rows(db, INSTITUTIONS) == rows(cold, INSTITUTIONS)
    assert rows(db, FILED) == rows(cold, FILED)
    assert rows(db, TRENDS) == rows(cold, TRENDS)
    assert rows(db, "SELECT id FROM institutions WHERE normalised = 'freiburg university'") in (
        kept,
        rows(db, "SELECT id FROM institutions WHERE name = 'Albert-Ludwigs-Universität Freiburg'"),
    )


def test_papers_by_institution_finds_an_institution_by_any_of_its_names(tmp_path):
    import sqlite3

    from etl.store.functions import register

    db = str(tmp_path / "p.db")
    load(db, [str(json_folder(tmp_path / "d", RECORDS))])
    query = (Path(__file__).parent.parent / "queries" / "papers_by_institution.sql").read_text(encoding="utf-8")
    con = register(sqlite3.connect(db))
    for name in ("Albert-Ludwigs-University of Freiburg", "University of Freiburg", "Universität Freiburg"):
        found = con.execute(query, {"institution": name, "page": None}).fetchall()
        assert len(found) == 2, name
