"""Datasette in process: metadata, default facets, search, canned queries, safe rendering, charts.
The database is `serve_db` (tests/conftest.py): 23 papers from tests/fixtures/serve.sql."""

from __future__ import annotations

import asyncio
import html
import json
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest

from etl.errors import PaperdbError
from etl.serve.app import TABLE_OPTIONS, build_metadata, canned_queries, make_datasette, read_query
from etl.serve.render import render_title
from etl.store.models import Base
from etl.store.views import VIEWS

PARAMS = {  # a value for each canned query's parameters
    "q": "lattice codebooks quantization",
    "keyword": "graph neural networks",
    "owner": "Cornell-RelaxML",
    "paper_id": None,  # filled with the QuIP# paper's id
    "country": "",
    "institution": "University of Cambridge",
    "page": "1",
    "author": "Ada Lovelace",
    "first": "2023",
    "second": "2024",
    "what": "",
    "min_papers": "1",
    "venue": "",
    "year": "",
}


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def ds(serve_db):
    return make_datasette(serve_db)


def quip_id(db_file: str) -> str:
    con = sqlite3.connect(db_file)
    try:
        return con.execute("SELECT id FROM papers WHERE abstract LIKE '%QuIP#%'").fetchone()[0]
    finally:
        con.close()


def test_every_table_view_and_column_in_the_metadata_exists(serve_db):
    con = sqlite3.connect(serve_db)
    tables = build_metadata()["databases"]["papers"]["tables"]
    for name, meta in tables.items():
        columns = [row[1] for row in con.execute(f'PRAGMA table_info("{name}")')]
        assert columns, f"{name} is not in the database"
        assert set(meta.get("columns", {})) <= set(columns), name
        if "columns" in meta:
            assert meta["description"] and all(meta["columns"].values()), name
    con.close()


def test_every_model_and_view_is_described():
    tables = build_metadata()["databases"]["papers"]["tables"]
    for table in Base.metadata.tables.values():
        assert set(tables[table.name]["columns"]) == {c.name for c in table.columns}
    for view in VIEWS:
        assert list(tables[view.name]["columns"]) == list(view.columns)


def test_views_have_the_documented_columns(ds):
    from etl.serve.failures import NOT_SERVED

    for view in VIEWS:
        served = view.name not in NOT_SERVED  # (keyword_pairs: its columns by SQL)
        path = f"/papers/{view.name}.json?_size=1" if served else f"/papers.json?sql=SELECT+*+FROM+{view.name}+LIMIT+1"
        response = get(ds, path)
        assert response.status_code == 200, view.name
        assert response.json()["columns"] == list(view.columns)


@pytest.mark.parametrize("table", sorted(name for name, options in TABLE_OPTIONS.items() if "facets" in options))
def test_every_default_facet_is_computed(ds, table):
    data = get(ds, f"/papers/{table}.json?_size=0").json()
    facets = TABLE_OPTIONS[table]["facets"]
    names = [f if isinstance(f, str) else next(iter(f.values())) for f in facets]
    assert set(names) <= set(data["facet_results"]), (table, data["facet_results"].keys())
    assert not data.get("facets_timed_out")
    for name in names:
        assert data["facet_results"][name]["results"], (table, name)


@pytest.mark.parametrize(
    "table", sorted(name for name, options in TABLE_OPTIONS.items() if "sortable_columns" in options)
)
def test_tables_with_sortable_columns_still_sort_and_search_by_default(ds, table):
    meta = build_metadata()["databases"]["papers"]["tables"][table]
    for column in meta["sortable_columns"]:
        assert get(ds, f"/papers/{table}?_sort={column}").status_code == 200, column
    if table == "papers":  # the search form sends the default sort back
        assert get(ds, "/papers/papers?_search=quantization&_sort=pk").status_code == 200


def test_topic_array_facet_narrows_papers(ds):
    data = get(ds, "/papers/papers.json?topics__arraycontains=large+language+models&_size=0").json()
    assert 0 < data["filtered_table_rows_count"] < 58


def test_topic_facet_counts_each_paper_once_and_links_to_the_filter(ds, serve_db):
    facet = get(ds, "/papers/papers.json?_size=0").json()["facet_results"]["topics"]
    with sqlite3.connect(serve_db) as conn:
        expected = dict(
            conn.execute("SELECT keyword, count(*) FROM paper_keywords WHERE kind = 'topic' GROUP BY keyword")
        )
    assert facet["type"] == "distinct_array" and facet["results"]
    assert {r["value"]: r["count"] for r in facet["results"]} == {
        r["value"]: expected[r["value"]] for r in facet["results"]
    }
    assert [r["count"] for r in facet["results"]] == sorted((r["count"] for r in facet["results"]), reverse=True)
    top = facet["results"][0]
    assert "_topic=" in top["toggle_url"] and not top["selected"]
    filtered = get(ds, top["toggle_url"].replace("http://localhost", "")).json()
    assert filtered["filtered_table_rows_count"] == top["count"]
    assert [r["selected"] for r in filtered["facet_results"]["topics"]["results"] if r["value"] == top["value"]] == [
        True
    ]


@pytest.mark.parametrize(
    "indexed, json_filter",
    [
        ("_topic=large+language+models", "topics__arraycontains=large+language+models"),
        ("_topic=Large+Language+Model", "topics__arraycontains=large+language+models"),  # (any spelling)
        ("_author=Alan+Turing", "authors__arraycontains=Alan+Turing"),
        ("_author=turing,+alan", "authors__arraycontains=Alan+Turing"),
        (
            "_topic=large+language+models&_author=Alan+Turing",
            "topics__arraycontains=large+language+models&authors__arraycontains=Alan+Turing",
        ),
        ("_topic=no+such+topic", "topics__arraycontains=no+such+topic"),
    ],
)
def test_topic_and_author_filters_through_indexed_tables_find_what_the_json_filters_find(ds, indexed, json_filter):
    def ids(query: str) -> set[str]:
        return {r["id"] for r in get(ds, f"/papers/papers.json?{query}&_shape=array&_size=max").json()}

    assert ids(indexed) == ids(json_filter)
    if "no+such" not in indexed:
        assert ids(indexed)


@pytest.mark.parametrize(
    "asked, indexed",
    [
        ("topics__arraycontains=computer+vision", "_topic=computer+vision"),
        (
            "venue=ICML&topics__arraycontains=large+language+models&_sort=year",
            "venue=ICML&_topic=large+language+models&_sort=year",
        ),
        ("authors__arraycontains=Alan+Turing", "_author=Alan+Turing"),
        ("keyword_labels__arraycontains=graph+neural+networks", "_keyword=graph+neural+networks"),
        ("keywords__arraycontains=GNNs", "_keyword=GNNs"),
    ],
)
def test_the_papers_page_given_a_json_filter_opens_filtered_through_the_indexed_tables(ds, asked, indexed):
    """`topics__arraycontains=` (the filter a facet of Datasette's own links, and the docs named)
    read every paper's JSON for the count and each facet: 2.8 s for a first visit on the catalogue
    (the fifth reader's item 15); the page opens as `_topic=` instead. JSON answers as asked."""
    page = get(ds, f"/papers/papers?{asked}")
    assert page.status_code == 302 and page.headers["location"] == f"/papers/papers?{indexed}"
    assert get(ds, f"/papers/papers.json?{asked}&_size=0").status_code == 200


