"""Paging: every sort the site offers, followed page by page through `next_url`, shows each row of
every table and view exactly once (issue 41: a sort by rating_avg, whose ties Datasette's first
page breaks otherwise than its next pages, skipped some papers and showed others twice). The
database is `serve_db` (tests/conftest.py): ties are plenty (24 papers, most without a rating,
two venues; keywords with one paper each)."""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
from collections import Counter
from urllib.parse import urlsplit

import pytest

from etl.serve.app import build_metadata, canned_queries, make_datasette
from etl.serve.cards import SORTS
from etl.serve.internals import nulls_last, tie_broken

PAGES = 4  # a table's rows are followed in about this many pages


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def ds(serve_db):
    return make_datasette(serve_db)


def tables_and_views(db_file: str) -> list[tuple[str, int, list[str]]]:
    """(name, rows, the columns the site sorts it by) of every table and view Datasette lists but
    the full-text indexes."""
    tables = build_metadata()["databases"]["papers"]["tables"]
    con = sqlite3.connect(db_file)
    try:
        found = []
        names = con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")
        for (name,) in names.fetchall():
            if name.startswith("papers_fts") or name.startswith("sqlite_"):
                continue
            columns = tables.get(name, {}).get("sortable_columns") or [
                row[1] for row in con.execute(f'PRAGMA table_info("{name}")')
            ]
            found.append((name, con.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0], columns))
        return found
    finally:
        con.close()


def followed(ds, path: str) -> list[str]:
    """Every row of the pages from `path` on, following `next_url` (as JSON text, to compare)."""
    rows = []
    while path:
        response = get(ds, path)
        assert response.status_code == 200, (path, response.text[:300])
        data = response.json()
        rows += [json.dumps(row, sort_keys=True) for row in data["rows"]]
        following = data.get("next_url")
        path = following and urlsplit(following).path + "?" + urlsplit(following).query
    return rows


# The tables and views of the serve database that have rows (a test checks the list is whole), but
# code_availability, whose page is the canned query of that name, and keyword_pairs, which is not
# served (etl.serve.failures.NOT_SERVED).
_NAMES = (
    "alembic_version author_trend_counts authors etl_run_issues etl_runs events institution_trend_counts"
    " institutions keyword_aliases keyword_counts keyword_trend_counts keyword_trends keywords"
    " paper_affiliations paper_authors paper_ids paper_keywords paper_links paper_sources paper_titles"
    " paper_versions papers papers_text papers_with_code repos repos_by_owner similar_papers sources topic_counts"
    " reviews rating_distribution score_distribution acceptance_by_rating reviewer_disagreement ratings_citations"
).split()


def test_the_tables_followed_are_every_one_with_rows(serve_db):
    from etl.serve.failures import NOT_SERVED

    left = set(canned_queries()) | set(NOT_SERVED)
    assert {name for name, rows, _ in tables_and_views(serve_db) if rows and name not in left} == set(_NAMES)


@pytest.mark.parametrize("table", _NAMES)
def test_every_offered_sort_shows_each_row_once(ds, serve_db, table):
    (rows, columns) = next((n, c) for name, n, c in tables_and_views(serve_db) if name == table)
    size = max(2, math.ceil(rows / PAGES))
    base = f"/papers/{table}.json?_size={size}&_nofacet=1&_nocount=1&_shape=objects"
    every = Counter(followed(ds, f"/papers/{table}.json?_size=max&_nofacet=1&_nocount=1&_shape=objects"))
    assert sum(every.values()) == rows
    wrong = []
    for sort in [""] + [f"&{way}={column}" for column in columns for way in ("_sort", "_sort_desc")]:
        shown = Counter(followed(ds, base + sort))
        if shown != every:
            wrong.append((sort or "unsorted", sum((every - shown).values()), sum((shown - every).values())))
    assert not wrong, f"{table}: (sort, rows never shown, rows shown twice) {wrong}"


