"""Institutions a reader can trust and join (inst19): an affiliation written as an address is filed
under the institution it names, a JSON escape a source lost its backslash of is read back, and a
department alone is filed under its record's or author's institution or kept apart from other
departments of its name. The strings are the catalogue's (paper_affiliations of main's load, each
with its venue), and the records of tests/fixtures/address_affiliations.json are real catalogue
records (their abstracts cut short)."""

from __future__ import annotations

import asyncio
import html
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from etl.extract.affiliations import filed_affiliations, named
from etl.load import load
from etl.report.export import export
from etl.serve.app import make_datasette
from etl.text.institution_parts import institution_part, read_lost_escapes, unit_only
from tests.helpers import json_folder, loaded_json, marked_after_upgrade, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "address_affiliations.json").read_text(encoding="utf-8"))
AFFILIATIONS = 'SELECT paper_id, position, "order", name, country, written FROM paper_affiliations ORDER BY 1, 2, 3'


@pytest.mark.parametrize(
    "written, institution",
    [
        # addresses: the university, institute or company part (IROS, ICRA, RSS, NeurIPS, CVPR)
        (
            "Department of Electrical and Computer Engineering, Carnegie Mellon University, Pittsburgh, PA, USA",
            "Carnegie Mellon University",
        ),
        (
            "G . W. Woodruff School of Mechanical Engineering, Georgia Institute of Technology, Atlanta, GA, USA",
            "Georgia Institute of Technology",
        ),
        (
            "PolyPedal Laboratory, Department of Integrative Biology, University of California at Berkeley",
            "University of California at Berkeley",
        ),
        (
            "Dept. of Intelligent Syst. Eng., Ichinoseki Nat. Coll. of Technol., Japan",
            "Ichinoseki Nat. Coll. of Technol.",
        ),
        ("School of Computer Science, Carnegie Mellon University", "Carnegie Mellon University"),
        ("State Key Laboratory of CAD & CG, Zhejiang University", "Zhejiang University"),
        ("Shenzhen University, College of Software Engineering", "Shenzhen University"),
        (
            "Department of Computer Science, National Chiao Tung University, Hsinchu, Taiwan, R.O.C.",
            "National Chiao Tung University",
        ),
        (
            "Computer Science and Artificial Intelligence Laboratory (CSAIL), Massachusetts Institute of Technology (MIT)",
            "Massachusetts Institute of Technology (MIT)",
        ),
        ("Baidu USA LLC, 250 E Caribbean Drive, Sunnyvale, CA", "Baidu USA LLC"),
        ("Goertek Robotics Co., Ltd., Shanghai, P.R. China", "Goertek Robotics Co., Ltd."),
        ("AheadX Technology Co., LTD., Beijing, China", "AheadX Technology Co., LTD."),
        (
            "Albert-Ludwigs-University of Freiburg, Department for Computer Science, 79110 Freiburg, Germany",
            "Albert-Ludwigs-University of Freiburg",
        ),
        ("University of Virginia, Charlottesville", "University of Virginia"),
        ("Harbin Institute of Technology, Harbin, China", "Harbin Institute of Technology"),
        ("Ibaraki University, Hitachi, Ibaraki, Japan", "Ibaraki University"),
        # a campus is part of a system member's name, and of a name without a proper noun
        ("University of California, Berkeley", None),
        ("Department of EECS, University of California, Berkeley, CA, USA", "University of California, Berkeley"),
        ("University of Maryland, College Park", None),
        ("Computer Science Department, University of Texas, Austin", "University of Texas, Austin"),
        ("Indian Institute of Technology, Delhi", None),
        ("Indian Institute of Science Education and Research, Bhopal", None),
        ("Chinese University of Hong Kong, Shenzhen", None),
        (
            "Centre for Autonomous Systems, University of Technology, Sydney, Australia",
            "University of Technology, Sydney",
        ),
        ("University at Albany, SUNY", None),
        ("Vietnam National University, Hanoi", None),
        # a college of one name in several cities is named with its city (ICRA 2023, IROS 2017)
        (
            "School of Biomedical Engineering & Imaging Sciences, King's College, London, UK",
            "King's College, London",
        ),
        ("King's College, Aberdeen", None),
        # a comma within a name, a legal suffix, a list's end, a college of London
        ("Willow Garage, Inc.", None),
        ("Agency for Science, Technology and Research", None),
        ("Imperial College of Science, Technology and Medicine", None),
        ("National Heart, Lung, and Blood Institute", None),
        ("Institute for Development, Economic Analysis, and Simulation (IDEAS)", None),
        ("Rutgers, the State University of New Jersey", None),
        ("Queen Mary, University of London", None),
        ("Institute of Automation, Chinese Academy of Sciences", None),
        # two institutions side by side stay together
        ("Università degli Studi di Genova, Istituto Italiano di Tecnologia", None),
        ("INRIA, Université Côte d'Azur", None),
        ("LTCI, Telecom ParisTech", None),
        ("Microsoft Research", None),
    ],
)
def test_an_address_names_its_institution(written, institution):
    assert institution_part(written) == (institution or written)


