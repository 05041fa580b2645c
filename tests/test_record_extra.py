"""paper_sources.extra packed on SQLite (etl/store/record_extra.py, revision 0049): what a reader
gets back is the JSON text as the source's reader wrote it, from Python, SQL and Datasette's page."""

from __future__ import annotations

import json
import sqlite3

import pytest
from alembic import command
from markupsafe import escape

from etl.load import load
from etl.serve.cells import render
from etl.store.engine import alembic_config, migrate
from etl.store.functions import register
from etl.store.record_extra import VERSION, pack_extra, unpack_extra
from tests.exports import bibtex, paperlists_json, seed_abstracts
from tests.helpers import rows, run

# Other fields as the catalogue's records give them (3DV 2025 from OpenReview, AAAI 2022 with
# Google Scholar's fields), a BibTeX file's entry as written, and texts no dictionary line holds.
EXTRAS = [
    json.dumps(
        {
            "aff_domain": ";brown.edu;brown.edu",
            "aff_unique_abbr": ";Brown",
            "authorids": "~Sourav_Kumar1;~Chiang-Heng_Chien1;~Benjamin_Kimia1",
            "authors#_avg": [3, 0],
            "bibtex": "@inproceedings{\nkumar2025geometric,\ntitle={Geometric Correspondence Consistency in {RGB}-D"
            " Relative Pose Estimation},\nauthor={Sourav Kumar and Chiang-Heng Chien and Benjamin Kimia},\n"
            "booktitle={International Conference on 3D Vision 2025},\nyear={2025},\n"
            "url={https://openreview.net/forum?id=18oW1dWMgp}\n}",
            "gs_version_total": -1,
        },
        ensure_ascii=False,
    ),
    '{"aff_campus_unique": "Cambridge", "aff_campus_unique_index": "0;0;0;0", "aff_unique_url": "https://www.merl.com",'
    ' "author_num": 4, "gs_cited_by_link": "https://scholar.google.com/scholar?cites=1045497481386382748&as_sdt=2005'
    '&sciodt=0,5&hl=en", "gs_version_total": 3, "pdf_size": 1792760}',
    json.dumps({"bibtex": "@InProceedings{pmlr-v235-a24a,\n  title = \t {A},\n  author =       {B, C}\n}"}),
    '{"reviewers": "A;B"}',
    '{"aff_unique_norm_extra": "Université Paris-Saclay;東京大学", "note": "\\u0000 kept as written"}',
    "{}",
]


@pytest.mark.parametrize("text", EXTRAS)
def test_a_record_s_other_fields_read_back_as_written(text):
    packed = pack_extra(text)
    assert isinstance(packed, bytes) and packed[0] == VERSION
    assert unpack_extra(packed) == text


def test_the_dictionary_makes_a_record_s_fields_a_fraction_of_their_json():
    """The catalogue's records: 76.8 MB of JSON, 20.6 MB packed; here the AAAI record."""
    assert len(pack_extra(EXTRAS[1])) < len(EXTRAS[1].encode()) * 0.4


def test_nothing_and_a_text_read_as_they_are():
    """NULL stays NULL; a text value (PostgreSQL's, or a row no revision packed) is its own JSON."""
    assert pack_extra(None) is None and unpack_extra(None) is None
    assert unpack_extra(EXTRAS[3]) == EXTRAS[3]


def _dump(db: str) -> list[tuple]:
    conn = register(sqlite3.connect(db))
    try:
        return conn.execute(
            "SELECT source_id, position, typeof(extra), extra_json(extra) FROM paper_sources ORDER BY 1, 2"
        ).fetchall()
    finally:
        conn.close()


def test_a_load_packs_the_fields_and_sql_and_the_page_give_the_json_back(write, db_file):
    abstracts = seed_abstracts(4)
    load(
        db_file,
        [str(write("iclr2024.json", paperlists_json(abstracts[:2]))), str(write("pmlr.bib", bibtex(abstracts[2:])))],
    )
    dumped = _dump(db_file)
    assert [kind for _, _, kind, _ in dumped] == ["blob"] * 4
    texts = [text for _, _, _, text in dumped]
    assert all(json.loads(t) for t in texts)
    bib = [json.loads(t).get("bibtex", "") for t in texts]
    assert [entry.startswith("@") for entry in bib] == [
        False,
        False,
        True,
        True,
    ]  # (the BibTeX file's entries as written)
    (stored,) = rows(db_file, "SELECT extra FROM paper_sources ORDER BY source_id, position LIMIT 1")[0]
    assert str(render(None, stored, "extra", "paper_sources", None)) == str(escape(texts[0]))


def test_revision_0049_packs_an_existing_database_and_unpacks_it_down_again(write, db_file):
    load(db_file, [str(write("iclr2024.json", paperlists_json(seed_abstracts(3))))])
    packed = _dump(db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0048"))
    assert rows(db_file, "SELECT typeof(extra), extra FROM paper_sources ORDER BY source_id, position") == [
        ("text", text) for _, _, _, text in packed
    ]
    run(db_file, migrate)
    assert _dump(db_file) == packed


@pytest.mark.parametrize("text", EXTRAS)
def test_revision_0049_s_frozen_copy_packs_as_a_load_does(text):
    from etl.migrations.rules_0049 import record_extra as frozen

    assert frozen.pack_extra(text) == pack_extra(text)
    assert frozen.unpack_extra(pack_extra(text)) == text