def test_a_keyword_filter_finds_the_papers_with_it_by_any_name(ds, serve_db):
    by_long = get(ds, "/papers/papers.json?_keyword=graph+neural+networks&_shape=array&_size=max").json()
    by_short = get(ds, "/papers/papers.json?_keyword=GNN&_shape=array&_size=max").json()
    with sqlite3.connect(serve_db) as conn:
        expected = {
            pid
            for (pid,) in conn.execute(
                "SELECT paper_id FROM paper_keywords k JOIN keywords w ON w.id = k.keyword_id"
                " WHERE w.normalised = 'graph neural network'"
            )
        }
    assert expected and {r["id"] for r in by_long} == {r["id"] for r in by_short} == expected
    html = get(ds, "/papers/papers?_keyword=GNN").text
    assert "keyword is GNN" in html


def test_search_box_on_papers_and_views(ds):
    rows = get(ds, "/papers/papers.json?_search=quantization&_shape=array").json()
    assert rows and all("quantiz" in r["abstract"].lower() or "quantiz" in r["keywords"].lower() for r in rows)
    rows = get(ds, "/papers/papers_with_code.json?_search=lattice&_shape=array").json()
    assert [r["repo"] for r in rows] == ["quip-sharp"]


def test_search_ranks_quip_first(ds, serve_db):
    rows = get(ds, "/papers/search.json?q=lattice+codebooks+quantization&_shape=array").json()
    assert rows[0]["id"] == quip_id(serve_db)
    assert "\x02" in rows[0]["snippet"]
    html = get(ds, "/papers/search?q=lattice+codebooks+quantization").text
    assert "<mark>" in html


@pytest.mark.parametrize("q", ["QuIP#", '"unbalanced', "a AND OR", "quantiz*", "  "])
def test_search_never_fails_on_odd_input(ds, q):
    assert get(ds, f"/papers/search.json?q={quote(q)}&_shape=array").status_code == 200


def test_every_canned_query_runs_and_answers(ds, serve_db):
    params = dict(PARAMS, paper_id=quip_id(serve_db))
    for name, query in canned_queries().items():
        args = "&".join(f"{k}={quote(v)}" for k, v in params.items() if f":{k}" in query["sql"])
        response = get(ds, f"/papers/{name}.json?_shape=array&{args}")
        assert response.status_code == 200, name
        assert response.json(), f"{name} returned no rows"


def test_keyword_query_finds_acronym_and_long_form_alike(ds):
    by_long = get(ds, "/papers/papers_by_keyword.json?keyword=graph+neural+networks&_shape=array").json()
    by_short = get(ds, "/papers/papers_by_keyword.json?keyword=GNN&_shape=array").json()
    assert by_long and {r["id"] for r in by_long} == {r["id"] for r in by_short}


def test_script_in_an_abstract_is_shown_as_text(ds):
    html = get(ds, "/papers/papers?_search=injection").text
    assert "&lt;script&gt;alert(&#x27;pwned&#x27;)&lt;/script&gt;" in html
    assert "<script>alert(" not in html and "<img src=x" not in html


def test_abstracts_render_markup_readably(ds):
    html = get(ds, "/papers/papers?_search=quantization").text
    assert '<a href="https://github.com/Cornell-RelaxML/quip-sharp" rel="nofollow">' in html


def test_home_page_explains_itself_and_links_the_charts(ds):
    html = get(ds, "/").text
    assert "/-/dashboards/paperdb" in html and "ranked search" in html


def test_home_page_names_what_is_loaded(ds, serve_db):
    html = get(ds, "/").text
    total = sqlite3.connect(serve_db).execute("SELECT count(*) FROM papers").fetchone()[0]
    # (the paperlists papers are listing papers too; one was rejected a year before)
    assert f"{total:,} papers: ICML 2024 ({total - 1:,}), ICLR 2023 (1)." in re.sub(r"<[^>]+>", "", html)
    assert '<a href="/papers/papers?venue=ICML&amp;year=2024">ICML 2024</a>' in html  # (its papers)


@pytest.mark.parametrize(
    "venues, text",
    [
        ([], "No papers loaded yet"),
        ([("NeurIPS", 2023, 3540), ("ICLR", 2024, 2260)], "5,800 papers: NeurIPS 2023 (3,540), ICLR 2024 (2,260)."),
        ([("A<b>", 2020, 1)], "1 papers: A&lt;b&gt; 2020 (1)."),
        ([(f"V{i}", 2000 + i, 1) for i in range(14)], "and 2 more venues and years."),
    ],
)
def test_the_description_of_what_is_loaded(venues, text):
    from etl.serve.app import describe_loaded

    assert text in re.sub(r"<[^>]+>", "", describe_loaded(venues))


@pytest.mark.parametrize(
    "venues, links",
    [
        ([("NeurIPS", 2023, 3540)], ["/papers/papers?venue=NeurIPS&amp;year=2023"]),
        ([("A<b> & c", 2020, 1)], ["/papers/papers?venue=A%3Cb%3E+%26+c&amp;year=2020"]),
        (
            [(f"V{i}", 2000 + i, 1) for i in range(14)],
            [f"/papers/papers?venue=V{i}&amp;year={2000 + i}" for i in range(12)] + ["/papers/venues"],
        ),
    ],
)
def test_the_home_page_reaches_every_venue_and_year(venues, links):
    """Each venue-year it names opens its papers, and the ones it does not name are in the venues query."""
    from etl.serve.app import describe_loaded

    assert re.findall(r'href="([^"]+)"', describe_loaded(venues)) == links


def test_the_venues_query_lists_every_venue_year_and_links_its_papers(ds, serve_db):
    con = sqlite3.connect(serve_db)
    loaded = con.execute("SELECT venue, year, count(*) FROM papers GROUP BY venue, year").fetchall()
    rows = get(ds, "/papers/venues.json?_shape=array").json()
    assert sorted((r["venue"], r["year"], r["papers"]) for r in rows) == sorted(loaded)
    page = get(ds, "/papers/venues").text
    for venue, year, papers in loaded:
        href = f"/papers/papers?venue={quote(venue)}&amp;year={year}"
        assert f'<a href="{href}">{papers:,}</a>' in page
        count = get(ds, html.unescape(href).replace("/papers/papers?", "/papers/papers.json?_size=0&")).json()
        assert count["filtered_table_rows_count"] == papers


DASHBOARD_FILTERS = [
    {"venue": "all venues", "year": "all years"},
    {"venue": "ICML", "year": "all years"},
    {"venue": "ICML", "year": "2024"},
    {"venue": "all venues", "year": "2024"},
    {"venue": "NoSuch", "year": "all years"},
    {},  # (any other link: no filter)
]