@pytest.mark.parametrize(
    "written, read",
    [
        ("Universit u00e9 de Sherbrooke", "Université de Sherbrooke"),
        ("Universit u00e9 de Montr u00e9al", "Université de Montréal"),
        ("Polytechnique Montru00e9al", "Polytechnique Montréal"),
        ("Universitu00e9 d’Artois", "Université d’Artois"),
        ("Institut d'organitzaciu00f3", "Institut d'organització"),
        ("D u00e9partement d'informatique", "Département d'informatique"),
        # a code cut short (`u00e9` as `u00e` + `al`, or `u00ea` + `l`?) stays as written
        ("Universit u00e9 de Montr u00eal", "Université de Montr u00eal"),
        ("University of Oxford", "University of Oxford"),
        ("u0097 Labs", "u0097 Labs"),  # (no letter)
    ],
)
def test_a_lost_escape_is_read_back_where_it_is_certain(written, read):
    assert read_lost_escapes(written) == read


@pytest.mark.parametrize(
    "name, alone",
    [
        ("Department of Aeronautics and Astronautics", True),
        ("Dept. of Mechanical Engineering", True),
        ("School of Computer Science", True),
        ("Computer Science Department", True),
        ("State Key Lab of Intelligent Technologies and Systems", True),
        ("College of Computing", True),
        ("Mechanical Engineering", True),
        ("College of William & Mary", False),
        ("Colorado School of Mines", False),
        ("Higher School of Economics", False),
        ("Alibaba Group", False),
        ("Pengcheng Laboratory", False),
        ("Jet Propulsion Laboratory", False),
        ("Robotics Institute", False),
        ("Stanford University", False),
    ],
)
def test_a_department_alone_names_no_institution(name, alone):
    assert unit_only(name) is alone


def test_a_department_alone_is_filed_under_its_records_or_authors_institution_or_kept_apart():
    given = [
        (1, [("Department of ECE, Rice University, Houston, TX, USA", None)], "ann"),
        (2, [("Department of ECE", None)], "bob"),  # (the record writes it with Rice University)
        (3, [("Linguistics Department", None), ("University of Maryland", "United States")], "cy"),
        (4, [("School of Computer Science", None)], "dee"),  # (nothing says whose)
        (5, [("Computer Science Department", None), ("Center for the Neural Basis of Cognition", None)], "eve"),
    ]
    assert filed_affiliations(given) == [
        (1, 1, "Rice University", "rice university", None, "Department of ECE, Rice University, Houston, TX, USA"),
        (2, 1, "Rice University", "rice university", None, "Department of ECE"),
        (3, 1, "University of Maryland", "university of maryland", None, "Linguistics Department"),
        (3, 2, "University of Maryland", "university of maryland", "United States", None),
        (4, 1, "School of Computer Science", "school of computer science (dee)", None, None),
        (5, 1, "Computer Science Department", "computer science department (eve)", None, None),
        (5, 2, "Center for the Neural Basis of Cognition", "center for the neural basis of cognition", None, None),
    ]


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    return loaded_json(tmp_path_factory, "addresses", RECORDS)


def _affiliations(db: str, title: str) -> list[tuple]:
    return rows(
        db,
        "SELECT a.position, i.name, i.normalised, a.written FROM paper_affiliations a JOIN papers p ON p.id = a.paper_id"
        f" JOIN institutions i ON i.id = a.institution_id WHERE p.title LIKE '{title}%' ORDER BY 1, a.\"order\"",
    )


def test_the_catalogues_addresses_are_filed_under_their_institutions(loaded):
    cmu = "Carnegie Mellon University"
    assert _affiliations(loaded, "A point-based MDP") == [
        (1, cmu, "carnegie mellon university", f"Department of Electrical and Computer Engineering, {cmu}, Pittsburgh, PA, USA"),
        (2, cmu, "carnegie mellon university", f"Robotics Institute and Department of Electrical and Computer Engineering, {cmu}, Pittsburgh, PA, USA"),
        (4, "GM Research and Development Center", "gm research and development center", "GM-CMU Autonomous Driving Collaborative Research Laboratory, GM Research and Development Center, Warren, MI, USA"),
    ]  # fmt: skip
    (woodruff,) = [r for r in _affiliations(loaded, "Intention aware") if r[0] == 2]
    assert woodruff[1] == "Georgia Institute of Technology" and woodruff[3].startswith("G . W. Woodruff School")
    assert {r[1] for r in _affiliations(loaded, "Maxout Networks")} == {"Université de Montréal"}
    assert {r[1] for r in _affiliations(loaded, "From Support Propagation")} == {"Polytechnique Montréal"}
    assert ("University of California at Berkeley", "university of california at berkeley") in {
        r[1:3] for r in _affiliations(loaded, "Design of a Bio-inspired")
    }
    # (one Carnegie Mellon University: the two papers' addresses and the names other records give)
    assert rows(loaded, "SELECT count(*) FROM institutions WHERE name LIKE '%Carnegie Mellon%'") == [(1,)]
    assert rows(loaded, "SELECT count(*) FROM institutions WHERE name LIKE '%,%' AND name LIKE '%, USA'") == [(0,)]
    # (a name that is no address stays, and has nothing else written)
    assert ("University of California, Berkeley", "university of california berkeley", None) in {
        r[1:] for r in _affiliations(loaded, "#Exploration")
    }


