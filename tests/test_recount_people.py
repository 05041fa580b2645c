"""The authors' and institutions' names, countries and counts a load chooses (`recount_people`) are
the same whether it reads each noted one through its index or counts them all in one pass (what it
does when many are noted: a cold load), and the same again after a second file. Real records of the
catalogue's AISTATS 2018 and 2019 (tests/fixtures/recount_people.json: Duke's and Oxford's papers,
the University of Oxford given by seven; and people two sources spell two ways: `Gabriel Peyré` on
four papers and `Gabriel Peyre` on one, `Mihaela Schaar` on three and `Mihaela van der Schaar` on
one, `Stephan Clémençon` and `Stéphan Clémençon` once each)."""

from __future__ import annotations

import json
from pathlib import Path

from etl.load import load, people
from etl.store.writer import Writer

from .helpers import dump, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "recount_people.json").read_text(encoding="utf-8"))
PEOPLE = ("authors", "institutions", "paper_authors", "paper_affiliations")


def _loaded(tmp_path: Path, share: float, monkeypatch, ran: list[str]) -> tuple[str, dict, dict]:
    """A cold load of the first file, then a load of the second, recounted with `SCAN_SHARE` at
    `share`: the database and its people's tables after each load."""
    monkeypatch.setattr(people, "SCAN_SHARE", share)
    execute = Writer.execute

    def noting(self, sql, params=None):
        ran.append(sql)
        return execute(self, sql, params)

    monkeypatch.setattr(Writer, "execute", noting)
    folder = tmp_path / f"share{share}"
    folder.mkdir()
    db_file = str(folder / "papers.db")
    after = []
    for name, records in RECORDS.items():
        path = folder / name
        path.write_text(json.dumps(records), encoding="utf-8")
        load(db_file, [str(path)])
        after.append({table: dump(db_file)[table] for table in PEOPLE})
    return db_file, after[0], after[1]


def test_the_people_are_chosen_alike_by_index_and_in_one_pass(tmp_path, monkeypatch):
    scans: list[str] = []
    db_file, cold, second = _loaded(tmp_path, 0.0, monkeypatch, scans)  # (every recount in one pass)
    indexed: list[str] = []
    _, cold_indexed, second_indexed = _loaded(tmp_path, 100.0, monkeypatch, indexed)  # (none)
    assert sum(sql.startswith("INSERT INTO chosen_names") for sql in scans) == 4  # (two loads, two tables)
    assert not any("chosen_names" in sql for sql in indexed)
    assert (cold, second) == (cold_indexed, second_indexed)
    assert len(second["authors"]) > len(cold["authors"])
    authors = dict(rows(db_file, "SELECT name, papers FROM authors"))
    assert authors["Lawrence Carin"] == 3 and authors["Cynthia Rudin"] == 2
    # the spelling most papers write; the particles first; on a tie the smallest
    assert authors["Gabriel Peyré"] == 5 and authors["Mohammad Ghavamzadeh"] == 3
    assert authors["Mihaela van der Schaar"] == 4 and authors["Stephan Clémençon"] == 2
    assert not {"Gabriel Peyre", "mohammad Ghavamzadeh", "Mihaela Schaar", "Stéphan Clémençon"} & set(authors)
    institutions = {name: rest for name, *rest in rows(db_file, "SELECT name, country, papers FROM institutions")}
    assert institutions["University of Oxford"] == ["United Kingdom", 7]
    assert institutions["Duke University"] == ["United States", 6]