def test_a_views_pages_break_ties_by_its_key_which_tells_its_rows_apart(ds, serve_db):
    """A view with a key (`View.key`) is sorted by the column and then its key alone: by every
    column, a sorted page of papers_text put each abstract into SQLite's sorter (on the catalogue,
    `papers_text?_sort=title&_col=pk` 10x the CPU, past the time limit from page 26 on a busy
    machine). The key's values are each one row's."""
    from etl.serve.counts import VIEW_KEYS

    database = ds.get_database("papers")
    assert asyncio.run(database._unique_key("papers_text")) == ["pk"]
    assert asyncio.run(database._unique_key("keyword_trends")) == ["keyword_id", "kind", "venue", "year"]
    assert len(asyncio.run(database._unique_key("papers_with_code"))) == 13  # (no key: every column)
    con = sqlite3.connect(serve_db)
    try:
        for view, key in VIEW_KEYS.items():
            distinct = f"SELECT count(*) FROM (SELECT DISTINCT {', '.join(key)} FROM {view})"
            rows, told_apart = con.execute(f"SELECT count(*), ({distinct}) FROM {view}").fetchone()
            assert rows == told_apart > 0, view
    finally:
        con.close()


def test_the_papers_lists_own_sort_links_are_sorts_datasette_pages(serve_db):
    sortable = build_metadata()["databases"]["papers"]["tables"]["papers"]["sortable_columns"]
    assert {column for column, _ in SORTS} <= set(sortable)


def test_a_sort_by_rating_pages_through_the_papers_with_ties_broken_by_key(ds, serve_db):
    con = sqlite3.connect(serve_db)
    try:
        expected = [pk for (pk,) in con.execute("SELECT pk FROM papers ORDER BY rating_avg DESC, pk")]
    finally:
        con.close()
    shown = [
        json.loads(row)["pk"]
        for row in followed(ds, "/papers/papers.json?_sort_desc=rating_avg&_size=5&_col=id&_shape=objects")
    ]
    assert shown == expected  # (papers without a rating last, in key order, as on the next pages)


@pytest.mark.parametrize(
    "sql, table, key, expected",
    [
        (  # the first page of a sort: the key after the column, as the next pages have it
            "select pk, id from papers order by rating_avg desc limit 51",
            "papers",
            ["pk"],
            "select pk, id from papers order by rating_avg desc, pk limit 51",
        ),
        (
            "select pk, id from papers where venue = :p0 order by venue limit 101",
            "papers",
            ["pk"],
            "select pk, id from papers where venue = :p0 order by venue, pk limit 101",
        ),
        (  # a next page has it already
            "select pk from papers where (venue > :p1 or (venue = :p1 and pk > :p0)) order by venue, pk limit 51",
            "papers",
            ["pk"],
            "select pk from papers where (venue > :p1 or (venue = :p1 and pk > :p0)) order by venue, pk limit 51",
        ),
        (  # a compound key; a column that is a keyword
            "select paper_id, [offset] from paper_links order by kind desc limit 51",
            "paper_links",
            ["paper_id", "offset"],
            "select paper_id, [offset] from paper_links order by kind desc, paper_id, [offset] limit 51",
        ),
        (  # a view: every column, but the sorted one, and its offset stays
            "select keyword, kind, papers from keyword_counts order by papers desc limit 51 offset 50",
            "keyword_counts",
            ["keyword", "kind", "papers"],
            "select keyword, kind, papers from keyword_counts order by papers desc, keyword, kind limit 51 offset 50",
        ),
        (  # sorted by the key itself: nothing to add
            "select pk from papers order by pk limit 51",
            "papers",
            ["pk"],
            "select pk from papers order by pk limit 51",
        ),
        (  # another table's SQL, and SQL that is no sorted page, are left as they are
            "select pk from papers order by venue limit 51",
            "keywords",
            ["id"],
            "select pk from papers order by venue limit 51",
        ),
        (
            "select venue as value, count(*) as count from (select * from papers ) group by venue"
            " order by count desc, value limit 31",
            "papers",
            ["pk"],
            "select venue as value, count(*) as count from (select * from papers ) group by venue"
            " order by count desc, value limit 31",
        ),
    ],
)
def test_tie_broken(sql, table, key, expected):
    assert tie_broken(sql, table, key) == expected


