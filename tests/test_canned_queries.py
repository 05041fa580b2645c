"""Every canned query answers on real records: a catalogue excerpt (tests/fixtures/catalogue/: 20
records copied whole from the paperlists catalogue's iclr2017, icml2017, cvpr2018 and aaai2022
files: two ICLR 2017 rejections and their ICML 2017 versions, Kipf and Welling's GCN paper, graph
neural network papers of AAAI 2022 with affiliations and GitHub links), loaded as a user loads it.
Each query's page opens with its example (`-- Example:` in its .sql file) and finds rows; the
CSV of a query carries the authors and address of each paper and keeps `_size` rows; a paper's
page is reached by any of its ids."""

from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import re
import sqlite3
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

import pytest

from etl.serve.app import canned_queries, make_datasette, query_examples

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"


@pytest.fixture(scope="module")
def excerpt(tmp_path_factory) -> str:
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("catalogue") / "papers.db")
    load(db_file, [str(EXCERPT)])
    return db_file


@pytest.fixture(scope="module")
def ds(excerpt):
    return make_datasette(excerpt)


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


@pytest.mark.parametrize("name", sorted(canned_queries()))
def test_every_canned_query_answers_with_its_example(ds, name):
    """The query's page, opened as the database page links it, redirects to its example (when it
    takes parameters) and lists rows; so does its JSON with the same parameters."""
    page = get(ds, f"/papers/{name}")
    if name in query_examples():
        assert page.status_code == 302
        target = urlsplit(page.headers["location"])
        assert target.path == f"/papers/{name}" and dict(parse_qsl(target.query)) == query_examples()[name]
        page = get(ds, page.headers["location"])
    assert page.status_code == 200 and "zero-results" not in page.text, name
    query = urlsplit(str(page.url)).query
    rows = get(ds, f"/papers/{name}.json?_shape=array&{query}").json()
    assert rows, f"{name} found nothing with its example ({query or 'no parameters'})"


@pytest.mark.parametrize(
    "name, parameters",
    [(name, params) for name, params in query_examples().items()],
)
def test_an_example_names_only_parameters_its_query_takes(name, parameters):
    assert all(f":{key}" in canned_queries()[name]["sql"] for key in parameters)


@pytest.mark.parametrize("path", ["/papers/search?q=", "/papers/search.json?q=", "/papers/top_keywords"])
def test_only_a_querys_page_without_any_parameter_opens_its_example(ds, path):
    assert get(ds, path).status_code == 200


@pytest.mark.parametrize("name", sorted(query_examples()))
@pytest.mark.parametrize("ext", [".json", ".csv", ".bib"])
def test_a_querys_bare_json_and_csv_open_its_example_as_its_page_does(ds, name, ext):
    """(compare_periods.json answered 200 with no rows while its page showed the example's)"""
    response = get(ds, f"/papers/{name}{ext}")
    assert response.status_code == 302
    target = urlsplit(response.headers["location"])
    given = {key: value for key, value in parse_qsl(target.query) if not key.startswith("_")}  # (a list: _size=max)
    assert target.path == f"/papers/{name}{ext}" and given == query_examples()[name]


@pytest.mark.parametrize("name", sorted(query_examples()))
def test_datasettes_options_alone_open_the_example_with_them(ds, name):
    """search.json?_shape=array answered [] (200) while the page showed the example's rows."""
    response = get(ds, f"/papers/{name}.json?_shape=array&_size=5")
    assert response.status_code == 302
    target = urlsplit(response.headers["location"])
    assert dict(parse_qsl(target.query)) == {**query_examples()[name], "_shape": "array", "_size": "5"}
    rows = get(ds, response.headers["location"]).json()
    assert isinstance(rows, list) and rows, name


def test_rejected_papers_finds_the_versions_of_the_same_year(ds):
    """ICLR 2017 rejected them in February; ICML 2017 took them as posters that summer
    (paper_versions holds each pair with the ICLR paper first: same year, earlier venue by name)."""
    rows = get(ds, "/papers/rejected_papers.json?_shape=array&venue=&year=").json()
    found = [(r["venue"], r["year"], r["title"], r["later_venue"], r["later_year"], r["later_outcome"]) for r in rows]
    assert found == [
        ("ICLR", 2017, "The Predictron: End-To-End Learning and Planning", "ICML", 2017, "poster"),
        ("ICLR", 2017, "Warped Convolutions: Efficient Invariance to Spatial Transformations", "ICML", 2017, "poster"),
    ]
    assert get(ds, "/papers/rejected_papers.json?_shape=array&venue=ICML&year=").json() == []
    page = get(ds, "/papers/rejected_papers?venue=ICLR&year=2017").text
    for row in rows:  # (both versions link to their pages)
        assert f'<a href="/-/paper/{row["id"]}">' in page and f'<a href="/-/paper/{row["later_id"]}">' in page