@pytest.mark.parametrize("filters", DASHBOARD_FILTERS)
def test_dashboard_page_and_its_chart_queries_with_and_without_filters(ds, filters):
    from datasette_dashboards import replace_opts_in_query

    if filters:
        assert get(ds, "/-/dashboards/paperdb?" + urlencode(filters)).status_code == 200
    everything = None
    for name, chart in build_metadata()["plugins"]["datasette-dashboards"]["paperdb"]["charts"].items():
        sql = replace_opts_in_query(chart["query"], filters)
        response = get(ds, f"/papers.json?sql={quote(sql)}&_shape=objects&{urlencode(filters)}")
        assert response.status_code == 200, name
        assert bool(response.json()["rows"]) == (filters.get("venue") != "NoSuch"), name
        if name == "status":
            everything = sum(row["papers"] for row in response.json()["rows"])
    if filters.get("venue") != "NoSuch":  # (23 ICML 2024 papers and one ICLR 2023)
        everywhere = filters.get("venue") in (None, "all venues") and filters.get("year") in (None, "all years")
        assert everything == (24 if everywhere else 23)


def test_the_dashboards_selectors_name_what_they_hold(ds):
    opened = get(ds, "/-/dashboards/paperdb")
    assert opened.status_code == 302 and opened.headers["location"].endswith("?venue=all+venues&year=all+years")
    html = get(ds, "/-/dashboards/paperdb?venue=all+venues&year=all+years").text
    assert '<option value="all venues" selected>all venues</option>' in html
    assert '<option value="all years" selected>all years</option>' in html and ">2024</option>" in html


def test_the_code_chart_leaves_out_topics_too_small_for_a_share_and_says_each_bars_papers(tmp_path):
    """CoRL's chart opened on 'efficient inference and training', 2 of its 3 papers with code, above robotics'
    984 papers: a topic needs 1/50 of the largest topic's papers, and each bar says of how many."""
    from datasette_dashboards import replace_opts_in_query

    con = sqlite3.connect(tmp_path / "t.db")
    con.execute("CREATE TABLE papers (id INTEGER PRIMARY KEY, venue TEXT, year INTEGER, topics TEXT, code_status TEXT)")
    papers = [("robotics", "released" if i < 280 else "none") for i in range(984)] + [("tiny", "released")] * 2
    papers += [("tiny", "none"), ("vision", "released")] + [("vision", "none")] * 19
    con.executemany(
        "INSERT INTO papers (venue, year, topics, code_status) VALUES ('CoRL', 2023, json_array(?), ?)", papers
    )
    chart = build_metadata()["plugins"]["datasette-dashboards"]["paperdb"]["charts"]["code"]
    sql = replace_opts_in_query(chart["query"], {"venue": "CoRL", "year": "all years"})
    rows = con.execute(sql, {"venue": "CoRL", "year": "all years"}).fetchall()
    assert [row[:3] for row in rows] == [("robotics", 984, 28.5), ("vision", 20, 5.0)]
    (text,) = [layer for layer in chart["display"]["layer"] if layer["mark"]["type"] == "text"]
    assert text["encoding"]["text"] == {"field": "label"}
    assert chart["display"]["transform"] == [
        {"calculate": "format(datum.percent_with_code, '.1f') + '% of ' + format(datum.papers, ',')", "as": "label"}
    ]


def test_each_code_status_keeps_its_colour_and_each_number_fits_its_chart():
    import inspect

    from etl.extract.code_status import code_status

    statuses = re.findall(r'return "(\w+)"', inspect.getsource(code_status))
    charts = build_metadata()["plugins"]["datasette-dashboards"]["paperdb"]["charts"]
    colour = charts["status"]["display"]["encoding"]["color"]["scale"]
    assert colour["domain"] == statuses == ["released", "promised", "mentioned", "none"]  # (every one a paper can have)
    assert len(set(colour["range"])) == len(statuses)
    for name, room in (("topics", "1.2"), ("code", "1.525")):  # (the code chart's `53.5% of 43` needs more: reader6)
        layers = charts[name]["display"]["layer"]
        assert layers[-1]["encoding"]["x"]["field"] == "room" and layers[-1]["mark"]["opacity"] == 0
        assert f"* {room} AS room" in charts[name]["query"]


@pytest.mark.parametrize(
    "comment, read",
    [
        (
            "-- Papers by venue\n-- How many papers each venue has.\n--\n",
            {"title": "Papers by venue", "description": "How many papers each venue has."},
        ),
        (
            "-- Papers by keyword\n-- Papers with a keyword.\n-- Example: keyword = graph neural networks\n",
            {
                "title": "Papers by keyword",
                "description": "Papers with a keyword.",
                "example": {"keyword": "graph neural networks"},
            },
        ),
        (
            "-- Compare\n-- Example: first = 2013-2016;second=2024 ; venue = \n-- Two periods.\n",
            {
                "title": "Compare",
                "description": "Two periods.",
                "example": {"first": "2013-2016", "second": "2024", "venue": ""},
            },
        ),
    ],
)
def test_query_file_comment_gives_title_description_and_example(tmp_path, comment, read):
    path = tmp_path / "q.sql"
    path.write_text(comment + "SELECT 1\n", encoding="utf-8")
    assert read_query(path) == {"sql": "SELECT 1", **read}


def test_a_long_querys_sql_is_folded_below_its_results(ds):
    """Datasette shows a canned query's SQL above its results: compare_periods' 60 lines came before any."""
    from etl.serve.app import SQL_LINES_SHOWN

    for name, query in canned_queries().items():
        assert "example" not in query  # (paperdb's, not Datasette's)
        lines = query["sql"].count("\n") + 1
        assert query.get("hide_sql", False) == (lines > SQL_LINES_SHOWN), name
        page = asyncio.run(ds.client.get(f"/papers/{name}", follow_redirects=True)).text
        assert ('id="sql-query"' in page) == (lines <= SQL_LINES_SHOWN), name
        assert "_show_sql=1" in page or lines <= SQL_LINES_SHOWN, name  # (shown on request)
    assert canned_queries()["compare_periods"]["hide_sql"]


def test_alembic_version_is_hidden(ds):
    assert "alembic_version" not in get(ds, "/papers").text


def test_the_bundled_data_shows_no_empty_table_or_facet(seeded_once):
    """The bundled listings fill neither authors nor events, nor any paper's decision: the database
    page lists no empty table (they go with the hidden ones, named in its description), its SQL box
    starts on a table with rows, and the papers list has no facet of empty headings."""
    ds = make_datasette(seeded_once)
    page = get(ds, "/papers").text
    listed = re.findall(r'<h3><a href="/papers/(\w+)"', page)
    con = sqlite3.connect(seeded_once)
    try:
        rows = {name: con.execute(f'SELECT count(*) FROM "{name}"').fetchone()[0] for name in listed}
        (first,) = re.findall(r"<textarea[^>]*>select \* from (\w+)", page)
        assert con.execute(f'SELECT count(*) FROM "{first}"').fetchone()[0] > 0
    finally:
        con.close()
    assert "papers" in listed and all(rows.values()), rows
    assert "authors" not in listed and "events" not in listed
    assert "No source loaded so far fills" in page and "authors" in page.split("No source loaded so far fills")[1]
    facets = get(ds, "/papers/papers.json?_size=0").json()["facet_results"]
    assert {"code_status", "venue", "year", "topics"} <= set(facets)
    assert not {"decision", "presentation", "primary_area"} & set(facets)


