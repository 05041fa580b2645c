"""An affiliation that names no institution (the eighth reader's item 6: "Independent Researcher" was
an institution in the United States) is filed nowhere, shown as written beside its author, and
revision 0063 takes it out of a database loaded before it as a cold load files it."""

from __future__ import annotations

import pytest

from etl.extract.affiliations import filed_affiliations
from etl.load import load
from etl.serve.paper import unfiled
from etl.text.placeholders import is_placeholder_affiliation
from tests.helpers import json_folder, loaded_old_and_cold, marked_after_upgrade, rows


@pytest.mark.parametrize(
    ("text", "none"),
    [  # the catalogue's institutions named so (their papers before the rule)
        ("Independent Researcher", True),  # 44, "United States"
        ("University Affiliation Not Specified", True),  # 103
        ("Institution not specified", True),  # 31
        ("Independent", True),  # 14, "China"
        ("Unknown Affiliation", True),
        ("Unaffiliated", True),
        ("Independent Consultant", True),
        ("Individual Researcher", True),
        ("University", True),
        ("University of", True),
        ("Affiliation1", True),
        ("No Afﬁliation", True),  # (a ligature)
        ("603000", True),  # a postcode
        ("N/A", True),
        # a name beside those words is an institution
        ("Independent University", False),  # Bangladesh
        ("360 company", False),
        ("A9", False),
        ("Champalimaud Centre for the Unknown", False),
        ("Private University UMIT", False),
        ("Carnegie Mellon University", False),
        # a person's trade or standing, and no institution with its place (read23, the tenth reader's item 2)
        ("Unaffiliated Performing Artist", True),  # 1, "United States" (SIGGRAPH)
        ("Visiting Scholar", True),  # 1
        ("PhD student", True),
        ("Independent Researcher, Boston", True),
        ("Independent Researcher, Boston, MA", True),
        ("Independent Researcher, London, United Kingdom", True),  # (an ACML 2022 record's, as written)
        ("Independent Researcher, Google", False),  # (a company beside it is an institution)
        ("Independent Researcher, Stanford University", False),
        ("Independent University, Bangladesh", False),
        ("Graduate School", False),
        ("Software Engineer", False),  # (a trade's field is not one of a person's own words)
    ],
)
def test_an_affiliation_that_names_no_institution(text, none):
    assert is_placeholder_affiliation(text) is none


def test_no_institution_is_filed_nor_hosts_a_department():
    # NeurIPS 2010: the second author's department stood under "University Affiliation Not Specified"
    filed = filed_affiliations(
        [
            (1, [("Carnegie Mellon University", "United States")], "yang xu"),
            (2, [("School of Computer Science", None), ("University Affiliation Not Specified", None)], "charles kemp"),
            (3, [("Independent Researcher", "United States")], "marco maida"),
        ]
    )
    assert [(position, order, name, key) for position, order, name, key, _, _ in filed] == [
        (1, 1, "Carnegie Mellon University", "carnegie mellon university"),
        (2, 1, "School of Computer Science", "school of computer science (charles kemp)"),
    ]


def test_the_page_shows_an_authors_affiliation_that_names_no_institution_as_written():
    authors = [
        {"position": 1, "name": "Marco Maida", "institutions": []},
        {"position": 2, "name": "Yang Xu", "institutions": [{"name": "Carnegie Mellon University"}]},
        {"position": 3, "name": "Ada Lovelace", "institutions": []},
    ]
    unfiled(authors, [[["Independent Researcher", None]], [["Carnegie Mellon University", "United States"]], []])
    assert [a["unfiled"] for a in authors] == [["Independent Researcher"], [], []]


# Real records: SIGGRAPH 2025 (four independent researchers), NeurIPS 2010 (a department beside the placeholder).
RECORDS = {
    "siggraph2025.json": [
        {
            "status": "Technical Paper",
            "title": "Claycode: Stylable and Deformable 2D Scannable Codes",
            "author": "Marco Maida, Alberto Crescini, Marco Perronet, Elena Camuffo",
            "aff": "Independent Researcher; Independent Researcher; Independent Researcher; Independent Researcher",
            "aff_unique_index": "0;0;0;0",
            "aff_unique_norm": "Independent Researcher",
            "aff_country_unique_index": "",
            "aff_country_unique": "",
        }
    ],
    "nips2010.json": [
        {
            "title": "Inference and communication in the game of Password",
            "author": "Yang Xu; Charles Kemp",
            "aff": "Machine Learning Department; School of Computer Science+Department of Psychology",
            "status": "Poster",
            "aff_unique_index": "0;1+2",
            "aff_unique_norm": "Carnegie Mellon University;School of Computer Science;University Affiliation Not Specified",
            "aff_country_unique_index": "0;",
            "aff_country_unique": "United States;",
        }
    ],
}
INSTITUTIONS = "SELECT name, normalised, country, papers FROM institutions ORDER BY normalised"
FILED = """SELECT p.title, a.position, a."order", i.normalised, a.name, a.country, a.written
FROM paper_affiliations a JOIN papers p ON p.id = a.paper_id JOIN institutions i ON i.id = a.institution_id
ORDER BY p.title, a.position, a."order\""""
TRENDS = """SELECT i.normalised, t.venue, t.year, t.papers FROM institution_trend_counts t
JOIN institutions i ON i.id = t.institution_id ORDER BY i.normalised, t.venue, t.year"""


def test_revision_0063_takes_out_what_names_no_institution_as_a_cold_load_files_it(tmp_path, monkeypatch):
    folder = json_folder(tmp_path / "d", RECORDS)
    old_rules = {"etl.extract.affiliations.is_placeholder_affiliation": lambda text: False}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert ("Independent Researcher", "independent researcher", None, 1) in rows(db, INSTITUTIONS)
    assert [name for name, *_ in rows(cold, INSTITUTIONS)] == [
        "Carnegie Mellon University",
        "School of Computer Science",
    ]
    marked = marked_after_upgrade(db, "0062", "0063")
    assert [path.rsplit("/", 1)[-1] for (path,) in marked] == ["nips2010.json"]  # (the department's)
    assert "independent researcher" not in [key for _, key, _, _ in rows(db, INSTITUTIONS)]
    load(db, [str(folder)])
    for query in (INSTITUTIONS, FILED, TRENDS):
        assert rows(db, query) == rows(cold, query)
    # the people keep their papers
    assert rows(db, "SELECT count(*) FROM paper_authors") == rows(cold, "SELECT count(*) FROM paper_authors") == [(6,)]
