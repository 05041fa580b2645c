"""A paper new to the database is written once, its bibliography decided from its one record as it
is saved (etl/load/records.py); every table then holds what the read back / update cycle
(`refresh_bibliography` of every paper) gives from the same records, row for row."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

import etl.load.run as run
from etl.load import load

from .conftest import FIXTURES

# Columns that date a row or time a step, and the full-text indexes' own segment tables.
VOLATILE = ("_at", "duration_s")
AGAIN = "a record of the excerpt again"
TWICE = "the excerpt, its first record twice"


def every_row(db: str) -> dict[str, list[tuple]]:
    """Every table's rows but times and durations, in the order of all their columns."""
    con = sqlite3.connect(db)
    try:
        names = [
            name
            for (name,) in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                " AND name NOT LIKE '%_fts_%'"
            )
        ]
        out = {}
        for name in names:
            kept = [
                c for (c,) in con.execute(f"SELECT name FROM pragma_table_info('{name}')") if not c.endswith(VOLATILE)
            ]
            quoted = ", ".join(f'"{c}"' for c in kept)
            out[name] = con.execute(f'SELECT {quoted} FROM "{name}" ORDER BY {quoted}').fetchall()
        return out
    finally:
        con.close()


def read_back_every_paper(monkeypatch) -> None:
    """Loads settle every paper by reading its records back, none as written when saved."""
    settle = run.refresh_bibliography
    monkeypatch.setattr(
        run,
        "refresh_bibliography",
        lambda writer, touched, reviews=None, written=(), scored=None: settle(writer, touched, reviews),
    )


# Fixture files (copied from the catalogue) and where a test puts them (a name with venue and year).
@pytest.mark.parametrize(
    "files",
    [
        # authors with affiliations and countries, ids, links the record gives, decisions
        {"catalogue/aaai2022.json": "aaai2022.json", "catalogue/cvpr2018.json": "cvpr2018.json"},
        # OpenReview records: ratings, author keywords, TL;DRs
        {"catalogue/iclr2017.json": "iclr2017.json", "catalogue/icml2017.json": "icml2017.json"},
        # code and project links the record gives beside those its abstract cites
        {"paperlists_links.json": "ijcai2023.json"},
        # one paper in two files: written by the first, read back when the second names it too
        {
            "iclr2017.json": "iclr2017.json",
            "catalogue/iclr2017.json": "more/iclr2017.json",
            AGAIN: "again/iclr2017.json",
        },
        # one paper given two records by one file: written by the first, read back for the second
        {TWICE: "iclr2017.json", "catalogue/icml2017.json": "icml2017.json"},
    ],
)
def test_a_paper_written_once_is_what_reading_its_records_back_gives(tmp_path, monkeypatch, files):
    folder = tmp_path / "in"
    for name, placed in files.items():
        target = folder / placed
        target.parent.mkdir(parents=True, exist_ok=True)
        if name == AGAIN:  # (the first record of the catalogue excerpt again, as a later list gives it)
            record = json.loads((FIXTURES / "catalogue/iclr2017.json").read_text(encoding="utf-8"))[0]
            target.write_text(json.dumps([record | {"status": "Workshop", "author": "Someone Else"}]), encoding="utf-8")
        elif name == TWICE:
            records = json.loads((FIXTURES / "catalogue/iclr2017.json").read_text(encoding="utf-8"))
            records.append(records[0] | {"status": "Workshop", "author": "Someone Else"})
            target.write_text(json.dumps(records), encoding="utf-8")
        else:
            shutil.copy(FIXTURES / name, target)
    once = str(tmp_path / "once.db")
    load(once, [str(folder)])
    with monkeypatch.context() as patched:
        read_back_every_paper(patched)
        read_back = str(tmp_path / "read_back.db")
        load(read_back, [str(folder)])
    written, settled = every_row(once), every_row(read_back)
    assert written["papers"], "the fixture files make papers"
    assert written["paper_authors"], "the fixture files name authors"
    for table in settled:
        assert written[table] == settled[table], table
