"""An author's own name where the affiliation goes is no affiliation (the reader's report: IROS 2006
"SwisTrack" read `Nikolaus Correll (Nikolaus Correll), G. Sempo (G. Sempo), ...`; 1,337
`paper_affiliations` rows on 439 ICRA and IROS papers named the author themself). Real records of
the catalogue (tests/fixtures/own_name_affiliations.json): SwisTrack twice (IROS 2006 lists it with
names only and again with the institutions), ICRA 2000 with one institution and two names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.load import load
from etl.sources import read_input
from etl.sources.paperlists import without_own_names
from tests.helpers import marked_after_upgrade, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "own_name_affiliations.json").read_text(encoding="utf-8"))
SWISS = "Swarm-Intelligent Systems Group (SWIS), École Polytechnique Fédérale Lausanne"


@pytest.mark.parametrize(
    "names, found, kept, dropped",
    [
        (("Nikolaus Correll", "G. Sempo"), ((("Nikolaus Correll", None),), (("G. Sempo", None),)), (), 2),
        (  # (case and spaces do not count)
            ("J.-l. Deneubourg",),
            ((("j.-l.  Deneubourg", None),),),
            (),
            1,
        ),
        (  # (an institution kept beside the name left out)
            ("P. Andrew", "L. Silverthorne"),
            ((("HelpMate Robotics Inc.", "United States"),), (("L. Silverthorne", None),)),
            ((("HelpMate Robotics Inc.", "United States"),), ()),
            1,
        ),
        (  # (another author's name is not the author's own: left as it is)
            ("Samah Shayya", "Olivier Company"),
            ((("Olivier Company", None),), ()),
            ((("Olivier Company", None),), ()),
            0,
        ),
        (("Nikolaus Correll",), (((SWISS, "Switzerland"),),), (((SWISS, "Switzerland"),),), 0),
    ],
)
def test_an_authors_own_name_is_no_affiliation(names, found, kept, dropped):
    assert without_own_names(names, found) == (kept, dropped)


def _read(name: str) -> tuple:
    parsed = read_input(name, json.dumps(RECORDS[name], ensure_ascii=False).encode())
    return list(parsed.entries), parsed.tally


@pytest.mark.parametrize(
    "name, affiliations, repaired",
    [
        ("iros2006.json", [(), ("École Polytechnique Fédérale Lausanne", "Université Libre de Bruxelles")], 1),
        ("icra2000.json", [("HelpMate Robotics Inc., Danbury, CT, USA",)], 1),
    ],
)
def test_the_catalogues_records_read_with_no_affiliation_where_the_name_was(name, affiliations, repaired):
    entries, tally = _read(name)
    named = [tuple(dict.fromkeys(n for pairs in e.affiliations for n, _ in pairs)) for e in entries]
    assert [n[: len(a)] for n, a in zip(named, affiliations, strict=True)] == affiliations
    people = {name for e in entries for name in e.authors}
    assert not people & {n for names in named for n in names}
    assert tally.repaired == repaired


INSTITUTIONS = "SELECT name FROM institutions ORDER BY name"
AFFILIATIONS = "SELECT paper_id, position, name FROM paper_affiliations ORDER BY paper_id, position, name"


def test_revision_0040_has_the_sources_naming_people_as_institutions_read_again(tmp_path, monkeypatch):
    """A database loaded before the rule holds `Nikolaus Correll` as an institution; upgrading marks
    the IROS file (and not the ICRA one whose record has an institution only) to be read again, and
    the next load leaves affiliations and institutions as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "iros2006.json").write_text(json.dumps(RECORDS["iros2006.json"]), encoding="utf-8")
    icra = [dict(RECORDS["icra2000.json"][0], aff="HelpMate Robotics Inc., Danbury, CT, USA;;")]
    (folder / "icra2000.json").write_text(json.dumps(icra), encoding="utf-8")
    db = str(tmp_path / "p.db")
    monkeypatch.setattr("etl.sources.paperlists.without_own_names", lambda names, found: (found, 0))
    load(db, [str(folder)])
    monkeypatch.undo()
    assert ("Nikolaus Correll",) in rows(db, INSTITUTIONS)
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    assert ("Nikolaus Correll",) not in rows(cold, INSTITUTIONS)
    assert marked_after_upgrade(db, "0039", "0040") == [
        (str(folder / "iros2006.json"),)
    ]  # (to before 0040; 0057 marks more)
    load(db, [str(folder)])
    assert rows(db, AFFILIATIONS) == rows(cold, AFFILIATIONS)
    assert rows(db, "SELECT name, papers FROM institutions ORDER BY name") == rows(
        cold, "SELECT name, papers FROM institutions ORDER BY name"
    )
