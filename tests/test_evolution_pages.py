"""What the browser shows of how a field evolves: a paper's versions and related papers on its
page, a keyword's share of each year's papers on its page and on the dashboard, the canned queries."""

from __future__ import annotations

import asyncio
import re
from urllib.parse import quote

import pytest

from etl.load import load
from etl.serve.app import make_datasette
from etl.serve.trends import filled, round_ticks, share_chart
from tests import works
from tests.helpers import rows


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def works_db(tmp_path_factory) -> str:
    """The bundled listings, then two years of papers that came back (tests/works.py)."""
    directory = tmp_path_factory.mktemp("works")
    (directory / "iclr2018.json").write_text(works.earlier(), encoding="utf-8")
    (directory / "icml2019.json").write_text(works.later(), encoding="utf-8")
    db_file = str(directory / "papers.db")
    load(db_file)
    load(db_file, [str(directory / "iclr2018.json"), str(directory / "icml2019.json")])
    return db_file


def pk_of(db_file: str, title: str) -> int:
    return rows(db_file, "SELECT pk FROM papers WHERE title = ?", (title,))[0][0]


def test_a_papers_page_shows_the_chain_of_its_versions(works_db):
    ds = make_datasette(works_db)
    page = get(ds, f"/papers/papers/{pk_of(works_db, 'Balanced routing for mixtures of experts.')}").text
    assert "Versions of this work" in page
    chain = page[page.index('class="versions"') :].split("</p>")[0]
    assert "ICLR 2018, rejected</a> → <strong>ICML 2019, poster</strong>" in chain


def test_a_papers_page_lists_its_similar_papers_with_venue_and_year(works_db):
    ds = make_datasette(works_db)
    pk = pk_of(works_db, "Recovering from Falls on Ice")
    page = get(ds, f"/papers/papers/{pk}").text
    related = page[page.index("<h2>Similar papers</h2>") :].split("</ol>")[0]
    assert "Walking on Sand" in related and "ICML 2019" in related and "similarity" in related
    assert related.count("<li>") == 10


def test_the_similar_to_paper_query_takes_an_id_or_the_number_in_a_pages_address(works_db):
    ds = make_datasette(works_db)
    pid, pk = rows(works_db, "SELECT id, pk FROM papers WHERE title = 'Recovering from Falls on Ice'")[0]
    by_id = get(ds, f"/papers/similar_to_paper.json?paper_id={pid}&_shape=array").json()
    by_pk = get(ds, f"/papers/similar_to_paper.json?paper_id={pk}&_shape=array").json()
    assert by_id == by_pk and [r["rank"] for r in by_id] == list(range(1, 11))
    # (beside a critique of robot simulations; among the first five, not three: on these 57 papers the
    # 50 topic directions move with any paper's topics, and with the fourth round of topics (robotics
    # given by learned evidence alone to one paper less) it is fifth, after papers on causal models,
    # test-time adaptation and graphs)
    assert "Walking on Sand" in [r["title"] for r in by_id[:5]]


def test_a_similarity_is_0_to_1_and_a_versions_shared_text_is_named_so(works_db):
    """The paper page showed similar papers' scores up to 1.50 as 'similarity' (560 on the catalogue);
    rejected_papers called a version's shared word triples 'similarity' too: 0.05 beside 0.84 for one pair."""
    from etl.extract.similar.select import TOPIC_WEIGHT

    ds = make_datasette(works_db)
    pid, pk = rows(works_db, "SELECT id, pk FROM papers WHERE title = 'Recovering from Falls on Ice'")[0]
    found = get(ds, f"/papers/similar_to_paper.json?paper_id={pid}&_shape=array").json()
    scores = dict(rows(works_db, "SELECT similar_id, score FROM similar_papers WHERE paper_id = ?", (pid,)))
    assert [r["similarity"] for r in found] == [round(scores[r["id"]] / (1 + TOPIC_WEIGHT), 3) for r in found]
    page = get(ds, f"/papers/papers/{pk}").text
    shown = [float(s) for s in re.findall(r"similarity (\d+\.\d+)</span>", page)]
    assert len(shown) == 10 and all(abs(a - r["similarity"]) <= 0.0051 for a, r in zip(shown, found, strict=True))
    assert max(shown) <= 1
    versions = get(ds, "/papers/rejected_papers.json?venue=ICLR&year=2018&_shape=array").json()
    assert versions and all("similarity" not in r and 0 <= r["shared_text"] <= 1 for r in versions)


def test_where_did_the_rejected_papers_go(works_db):
    ds = make_datasette(works_db)
    found = get(ds, "/papers/rejected_papers.json?venue=ICLR&year=2018&_shape=array").json()
    assert [(r["title"], r["later_venue"], r["later_year"], r["later_outcome"], r["same_title"]) for r in found] == [
        ("Balanced Routing for Mixtures of Experts", "ICML", 2019, "poster", 1),
        ("Function-Space Priors for Bayesian Neural Networks", "ICML", 2019, "oral", 0),
    ]