def test_a_filled_database_shows_every_table_and_facet(ds):
    page = get(ds, "/papers").text
    assert "etl_flags" not in page  # (hidden anyway: never named)
    assert re.search(r'<h3><a href="/papers/authors"', page)
    facets = get(ds, "/papers/papers.json?_size=0").json()["facet_results"]
    assert {"decision", "presentation", "primary_area"} <= set(facets)


@pytest.mark.parametrize(
    "narrowed, empty",
    [
        ("", set()),
        ("venue=ICLR", {"presentation", "primary_area"}),  # (its one paper: rejected, no area)
        ("decision=rejected", {"presentation"}),
        ("decision__isnull=1", {"decision", "presentation", "primary_area"}),
    ],
)
def test_a_facet_no_listed_paper_has_a_value_of_is_not_shown(ds, narrowed, empty):
    """(a papers list of one venue showed "primary_area 0" over an empty list)"""
    shown = set(
        re.findall(
            r'<div class="facet-info [^"]*" id="facet-[^"]*" data-column="([^"]+)"',
            get(ds, f"/papers/papers?{narrowed}").text,
        )
    )
    data = get(ds, f"/papers/papers.json?_size=0&{narrowed}").json()["facet_results"]
    assert shown == {name for name, facet in data.items() if facet["results"]} == set(data) - empty


INSTITUTIONS = [  # (id, name) beside the fixture's University of Cambridge (1)
    (2, "Massachusetts Institute of Technology"),
    (3, "Manipal Institute of Technology"),
    (4, "MIT CSAIL"),
    (5, "Stanford University"),
    (6, "University of Washington"),
    (7, "Carnegie Mellon University"),
]


@pytest.mark.parametrize(
    "asked, found",
    [
        ("Massachusetts Institute of Technology", {2}),
        ("massachusetts  institute of technology", {2}),  # the load's merge key
        ("2", {2}),  # its id, as the institutions table links it
        ("MIT", {2, 3, 4}),  # initials (both institutes) and the start of a name
        ("CMU", {7}),
        ("Stanford", {5}),  # the start of a name
        ("MIT CSAIL", {4}),
        ("University", set()),  # not the start of `University of Washington`: another place
        ("UW", {6}),
        ("the University of Cambridge", {1}),
        ("Cambridge", set()),
        ("%", set()),
    ],
)
def test_papers_by_institution_takes_a_name_its_start_or_its_initials(serve_copy, asked, found):
    con = sqlite3.connect(serve_copy)
    with con:
        papers = [
            row[0]
            for row in con.execute(
                "SELECT id FROM papers WHERE id NOT IN (SELECT paper_id FROM paper_affiliations) ORDER BY pk"
            )
        ]
        assert len(papers) >= len(INSTITUTIONS)
        for (number, name), paper in zip(INSTITUTIONS, papers, strict=False):
            con.execute(
                "INSERT INTO institutions (id, name, normalised, papers) VALUES (?, ?, ?, 1)",
                (number, name, " ".join(name.lower().split())),
            )
            con.execute(
                "INSERT OR IGNORE INTO paper_authors (paper_id, position, author_id, name, name_raw)"
                " VALUES (?, 9, 1, 'Ada Lovelace', 'Ada Lovelace')",
                (paper,),
            )
            con.execute(
                'INSERT INTO paper_affiliations (paper_id, position, institution_id, "order", name)'
                " VALUES (?, 9, ?, 1, ?)",
                (paper, number, name),
            )
    con.close()
    by_paper = dict(zip(papers, (number for number, _ in INSTITUTIONS), strict=False))
    path = "/papers/papers_by_institution.json?" + urlencode({"institution": asked, "_shape": "array"})
    response = get(make_datasette(serve_copy), path)
    assert response.status_code == 200
    rows = response.json()
    assert {by_paper.get(row["id"], 1) for row in rows} == found
    assert len(rows) == len({row["id"] for row in rows})  # each paper once
    if found:
        assert all(row["institutions"] and row["venue"] and row["year"] for row in rows)


def test_the_year_facet_lists_years_newest_first_and_filters_by_year(serve_copy):
    con = sqlite3.connect(serve_copy)
    with con:  # 2024 keeps the most papers, so a count order would put it first
        con.execute("UPDATE papers SET year = 2019 WHERE pk IN (SELECT pk FROM papers ORDER BY pk LIMIT 2)")
        con.execute("UPDATE papers SET year = 2025 WHERE pk IN (SELECT pk FROM papers ORDER BY pk DESC LIMIT 1)")
    con.close()
    ds = make_datasette(serve_copy)
    year = get(ds, "/papers/papers.json?_size=0").json()["facet_results"]["year"]
    assert [(r["value"], r["count"]) for r in year["results"]] == [(2025, 1), (2024, 21), (2019, 2)]
    narrowed = get(ds, year["results"][2]["toggle_url"].replace("http://localhost", "")).json()
    assert narrowed["filtered_table_rows_count"] == 2
    assert [r["selected"] for r in narrowed["facet_results"]["year"]["results"]] == [True]


def _links(html: str) -> list[str]:
    """The pages of this Datasette a page links to (as scripts/pages.py follows them)."""
    found = []
    for href in re.findall(r'href="([^"#]*)"', html):
        path = href.replace("&amp;", "&")
        skipped = path.startswith(("//", "/-/static")) or "_stream=" in path or path.endswith(".db") or "?sql=" in path
        if path.startswith("/") and not skipped and path not in found:
            found.append(path)
    return found


def test_no_page_one_click_from_the_database_page_or_a_paper_page_fails_or_is_interrupted(ds, serve_db):
    """Every table, view, query and facet link of the database page and of three paper pages
    answers, none 'SQL Interrupted', no facet timed out; keyword_pairs (which pairs every keyword:
    past the time limit on the catalogue) is not among them."""
    con = sqlite3.connect(serve_db)
    try:
        pks = [row[0] for row in con.execute("SELECT pk FROM papers WHERE authors != '[]' ORDER BY pk LIMIT 3")]
    finally:
        con.close()
    starts = ["/papers", *(f"/papers/papers/{pk}" for pk in pks)]
    seen: set[str] = set()
    for start in starts:
        for path in [start, *_links(get(ds, start).text)]:
            if path in seen:
                continue
            seen.add(path)
            response = get(ds, path)
            while response.status_code in (301, 302):
                response = get(ds, response.headers["location"].removeprefix("http://localhost"))
            assert response.status_code == 200, (path, response.status_code)
            assert "SQL Interrupted" not in response.text and "facets_timed_out" not in response.text, path
            if path.startswith("/papers/") and "?" not in path and "/-/" not in path:
                data = get(ds, path.split("?")[0] + ".json?_size=1")
                assert data.status_code != 200 or not data.json().get("facets_timed_out"), path
    assert len(seen) >= 40 and "/papers/keyword_pairs" not in seen
    assert {"/papers/topic_counts", "/papers/papers", "/papers/search"} <= seen


