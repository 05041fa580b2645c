"""An acronym's two forms counted as one in the three counts read26 left (read27, item 1):
`compare_periods` (the query and the MCP tool) counted the short and the long form apart,
`field_landscape` counted a paper that writes both forms twice, and a pair whose long form is a topic
(`reinforcement learning` with `RL`, 5 pairs on the catalogue) dropped out of `top_keywords`. The
keywords, their kinds and meanings are the catalogue's (`/tmp/ref48/catalogue.db`): ICRA 2005's paper
1bf925b798160f79 has `AUVs` as a method and `autonomous underwater vehicles` as an acronym; `RL` is a
phrase of 8 papers; `reinforcement learning` the topic of 4,467 papers, 207 of which have it as their own."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from etl.serve.app import canned_queries, make_datasette
from etl.serve.mcp import periods
from etl.serve.mcp.trends import LANDSCAPE
from etl.store.partners import refresh_partners
from etl.store.writer import Writer

# (normalised, label, kind of the keyword)
KEYWORDS = [
    ("auv", "AUVs", "method"),
    ("autonomous underwater vehicle", "autonomous underwater vehicles", "acronym"),
    ("rl", "RL", "phrase"),
    ("reinforcement learning", "reinforcement learning", "topic"),
]
# keyword_meanings: (short, long form's key, papers defining it so), as the catalogue counts them
MEANINGS = [
    ("auv", "autonomous underwater vehicle", 166),
    ("rl", "reinforcement learning", 832),
    ("rl", "metareinforcement learning", 2),
]
# each of nine papers (of 2017; the fixture's others are of 2024): (key, the way the paper has it)
PAPERS = [
    [("auv", "method"), ("autonomous underwater vehicle", "acronym")],  # (both forms: one paper)
    *[[("autonomous underwater vehicle", "acronym")]] * 5,  # (six papers: the tool keeps 5 or more)
    [("rl", "phrase")],
    [("reinforcement learning", "topic")],  # (the topic's paper: not counted beside the keywords)
    [("reinforcement learning", "topic"), ("reinforcement learning", "author")],
]
YEAR = 2017


@pytest.fixture
def pair_db(serve_copy: str) -> str:
    """The serve fixture with nine papers moved to 2017, holding the pairs' keywords as above, with
    the counts a load keeps (`keyword_trend_counts`) and its end's pairs (`refresh_partners`)."""
    with sqlite3.connect(serve_copy) as con:
        ids = [row[0] for row in con.execute("SELECT id FROM papers ORDER BY id LIMIT ?", (len(PAPERS),))]
        con.execute(f"UPDATE papers SET year = {YEAR} WHERE id IN ({', '.join('?' * len(ids))})", ids)
        for key, label, kind in KEYWORDS:
            con.execute(
                "INSERT INTO keywords (normalised, label, kind, papers) VALUES (?, ?, ?, 0)", (key, label, kind)
            )
        for paper, held in zip(ids, PAPERS, strict=True):
            con.executemany(
                "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
                " SELECT ?, id, label, ?, 1.0, 20 FROM keywords WHERE normalised = ?",
                [(paper, way, key) for key, way in held],
            )
        keys = [key for key, _, _ in KEYWORDS]
        marks = ", ".join("?" * len(keys))
        con.execute(
            "UPDATE keywords SET papers = (SELECT count(DISTINCT paper_id) FROM paper_keywords pk"
            f" WHERE pk.keyword_id = keywords.id) WHERE normalised IN ({marks})",
            keys,
        )
        con.execute(
            "INSERT INTO keyword_trend_counts (keyword_id, kind, venue, year, papers)"
            " SELECT pk.keyword_id, pk.kind, p.venue, p.year, count(*) FROM paper_keywords pk"
            " JOIN papers p ON p.id = pk.paper_id JOIN keywords k ON k.id = pk.keyword_id"
            f" WHERE k.normalised IN ({marks}) GROUP BY pk.keyword_id, pk.kind, p.venue, p.year",
            keys,
        )
        con.execute("DELETE FROM keyword_meanings WHERE short IN ('auv', 'rl')")
        con.executemany(
            "INSERT INTO keyword_meanings (short, keyword, label, papers) VALUES (?, ?, ?, ?)",
            [(short, key, key, n) for short, key, n in MEANINGS],
        )
        refresh_partners(Writer(con))
    return serve_copy


