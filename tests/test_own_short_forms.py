"""An institution written with its own short form (read23, the tenth reader's item 1): the
catalogue wrote 75 institutions both as `X` and as `X (S)` or `S (X)`, each with part of the papers
(`German Aerospace Center (DLR)` 121 papers beside `German Aerospace Center` 338); a load files
`X (S)` under X when S is X's own short form, never a campus, another institute or a short form of
words X does not write; revision 0064 refiles a database as a cold load files it; and
`papers_by_institution` finds the joined institution by the short form. The names are the
catalogue's (`institutions` of main's load, with their papers there); the records of
tests/fixtures/own_short_form_records.json are real ICRA, IROS and NeurIPS records (abstracts cut
short), with the reader's items 2 and 3 too: ICRA 2021's `Unaffiliated Performing Artist` is no
institution, and NeurIPS 2015's title `... using a ￼Laplacian Pyramid ...` is read with a space."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from etl.extract.affiliations import named
from etl.load import load
from etl.migrations.rules_0063.placeholders import is_placeholder_affiliation as placeholder_0063
from etl.store.functions import register
from etl.text.institution_variants import filed_key
from etl.text.short_forms import short_form_of, without_own_short_form
from tests.helpers import json_folder, loaded_old_and_cold, marked_after_upgrade, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "own_short_form_records.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("short", "name"),
    [  # (the catalogue's `X (S)` beside `X`: papers of each)
        ("MIT", "Massachusetts Institute of Technology"),  # 21 beside 2,365
        ("KAUST", "King Abdullah University of Science and Technology"),  # 23 beside 131
        ("TU Wien", "Technische Universität Wien"),  # 5 beside `Vienna University of Technology` 132
        ("INRIA", "Institut national de recherche en informatique et en automatique"),  # 8 beside 8
        ("UPMC", "Université Pierre et Marie Curie"),  # 2 beside 76
        ("A*STAR", "Agency for Science, Technology and Research"),
        ("LIRMM", "Laboratoire d'Informatique, de Robotique et de Microélectronique de Montpellier"),  # 7 beside 29
        ("ÉTS", "École de Technologie Supérieure"),
        ("FORTH", "Foundation for Research and Technology - Hellas"),
        ("AMD", "Advanced Micro Devices, Inc."),
        ("DLR", "German Aerospace Center"),  # (a short form of the German name: a known one) 121 beside 338
        ("KTH", "Royal Institute of Technology"),  # 30 beside 101
        ("EPFL", "Swiss Federal Institute of Technology in Lausanne"),
    ],
)
def test_a_short_form_of_the_names_words_is_its_own(short, name):
    assert short_form_of(short, name)
    assert filed_key(f"{name} ({short})") == filed_key(name)
    assert filed_key(f"{short} ({name})") == filed_key(name)


@pytest.mark.parametrize(
    "written",
    [
        "Indian Institute of Technology (BHU)",  # 8: IIT (BHU), Varanasi, beside `Indian Institute of Technology` 37
        "Indian Institute of Technology (ISM)",  # (Dhanbad)
        "Indian Institute of Technology (Banaras Hindu University)",
        "University of California (UCLA)",  # (`LA`: words the name does not write)
        "Hong Kong University of Science and Technology (Guangzhou)",  # 5: a campus, beside 566
        "The Hong Kong University of Science and Technology (GZ)",
        "City University of Hong Kong (Dongguan)",
        "China University of Petroleum (East China)",
        "Technical University of Denmark (DUT)",  # (Delft's or Dalian's letters)
        "University of Munich (LMU)",  # (which Munich university is not said)
        "Université Pierre et Marie Curie (UPS)",
        "Université Paris Cité (USPC)",
        "Swiss Federal Institute of Technology (EPFL)",  # (ETH Zurich's name as much as EPFL's)
        "Swiss Federal Institute of Technology (ETH Zurich)",
        "Institute of Science and Technology (KAIST)",
        "Intel (now AMD)",
        "X Development LLC (The Moonshot Factory)",
        "Massachusetts Institute of Technology (MIT, MIT CSAIL)",
        "University of North Carolina (UNC Charlotte)",
    ],
)
def test_anything_else_in_parentheses_stays_part_of_the_name(written):
    assert without_own_short_form(written) == written
    outside = written.rsplit(" (", 1)[0]
    assert filed_key(written) != filed_key(outside)


INSTITUTIONS = "SELECT name, normalised, country, papers FROM institutions ORDER BY normalised"
FILED = """SELECT p.title, a.position, a."order", a.name, a.written, i.normalised FROM paper_affiliations a
JOIN papers p ON p.id = a.paper_id JOIN institutions i ON i.id = a.institution_id ORDER BY 1, 2, 3"""
TRENDS = """SELECT i.normalised, t.venue, t.year, t.papers FROM institution_trend_counts t
JOIN institutions i ON i.id = t.institution_id ORDER BY 1, 2, 3"""


def test_a_load_files_a_name_with_its_own_short_form_as_the_name(tmp_path):
    db = str(tmp_path / "p.db")
    load(db, [str(json_folder(tmp_path / "d", RECORDS))])
    papers = dict(rows(db, "SELECT name, papers FROM institutions"))
    # (ICRA 2003: one author at `German Aerospace Center (DLR)`, the next at `German Aerospace Center`)
    assert papers["German Aerospace Center"] == 3
    assert papers["Korea Advanced Institute of Science and Technology"] == 2
    assert papers["Indian Institute of Technology (BHU)"] == 1
    assert papers["Indian Institute of Technology"] == 1
    written_so = {"German Aerospace Center (DLR)", "KAIST (Korea Advanced Institute of Science and Technology)"}
    assert not written_so & set(papers)
    # (the affiliation keeps the name as the source writes it)
    assert ("German Aerospace Center (DLR)",) in rows(db, "SELECT name FROM paper_affiliations")


OLD_RULES = {  # (the rules of 0063's release)
    "etl.text.institution_variants.without_own_short_form": lambda name: name,
    "etl.extract.affiliations.is_placeholder_affiliation": placeholder_0063,
    "etl.sources.fields.RecordFields._unboxed": lambda self, text: text,
}
TITLES = "SELECT title_raw, title FROM papers ORDER BY 1"


def test_a_load_reads_a_box_as_a_space_and_files_a_trade_nowhere(tmp_path):
    db = str(tmp_path / "p.db")
    load(db, [str(json_folder(tmp_path / "d", RECORDS))])
    titles = [title for _, title in rows(db, TITLES)]
    assert "Deep Generative Image Models using a Laplacian Pyramid of Adversarial Networks" in titles
    assert not any("\ufffc" in raw for raw, _ in rows(db, TITLES))
    assert "Unaffiliated Performing Artist" not in {name for name, *_ in rows(db, INSTITUTIONS)}
    # (the record keeps the affiliation as written; the summary counts the two records repaired)
    assert rows(db, "SELECT count(*) FROM paper_sources WHERE affiliations LIKE '%Performing Artist%'") == [(1,)]


def test_revision_0064_refiles_a_database_as_a_cold_load_files_it(tmp_path, monkeypatch):
    """A database loaded by the rules of 0063 has the German Aerospace Center and KAIST under two
    names each, an institution `Unaffiliated Performing Artist` and a title with U+FFFC; upgrading
    joins the institutions in place, takes out the one that is none, and marks the title's file
    to be read again, so that the next load leaves it as a cold load does."""
    folder = json_folder(tmp_path / "d", RECORDS)
    named.cache_clear()
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, OLD_RULES)
    named.cache_clear()
    assert rows(db, INSTITUTIONS) != rows(cold, INSTITUTIONS)
    assert "Unaffiliated Performing Artist" in {name for name, *_ in rows(db, INSTITUTIONS)}
    # (IROS 2007's `German Aerospace Center DLR` was under one key with `German Aerospace Center (DLR)`:
    # the revision files each affiliation by its own name)
    assert ("German Aerospace Center DLR", "german aerospace center dlr") in [
        (n, k) for n, k, *_ in rows(cold, INSTITUTIONS)
    ]
    marked = marked_after_upgrade(db, "0063", "0064")
    assert [path.rsplit("/", 1)[-1] for (path,) in marked] == ["nips2015.json"]
    assert rows(db, INSTITUTIONS) == rows(cold, INSTITUTIONS)
    assert rows(db, TRENDS) == rows(cold, TRENDS)  # (the affiliations too, but of the title read again:)
    assert rows(db, FILED.replace("p.title", "p.id")) == rows(cold, FILED.replace("p.title", "p.id"))
    load(db, [str(folder)])
    for query in (INSTITUTIONS, FILED, TRENDS, TITLES):
        assert rows(db, query) == rows(cold, query), query


@pytest.mark.parametrize(
    ("asked", "found"),
    [
        ("DLR", 3),  # (a known short form: the institution's name no longer writes it)
        # (and the IROS 2007 paper of `German Aerospace Center DLR`, the start of whose name they are)
        ("German Aerospace Center (DLR)", 4),
        ("German Aerospace Center", 4),
        ("KAIST", 2),  # (its initials)
        ("Indian Institute of Technology (BHU)", 1),
    ],
)
def test_papers_by_institution_finds_the_joined_institution_by_its_short_form(tmp_path_factory, asked, found):
    db = str(tmp_path_factory.mktemp("sf") / "p.db")
    load(db, [str(json_folder(Path(db).parent / "d", RECORDS))])
    query = (Path(__file__).parent.parent / "queries" / "papers_by_institution.sql").read_text(encoding="utf-8")
    con = register(sqlite3.connect(db))
    try:
        assert len(con.execute(query, {"institution": asked, "page": None}).fetchall()) == found
    finally:
        con.close()