def test_an_interrupted_keyword_pairs_says_where_to_go_instead():
    from datasette.utils.asgi import Request

    from etl.serve.failures import error_page
    from etl.serve.internals import DatasetteError

    interrupted = DatasetteError(  # (as Datasette words it: the SQL it ran in a textarea)
        "<p>SQL query took too long.</p><textarea>SELECT id FROM papers</textarea>",
        title="SQL Interrupted",
        status=400,
        message_is_html=True,
    )
    for path, instead in [("/papers/keyword_pairs.json", True), ("/papers/papers.json", False)]:
        response = asyncio.run(error_page(None, Request.fake(path), interrupted)())
        error = json.loads(response.body)["error"]
        assert response.status == 400 and "took longer than the time limit" in error
        assert "SELECT" not in error and "textarea" not in error  # (no SQL shown to a reader)
        assert ("related_keywords" in error) == instead, path
        assert "rarer words" in error  # (a list or a search: the search box's advice)
    # ad-hoc SQL: advice for a query, not the search box's (reader6 item 16)
    response = asyncio.run(error_page(None, Request.fake("/papers.json?sql=with+recursive+x"), interrupted)())
    error = json.loads(response.body)["error"]
    assert "This query took longer than the time limit" in error and "indexed column" in error
    assert "rarer words" not in error


def test_missing_database(tmp_path):
    with pytest.raises(PaperdbError, match="no such database"):
        make_datasette(str(tmp_path / "none.db"))


def paper_row(db_file: str, where: str = "abstract LIKE '%QuIP#%'") -> tuple[int, str]:
    con = sqlite3.connect(db_file)
    try:
        return con.execute(f"SELECT pk, id FROM papers WHERE {where}").fetchone()
    finally:
        con.close()


def test_a_papers_public_key_leads_to_its_page(ds, serve_db):
    pk, pid = paper_row(serve_db)
    response = get(ds, f"/-/paper/{pid}")
    assert response.status_code == 302 and response.headers["location"].endswith(f"/papers/papers/{pk}")
    assert get(ds, "/-/paper/0000000000000000").status_code == 404


def test_a_papers_former_id_leads_to_its_page(serve_copy):
    db = serve_copy
    pk, pid = paper_row(db)
    con = sqlite3.connect(db)
    with con:
        con.execute("INSERT INTO paper_former_ids VALUES ('00000000000000ff', ?, '0014')", [pid])
    con.close()
    response = get(make_datasette(db), "/-/paper/00000000000000ff")
    assert response.status_code == 302 and response.headers["location"].endswith(f"/papers/papers/{pk}")


@pytest.mark.parametrize("written", ["We study ``robust'' learning --- at scale.", "(cid:173)"])
def test_an_untitled_paper_whose_abstract_is_cleaned_shows_the_cleaned_text(serve_copy, written):
    # (papers.abstract as written; abstract_clean where cleaning changes it, even to nothing)
    from etl.text.cleaning import clean_abstract

    pk, pid = paper_row(serve_copy, "title IS NULL")
    con = sqlite3.connect(serve_copy)
    with con:
        con.execute(
            "UPDATE papers SET abstract = ?, abstract_clean = ? WHERE id = ?", [written, clean_abstract(written), pid]
        )
    con.close()
    ds = make_datasette(serve_copy)
    page = get(ds, f"/papers/papers/{pk}").text
    cards = get(ds, f"/papers/papers?id={pid}").text
    for shown in (page, cards):
        assert shown.count(written) == shown.count(html.escape(written)) == 0
        assert clean_abstract(written) in shown


def test_the_page_of_a_paper_without_an_abstract_says_it_has_none(serve_copy):
    # (7,641 of the catalogue's papers come from records with a title and no abstract: their pages were a 500)
    pk, pid = paper_row(serve_copy, "title IS NOT NULL")
    con = sqlite3.connect(serve_copy)
    with con:
        con.execute("UPDATE papers SET abstract = NULL, abstract_clean = NULL WHERE id = ?", [pid])
        title, title_raw = con.execute("SELECT title, title_raw FROM papers WHERE id = ?", [pid]).fetchone()
    con.close()
    response = get(make_datasette(serve_copy), f"/papers/papers/{pk}")
    heading = render_title(title, title_raw)  # (`A $\\mathcal{O}(n)$ Method`: its formula drawn)
    assert response.status_code == 200 and f"<h1>{heading}</h1>" in response.text and "<math" in heading
    assert "No source gives this paper's abstract." in response.text


def test_a_papers_page_lists_what_refers_to_it_with_true_counts(ds, serve_db):
    pk, pid = paper_row(serve_db, "id IN (SELECT paper_id FROM paper_affiliations)")
    html = get(ds, f"/papers/papers/{pk}").text
    con = sqlite3.connect(serve_db)
    for table, label in [("paper_keywords", "keywords"), ("paper_authors", "authors"), ("paper_sources", "sources")]:
        count = con.execute(f"SELECT count(*) FROM {table} WHERE paper_id = ?", (pid,)).fetchone()[0]
        shown = label if count != 1 else label[:-1]
        assert count > 0 and f'href="/papers/{table}?paper_id={pid}">{count:,} {shown}</a>' in html
    title = con.execute("SELECT title FROM papers WHERE id = ?", (pid,)).fetchone()[0]
    assert f"<h1>{title}</h1>" in html and "University of Cambridge" in html  # authors with affiliations
    assert "accepted" in html and "Similar papers" in html and "The authors' keywords" in html
    assert "https://openreview.net/forum?id=" in html  # ids link out


@pytest.mark.parametrize("table", ["paper_links", "paper_keywords", "paper_authors", "paper_ids", "paper_sources"])
def test_every_table_that_refers_to_a_paper_links_to_its_page(ds, serve_db, table):
    html = get(ds, f"/papers/{table}?_size=5").text
    ids = re.findall(r'href="/-/paper/([0-9a-f]{16})"', html)
    assert ids, table
    followed = get(ds, f"/-/paper/{ids[0]}")
    assert followed.status_code == 302
    page = get(ds, followed.headers["location"].removeprefix("http://localhost"))
    assert page.status_code == 200 and ids[0] in page.text


def test_the_papers_list_reads_like_a_paper_list(ds):
    html = get(ds, "/papers/papers?_size=10").text
    assert html.count('<li class="paper-card">') == 10
    assert 'class="chip kind-topic"' in html and "_topic=" in html and "__arraycontains=" not in html
    assert "abstract_sha256" not in html.split('<ul class="paper-cards">')[1].split("</ul>")[0]  # keys stay out
    assert "column-descriptions-box" in html  # the script that folds the column descriptions
    table = get(ds, "/papers/papers?_size=2&_view=table").text
    assert 'class="rows-and-columns"' in table and "abstract_sha256" in table