def test_a_pairs_papers_per_venue_and_year_are_kept_a_paper_once(pair_db):
    """`keyword_partner_counts` (read28): what the three counts read, where they read the pairs'
    `paper_keywords` at each call (compare_periods 95 -> 200 ms of CPU on the catalogue, read27)."""
    con = sqlite3.connect(pair_db)
    kept = con.execute(
        "SELECT k.label, sum(c.papers), sum(c.written), sum(c.extracted) FROM keyword_partner_counts c"
        " JOIN keywords k ON k.id = c.joined_id WHERE c.year = ? GROUP BY k.label",
        (YEAR,),
    ).fetchall()
    con.close()
    # (AUVs' six papers, one writing both forms; RL's paper, the topic's two of which one is the authors')
    assert sorted(kept) == [("autonomous underwater vehicles", 6, 6, 6), ("reinforcement learning", 3, 2, 1)]


# the label -> (detail, papers in 2017) of compare_periods: a paper once, whichever forms it writes
# (main: `autonomous underwater vehicles` 6 and `AUVs` 1 apart; `reinforcement learning` 2 and `RL` 1)
COMPARED = {
    "autonomous underwater vehicles": ("acronym, method; with AUVs", 6),
    "reinforcement learning": ("author, phrase, topic; with RL", 3),
}


def test_compare_periods_counts_a_pair_once_in_the_query_and_the_tool(pair_db):
    con = sqlite3.connect(pair_db)
    params = {"first": str(YEAR), "second": "2024", "venue": "", "what": "", "min_papers": "1"}
    found = con.execute(canned_queries()["compare_periods"]["sql"], params).fetchall()
    ours = {row[1]: (row[2], row[3]) for row in found if row[1] in {label for _, label, _ in KEYWORDS} | {*COMPARED}}
    assert ours == COMPARED  # (no row of AUVs or RL alone)
    # the tool's kept counts (keywords of 5 papers or more: the AUVs pair) answer as the query
    kept = con.execute(canned_queries()["compare_periods"]["sql"], params | {"min_papers": ""}).fetchall()
    assert ("faded", "autonomous underwater vehicles", "acronym, method; with AUVs", 6) in [r[:4] for r in kept]
    counts = periods.read_counts(con)
    totals = dict(con.execute("SELECT year, count(*) FROM papers GROUP BY year").fetchall())
    held = periods.compare(counts, totals, (YEAR, YEAR), (2024, 2024), periods.FLOOR)
    assert [tuple(row.values()) for row in held] == [tuple(row) for row in kept]
    con.close()


def test_field_landscape_counts_a_paper_writing_both_forms_once(pair_db):
    con = sqlite3.connect(pair_db)
    con.row_factory = sqlite3.Row
    (papers,) = con.execute("SELECT count(*) FROM papers WHERE year = ?", (YEAR,)).fetchone()
    params = {"year": YEAR, "before": None, "venue": None, "papers": papers, "before_papers": 0}
    rows = con.execute(LANDSCAPE, params | {"limit": 50, "least": 1}).fetchall()
    listed = {(r["list"], r["name"]): r["papers"] for r in rows}
    con.close()
    # (main: 7, the first paper's AUVs and autonomous underwater vehicles each counted)
    assert listed[("keywords", "autonomous underwater vehicles")] == 6
    assert listed[("keywords", "reinforcement learning")] == 1  # (RL's paper; the topic's two apart)
    assert listed[("topics", "reinforcement learning")] == 2
    assert ("keywords", "AUVs") not in listed and ("keywords", "RL") not in listed


@pytest.mark.parametrize("query", ["", f"?year={YEAR}"])
def test_top_keywords_keeps_a_pair_whose_long_form_is_a_topic(pair_db, query):
    """(main: neither `reinforcement learning` nor `RL` listed) the papers writing either form or
    having it as their own keyword, not the topic's, under RL's kind."""
    ds = make_datasette(pair_db)
    sep = "&" if query else "?"
    top = asyncio.run(ds.client.get(f"/papers/top_keywords.json{query}{sep}_shape=array")).json()
    rows = {r["keyword"]: (r["other_forms"], r["kind"], r["papers"]) for r in top}
    assert rows["reinforcement learning"] == ("RL", "phrase", 2)
    assert rows["autonomous underwater vehicles"] == ("AUVs", "acronym", 6)
    assert "RL" not in rows and "AUVs" not in rows
    if query:  # (a count of one year links its papers: as counted, not the topic's, read27)
        (long_id,) = [r["keyword_id"] for r in top if r["keyword"] == "reinforcement learning"]
        listed = f"/papers/papers.json?_keyword_id={long_id}&year={YEAR}&_shape=array&_size=max"
        assert len(asyncio.run(ds.client.get(listed)).json()) == 2  # (main: 3, the topic's papers too)