def test_a_rejection_after_its_accepted_version_is_found_from_either_side(excerpt, tmp_path):
    """paper_versions keeps the earlier venue first: the rejected paper may be its other side."""
    import sqlite3

    from tests.conftest import copy_database

    db = copy_database(excerpt, tmp_path / "papers.db")
    con = sqlite3.connect(db)
    with con:  # (as if ICML had rejected it and ICLR, a venue later by name, taken it)
        con.execute("UPDATE papers SET decision = 'rejected', presentation = NULL WHERE venue = 'ICML'")
        con.execute("UPDATE papers SET decision = 'accepted', presentation = 'poster' WHERE venue = 'ICLR'")
    con.close()
    rows = get(make_datasette(db), "/papers/rejected_papers.json?_shape=array&venue=ICML&year=2017").json()
    assert [(r["later_venue"], r["later_year"]) for r in rows] == [("ICLR", 2017), ("ICLR", 2017)]


@pytest.mark.parametrize("first, second", [("2017", "2022"), ("2013-2018", "2020-2025"), ("2022", "2017")])
def test_compare_periods_names_a_keyword_once_with_its_papers_counted_once(excerpt, first, second):
    """A keyword some papers have in several ways (the authors' own and a topic: "reinforcement
    learning" in the Predictron's ICLR record) is one row, listing the ways, and a paper with it
    in two ways counts once."""
    import sqlite3

    from etl.store.functions import register

    con = register(sqlite3.connect(excerpt))
    params = {"first": first, "second": second, "venue": "", "what": "", "min_papers": "1"}
    found = con.execute(canned_queries()["compare_periods"]["sql"], params).fetchall()
    assert found and len({name for _, name, *_ in found}) == len(found)
    years = [tuple(int(y) for y in (p[:4], p[-4:])) for p in (first, second)]
    exact = """SELECT count(DISTINCT CASE WHEN p.year BETWEEN ? AND ? THEN p.id END),
                      count(DISTINCT CASE WHEN p.year BETWEEN ? AND ? THEN p.id END),
                      group_concat(DISTINCT pk.kind)
               FROM paper_keywords pk JOIN papers p ON p.id = pk.paper_id JOIN keywords k ON k.id = pk.keyword_id
               WHERE k.label = ?"""
    for _, name, detail, papers_first, _, papers_second, _ in found:
        a, b, kinds = con.execute(exact, [*years[0], *years[1], name]).fetchone()
        assert (papers_first, papers_second, set(detail.split(", "))) == (a, b, set(kinds.split(","))), name
    assert "author, topic" in {detail for _, name, detail, *_ in found if name == "reinforcement learning"}


@pytest.mark.parametrize(
    "size, rows",
    [("1", 1), ("5", 5), ("0", 0), ("max", 14), ("", 14), ("many", 14), ("1000", 14)],
)
def test_a_querys_csv_carries_authors_and_address_and_keeps_size_rows(ds, size, rows):
    response = get(ds, f"/papers/search.csv?q=graph+neural+networks&_size={size}")
    table = list(csv.DictReader(io.StringIO(response.text)))
    assert len(table) == rows
    for row in table:
        assert json.loads(row["authors"]) and row["url"].startswith("https://"), row
    assert len(get(ds, f"/papers/search.json?q=graph+neural+networks&_size={size}&_shape=array").json()) == rows


def test_a_querys_page_says_when_size_cut_it(ds):
    page = get(ds, "/papers/papers_by_keyword?keyword=graph+neural+networks&_size=2").text
    assert "returning more than 2 rows" in page and page.count('<td class="col-id">') == 2


