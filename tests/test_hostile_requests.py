"""Requests that are not what they seem: ad-hoc SQL that would build gigabytes, NULs and odd
search text, query strings Datasette cannot take, a thousand facets, hundreds of search words.
Every URL is answered (4xx at worst) and no request makes the server hold more than its limits.
How long these take is measured by scripts/benchmark.py (`--hostile`), not here."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from urllib.parse import quote

import pytest

from etl.serve.app import make_datasette
from etl.serve.urls import safe_query_string
from etl.store.functions import fts_query


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def ds(tmp_path_factory, seeded_once):
    """Datasette over a copy of the bundled listings' database (57 papers), for the tests that only read."""
    from tests.conftest import copy_database

    return make_datasette(copy_database(seeded_once, tmp_path_factory.mktemp("requests") / "papers.db"))


def test_ad_hoc_sql_cannot_build_gigabytes(ds):
    if not hasattr(sqlite3.Connection, "setlimit"):
        pytest.skip("SQLite limits need Python 3.11+ (documented)")
    response = get(ds, f"/papers.json?sql={quote('select length(randomblob(1e9))')}")
    assert response.status_code == 400 and "string or blob too big" in response.text
    # SQLite's printf would pad for seconds before it found the result too big: NULL at once
    for sql in ("select printf('%.*c', 2e9, 'x') AS v", "select format('%2000000000d', 1) AS v"):
        response = get(ds, "/papers.json?sql=" + quote(sql) + "&_shape=array")
        assert response.json() == [{"v": None}]
    sql = "select printf('%5d|%.2f|%s|%%|%*d', 42, 3.14159, 'ok', 3, 7) AS v, format('%q', 'it''s') AS w"
    response = get(ds, "/papers.json?sql=" + quote(sql) + "&_shape=array")
    assert response.json() == [{"v": "   42|3.14|ok|%|  7", "w": "it''s"}]


@pytest.mark.parametrize(
    "args, refused",
    [
        (("%.*c", 2e9, "x"), True),
        (("%*d", -200_000, 1), True),
        (("%*d", "2000000000", 1), True),  # SQLite reads the text as a number
        (("%2000000d", 1), True),
        (("%.2000000f", 1.0), True),
        (("%s %.*c", "a", 2e9, "x"), True),  # the `*` takes the second argument
        (("%.*c", 100, "x"), False),
        (("%d%%%*d", 1, 5, 2), False),
        (("100000000 %s", "no conversion is that wide"), False),
        ((None,), False),
        ((12,), False),
    ],
)
def test_printf_widths_over_the_limit_are_refused(args, refused):
    from etl.serve.limits import PrintfTooWide, check_printf

    if refused:
        with pytest.raises(PrintfTooWide):
            check_printf(*args)
    else:
        check_printf(*args)


def test_nul_in_a_stored_abstract_or_a_query_does_not_break_pages(seeded):
    with sqlite3.connect(seeded) as con:  # (written by hand: loads refuse such text now)
        con.execute("UPDATE papers SET abstract = abstract || char(0) || ' https://github.com/a/b' WHERE pk = 1")
    ds = make_datasette(seeded)
    for path in ("/papers/papers", "/papers/papers?_search=quantization", "/papers/search?q=%00", "/papers/papers/1"):
        assert get(ds, path).status_code == 200, path


def test_one_query_cannot_make_the_server_hold_gigabytes(ds):
    sql = "with recursive c(x) as (select 1 union all select x+1 from c where x<200) select hex(randomblob(2400000)) from c"
    response = get(ds, "/papers.json?sql=" + quote(sql))
    assert response.status_code == 400 and "query result larger than 50 MB" in response.text
    assert len(response.content) < 10_000
    assert len(get(ds, "/papers/papers.json?_size=100").json()["rows"]) == 57


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_search=%00",
        "/papers/papers?_search=a%00b",
        "/papers/papers?_search_title=%00",
        "/papers/papers?_search=%22",
        "/papers/papers.json?_search=%22graph",
        "/papers/papers?_where=%00",
        "/papers/search?q=%00",
        "/papers/papers?_search=%22graph+neural%22",
    ],
)
def test_any_search_text_in_a_url_is_answered(ds, path):
    assert get(ds, path).status_code == 200


@pytest.mark.parametrize(
    "query, safe",
    [
        (b"_search=graph&_facet=year", b"_search=graph&_facet=year"),  # untouched, byte for byte
        (b"_search=%22graph+neural%22", b"_search=%22graph+neural%22"),  # a balanced phrase stays
        (b"_search=%22graph", b"_search=+graph"),
        (b"a=b&_where=%00", b"a=b"),
        (b"q=a%00b", b"q=ab"),
        (b"_facet=title&_facet=title&_facet=year", b"_facet=title&_facet=year"),
        (b"_sort=nonexistent&_size=5", b"_size=5"),
        (b"_sort=title", b"_sort=title"),
        (b"year__in=%5B&venue=ICML", b"venue=ICML"),
        (b"pk__gt=99999999999999999999999", b""),
        (b"_timelimit=abc&_size=5", b"_size=5"),
        (b"_timelimit=200", b"_timelimit=200"),
        (b"_facet=%7B%22a%22%3A1%7D&_size=5", b"_size=5"),  # a configuration that names no column
        (b"_facet=%7B%22simple%22%3A%22title%22%7D", b"_facet=%7B%22simple%22%3A%22title%22%7D"),
        (b"_facet=%7Bnot+json", b""),
        (b"_facet=venue&_facet=title", b"_facet=title"),  # venue: a facet the table shows already
        (b"_facet_array=venue&_facet_size=5", b"_facet_size=5"),
        (b"_facet=nosuch&_facet_array=%7B%22column%22%3A%22nosuch%22%7D", b""),
    ],
)
def test_safe_query_strings(query, safe):
    assert safe_query_string(query, {"title", "venue", "year", "pk"}, {"venue"}) == safe


