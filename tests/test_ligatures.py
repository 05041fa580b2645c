"""Ligatures are letters (etl.text.debris): a paper whose PDF text writes `efﬁcient` reads, is
searched and is keyed by the word, in a new load and, through revision 0031, in a stored database."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from alembic import command

from etl.load import load
from etl.store.engine import alembic_config, migrate
from etl.text.debris import repair
from tests.helpers import LEFT_TO_THE_NEXT_LOAD, dump, rows, run

# NeurIPS 2002's "Automatic Alignment of Local Representations" as the catalogue has it (abridged),
# and a title with a ligature.
RECORDS = [
    {
        "title": "Automatic Alignment of Local Representations",
        "abstract": "We present an automatic alignment procedure which maps the disparate internal "
        "representations learned by several local dimensionality reduction experts into a single, "
        "coherent global coordinate system. The alignment reduces to an efﬁcient eigensolver.",
        "venue": "NeurIPS",
        "year": 2002,
    },
    {
        "title": "Efﬁcient Reﬂections on ﬂows",
        "abstract": "A plain abstract about flows without any ligature in it, long enough to be a paper.",
        "venue": "NeurIPS",
        "year": 2002,
    },
]


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("the eﬀect of coﬁnality", "the effect of cofinality"),
        ("a ﬂow of diﬃcult baﬄes", "a flow of difficult baffles"),
        ("the ﬅyle of ﬆructures, Göttingen", "the style of structures, Göttingen"),
    ],
)
def test_each_ligature_is_spelled_out_by_the_repair(written, read):
    assert repair(written) == read


WORDS = "SELECT count(*) FROM papers_fts_words WHERE papers_fts_words MATCH ?"


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("ligatures")
    (folder / "papers.jsonl").write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    db_file = str(folder / "papers.db")
    load(db_file, [str(folder / "papers.jsonl")])
    return db_file


def test_a_load_spells_ligatures_as_letters_and_keeps_the_text_as_written(loaded):
    assert rows(loaded, "SELECT title FROM papers ORDER BY title") == [
        ("Automatic Alignment of Local Representations",),
        ("Efficient Reflections on flows",),
    ]
    [(written, cleaned)] = rows(loaded, "SELECT abstract, abstract_clean FROM papers WHERE abstract LIKE '%eigen%'")
    assert "efﬁcient eigensolver" in written and "efficient eigensolver" in cleaned
    assert rows(loaded, WORDS, ["abstract_clean: efficient eigensolver"]) == [(1,)]


def test_revision_0031_spells_them_in_a_database_loaded_before(loaded, tmp_path):
    db_file = str(tmp_path / "papers.db")
    shutil.copy(loaded, db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0030"))
    con = sqlite3.connect(db_file)
    with con:  # (what 0030's load stored: the ligatures in the cleaned text and the title)
        con.execute("UPDATE papers SET abstract_clean = NULL WHERE abstract LIKE '%eigen%'")
        con.execute("UPDATE papers SET title = 'Efﬁcient Reﬂections on ﬂows' WHERE title LIKE 'Efficient%'")
    con.close()
    assert rows(db_file, WORDS, ["{title abstract_clean}: efficient"]) == [(0,)]
    run(db_file, migrate)
    assert dump(db_file, LEFT_TO_THE_NEXT_LOAD) == dump(loaded, LEFT_TO_THE_NEXT_LOAD)
    assert rows(db_file, WORDS, ["{title abstract_clean}: efficient"]) == [(2,)]