@pytest.mark.parametrize(
    "written, title",
    [
        ("SJU4ayYgl", "Semi-Supervised Classification with Graph Convolutional Networks"),  # OpenReview
        ("openreview:SJU4ayYgl", "Semi-Supervised Classification with Graph Convolutional Networks"),
        ("1711.11575", "Relation Networks for Object Detection"),  # arXiv, as paper_ids keeps it
        ("arXiv:1711.11575v2", "Relation Networks for Object Detection"),  # as the paper cites itself
        ("https://arxiv.org/abs/1711.11575", "Relation Networks for Object Detection"),
        ("10.1609/aaai.v36i4.20316", "Orthogonal Graph Neural Networks"),  # DOI (holds a slash)
        ("doi:10.1609/AAAI.V36I4.20316", "Orthogonal Graph Neural Networks"),  # (DOIs match in any case)
        ("https://doi.org/10.1609/aaai.v36i4.20316", "Orthogonal Graph Neural Networks"),
        ("pmlr-v70-silver17a", "The Predictron: End-To-End Learning and Planning"),  # PMLR, as paper_ids keeps it
        ("v70/silver17a", "The Predictron: End-To-End Learning and Planning"),  # (as PMLR's addresses write it)
        ("https://proceedings.mlr.press/v70/silver17a.html", "The Predictron: End-To-End Learning and Planning"),
    ],
)
def test_a_papers_page_by_any_of_its_ids(ds, written, title):
    response = get(ds, f"/-/paper/{written}")
    assert response.status_code == 302, response.text
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", get(ds, response.headers["location"]).text, re.S)[1]
    assert re.sub(r"<[^>]+>", "", heading).strip() == title


@pytest.mark.parametrize(
    "written, title",
    [
        ("SJU4ayYgl", "Semi-Supervised Classification with Graph Convolutional Networks"),  # OpenReview
        ("arXiv:1711.11575v2", "Relation Networks for Object Detection"),
        ("10.1609/aaai.v36i4.20316", "Orthogonal Graph Neural Networks"),  # DOI
        ("https://proceedings.mlr.press/v70/silver17a.html", "The Predictron: End-To-End Learning and Planning"),
    ],
)
def test_an_id_pasted_into_the_search_names_its_paper(ds, written, title):
    """The ninth reader: q=SJU4ayYgl said "No paper has these words" where /-/paper/SJU4ayYgl opens
    the paper; the search page now names the paper the id is of, and links its page."""
    page = get(ds, f"/papers/search?{urlencode({'q': written})}").text
    hint = re.search(r'<p class="paper-hint">(.*?)</p>', page, re.S)
    assert hint, page
    link = re.search(r'<a href="([^"]+)">(.*?)</a>', hint[1])
    assert html.unescape(link[2]) == title
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", get(ds, link[1]).text, re.S)[1]
    assert re.sub(r"<[^>]+>", "", heading).strip() == title


@pytest.mark.parametrize("written", ["graph", "Kipf", "SJU4ayYgl2", "sju4ayygl", "1711.1157", "graph neural networks"])
def test_words_or_an_id_of_no_paper_name_no_paper_in_the_search(ds, written):
    assert 'class="paper-hint"' not in get(ds, f"/papers/search?{urlencode({'q': written})}").text


def test_a_long_search_is_told_from_an_id_in_linear_time(ds):
    """A search of 16,000 characters (the longest a URL takes: urls.MAX_URL_BYTES) of `aB` and a last
    word: the first pattern that told an id from words backtracked, 0.4 s of CPU; now two scans."""
    import time

    from etl.serve.lookup import paper_of_search

    started = time.process_time()
    assert asyncio.run(paper_of_search(ds, "aB" * 8000 + " x")) is None
    assert time.process_time() - started < 0.1


@pytest.mark.parametrize("written", ["sju4ayygl", "SJU4AYYGL", "SJU4ayYgl2", "1711.1157", "nosuch"])
def test_an_id_no_paper_has_is_a_404_that_says_it_as_written(ds, written):
    response = get(ds, f"/-/paper/{written}")
    assert response.status_code == 404 and f"No paper with id '{written}'" in response.text  # (OpenReview: case counts)


def test_a_papers_own_id_in_any_case(ds, excerpt):
    import sqlite3

    pk, pid = sqlite3.connect(excerpt).execute("SELECT pk, id FROM papers WHERE title LIKE 'Orthogonal%'").fetchone()
    for written in (pid, pid.upper()):
        assert get(ds, f"/-/paper/{written}").headers["location"].endswith(f"/papers/papers/{pk}")