def test_search_results_link_titles_and_show_chips(ds, serve_db):
    _, pid = paper_row(serve_db)
    html = get(ds, "/papers/search?q=lattice+codebooks").text
    assert f'<a href="/-/paper/{pid}">' in html and 'class="chip kind-topic"' in html
    assert "[&#34;" not in html and '["' not in html  # no JSON text


def test_every_canned_query_runs_in_plain_sqlite_after_one_call(serve_db):
    from etl.store.functions import register

    params = dict(PARAMS, paper_id=quip_id(serve_db))
    con = register(sqlite3.connect(serve_db))
    for name, query in canned_queries().items():
        wanted = {k: v for k, v in params.items() if f":{k}" in query["sql"]}
        assert con.execute(query["sql"], wanted).fetchall(), name
    bare = sqlite3.connect(serve_db)
    with pytest.raises(sqlite3.OperationalError, match="no such function"):
        bare.execute(canned_queries()["search"]["sql"], {"q": "x"})


@pytest.mark.parametrize("table", ["repos", "authors", "institutions", "keywords"])
def test_counts_of_papers_link_to_the_papers_they_count(ds, table):
    html = get(ds, f"/papers/{table}?_size=3&_sort_desc=papers").text
    links = re.findall(r'<td class="col-papers type-int"><a href="([^"]+)">([\d,]+)</a>', html)
    assert links, table
    href, count = links[0]
    path, query = href.replace("&amp;", "&").split("?")
    target = get(ds, f"{path}.json?{query}&_shape=array&_size=max")
    assert target.status_code == 200
    found = {row.get("paper_id") or row.get("id") for row in target.json()}
    assert len(found) == int(count.replace(",", "")), (table, href)


def test_a_sources_url_that_is_not_a_web_address_is_never_a_link(tmp_path):
    from etl.load import load

    abstract = "We study links that run script when clicked, and how browsers treat them."
    (tmp_path / "a.csv").write_text(
        f'abstract,title,url,venue,year\n"{abstract}",Links,javascript:alert(1),ICML,2024\n'
    )
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "a.csv")])
    page = get(make_datasette(db), f"/papers/papers/{paper_row(db, '1 = 1')[0]}").text
    assert "javascript:alert" not in page.split('<details class="all-columns">')[0] and "paper page</a>" not in page


def test_papers_by_keyword_lists_each_paper_once(ds, serve_db):
    rows_ = get(ds, "/papers/papers_by_keyword.json?keyword=large+language+models&_shape=array").json()
    ids = [r["id"] for r in rows_]
    assert ids and len(ids) == len(set(ids))
    assert any(
        "author" in r["kinds"] and "," in r["kinds"] for r in rows_
    )  # (a keyword both extracted and the authors')


def test_papers_by_keyword_says_where_each_paper_is_from_and_pages(serve_copy):
    """Venue, year and decision on every row, the abstract's opening (not whole abstracts: 4 MB for
    `computer vision` on the catalogue), 100 a page."""
    con = sqlite3.connect(serve_copy)
    with con:  # 150 more papers with the keyword: two pages
        (keyword_id,) = con.execute("SELECT id FROM keywords WHERE normalised = 'large language model'").fetchone()
        for n in range(150):
            con.execute(
                "INSERT INTO papers (id, venue, year, abstract, abstract_clean, added_at, updated_at, decision)"
                " SELECT printf('%016x', ?), venue, year, abstract || ' ' || ?, abstract_clean || ' ' || ?,"
                " added_at, updated_at, 'accepted' FROM papers ORDER BY pk LIMIT 1",
                (n, n, n),
            )
            con.execute(
                "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
                " VALUES (printf('%016x', ?), ?, 'large language models', 'phrase', ?, 1)",
                (n, keyword_id, n / 1000),
            )
    con.close()
    ds = make_datasette(serve_copy)
    path = "/papers/papers_by_keyword.json?keyword=large+language+models&_shape=array&page="
    first, second = (get(ds, path + page).json() for page in ("", "2"))
    assert len(first) == 100 and first == get(ds, path + "1").json() and 50 < len(second) < 100
    assert get(ds, path + "3").status_code == 400  # (past the last page: said, reader5)
    assert not {r["id"] for r in first} & {r["id"] for r in second}
    scores = [r["score"] for r in first + second]
    assert scores == sorted(scores, reverse=True)
    for row in first + second:
        assert row["title"] and row["venue"] and row["year"] and "decision" in row
        assert len(row["abstract"]) <= 301


def test_unknown_or_upper_case_paper_ids(ds, serve_db):
    _, pid = paper_row(serve_db)
    assert get(ds, f"/-/paper/{pid.upper()}").status_code == 302
    missing = get(ds, "/-/paper/NoSuchId")
    assert missing.status_code == 404 and "No paper with id 'NoSuchId'" in html.unescape(missing.text)  # (as typed)


# A paper's usual addresses, as a librarian pastes them (reader2: /-/paper/<an OpenReview forum URL> was a
# 404 while a doi.org URL led to the paper), with the id each gives; the ids are the catalogue's own
# (ICLR 2017 #Exploration, CVPR 2017 Deep Roots, ACL 2021, AISTATS 2010 kaelin10a, SIGGRAPH 2015).
PAPER_ADDRESSES = [
    ("https://openreview.net/forum?id=SyOvg6jxx", "openreview", "SyOvg6jxx"),
    ("https://openreview.net/pdf?id=SyOvg6jxx", "openreview", "SyOvg6jxx"),
    ("https://openreview.net/forum?id=SyOvg6jxx&noteId=SyOvg6jxx", "openreview", "SyOvg6jxx"),
    ("https:/openreview.net/forum?id=SyOvg6jxx", "openreview", "SyOvg6jxx"),  # (// merged on the way)
    ("https://arxiv.org/abs/1605.06489v2", "arxiv", "1605.06489"),
    ("https://arxiv.org/pdf/1605.06489.pdf", "arxiv", "1605.06489"),
    ("https://arxiv.org/pdf/1605.06489v1", "arxiv", "1605.06489"),
    ("https://aclanthology.org/2021.acl-long.416/", "acl_anthology", "2021.acl-long.416"),
    ("https://aclanthology.org/2021.acl-long.416.pdf", "acl_anthology", "2021.acl-long.416"),
    ("https://proceedings.mlr.press/v13/kaelin10a.html", "pmlr", "pmlr-v13-kaelin10a"),
    ("https://proceedings.mlr.press/v13/kaelin10a/kaelin10a.pdf", "pmlr", "pmlr-v13-kaelin10a"),
    ("https://dl.acm.org/doi/10.1145/2766972", "doi", "10.1145/2766972"),
    ("https://dl.acm.org/doi/pdf/10.1145/2766972", "doi", "10.1145/2766972"),
    ("https://doi.org/10.1145/2766972", "doi", "10.1145/2766972"),
    ("https://ieeexplore.ieee.org/document/9196718/", "ieee_article_number", "9196718"),  # (IROS 2020)
    ("https://ieeexplore.ieee.org/abstract/document/9196718", "ieee_article_number", "9196718"),
]