def _page_of(db: str, title: str) -> str:
    ((pk,),) = rows(db, "SELECT pk FROM papers WHERE title LIKE ?", (f"{title}%",))
    return html.unescape(asyncio.run(make_datasette(db).client.get(f"/papers/papers/{pk}")).text)


def test_a_papers_page_names_the_institution_and_shows_what_the_source_wrote(loaded):
    link = r'<a href="/papers/papers_by_institution\?institution=\d+"(?: title="As the source writes it: ([^"]*)")?>([^<]+)</a>'
    address = "Department of Electrical and Computer Engineering, Carnegie Mellon University, Pittsburgh, PA, USA"
    assert re.findall(link, _page_of(loaded, "A point-based MDP"))[0] == (address, "Carnegie Mellon University")
    # (a name that is no address is shown as written, with nothing more)
    assert ("", "University of California, Berkeley") in re.findall(link, _page_of(loaded, "#Exploration"))


def test_departments_alone_are_kept_apart_by_their_authors(loaded):
    aeronautics = _affiliations(loaded, "Risk-sensitive Inverse")
    aero, ee = "Department of Aeronautics and Astronautics", "Electrical Engineering Department"
    assert [r[1] for r in aeronautics] == [aero, aero, ee, aero]
    assert len({r[2] for r in aeronautics}) == 4  # (each author's own: no two of them merged)
    assert rows(loaded, "SELECT count(*) FROM institutions WHERE name = 'School of Computer Science'") == [(4,)]
    # (the Linguistics Department of an author at the University of Maryland is filed under it)
    hierarchy = _affiliations(loaded, "Learning a Concept Hierarchy")
    assert ("Linguistics Department" not in {r[1] for r in hierarchy}) and hierarchy[0][1] == "University of Maryland"


def test_an_export_reads_back_to_the_same_institutions(loaded, tmp_path):
    export(loaded, str(tmp_path / "out"), fmt="jsonl")
    again = str(tmp_path / "again.db")
    load(again, [str(tmp_path / "out" / "papers.jsonl")])
    institutions = "SELECT name, normalised, country, papers FROM institutions ORDER BY normalised"
    assert rows(again, institutions) == rows(loaded, institutions)
    filed = 'SELECT paper_id, position, "order", name, country FROM paper_affiliations ORDER BY 1, 2, 3'
    assert rows(again, filed) == rows(loaded, filed)


def test_revision_0057_has_the_sources_with_such_records_read_again(tmp_path, monkeypatch):
    """A database loaded by the rules before 0057 has the addresses as institutions; upgrading marks
    the files whose records name one (not a file naming none), and the next load files them as a
    cold load does."""
    from tests.helpers import loaded_old_and_cold

    folder = json_folder(tmp_path / "d", {name: RECORDS[name] for name in ("icra2011.json", "cvpr2016.json")})
    old_rules = {"etl.extract.affiliations.named": _named_before_0057}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, AFFILIATIONS) != rows(cold, AFFILIATIONS)
    assert marked_after_upgrade(db, "0056", "0057") == [(str(folder / "icra2011.json"),)]
    load(db, [str(folder)])
    assert rows(db, AFFILIATIONS) == rows(cold, AFFILIATIONS)
    assert rows(db, "SELECT name FROM institutions ORDER BY name") == rows(
        cold, "SELECT name FROM institutions ORDER BY name"
    )


@lru_cache  # (a memo as the rule's: a load empties it)
def _named_before_0057(label: str) -> tuple:
    from etl.text.cleaning import institution_key

    return label, institution_key(label), False, False, ()


def test_revision_0058_has_the_sources_naming_a_college_by_its_city_read_again(tmp_path, monkeypatch):
    """A database loaded by the rules of 0057 files `King's College, London` under `King's College`
    alone; upgrading marks the file naming it (not a file naming none), and the next load files it
    under `King's College, London`, as a cold load does."""
    from tests.helpers import loaded_old_and_cold

    folder = json_folder(tmp_path / "d", {name: RECORDS[name] for name in ("icra2023.json", "cvpr2016.json")})
    monkeypatch.setattr("etl.text.institution_parts._CITY_COLLEGE", re.compile(r"(?!)"))
    named.cache_clear()
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, {})
    named.cache_clear()
    kings = "SELECT DISTINCT name FROM institutions WHERE name LIKE 'King%' ORDER BY 1"
    assert rows(db, kings) == [("King's College",)] and rows(cold, kings) == [("King's College, London",)]
    assert marked_after_upgrade(db, "0057", "0058") == [(str(folder / "icra2023.json"),)]
    load(db, [str(folder)])
    assert rows(db, AFFILIATIONS) == rows(cold, AFFILIATIONS)
    assert rows(db, kings) == rows(cold, kings)
