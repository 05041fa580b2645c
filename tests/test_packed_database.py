"""A load's new database appears packed (etl/store/creating.py): the schema and rows the load
committed to its partial file, with no free space; or that file itself when packing fails."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from etl.load import load
from etl.store import creating, writing

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"  # (real records: a catalogue excerpt, 20 papers)


def contents(db_file: str) -> dict:
    """Everything a reader of the file sees: its schema, every table's rows (the full-text
    indexes' own tables too), page size and journal mode; and apart, its pages (all, free) and
    the bytes of its pages that hold nothing."""
    con = sqlite3.connect(f"file:{db_file}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        schema = sorted(con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"), key=repr)
        tables = [name for kind, name, _, sql in schema if kind == "table" and "VIRTUAL" not in (sql or "")]
        rows = {name: sorted(con.execute(f'SELECT * FROM "{name}"'), key=repr) for name in tables}
        settings = [con.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_size", "journal_mode")]
        pages = [con.execute(f"PRAGMA {name}").fetchone()[0] for name in ("page_count", "freelist_count")]
        unused = con.execute("SELECT sum(unused) FROM dbstat").fetchone()[0]
        return {"schema": schema, "rows": rows, "settings": settings, "pages": pages, "unused": unused}
    finally:
        con.close()


@pytest.mark.parametrize(
    "packed_suffix",
    [
        pytest.param(creating.PACKED_SUFFIX, id="packed"),
        # the packed file cannot be written (its directory is missing, as a full disk fails it)
        pytest.param("-missing/packed", id="packing-fails"),
    ],
)
def test_a_new_database_holds_what_the_load_committed(tmp_path, monkeypatch, packed_suffix):
    db_file = tmp_path / "new" / "papers.db"
    committed = {}

    def pack(target, held):
        committed.update(contents(target))
        pack_as_written(target, held)

    pack_as_written = writing.pack
    monkeypatch.setattr(writing, "pack", pack)
    monkeypatch.setattr(creating, "PACKED_SUFFIX", packed_suffix)
    assert load(str(db_file), []).papers_added == 57  # (the bundled listings: real ICML 2024 papers)
    assert sorted(os.listdir(db_file.parent)) == ["papers.db"]  # (no partial, packed or log file left)
    published = contents(str(db_file))
    assert [published[key] for key in ("schema", "rows", "settings")] == [
        committed[key] for key in ("schema", "rows", "settings")
    ]
    if packed_suffix == "-missing/packed":
        assert (published["pages"], published["unused"]) == (committed["pages"], committed["unused"])
    else:  # (the bundled listings' pages hold 1.46 MB of free space, the packed ones 16 KiB less)
        assert published["pages"][0] < committed["pages"][0] and published["pages"][1] == 0
        assert published["unused"] < committed["unused"]


def test_a_load_into_a_database_that_exists_writes_it_in_place(tmp_path):
    """Only a new database is packed: a later load writes in the file (readers keep reading it)."""
    db_file = tmp_path / "papers.db"
    load(str(db_file), [str(EXCERPT / "cvpr2018.json")])
    inode = db_file.stat().st_ino
    assert load(str(db_file), [str(EXCERPT)]).papers_added > 0
    assert db_file.stat().st_ino == inode
    assert sorted(os.listdir(tmp_path)) == ["papers.db"]


KEY_ORDERED = ("paper_affiliations", "paper_ids")  # (revision 0066: WITHOUT ROWID, as 0019 made paper_keywords)


def test_revision_0066_stores_affiliations_and_ids_in_key_order_with_the_same_rows_and_down_again(tmp_path):
    """A database of 0065 keeps every row of paper_affiliations and paper_ids, now in tables
    that are their key's index (no rowid, no second copy of the key); a load goes on writing them;
    down again, rowid tables with the same rows."""
    from alembic import command

    from etl.store.engine import alembic_config
    from tests.helpers import rows, run

    def without_rowid() -> list[bool]:
        return [
            "WITHOUT ROWID" in rows(db, f"SELECT sql FROM sqlite_master WHERE name = '{table}'")[0][0]
            for table in KEY_ORDERED
        ]

    def held() -> list[list[tuple]]:
        return [sorted(rows(db, f"SELECT * FROM {table}")) for table in KEY_ORDERED]

    db = str(tmp_path / "papers.db")
    load(
        db, [str(EXCERPT / "aaai2022.json"), str(EXCERPT / "icml2017.json")]
    )  # (real records with affiliations and DOIs)
    assert without_rowid() == [True, True]  # (a new database: what the revisions make)
    cold = held()
    assert [len(table) for table in cold] == [69, 13]
    run(db, lambda conn: command.downgrade(alembic_config(conn), "0065"))
    assert without_rowid() == [False, False] and held() == cold
    run(db, lambda conn: command.upgrade(alembic_config(conn), "0066"))
    assert without_rowid() == [True, True] and held() == cold
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]
    assert load(db, [str(EXCERPT)]).papers_added == 7  # (cvpr2018's and iclr2017's: their ids)
    assert [len(table) for table in held()] == [69, 20]