@pytest.mark.parametrize("way, last", [("_sort", "citations"), ("_sort_desc", "citations"), ("_sort", "rating_avg")])
def test_papers_without_a_value_come_last_either_way_each_once(ds, serve_db, way, last):
    """Sorted by citations ascending, the papers with no count came first (the reader's report)."""
    con = sqlite3.connect(serve_db)
    try:
        order = "DESC" if way == "_sort_desc" else "ASC"
        expected = [pk for (pk,) in con.execute(f"SELECT pk FROM papers ORDER BY {last} IS NULL, {last} {order}, pk")]
        missing = con.execute(f"SELECT count(*) FROM papers WHERE {last} IS NULL").fetchone()[0]
    finally:
        con.close()
    shown = [
        json.loads(row)["pk"]
        for row in followed(ds, f"/papers/papers.json?{way}={last}&_size=5&_col=id&_shape=objects")
    ]
    assert shown == expected and 0 < missing < len(expected)


@pytest.mark.parametrize(
    "sql, table, expected",
    [
        (  # a first page (its key added already)
            "select pk, id from papers order by citations, pk limit 51",
            "papers",
            "select pk, id from papers order by citations nulls last, pk limit 51",
        ),
        (  # a next page after a value: the rows without one still follow
            "select pk from papers where (citations > :p1 or (citations = :p1 and pk > :p0)) order by citations, pk limit 51",
            "papers",
            "select pk from papers where (citations is null or citations > :p1 or (citations = :p1 and pk > :p0))"
            " order by citations nulls last, pk limit 51",
        ),
        (  # a next page after a row without one: only those, with a later key
            "select pk from papers where (citations is not null or (citations is null and pk > :p0))"
            " order by citations, pk limit 51",
            "papers",
            "select pk from papers where (0 or (citations is null and pk > :p0)) order by citations nulls last, pk limit 51",
        ),
        (  # a view's page, its offset kept; a bracketed name
            "select [offset], kind from paper_links order by [offset], kind limit 6 offset 5",
            "paper_links",
            "select [offset], kind from paper_links order by [offset] nulls last, kind limit 6 offset 5",
        ),
        (  # descending: last already
            "select pk from papers order by citations desc, pk limit 51",
            "papers",
            "select pk from papers order by citations desc, pk limit 51",
        ),
        (  # by the key itself, another table's SQL: as they are
            "select pk from papers order by pk limit 51",
            "papers",
            "select pk from papers order by pk limit 51",
        ),
        (
            "select pk from papers order by citations, pk limit 51",
            "keywords",
            "select pk from papers order by citations, pk limit 51",
        ),
    ],
)
def test_nulls_last(sql, table, expected):
    assert nulls_last(sql, table, ["pk"]) == expected


def test_papers_sort_by_their_stable_key(ds, serve_db):
    """reader5: `_sort=id` was a 400 ("Cannot sort table by id"); a librarian orders an export by
    the key the README says to join on (unique: every page breaks its ties alike)."""
    con = sqlite3.connect(serve_db)
    try:
        ids = [row[0] for row in con.execute("SELECT id FROM papers ORDER BY id")]
    finally:
        con.close()
    rows = followed(ds, "/papers/papers.json?_sort=id&_shape=objects&_size=7")
    assert len(ids) > 7 and [json.loads(row)["id"] for row in rows] == ids
    assert get(ds, "/papers/papers.csv?_sort_desc=id").status_code == 200