@pytest.mark.parametrize("venue, year", [("ICLR", "2017"), ("AAAI", ""), ("", "2018"), ("", "")])
def test_top_keywords_are_of_the_venue_and_year_asked_for(ds, excerpt, venue, year):
    """?venue=ICLR&year=2017 was silently ignored: the whole catalogue's list came back."""
    found = get(ds, f"/papers/top_keywords.json?_shape=array&{urlencode({'venue': venue, 'year': year})}").json()
    con = sqlite3.connect(excerpt)
    expected = con.execute(
        "SELECT k.label, count(DISTINCT pk.paper_id) FROM paper_keywords pk JOIN papers p ON p.id = pk.paper_id"
        " JOIN keywords k ON k.id = pk.keyword_id WHERE pk.kind != 'topic' AND k.kind != 'topic'"
        " AND (? = '' OR p.venue = ?) AND (? = '' OR p.year = ?) GROUP BY k.id",
        (venue, venue, year, year),
    ).fetchall()
    con.close()
    assert found and {(r["keyword"], r["papers"]) for r in found} <= set(expected)
    assert [r["papers"] for r in found] == sorted((r["papers"] for r in found), reverse=True)
    assert len(found) == min(200, len(expected))


@pytest.mark.parametrize("venue, year", [("ICLR", "2017"), ("AAAI", ""), ("", "2018")])
def test_a_count_of_top_keywords_of_a_venue_or_year_links_those_papers(ds, venue, year):
    """ICRA 2005's `humanoid robot 20` linked the keyword's papers of every venue and year (the eighth
    reader): each count links the papers list of the keyword, venue and year asked, which lists as many."""
    asked = [(k, v) for k, v in (("venue", venue), ("year", year)) if v]
    page = get(ds, f"/papers/top_keywords?{urlencode(asked)}").text
    links = re.findall(r'<td class="col-papers"><a href="([^"]+)">([0-9,]+)</a>', page)
    assert links
    for href, count in links:
        target = urlsplit(href.replace("&amp;", "&"))
        assert target.path == "/papers/papers" and parse_qsl(target.query)[1:] == asked
        listed = get(ds, f"/papers/papers.json?{target.query}&_size=0&_nofacet=1").json()
        assert listed["filtered_table_rows_count"] == int(count.replace(",", ""))
    every = get(ds, "/papers/top_keywords").text  # (of every paper: the keyword's papers, as before)
    assert '<td class="col-papers"><a href="/papers/papers_by_keyword?keyword=' in every


def test_topic_counts_link_each_topics_papers_and_those_with_code(ds, excerpt):
    """`topic_counts` named 49 topics and their counts (`34354`), none a link (the eleventh reader):
    the topic and its count link its papers, `with_code` those that released code, as many as counted."""
    page = get(ds, "/papers/topic_counts?_size=max").text
    rows = re.findall(
        r'<td class="col-topic[^"]*"><a href="([^"]+)">([^<]+)</a></td>\s*'
        r'<td class="col-papers[^"]*"><a href="([^"]+)">([0-9,]+)</a></td>\s*'
        r'<td class="col-with_code[^"]*"><a href="([^"]+)">([0-9,]+)</a></td>',
        page,
    )
    (topics,) = sqlite3.connect(excerpt).execute("SELECT count(*) FROM topic_counts").fetchone()
    assert len(rows) == topics > 5
    for named, topic, counted, papers, released, with_code in rows:
        assert named == counted and parse_qsl(urlsplit(html.unescape(named)).query) == [
            ("_topic", html.unescape(topic))
        ]
        for href, count in ((counted, papers), (released, with_code)):
            query = urlsplit(html.unescape(href)).query
            listed = get(ds, f"/papers/papers.json?{query}&_size=0&_nofacet=1").json()["filtered_table_rows_count"]
            assert listed == int(count.replace(",", "")), (topic, href)
        assert html.unescape(released).endswith("&code_status=released")


@pytest.mark.parametrize("kind", ["topic", "phrase", "acronym", "method"])
def test_a_count_of_keyword_trends_links_the_papers_of_its_venue_and_year(ds, excerpt, kind):
    """`keyword_trends`'s `computer vision · ECCV 2022 · 1,301` linked no papers, and its keyword the
    keyword's papers of every venue and year (18,206 on the catalogue; the eleventh reader): each count
    links the papers list of the keyword (a topic's: `_topic`), venue and year, which lists those papers
    (a topic's exactly; another kind's and the papers with it as the authors' keyword too)."""
    page = get(ds, f"/papers/keyword_trends?kind={kind}&_size=30").text
    rows = re.findall(
        r'<td class="col-venue[^"]*">([^<]+)</td>\s*<td class="col-year[^"]*">(\d+)</td>\s*'
        r'<td class="col-papers[^"]*"><a href="([^"]+)">([0-9,]+)</a>',
        page,
    )
    assert rows
    for venue, year, href, count in rows:
        target = urlsplit(href.replace("&amp;", "&"))
        asked = parse_qsl(target.query)
        # (a keyword by its id: its chip's list holds its acronym's other form too, read25)
        assert target.path == "/papers/papers" and asked[0][0] == ("_topic" if kind == "topic" else "_keyword_id")
        assert asked[1:] == [("venue", venue), ("year", year)]
        listed = get(ds, f"/papers/papers.json?{target.query}&_size=0&_nofacet=1").json()["filtered_table_rows_count"]
        assert listed == int(count) if kind == "topic" else listed >= int(count)


