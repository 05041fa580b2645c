"""Papers no source lists any more go with every row of theirs, the tables' rows deleted a table at a
time before the papers' (`etl.load.orphans.CASCADED`), as the schema's cascades would delete them."""

from __future__ import annotations

import json
import sqlite3

from etl.load import load
from etl.load.orphans import CASCADED
from tests.exports import paperlists_json
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, ABSTRACT_ZKAUDIT, listing_text, rows


def _cascading(db: str) -> set[tuple[str, str]]:
    """(table, column) of every foreign key to `papers.id` whose rows go with their paper."""
    con = sqlite3.connect(db)
    try:
        tables = [name for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            (table, fk[3])
            for table in tables
            for fk in con.execute(f"PRAGMA foreign_key_list('{table}')")
            if fk[2] == "papers" and fk[4] == "id" and fk[6] == "CASCADE"
        }
    finally:
        con.close()


def test_the_tables_deleted_by_hand_are_the_schemas_cascading_ones(db_file, write):
    load(db_file, [str(write("a.txt", listing_text(ABSTRACT_GNN)))])
    assert set(CASCADED) == _cascading(db_file)
    assert len(CASCADED) == len(set(CASCADED))


def test_an_orphans_rows_go_from_every_table(db_file, write):
    """A paperlists file (authors, affiliations, ids, links, reviews' scores, keywords) edited to
    drop its first record: that paper's rows go from every table, the others' stay."""
    path = write("iclr2024.json", paperlists_json([ABSTRACT_QUIP, ABSTRACT_GNN, ABSTRACT_ZKAUDIT]))
    load(db_file, [str(path)])
    (gone,) = rows(db_file, "SELECT id FROM papers WHERE title = 'Listed Paper 0'")[0]

    def held(pid: str) -> dict[tuple[str, str], int]:
        return {(t, c): rows(db_file, f'SELECT count(*) FROM "{t}" WHERE "{c}" = ?', (pid,))[0][0] for t, c in CASCADED}

    before = held(gone)
    assert [k for k, n in before.items() if n] == [
        ("paper_sources", "paper_id"),
        ("paper_links", "paper_id"),
        ("paper_ids", "paper_id"),
        ("paper_affiliations", "paper_id"),
        ("paper_keywords", "paper_id"),
        ("paper_authors", "paper_id"),
        ("similar_papers", "paper_id"),
        ("reviews", "paper_id"),
    ]
    kept = {pid: held(pid) for (pid,) in rows(db_file, "SELECT id FROM papers WHERE id != ?", (gone,))}
    write("iclr2024.json", json.dumps(json.loads(path.read_text(encoding="utf-8"))[1:]))
    assert load(db_file, [str(path)]).papers_removed == 1
    assert set(held(gone).values()) == {0}
    assert rows(db_file, "SELECT count(*) FROM similar_papers WHERE similar_id = ?", (gone,)) == [(0,)]
    after = {pid: held(pid) for pid in kept}
    for pid, counts in kept.items():  # (the others keep their rows but their similar papers, found again)
        assert {k: n for k, n in after[pid].items() if k[0] != "similar_papers"} == {
            k: n for k, n in counts.items() if k[0] != "similar_papers"
        }
