"""An acronym's short form and its long form are one thing on the served pages (read25, item 1): the
catalogue's method `SLAM` (243 papers) and acronym `simultaneous localization and mapping` (458)
each list the other's papers through their chips (`?_keyword=`), `papers_by_keyword`, their pages
and `/-/keyword/`, where the corpus's meaning of the short form is the field's
(`filters.SHORT_AND_LONG`). The rows are the catalogue's (`/tmp/bench45/catalogue.db`), on the
serve fixture's papers."""

from __future__ import annotations

import asyncio
import sqlite3
from urllib.parse import quote

import pytest

from etl.serve.app import canned_queries, make_datasette
from etl.store.functions import register

# (normalised, label, kind): each keyword on a paper of its own, as the catalogue stores them
KEYWORDS = [
    ("slam", "SLAM", "method"),
    ("simultaneous localization and mapping", "simultaneous localization and mapping", "acronym"),
    ("simultaneous location and mapping", "simultaneous location and mapping", "acronym"),
    ("uav", "UAVs", "method"),
    ("unmanned aerial vehicle", "unmanned aerial vehicles", "acronym"),
    ("meg", "MEG", "acronym"),  # (an acronym as its papers write it: they define it otherwise)
    ("matrix exponentiated gradient", "matrix exponentiated gradient", "acronym"),
    ("rgb", "RGB", "method"),
    ("red green blue", "red green blue", "acronym"),
    ("spa", "SPA", "method"),
    ("soft pneumatic actuator", "soft pneumatic actuator", "acronym"),
]
# keyword_aliases: (keyword, alias), the short forms as the catalogue has them
ALIASES = [
    ("simultaneous localization and mapping", "SLAM"),
    ("simultaneous location and mapping", "SLAM"),
    ("unmanned aerial vehicle", "UAV"),
]
# keyword_meanings: (short, long form's key, papers defining it so), as the catalogue counts them
MEANINGS = [
    ("slam", "simultaneous localization and mapping", 438),
    ("slam", "simultaneously localization and mapping", 3),
    ("slam", "simultaneous location and mapping", 2),
    ("slam", "si multaneous localization and mapping", 1),
    ("uav", "unmanned aerial vehicle", 429),
    ("uav", "unmanned air vehicle", 9),
    ("uav", "uncrewed aerial vehicle", 3),
    ("meg", "matrix exponentiated gradient", 3),  # (no short form's keyword: MEG is an acronym as written)
    ("rgb", "red green blue", 2),  # (a thin meaning: 2 of the 1,022 papers writing RGB)
    ("spa", "soft pneumatic actuator", 5),  # (several meanings, none the field's)
    ("spa", "single port access", 3),
]
# the text asked -> the keywords whose papers its chip lists
LISTS = {
    "SLAM": {"slam", "simultaneous localization and mapping"},
    "simultaneous localization and mapping": {"slam", "simultaneous localization and mapping"},
    "simultaneous location and mapping": {"simultaneous location and mapping"},  # (a thin variant: apart)
    "UAVs": {"uav", "unmanned aerial vehicle"},
    "unmanned aerial vehicles": {"uav", "unmanned aerial vehicle"},
    "MEG": {"meg"},
    "matrix exponentiated gradient": {"matrix exponentiated gradient"},
    "RGB": {"rgb"},
    "red green blue": {"red green blue"},
    "SPA": {"spa"},
    "soft pneumatic actuator": {"soft pneumatic actuator"},
}


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


@pytest.fixture
def pairs_db(serve_copy: str) -> tuple[str, dict[str, str]]:
    """The serve fixture with the keywords above, each on one paper of its own; the paper of each key."""
    with sqlite3.connect(serve_copy) as con:
        papers = [row[0] for row in con.execute("SELECT id FROM papers ORDER BY id LIMIT ?", (len(KEYWORDS),))]
        assert len(papers) == len(KEYWORDS)
        for (key, label, kind), paper in zip(KEYWORDS, papers, strict=True):
            con.execute(
                "INSERT INTO keywords (normalised, label, kind, papers) VALUES (?, ?, ?, 1)", (key, label, kind)
            )
            con.execute(
                "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
                " SELECT ?, id, ?, ?, 1.0, 20 FROM keywords WHERE normalised = ?",
                (paper, label, kind, key),
            )
        con.executemany(
            "INSERT INTO keyword_aliases (keyword_id, alias, normalised)"
            " SELECT id, ?, lower(?) FROM keywords WHERE normalised = ?",
            [(alias, alias, key) for key, alias in ALIASES],
        )
        shorts = sorted({short for short, _, _ in MEANINGS})
        con.execute(f"DELETE FROM keyword_meanings WHERE short IN ({', '.join('?' * len(shorts))})", shorts)
        con.executemany(
            "INSERT INTO keyword_meanings (short, keyword, label, papers) VALUES (?, ?, ?, ?)",
            [(short, key, key, n) for short, key, n in MEANINGS],
        )
    return serve_copy, {key: paper for (key, _, _), paper in zip(KEYWORDS, papers, strict=True)}