def test_a_facet_the_table_shows_already_is_shown_once(ds):
    html = get(ds, "/papers/papers?_facet=venue").text
    assert html.count('data-column="venue"') == 1
    assert list(get(ds, "/papers/papers.json?_facet=venue&_size=0").json()["facet_results"]).count("venue") == 1


@pytest.mark.parametrize("path", ["/papers/papers", "/papers/search", "/papers", "/", "/papers/papers/1"])
def test_a_request_to_change_something_is_refused_in_one_line(ds, path):
    for method in ("post", "put", "delete", "patch"):
        response = asyncio.run(getattr(ds.client, method)(path))
        assert response.status_code == 405 and response.headers["allow"] == "GET, HEAD", (method, path)
        assert response.text.count("\n") == 1 and "read-only" in response.text


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_sort=nonexistent",
        "/papers/papers?_sort=rowid",
        "/papers/papers?_sort=abstract&_sort_desc=title",
        "/papers/papers.csv?_stream=1&_sort=abstract&_search=a*",
        "/papers/papers?_nocol=id",
        "/papers/papers?pk__gt=99999999999999999999999",
        "/papers/papers?year__in=%5B",
        "/papers/papers?_through=%7B%22table%22:%22x%22%7D",
        "/papers/papers?_where=randomblob(1000000000)",
        "/papers/papers.json?_where=length(hex(randomblob(4000000)))>0",
        "/papers/papers?_where=1%3D1%3B+drop+table+papers",
        "/papers/papers?_timelimit=abc",
        "/papers/papers?_facet=%7B%22a%22:1%7D",
        "/papers/papers?_facet=%5B%22x%22%5D",
        "/papers/papers?_facet_distinct_array=%7B%22column%22:%22nosuch%22%7D",
        "/-/paper/a/b/c",
        "/-/static-plugins/x/y",
        "/papers/papers/-/blob?_blob_column=abstract&_blob_hash=x",
        "/papers/nosuch",
    ],
)
def test_odd_urls_are_answered_without_a_server_error(ds, path):
    response = get(ds, path)
    assert response.status_code < 500, response.text[:300]


def test_repeated_facets_cost_what_one_does_and_a_thousand_are_refused(ds):
    query = "&".join(["_facet=title"] * 1000)
    assert safe_query_string(query.encode()) == b"_facet=title"  # Datasette computes the facet once
    assert get(ds, "/papers/papers?" + query).status_code == 400  # (more parameters than a page has)
    response = get(ds, "/papers/papers?" + "&".join(["_facet=title"] * 90))
    assert response.status_code == 200 and len(response.content) < 2_000_000


def test_a_search_of_hundreds_of_words_is_answered_within_the_time_limit(ds):
    assert len(fts_query(" ".join(f"word{i}" for i in range(400))).split()) == 32  # search.sql's `q`
    words = "+".join(f"word{i}" for i in range(400))
    assert safe_query_string(f"_search={words}".encode()).decode().count("word") == 32  # a table's `_search`
    for path in (f"/papers/search?q={words}", f"/papers/papers?_search={words}"):
        assert get(ds, path).status_code == 200


# Hostile values for each option of a table's page, beside the names of a column of the table
# (`{column}`) and of no column; the canned queries' parameters get PARAMETER_VALUES.
HOSTILE = {
    "_col": ["nosuch", "abstract_clean", "{column}"],
    "_nocol": ["abstract", "{column}"],
    "_next": ["abc", "1e3", "99999999999999999999", "$null,1"],
    "_sort": ["nosuch", "{column}"],
    "_sort_desc": ["{column}", "%00"],
    "_size": ["abc", "99999999999999999999", "max"],
    "_facet": ["nosuch", "{column}", "%7B%22a%22%3A1%7D"],
    "_facet_array": ["{column}"],
    "_facet_date": ["{column}"],
    "_facet_size": ["abc", "max"],
}
PARAMETER_VALUES = ["", "abc", "99999999999999999999", "%00", "a" * 300, "%F0%9F%98%80"]


def served_names(db_file: str) -> list[str]:
    con = sqlite3.connect(db_file)
    try:
        names = con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name").fetchall()
    finally:
        con.close()
    return [name for (name,) in names if not name.startswith("sqlite_")]


@pytest.fixture(scope="module")
def serving(serve_db):
    return make_datasette(serve_db)