@pytest.mark.parametrize("address, scheme, value", PAPER_ADDRESSES)
def test_a_papers_usual_addresses_lead_to_its_page(serve_copy, address, scheme, value):
    from etl.text.paper_ids import id_forms

    assert value in id_forms(address)
    pk, pid = paper_row(serve_copy)
    con = sqlite3.connect(serve_copy)
    with con:
        con.execute("INSERT INTO paper_ids VALUES (?, ?, ?, 4)", [pid, scheme, value])
    con.close()
    response = get(make_datasette(serve_copy), f"/-/paper/{address}")
    assert response.status_code == 302 and response.headers["location"].endswith(f"/papers/papers/{pk}")


@pytest.mark.parametrize(
    "address",
    [
        "https://ieeexplore.ieee.org/document/1641780",  # (an article number no paper has)
        "https://openreview.net/forum?id=NoSuchForum",
        "https://example.org/?q=1",
    ],
)
def test_an_address_of_no_known_paper_is_a_page_that_says_which_addresses_are_read(ds, address):
    missing = get(ds, f"/-/paper/{address}")
    text = html.unescape(missing.text)
    assert (
        missing.status_code == 404 and f"No paper with id {address!r}" in text and "openreview.net, arxiv.org" in text
    )
    assert "Traceback" not in text


# Pages that named the loading machine's folders (reader2: paper_titles and load_history showed
# /work/cat/paperlists-catalogue/iros/iros2020.json), and the file names they show instead.
LOADER_FOLDERS = "/home/loader/cat/paperlists-catalogue"
PAGES_OF_SOURCES = [
    ("/papers/paper_sources?_size=50", "icml2024.txt"),
    ("/papers/paper_titles?_size=50", "iclr2024.json"),
    ("/papers/load_history", "paperlists-catalogue"),
    ("/papers/etl_runs", "iclr2023.json"),
    ("/papers/etl_run_issues", "iclr2023.json"),
    ("/papers/etl_run_issues/2,1", "iclr2023.json"),
]


@pytest.fixture(scope="module")
def loaded_from_folders(tmp_path_factory, serve_db) -> str:
    """The serve tests' database with its sources, runs and issues given whole paths, as a load names them."""
    from tests.conftest import copy_database

    db_file = copy_database(serve_db, tmp_path_factory.mktemp("folders") / "papers.db")
    con = sqlite3.connect(db_file)
    with con:
        con.execute("UPDATE sources SET path = ? || '/' || path", [LOADER_FOLDERS])
        con.execute("UPDATE etl_run_issues SET path = ? || '/' || path", [LOADER_FOLDERS])
        con.execute("UPDATE etl_runs SET paths = json_array(?) WHERE id = 1", [LOADER_FOLDERS + "/"])
        con.execute("UPDATE etl_runs SET paths = json_array(? || '/iclr2023.json') WHERE id = 2", [LOADER_FOLDERS])
    con.close()
    return db_file


@pytest.mark.parametrize("path, shown", PAGES_OF_SOURCES)
def test_pages_name_a_source_by_its_file_never_the_loaders_folders(loaded_from_folders, path, shown):
    page = get(make_datasette(loaded_from_folders), path)
    assert page.status_code == 200 and shown in page.text and LOADER_FOLDERS not in page.text


def test_the_sources_table_keeps_the_whole_path_to_load_again(loaded_from_folders):
    page = get(make_datasette(loaded_from_folders), "/papers/sources")
    assert f"{LOADER_FOLDERS}/icml2024.txt" in page.text


def test_dashboard_year_options_compare_equal_to_the_chosen_year(ds):
    years = get(
        ds,
        "/papers.json?sql="
        + quote(build_metadata()["plugins"]["datasette-dashboards"]["paperdb"]["filters"]["year"]["query"])
        + "&_shape=array",
    ).json()
    assert years and all(isinstance(next(iter(r.values())), str) for r in years)


def test_similar_to_paper_takes_the_number_in_a_papers_address_too(ds, serve_db):
    pk, pid = paper_row(serve_db)
    by_id = get(ds, f"/papers/similar_to_paper.json?paper_id={pid}&_shape=array").json()
    assert by_id and all(r["venue"] and r["year"] for r in by_id)  # (where each is from)
    assert get(ds, f"/papers/similar_to_paper.json?paper_id={pk}&_shape=array").json() == by_id
    assert get(ds, f"/papers/similar_to_paper.json?paper_id=+{pid.upper()}+&_shape=array").json() == by_id


def test_a_paper_without_an_abstract_is_a_card_too(serve_copy):
    con = sqlite3.connect(serve_copy)
    with con:
        con.execute("UPDATE papers SET abstract = NULL WHERE pk = (SELECT min(pk) FROM papers WHERE title IS NOT NULL)")
    con.close()
    response = get(make_datasette(serve_copy), "/papers/papers?_size=100")
    assert response.status_code == 200 and response.text.count('<li class="paper-card">') == 24


def test_a_papers_review_fields_show_on_its_page_and_sort_and_facet_the_list(tmp_path):
    from etl.load import load

    abstract = "We rank reviews of submissions with a model of reviewer confidence and show it helps."
    records = [
        {
            "title": "Confident Reviews",
            "abstract": abstract,
            "author": "Ada Lovelace",
            "status": "Poster",
            "site": "https://openreview.net/forum?id=abcDEF0xyz",
            "rating_avg": [6.25, 0.83],
            "confidence_avg": 3.5,
            "gs_citation": 1234,
            "primary_area": "alignment, fairness, safety, privacy, and societal considerations",
            "tldr": "Confidence-weighted reviews rank submissions better.",
        },
        {
            "title": "Another Paper",
            "abstract": "A second abstract about something else entirely, with no review fields given.",
            "author": "Alan Turing",
            "status": "Poster",
            "rating_avg": 4.0,
            "gs_citation": -1,
        },
    ]
    (tmp_path / "iclr2024.json").write_text(json.dumps(records))
    db = str(tmp_path / "p.db")
    load(db, [str(tmp_path / "iclr2024.json")])
    ds = make_datasette(db)
    page = get(ds, f"/papers/papers/{paper_row(db, 'rating_avg > 5')[0]}").text.split('<details class="all-columns">')[
        0
    ]
    for shown in ("rating 6.25 (confidence 3.50)", "1,234 citations", "<strong>TL;DR</strong> Confidence-weighted"):
        assert shown in page
    assert "/papers/papers?primary_area=alignment%2C%20fairness" in page
    for column in ("rating_avg", "confidence_avg", "citations"):
        listed = get(ds, f"/papers/papers.json?_sort_desc={column}&_shape=array").json()
        assert listed[0]["title"] == "Confident Reviews", column
    facets = get(ds, "/papers/papers.json?_extra=facet_results").json()["facet_results"]
    assert facets["primary_area"]["results"][0]["count"] == 1