@pytest.mark.parametrize("text, keys", LISTS.items())
def test_a_chip_of_either_form_lists_the_papers_of_both(pairs_db, text, keys):
    db, paper_of = pairs_db
    ds = make_datasette(db)
    found = get(ds, f"/papers/papers.json?_keyword={quote(text)}&_shape=array&_size=max").json()
    assert {r["id"] for r in found} == {paper_of[key] for key in keys}
    con = register(sqlite3.connect(db))
    try:
        listed = con.execute(canned_queries()["papers_by_keyword"]["sql"], {"keyword": text, "page": ""}).fetchall()
    finally:
        con.close()
    assert {r[0] for r in listed} == {paper_of[key] for key in keys}


def test_each_forms_page_names_the_other_and_the_list_of_both(pairs_db):
    db, _ = pairs_db
    ds = make_datasette(db)
    (long_id,) = (
        sqlite3.connect(db)
        .execute("SELECT id FROM keywords WHERE normalised = 'simultaneous localization and mapping'")
        .fetchone()
    )
    page = get(ds, f"/papers/keywords/{long_id}").text
    assert '<a href="/-/keyword/SLAM">SLAM</a> (method, 1 paper), its short form' in page
    assert "the 2 papers of both" in page
    choice = get(ds, "/-/keyword/SLAM").text  # (SLAM names its variants too: the reader chooses)
    assert "SLAM: which keyword?" in choice and "The chip SLAM lists" in choice
    assert 'href="/papers/papers?_keyword=SLAM">2 papers</a>' in choice
    (meg,) = sqlite3.connect(db).execute("SELECT id FROM keywords WHERE normalised = 'meg'").fetchone()
    assert "One thing with" not in get(ds, f"/papers/keywords/{meg}").text


def test_a_count_of_one_form_lists_that_keyword_alone(pairs_db):
    """`top_keywords` counts each keyword apart (`unmanned aerial vehicles 21` of IROS 2020, `UAVs` 7):
    its count links the keyword by id (`?_keyword_id=`), not the chip's list of both (28)."""
    db, paper_of = pairs_db
    ds = make_datasette(db)
    con = sqlite3.connect(db)
    venue, year = con.execute("SELECT venue, year FROM papers WHERE id = ?", (paper_of["slam"],)).fetchone()
    (slam,) = con.execute("SELECT id FROM keywords WHERE normalised = 'slam'").fetchone()
    con.close()
    page = get(ds, f"/papers/top_keywords?venue={quote(venue)}&year={year}").text
    href = f"/papers/papers?_keyword_id={slam}&amp;venue={quote(venue)}&amp;year={year}"
    assert f'<a href="{href}">1</a>' in page
    found = get(ds, f"/papers/papers.json?_keyword_id={slam}&_shape=array&_size=max").json()
    assert [r["id"] for r in found] == [paper_of["slam"]]
    listed = get(ds, f"/papers/papers?_keyword_id={slam}").text
    assert "where keyword is SLAM" in listed and 'href="/-/keyword/SLAM">SLAM: its page' in listed


@pytest.mark.parametrize("written", ["abc", "99999999999999999999999", "-1", "%C2%B2", "%D9%A1%D9%A2"])
def test_a_keyword_id_that_names_no_keyword_is_an_empty_list(pairs_db, written):
    ds = make_datasette(pairs_db[0])
    response = asyncio.run(ds.client.get(f"/papers/papers.json?_keyword_id={written}&_shape=array"))
    assert response.status_code == 200 and response.json() == []