@pytest.mark.parametrize("option", sorted(HOSTILE))
def test_every_option_of_every_table_and_view_with_hostile_values_gives_a_page_or_a_4xx(serving, serve_db, option):
    con = sqlite3.connect(serve_db)
    failed = []
    try:
        for name in served_names(serve_db):
            column = con.execute(f'PRAGMA table_info("{name}")').fetchone()[1]
            page = "" if name == "papers" or option in ("_col", "_nocol") else ".json"  # (the templates' cases)
            for value in HOSTILE[option]:
                path = f"/papers/{name}{page}?{option}={value.format(column=column)}"
                response = get(serving, path)
                if response.status_code >= 500:
                    failed.append((path, response.status_code))
    finally:
        con.close()
    assert not failed


def test_every_canned_querys_parameters_with_hostile_values_give_a_page_or_a_4xx(serving):
    from etl.serve.app import canned_queries

    failed = []
    for name, query in canned_queries().items():
        for parameter in sorted(set(re.findall(r"(?<!:):(\w+)", query["sql"]))):
            for value in PARAMETER_VALUES:
                response = get(serving, f"/papers/{name}?{parameter}={value}")
                if response.status_code >= 500:
                    failed.append((name, parameter, value, response.status_code))
    assert not failed


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_col=id",  # (the cards read abstract_clean: a choice of columns is the table's)
        "/papers/papers?_nocol=abstract",
        "/papers/papers?_nocol=abstract_clean",
        "/papers/papers?_search=learning&_col=id",
        "/papers/keyword_trends?_next=abc",  # (a view's `_next` is an offset: Datasette's int() of it)
        "/papers/papers_with_code?_next=1e3",
        "/papers/keyword_counts.json?_next=99999999999999999999",
        "/papers/topic_counts?_next=-1",
    ],
)
def test_the_urls_that_were_server_errors_are_pages(serving, path):
    response = get(serving, path)
    assert response.status_code == 200, response.text[:300]


def test_urls_over_the_bounds_are_refused_before_any_work(serving):
    from etl.serve.urls import MAX_PARAMETERS, MAX_URL_BYTES

    filters = "&".join(f"a{i}={i}" for i in range(5000))  # (a 53 KB URL: 44 s of the event loop's time)
    response = get(serving, f"/papers/papers?{filters}")
    assert response.status_code == 414 and response.text == f"the address is longer than {MAX_URL_BYTES:,} bytes\n"
    filters = "&".join(f"a{i}={i}" for i in range(1000))  # (9 KB: 1 s)
    response = get(serving, f"/papers/papers?{filters}")
    assert response.status_code == 400 and response.text == f"the address has more than {MAX_PARAMETERS} parameters\n"
    many = "&".join(f"venue__not={i}" for i in range(MAX_PARAMETERS - 1))  # (as many as may be: a page)
    assert get(serving, f"/papers/papers.json?{many}&_size=1").status_code == 200


def test_a_view_page_keeps_a_next_that_is_its_offset():
    assert safe_query_string(b"_next=50&_size=5", {"keyword"}, view=True) == b"_next=50&_size=5"
    assert safe_query_string(b"_next=abc&_size=5", {"keyword"}, view=True) == b"_size=5"
    assert safe_query_string(b"_next=abc", {"pk"}) == b"_next=abc"  # (a table's token: Datasette reads it)


def test_a_text_of_49500_matches_is_searched_at_once_and_snippet_is_refused(serve_copy, capfd):
    long = "a." * 49_500  # (99,000 characters: FTS5's snippet() took 46 s over it, past any time limit)
    with sqlite3.connect(serve_copy) as con:
        con.execute("UPDATE papers SET title = 'A note on a', abstract = ?, abstract_clean = NULL WHERE pk = 1", [long])
    ds = make_datasette(serve_copy)
    rows = get(ds, "/papers/search.json?q=a&_shape=array").json()
    assert [row["snippet"] for row in rows if row["title"] == "A note on a"] == ["a." * 100 + "…"]
    sql = (
        "select snippet(papers_fts_words, 1, '[', ']', '…', 32) from papers_fts_words where papers_fts_words match 'a'"
    )
    capfd.readouterr()
    response = get(ds, "/papers.json?sql=" + quote(sql))
    assert response.status_code == 400 and "not authorized to use function: snippet" in response.text
    assert "ERROR" not in capfd.readouterr().err  # (a refusal is the request's answer: read26, `sql_errors`)
    response = get(ds, "/papers.json?sql=" + quote("select nosuch from papers"))  # (an error: logged as before)
    assert response.status_code == 400 and "ERROR: sql = 'select nosuch from papers'" in capfd.readouterr().err
    sql = (  # (the same snippet in linear time)
        "select snippet_of(highlight(papers_fts_words, 1, char(2), char(3))) as s from papers_fts_words"
        " where papers_fts_words match 'a' and rowid = 1"
    )
    assert get(ds, "/papers.json?_shape=array&sql=" + quote(sql)).json() == [{"s": "\x02a\x03." * 31 + "\x02a\x03…"}]