@pytest.mark.parametrize(
    "rows, found",
    [
        ([], None),
        ([("doi", 7)], 7),
        ([("doi", 7), ("doi", 9)], [7, 9]),  # (a volume's DOI given for two chapters: names neither)
        ([("arxiv", 3), ("doi", 7), ("doi", 9)], 3),  # (the first scheme that names one decides)
    ],
)
def test_an_id_names_a_paper_only_when_one_paper_has_it(rows, found):
    from etl.serve.lookup import one_paper

    assert one_paper(rows) == found


@pytest.mark.parametrize(
    "written", ["graph neural networks", "Graph Neural Networks", "graph%20neural%20networks", "GNN"]
)
def test_a_keywords_page_has_a_stable_address_its_text(ds, excerpt, written):
    """Keyword ids change with loads (`keywords.id` 58903 was `large language models`, a load later
    `last joint`): `/-/keyword/<its text>` finds its page whatever its id, and its page links there."""
    import sqlite3

    (kid,) = (
        sqlite3.connect(excerpt).execute("SELECT id FROM keywords WHERE normalised = 'graph neural network'").fetchone()
    )
    response = get(ds, f"/-/keyword/{written}")
    assert response.status_code == 302 and response.headers["location"].endswith(f"/papers/keywords/{kid}")
    page = get(ds, response.headers["location"]).text
    assert 'href="/-/keyword/graph%20neural%20networks"' in page


def test_a_keyword_no_page_has_is_a_404_that_says_it(ds):
    response = get(ds, "/-/keyword/no such keyword at all")
    assert response.status_code == 404 and "No keyword 'no such keyword at all'" in response.text


@pytest.mark.parametrize("keyword", ["graph neural networks", "GNN", "Graph Neural Networks"])
def test_a_keywords_papers_are_headed_with_how_many_it_lists(ds, keyword):
    """`papers_by_keyword?keyword=SLAM` said "Custom SQL query returning 100 rows", the first 100 of
    243 (the eighth reader): the page says how many papers the query lists, with the keyword's page."""
    page = html.unescape(get(ds, f"/papers/papers_by_keyword?{urlencode({'keyword': keyword})}").text)
    header = page.split('<section class="keyword-header">', 1)[1].split("</section>", 1)[0]
    listed = get(ds, f"/papers/papers_by_keyword.json?_shape=array&{urlencode({'keyword': keyword})}").json()
    assert 0 < len(listed) < 100 and "pages" not in header  # (one page)
    said = f'{len(listed)} papers with <a href="/-/keyword/{quote(keyword, safe="")}">{keyword}</a>, strongest first.'
    assert said in header


def test_a_keyword_that_names_no_papers_has_no_header(ds):
    page = get(ds, "/papers/papers_by_keyword?keyword=no+such+keyword").text
    assert 'class="keyword-header"' not in page


def test_a_keywords_papers_on_many_pages_link_the_first_last_and_nearby_pages():
    """The catalogue's `robotics and control`, 34,354 papers on 344 pages, at page 50."""
    from etl.serve.keyword_papers import count_sql, keyword_header, pages_shown

    assert "FROM keywords WHERE normalised = normalise_keyword(:keyword)" in count_sql()  # (the query's own choice)
    assert pages_shown(1, 3) == [1, 2, 3]
    assert pages_shown(50, 344) == [1, 2, None, 48, 49, 50, 51, 52, None, 343, 344]
    assert pages_shown(2, 344) == [1, 2, 3, 4, None, 343, 344]

    class Counted:
        async def execute(self, _sql, _params):
            class First:
                def first(self):
                    return (34354,)

            return First()

    header = asyncio.run(keyword_header(Counted(), "robotics and control", "50"))
    assert (header["papers"], header["pages"], header["page"]) == (34354, 344, 50)
    assert header["page_urls"][-1] == (344, "/papers/papers_by_keyword?keyword=robotics+and+control&page=344")
    assert header["page_urls"][2] == (None, None)
