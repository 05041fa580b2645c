"""`papers_by_institution` finds an institution by the short form its name gives in parentheses (the
ninth reader: `institution=MIT` left out the 21 papers of `Massachusetts Institute of Technology (MIT)`,
whose initials are `mitm`, and `institution=DLR` found 23 papers where `German Aerospace Center (DLR)`
alone has 121). Real records of the catalogue (tests/fixtures/own_short_forms.json): SIGGRAPH 2023's
"Materialistic: Selecting Similar Materials in Images" (Massachusetts Institute of Technology (MIT);
Adobe Research) and ICRA 2020's "Visual-Inertial Telepresence for Aerial Manipulation" (German
Aerospace Center (DLR), Institute of Robotics and Mechatronics, Wessling, Germany)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from etl.store.functions import own_short_form, register
from tests.helpers import loaded_json

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "own_short_forms.json").read_text(encoding="utf-8"))
QUERY = (Path(__file__).parent.parent / "queries" / "papers_by_institution.sql").read_text(encoding="utf-8")
MATERIALISTIC = "Materialistic: Selecting Similar Materials in Images"
TELEPRESENCE = "Visual-Inertial Telepresence for Aerial Manipulation"


@pytest.mark.parametrize(
    "name, short",
    [
        ("German Aerospace Center (DLR)", "dlr"),
        ("Massachusetts Institute of Technology (MIT)", "mit"),
        ("Swiss Federal Institute of Technology (ETH Zurich)", "eth zurich"),
        (
            "KAIST (Korea Advanced Institute of Science and Technology)",
            "korea advanced institute of science and technology",
        ),
        ("German Aerospace Center", None),
        ("MIT, The Laboratory for Information and Decision Systems (LIDS), Cambridge", None),  # (not at its end)
        ("University ()", None),
        (None, None),
    ],
)
def test_own_short_form_is_the_name_in_parentheses_at_the_end(name, short):
    assert own_short_form(name) == short


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    return loaded_json(tmp_path_factory, "own_short_forms", RECORDS)


@pytest.mark.parametrize(
    "asked, titles",
    [
        ("MIT", {MATERIALISTIC}),  # (the short form in its name; its initials are `mitm`)
        ("DLR", {TELEPRESENCE}),
        ("German Aerospace Center", {TELEPRESENCE}),  # (the start of its name, as before)
        ("Adobe", {MATERIALISTIC}),
        # (`German Aerospace Center (DLR)` is filed as German Aerospace Center since read23, whose
        # initials find it as any institution's do)
        ("GAC", {TELEPRESENCE}),
        ("Germany", set()),
    ],
)
def test_papers_by_institution_finds_an_institution_by_the_short_form_in_its_name(loaded, asked, titles):
    con = register(sqlite3.connect(loaded))
    found = {row[1] for row in con.execute(QUERY, {"institution": asked, "page": None})}
    assert found == titles