def test_an_authors_papers_by_year_with_co_authors(works_db):
    ds = make_datasette(works_db)
    found = get(ds, f"/papers/author_papers.json?author={quote('bo chen')}&_shape=array").json()
    assert [(r["year"], r["venue"], r["outcome"], r["coauthors"]) for r in found] == [
        (2019, "ICML", "poster", '["Hana Ito"]'),
        (2018, "ICLR", "rejected", '["Ann Lee"]'),
    ]
    # each co-author a link to their papers, as every list of papers links its authors (read25:
    # `author_papers?author=Max+Welling` named them as text)
    page = get(ds, f"/papers/author_papers?author={quote('bo chen')}").text
    for name in ("Hana Ito", "Ann Lee"):
        assert f'<a class="chip kind-author" href="/papers/papers?_author={quote(name)}">{name}</a>' in page


@pytest.mark.parametrize(
    "query, years",
    [
        ("_author=bo%20chen", [2019, 2018]),  # (an author's page: newest first)
        ("_author=Bo%20Chen&_sort=year", [2018, 2019]),  # (an order asked for is kept)
        ("_author=bo%20chen&_sort_desc=year", [2019, 2018]),
    ],
)
def test_an_authors_papers_are_listed_newest_first_unless_sorted_otherwise(works_db, query, years):
    ds = make_datasette(works_db)
    listed = get(ds, f"/papers/papers.json?{query}&_shape=array").json()
    assert [r["year"] for r in listed] == years
    page = get(ds, f"/papers/papers?{query}").text
    assert "<h1>Bo Chen</h1>" in page and ("newest first" in page) == (years[0] > years[-1])


def test_a_keywords_page_charts_its_share_of_each_years_papers(works_db):
    ds = make_datasette(works_db)
    keyword_id = rows(works_db, "SELECT id FROM keywords WHERE kind = 'topic' ORDER BY papers DESC LIMIT 1")[0][0]
    page = get(ds, f"/papers/keywords/{keyword_id}").text
    assert "Share of each year" in page and "<svg" in page and "<polyline" in page
    assert "per venue and year" in page


def test_the_share_chart_draws_a_line_per_series_and_escapes_names():
    svg = share_chart({"<b>": [(2018, 1, 4), (2019, 3, 4)], "b": [(2019, 1, 2)]})
    assert svg.count("<polyline") == 2 and "&lt;b&gt;" in svg and "<b>" not in svg
    assert "75%" in svg or "82%" in svg or "2019: 3 of 4 papers (75.00%)" in svg
    assert share_chart({}) == ""


@pytest.mark.parametrize(
    "top, marks",
    [
        (0.0076, ["0%", "0.2%", "0.4%", "0.6%"]),  # (a keyword at 0.69% at most: no tick read "0.69%" any more)
        (0.0138, ["0%", "0.5%", "1%"]),
        (0.101, ["0%", "5%", "10%"]),
        (0.5, ["0%", "10%", "20%", "30%", "40%", "50%"]),
        (1.0, ["0%", "20%", "40%", "60%", "80%", "100%"]),
    ],
)
def test_the_share_charts_axis_is_marked_in_round_steps(top, marks):
    assert [f"{100 * tick:g}%" for tick in round_ticks(top)] == marks


def test_the_share_charts_axis_reads_round_shares():
    svg = share_chart({"a": [(2018, 69, 10_000), (2019, 12, 10_000)]})  # (at most 0.69%: its half read "0.38%")
    assert re.findall(r'class="tick">([\d.]+%)<', svg) == ["0%", "0.2%", "0.4%", "0.6%"]


@pytest.mark.parametrize(
    ("found", "totals", "series"),
    [
        (  # graph neural networks as a topic: 1989, then 1991 (no 1990 paper has it): 1990 is a 0, not skipped
            [(1989, "topic", 2), (1991, "topic", 1)],
            {1988: 50, 1989: 100, 1990: 120, 1991: 130, 1992: 140},
            {"topic": [(1989, 2, 100), (1990, 0, 120), (1991, 1, 130)]},
        ),
        (  # two kinds: each spans the keyword's first to last year; a year without papers is no point
            [(2017, "phrase", 3), (2022, "phrase", 5), (2018, "acronym", 1)],
            {2017: 10, 2018: 20, 2022: 40},
            {
                "phrase": [(2017, 3, 10), (2018, 0, 20), (2022, 5, 40)],
                "acronym": [(2017, 0, 10), (2018, 1, 20), (2022, 0, 40)],
            },
        ),
        ([], {2017: 10}, {}),
    ],
)
def test_the_keyword_pages_chart_has_a_0_in_every_year_of_papers_between_its_first_and_last(found, totals, series):
    assert filled(found, totals) == series
    assert share_chart(filled(found, totals)).count("<circle") == sum(len(points) for points in series.values())