def test_a_canned_querys_browser_tab_says_its_title_not_its_sql(ds):
    for name, query in canned_queries().items():
        page = asyncio.run(ds.client.get(f"/papers/{name}", follow_redirects=True)).text  # (to its example)
        title = re.search(r"<title>(.*?)</title>", page, re.S)[1]
        assert html.unescape(title) == f"{query['title']} · papers", name


def test_the_keyword_page_is_reached_from_a_paper_and_from_its_list(ds, serve_db):
    """A chip led to the papers list, which had no way to the keyword's page (its chart), and no
    paper page linked it: both do now, to the keyword each names."""
    con = sqlite3.connect(serve_db)
    try:
        pid, keyword_id, label = con.execute(
            "SELECT k.paper_id, k.keyword_id, w.label FROM paper_keywords k JOIN keywords w ON w.id = k.keyword_id"
            " WHERE k.kind = 'topic' ORDER BY k.paper_id LIMIT 1"
        ).fetchone()
        pk = con.execute("SELECT pk FROM papers WHERE id = ?", (pid,)).fetchone()[0]
        other = con.execute("SELECT id, label FROM keywords WHERE kind != 'topic' ORDER BY papers DESC").fetchone()
    finally:
        con.close()
    # (by its stable address, its text, which leads to its page by the id it has now)
    assert f'href="/-/keyword/{quote(label, safe="")}"' in get(ds, f"/papers/papers/{pk}").text
    for parameter, (kid, name) in [("_topic", (keyword_id, label)), ("_keyword", other)]:
        listed = get(ds, f"/papers/papers?{parameter}={quote(name)}").text
        block = listed.split('class="note keyword-pages">')[1].split("</p>")[0]
        (address,) = re.findall(r'href="(/-/keyword/[^"]+)"', block)
        assert address == f"/-/keyword/{quote(name, safe='')}", parameter
        assert get(ds, address).headers["location"].endswith(f"/papers/keywords/{kid}")
        assert get(ds, f"/papers/keywords/{kid}").status_code == 200
    assert 'class="note keyword-pages"' not in get(ds, "/papers/papers").text


def test_the_keyword_page_says_what_it_counts_and_links_the_words_search(ds, serve_db):
    """The eighth reader's item 8: /-/keyword/visual odometry said "220 papers" where the phrase is in
    390 abstracts or titles; the page says the count is of papers with it among their top keywords,
    and links the search for its words."""
    con = sqlite3.connect(serve_db)
    try:
        kid, label, papers = con.execute("SELECT id, label, papers FROM keywords ORDER BY papers DESC, id").fetchone()
    finally:
        con.close()
    meta = get(ds, f"/papers/keywords/{kid}").text.split('class="paper-meta">')[1].split("</p>")[0]
    assert f"{papers:,} papers " in meta and "with it among their top keywords" in meta
    (search,) = re.findall(r'href="(/papers/search\?q=[^"]+)"', meta)
    assert search == f"/papers/search?q={quote(label)}"
    assert get(ds, search).status_code == 200


@pytest.mark.parametrize(
    "path, status, location",
    [
        ("/papers/keyword_pairs", 302, "/papers/related_keywords"),
        (
            "/papers/keyword_pairs?keyword_a=graph+neural+networks&_sort_desc=lift",
            302,
            "/papers/related_keywords?keyword=graph+neural+networks",
        ),
        ("/papers/keyword_pairs.json?_shape=array", 400, None),
        ("/papers/keyword_pairs.csv", 400, None),
    ],
)
def test_keyword_pairs_is_not_served_and_says_where_to_go_at_once(ds, path, status, location):
    """(on the catalogue its page was a 400 'SQL Interrupted' after 5 s; related_keywords answers for one keyword)"""
    response = get(ds, path)
    assert response.status_code == status
    if location:
        assert response.headers["location"] == location and get(ds, location).status_code in (200, 302)
    else:
        assert "related_keywords" in response.json()["error"] and "<" not in response.json()["error"]


# One work at two venues with one abstract is one paper with two records (reader2: #Exploration showed
# only "ICLR 2017, rejected"; its NeurIPS 2017 acceptance was nowhere): its page lists each venue.
EXPLORATION = {"id": "70ae75e35a88f631", "venue": "ICLR", "year": 2017, "decision": "rejected", "presentation": None}
VENUES_OF_RECORDS = [
    (  # ICLR 2017's record and NeurIPS 2017's
        [{"venue": "ICLR", "year": 2017, "status": "Reject"}, {"venue": "NeurIPS", "year": 2017, "status": "Poster"}],
        [("ICLR", 2017, "rejected", True), ("NeurIPS", 2017, "poster", False)],
    ),
    (  # (the same venue-year listed twice, as SIGGRAPH 2025's source does: no second entry)
        [{"venue": "ICLR", "year": 2017, "status": "Reject"}, {"venue": "ICLR", "year": 2017, "status": "Reject"}],
        [],
    ),
    (  # (a record with no status: its decision unknown)
        [{"venue": "ICLR", "year": 2017, "status": "Reject"}, {"venue": "NeurIPS", "year": 2017, "status": None}],
        [("ICLR", 2017, "rejected", True), ("NeurIPS", 2017, "decision unknown", False)],
    ),
]


@pytest.mark.parametrize("records, shown", VENUES_OF_RECORDS)
def test_a_paper_page_lists_each_venue_its_records_give(records, shown):
    from etl.serve.paper import other_venues, version_chain

    chain = version_chain(EXPLORATION, [], other_venues(EXPLORATION, records))
    assert [(v["venue"], v["year"], v["outcome"], v["this"]) for v in chain] == shown


def test_an_assistant_gets_each_venue_a_papers_records_give_as_its_page_does(tmp_path):
    """MCP `get_paper` of a paper listed at two venues with one abstract (reader3: its versions held
    only `paper_versions`' other papers) lists the other venue as the page does."""
    from etl.load import load
    from etl.serve.mcp.papers import RECORD_RELATION, paper
    from etl.serve.mcp.reader import Reader, catalogue_of

    excerpt = Path(__file__).parent / "fixtures" / "catalogue"
    first = json.loads((excerpt / "iclr2017.json").read_text(encoding="utf-8"))[0]
    (tmp_path / "iclr2017.json").write_text(json.dumps([first]), encoding="utf-8")
    (tmp_path / "nips2017.json").write_text(json.dumps([{**first, "status": "Poster"}]), encoding="utf-8")
    db_file = str(tmp_path / "papers.db")
    load(db_file, [str(tmp_path / "iclr2017.json"), str(tmp_path / "nips2017.json")])
    ((pid, venue, year),) = sqlite3.connect(db_file).execute("SELECT id, venue, year FROM papers").fetchall()
    found = asyncio.run(paper(Reader(catalogue_of(make_datasette(db_file))), pid))
    assert (venue, year) == ("ICLR", 2017)
    assert found["versions"] == [
        {"id": pid, "venue": "NeurIPS", "year": 2017, "outcome": "poster", "relation": RECORD_RELATION}
    ]
