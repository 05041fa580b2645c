"""A load into an empty database builds the secondary indexes of the tables its files fill once the
files are read (`etl.load.records.BULK_FILLED`, `Writer.rebuilding`): the database it commits has
the same schema and the same rows as one whose indexes were updated row by row."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

import etl.load.records as records
from etl.load import load

from .conftest import FIXTURES
from .test_written_once import every_row

SCHEMA = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"


def schema(db: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return con.execute(SCHEMA).fetchall()
    finally:
        con.close()


def placed(tmp_path, loads: list[dict[str, str]]) -> list[str]:
    """A folder for each set of fixture files (fixture -> where a load finds it: a name with venue
    and year)."""
    folders = []
    for n, files in enumerate(loads):
        folder = tmp_path / f"in-{n}"
        for name, where in files.items():
            (folder / where).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(FIXTURES / name, folder / where)
        folders.append(str(folder))
    return folders


@pytest.mark.parametrize(
    "loads",
    [
        # a new database from two catalogue excerpts: authors, affiliations, ids, links, decisions
        [{"catalogue/aaai2022.json": "aaai2022.json", "catalogue/cvpr2018.json": "cvpr2018.json"}],
        # OpenReview records (ratings, author keywords), then a second load into the filled database
        [{"catalogue/iclr2017.json": "iclr2017.json"}, {"catalogue/icml2017.json": "icml2017.json"}],
        # one paper in two files of one load (read back for the second); links the records give
        [
            {
                "iclr2017.json": "iclr2017.json",
                "catalogue/iclr2017.json": "more/iclr2017.json",
                "paperlists_links.json": "ijcai2023.json",
            }
        ],
    ],
)
def test_indexes_built_after_the_files_give_the_schema_and_rows_of_indexes_kept(tmp_path, monkeypatch, loads):
    after, kept = str(tmp_path / "built_after.db"), str(tmp_path / "kept.db")
    folders = placed(tmp_path, loads)
    for folder in folders:  # (the first into a new database, later ones into it)
        load(after, [folder])
    with monkeypatch.context() as patched:
        patched.setattr(records, "BULK_FILLED", ())  # (every index updated as each row goes in)
        for folder in folders:
            load(kept, [folder])
    indexes = {name for kind, name, table, _ in schema(after) if kind == "index" and table in records.BULK_FILLED}
    assert {"ix_papers_venue_year", "ix_paper_links_url_key"} <= indexes
    assert schema(after) == schema(kept)
    rows, expected = every_row(after), every_row(kept)
    assert rows["papers"], "the fixture files make papers"
    for table in expected:
        assert rows[table] == expected[table], table