def test_a_keywords_page_says_how_many_papers_have_it_in_each_way(works_db):
    """A topic's page said 1,326 papers where its chip, the topic facet and the dashboard said 1,244
    (the papers with it as a topic; 1,326 have it in any way): the page gives both, each named,
    each with its list (`papers_by_keyword`, `?_topic=`)."""
    ((pk, papers, topics),) = rows(
        works_db,
        "SELECT k.id, k.papers, sum(pk.kind = 'topic') FROM keywords k JOIN paper_keywords pk ON pk.keyword_id = k.id"
        " WHERE k.kind = 'topic' GROUP BY k.id HAVING count(DISTINCT pk.kind) > 1 ORDER BY k.papers DESC LIMIT 1",
    )
    page = get(make_datasette(works_db), f"/papers/keywords/{pk}").text
    assert f"{papers:,} papers" in page and f"(in any way: {topics:,} as a topic, " in page
    (label,) = rows(works_db, "SELECT label FROM keywords WHERE id = ?", (pk,))[0]
    topic_list = f"/papers/papers?_topic={quote(label)}"
    assert f'the dashboard count <a href="{topic_list}">the {topics:,} as a topic</a>)' in page
    listed = get(make_datasette(works_db), f"{topic_list.replace('papers?', 'papers.json?')}&_shape=array&_size=max")
    assert len(listed.json()) == topics


@pytest.mark.parametrize(
    "counts, said",
    [
        (
            [("topic", 1244), ("author", 75), ("phrase", 28)],
            [("as a topic", 1244), ("chosen by authors", 75), ("in abstracts", 28)],
        ),
        ([("topic", 1244)], []),  # (one way: the keyword's papers say it)
    ],
)
def test_the_ways_a_keywords_papers_have_it_are_named(counts, said):
    from etl.serve.trends import ways

    assert ways(counts) == said


def test_the_share_charts_legend_names_each_line_in_its_colour():
    """Each name of the legend, with its stroke, is in its line's colour (they were all grey: the
    stylesheet's grey for the axes' text overrode their fill)."""
    import re
    from pathlib import Path

    from etl.serve.plugin import __file__ as plugin

    series = {"as a topic": [(2018, 1, 4), (2019, 3, 4)], "in abstracts": [(2019, 1, 2)], "as an acronym": []}
    svg = share_chart(series)
    lines = re.findall(r'<polyline points="[^"]*" fill="none" stroke="([^"]+)"', svg)
    keys = re.findall(
        r'<line [^>]*stroke="([^"]+)"[^>]*class="key"/><text [^>]*fill="([^"]+)" class="legend">([^<]+)<', svg
    )
    assert [(stroke, name) for stroke, fill, name in keys if stroke == fill] == list(zip(lines, series, strict=True))
    assert len(set(lines)) == len(series)
    css = (Path(plugin).parent / "static" / "paperdb.css").read_text(encoding="utf-8")
    assert not re.search(r"\.share-chart text\s*\{", css), "a rule for every text of the chart greys the legend"


def test_the_dashboard_charts_a_keywords_share_per_year(works_db):
    ds = make_datasette(works_db)
    from datasette_dashboards import replace_opts_in_query

    from etl.serve.trends import DASHBOARD_SHARES as SHARES

    for venue in (None, "all venues"):  # (no filter, or the selector's first option)
        filters = {"venue": venue} if venue else {}
        chart = replace_opts_in_query(SHARES, filters)
        venue_arg = f"&venue={quote(venue)}" if venue else ""
        topics = get(ds, f"/papers.json?sql={quote(chart)}&keyword={venue_arg}&_shape=array").json()
        assert topics and {"year", "keyword", "percent"} <= set(topics[0])
    chart = replace_opts_in_query(SHARES, {"venue": "NoSuch"})
    assert get(ds, f"/papers.json?sql={quote(chart)}&keyword=&venue=NoSuch&_shape=array").json() == []
    chart = replace_opts_in_query(SHARES, {"venue": "all venues"})
    gnn = quote("Graph Neural Networks")
    one = get(ds, f"/papers.json?sql={quote(chart)}&keyword={gnn}&venue=all+venues&_shape=array")
    assert one.json() and all(r["keyword"].startswith("graph neural network") for r in one.json())


def test_keyword_trends_and_the_comparison_are_browsable(works_db):
    ds = make_datasette(works_db)
    assert get(ds, "/papers/keyword_trends?kind=topic").status_code == 200
    found = get(ds, "/papers/compare_periods.json?first=2018&second=2019&min_papers=1&what=authors&_shape=array")
    assert found.status_code == 200 and {r["status"] for r in found.json()} >= {"emerged", "faded", "held"}
