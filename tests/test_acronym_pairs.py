"""An acronym's short form and its long form are one thing on the served pages (read25, item 1): the
catalogue's method `SLAM` (243 papers) and acronym `simultaneous localization and mapping` (458)
each list the other's papers through their chips (`?_keyword=`), `papers_by_keyword`, their pages
and `/-/keyword/`, where the corpus's meaning of the short form is the field's
(`filters.SHORT_AND_LONG`), and every count counts them as one (read26: `keyword_partners`). The rows are the catalogue's (`/tmp/bench45/catalogue.db`), on the
serve fixture's papers."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

from etl.serve.app import canned_queries, make_datasette
from etl.store.functions import register
from etl.store.partners import refresh_partners
from etl.store.writer import Writer

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"  # (real records: a catalogue excerpt)
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
        refresh_partners(Writer(con))  # (as a load's end pairs them)
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


def test_the_counts_count_both_forms_as_one_keyword(pairs_db):
    """`top_keywords`, `keyword_counts` and `keyword_trends` counted each form apart (IROS 2020:
    `unmanned aerial vehicles 21`, `UAVs 7`; read26): one row now, the long form's, with the papers
    of both and the short form named (`keyword_partners`); its count lists both (`?_keyword_id=`)."""
    db, paper_of = pairs_db
    ds = make_datasette(db)
    con = sqlite3.connect(db)
    slam, long_id = (
        con.execute("SELECT id FROM keywords WHERE normalised = ?", (key,)).fetchone()[0]
        for key in ("slam", "simultaneous localization and mapping")
    )
    venue, year = con.execute("SELECT venue, year FROM papers WHERE id = ?", (paper_of["slam"],)).fetchone()
    both = (paper_of["slam"], paper_of["simultaneous localization and mapping"])
    (there,) = con.execute(
        "SELECT count(*) FROM papers WHERE id IN (?, ?) AND venue = ? AND year = ?", (*both, venue, year)
    )
    partners = con.execute("SELECT keyword_id, joined_id, papers, other_forms FROM keyword_partners").fetchall()
    con.close()
    assert sorted(partners) == sorted(
        [
            (slam, long_id, 2, "simultaneous localization and mapping"),
            (long_id, long_id, 2, "SLAM"),
            *[(k, j, 2, o) for k, j, _, o in partners if j != long_id],  # (UAVs and its long form)
        ]
    )
    assert len(partners) == 4
    counted = get(ds, "/papers/keyword_counts.json?_shape=array&_size=max&papers__gte=1").json()
    rows = {r["keyword"]: (r["papers"], r["other_forms"]) for r in counted if r["keyword_id"] in (slam, long_id)}
    assert rows == {"simultaneous localization and mapping": (2, "SLAM")}
    top = get(ds, "/papers/top_keywords.json?_shape=array").json()
    assert [(r["papers"], r["other_forms"]) for r in top if r["keyword_id"] in (slam, long_id)] == [(2, "SLAM")]
    trends = get(ds, f"/papers/keyword_trends.json?_shape=array&keyword_id__in={slam},{long_id}").json()
    assert {(r["keyword"], r["kind"], r["other_forms"]) for r in trends} <= {
        ("simultaneous localization and mapping", kind, "SLAM") for kind in ("method", "acronym")
    }
    assert sum(r["papers"] for r in trends) == 2
    page = get(ds, f"/papers/top_keywords?venue={quote(venue)}&year={year}").text
    href = f"/papers/papers?_keyword_id={long_id}&amp;venue={quote(venue)}&amp;year={year}"
    assert f'<a href="{href}">{there[0]}</a>' in page
    for one in (slam, long_id):
        found = get(ds, f"/papers/papers.json?_keyword_id={one}&_shape=array&_size=max").json()
        assert sorted(r["id"] for r in found) == sorted(both)
    listed = get(ds, f"/papers/papers?_keyword_id={slam}").text
    assert "where keyword is SLAM or simultaneous localization and mapping" in listed


@pytest.mark.parametrize("written", ["abc", "99999999999999999999999", "-1", "%C2%B2", "%D9%A1%D9%A2"])
def test_a_keyword_id_that_names_no_keyword_is_an_empty_list(pairs_db, written):
    ds = make_datasette(pairs_db[0])
    response = asyncio.run(ds.client.get(f"/papers/papers.json?_keyword_id={written}&_shape=array"))
    assert response.status_code == 200 and response.json() == []


def test_each_load_and_the_revision_pair_them_as_the_rule_does(pairs_db):
    """`keyword_partners` and `keyword_partner_trends` are what `refresh_partners` makes (the
    fixture's rows): made again by revision 0067 on a database of 0066, and again by a load's end."""
    from alembic import command

    from etl.load import load
    from etl.store.engine import alembic_config
    from tests.helpers import rows, run

    db, _ = pairs_db
    tables = ("keyword_partners", "keyword_partner_trends", "keyword_partner_counts")

    def held() -> list[list[tuple]]:
        return [sorted(rows(db, f"SELECT * FROM {table}")) for table in tables]

    made = held()
    assert [len(table) for table in made[:2]] == [4, 4]  # (SLAM's and UAVs' pairs: one paper of each form)
    assert sum(row[3] for row in made[2]) == 4  # (keyword_partner_counts: each pair's two papers, read28)
    run(db, lambda conn: command.downgrade(alembic_config(conn), "0066"))
    assert rows(
        db, "SELECT count(*) FROM sqlite_master WHERE name IN ('keyword_partners', 'keyword_partner_trends')"
    ) == [(0,)]
    run(db, lambda conn: command.upgrade(alembic_config(conn), "head"))
    assert held() == made
    # a load that rescores (the fixture's rules are older) computes the meanings from its own corpus,
    # where no paper defines SLAM or UAV: its end leaves no pair behind
    load(db, [str(EXCERPT / "icml2017.json")])
    assert rows(db, "SELECT count(*) FROM keyword_meanings WHERE short IN ('slam', 'uav')") == [(0,)]
    assert held() == [[], [], []]
