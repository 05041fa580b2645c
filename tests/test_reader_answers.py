"""What the pages, canned queries and MCP tools answer, alike and fast (reader4's bugs 6, 11, 15 and
small items), on the catalogue excerpt of tests/fixtures/catalogue/ loaded as a user loads it: a
paper known only by its title (one of the excerpt's with its abstract removed, as 7,725 of the
catalogue's papers are) has the same similar papers on its page, in `similar_to_paper` and in MCP;
the search box's `""` and lone `"`; parameters a query does not take; a paper id no paper has."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

from etl.serve.app import make_datasette
from etl.serve.counts import VIEW_COUNTS, counted_view
from etl.serve.forms import sentence
from etl.serve.mcp.papers import paper as mcp_paper
from etl.serve.mcp.reader import Catalogue, Reader
from etl.serve.mcp.similar import similar as mcp_similar
from etl.serve.paper import TITLE_ONLY_FLOOR
from etl.store.functions import NOTHING, escape_fts

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"
PREDICTRON = "The Predictron: End-To-End Learning and Planning"  # (two records: one similar at 0.95, nine below 0.15)


@pytest.fixture(scope="module")
def excerpt(tmp_path_factory) -> str:
    """The excerpt with one Predictron record known only by its title (its abstract removed)."""
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("answers") / "papers.db")
    load(db_file, [str(EXCERPT)])
    with sqlite3.connect(db_file) as conn:
        pk = conn.execute("SELECT min(pk) FROM papers WHERE title = ?", [PREDICTRON]).fetchone()[0]
        conn.execute("UPDATE papers SET abstract = NULL, abstract_clean = NULL WHERE pk = ?", [pk])
    return db_file


@pytest.fixture(scope="module")
def ds(excerpt):
    return make_datasette(excerpt)


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


def rows(db: str, sql: str, params=()) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute(sql, params).fetchall()


def page_similar(ds, pk: int) -> list[str]:
    """The ids the paper page's "Similar papers" section links to (`/-/paper/<id>`), in order."""
    text = get(ds, f"/papers/papers/{pk}").text
    section = (
        text.split("<h2>Similar papers</h2>", 1)[1].split("</ol>", 1)[0] if "<h2>Similar papers</h2>" in text else ""
    )
    return re.findall(r'href="/-/paper/([0-9a-f]{16})"', section)


@pytest.mark.parametrize("title_only", [True, False])
def test_a_papers_similar_papers_are_the_same_on_its_page_in_the_query_and_in_mcp(ds, excerpt, title_only):
    pk, pid = rows(
        excerpt,
        "SELECT pk, id FROM papers WHERE title = ? AND (abstract IS NULL) = ? ORDER BY pk LIMIT 1",
        [PREDICTRON, title_only],
    )[0]
    stored = rows(excerpt, "SELECT similar_id, score / 1.5 FROM similar_papers WHERE paper_id = ? ORDER BY rank", [pid])
    expected = [s for s, score in stored if not title_only or score >= TITLE_ONLY_FLOOR]
    assert len(stored) == 10 and len(expected) == (1 if title_only else 10)  # (the rule bites: 9 of 10 below)

    query = get(ds, f"/papers/similar_to_paper.json?paper_id={pid}&_shape=array").json()
    reader = Reader(Catalogue(ds))
    tool = asyncio.run(mcp_similar(reader, paper_id=pid))
    whole = asyncio.run(mcp_paper(reader, pid))
    assert page_similar(ds, pk) == expected
    assert [r["id"] for r in query] == expected
    assert [r["id"] for r in tool["similar"]] == expected
    assert [r["id"] for r in whole["similar_papers"]] == expected
    assert ("known only by its title" in tool["measure"]) is title_only


@pytest.mark.parametrize(
    "typed, escaped",
    [
        ('""', NOTHING),  # (Datasette's: an empty query, "fts5: syntax error near """)
        ('"', NOTHING),
        ('  "" ', NOTHING),
        ("graph networks", '"graph" "networks"'),
        ('"graph networks" kernel', '"graph networks" "kernel"'),
        ('graph "neural', '"graph" "neural"'),  # (an unbalanced quote closed, as Datasette does)
    ],
)
def test_the_search_boxs_text_is_an_fts5_query_that_cannot_fail(typed, escaped):
    assert escape_fts(typed) == escaped


@pytest.mark.parametrize("typed", ['""', '"', ' " '])
def test_a_search_of_no_words_finds_nothing_and_says_it_searched(ds, typed):
    response = get(ds, "/papers/papers.json?_search=" + quote(typed))
    assert response.status_code == 200
    found = response.json()
    assert found["rows"] == [] and found["filtered_table_rows_count"] == 0
    assert "search matches" in found["human_description_en"]
    assert get(ds, "/papers/papers?_search=" + quote(typed)).status_code == 200


def test_a_word_in_the_search_box_still_finds_its_papers(ds, excerpt):
    found = get(ds, "/papers/papers.json?_search=predictron").json()
    assert found["filtered_table_rows_count"] == 2


@pytest.mark.parametrize(
    "path, says",
    [
        ("/papers/decisions.json?venue=ICLR", "decisions takes no parameter, so venue would change nothing"),
        ("/papers/decisions?venue=ICLR&year=2017", "venue or year would change nothing"),
        ("/papers/similar_to_paper.json?paper_id=SJU4ayYgl&venue=ICLR", "similar_to_paper takes paper_id; venue"),
        ("/papers/similar_to_paper.json?paper_id=nosuch", "no paper has the id 'nosuch'"),
        ("/papers/similar_to_paper.csv?paper_id=99999", "no paper has the id '99999'"),
        ("/papers/papers_per_institution.json?country=usa", "did you mean United States?"),
    ],
)
def test_a_parameter_a_query_cannot_use_is_said(ds, path, says):
    response = get(ds, path)
    assert response.status_code == 400
    assert says in response.text
    assert "?." not in response.text


@pytest.mark.parametrize(
    "path",
    [
        "/papers/decisions.json?_shape=array",
        "/papers/decisions.json?_shape=array&_size=5",
        "/papers/similar_to_paper.json?paper_id=SJU4ayYgl&_shape=array",
        "/papers/similar_to_paper.json?paper_id=https://doi.org/10.1609/aaai.v36i4.20316&_shape=array",
        "/papers/papers_per_institution.json?country=Canada&_shape=array",
    ],
)
def test_a_querys_own_parameters_pass(ds, path):
    response = get(ds, path)
    assert response.status_code == 200 and response.json()


def test_a_paper_named_by_the_number_in_its_pages_address_has_its_similar_papers(ds, excerpt):
    pk, pid = rows(excerpt, "SELECT pk, id FROM papers WHERE abstract IS NOT NULL ORDER BY pk LIMIT 1")[0]
    by_number = get(ds, f"/papers/similar_to_paper.json?paper_id={pk}&_shape=array").json()
    assert by_number == get(ds, f"/papers/similar_to_paper.json?paper_id={pid}&_shape=array").json()
    assert len(by_number) == 10


@pytest.mark.parametrize(
    "text, ended",
    [
        (
            "no institution's country is usa: did you mean United States?",
            "no institution's country is usa: did you mean United States?",
        ),
        ("page 0 is wrong", "page 0 is wrong."),
        ("already ended.", "already ended."),
    ],
)
def test_a_message_ends_as_one_sentence(text, ended):
    assert sentence(text) == ended


def test_the_trends_views_count_and_rows_are_the_views_own(ds, excerpt):
    (count,) = rows(excerpt, "SELECT count(*) FROM keyword_trends")[0]
    first = get(ds, "/papers/keyword_trends.json?_shape=objects").json()
    assert first["filtered_table_rows_count"] == count
    view = rows(excerpt, "SELECT keyword, kind, venue, year, papers FROM keyword_trends LIMIT 5 OFFSET 100")
    page = get(ds, "/papers/keyword_trends.json?_shape=objects&_size=5&_next=100").json()["rows"]
    assert [(r["keyword"], r["kind"], r["venue"], r["year"], r["papers"]) for r in page] == view
    past = get(ds, "/papers/keyword_trends.json?_shape=objects&_next=999999999").json()
    assert past["rows"] == [] and past["filtered_table_rows_count"] == count
    assert get(ds, f"/papers/keyword_trends.json?_shape=objects&_next={count - 1}").json()["rows"]


@pytest.mark.parametrize(
    "sql, counted, rewritten",
    [
        ("select count(*) from keyword_trends ", 9, VIEW_COUNTS["keyword_trends"]),  # (its count_sql)
        ('select count(*) from keyword_trends where "venue" = :p0', 9, None),  # (filtered: the view counts)
        (
            "select keyword from keyword_trends limit 51 offset 100",
            9,
            "select keyword from keyword_trends limit 0 offset 100",
        ),
        ("select keyword from keyword_trends limit 51 offset 8", 9, None),
        ("select count(*) from keyword_pairs ", 9, None),  # (a view that says no other count)
    ],
)
def test_a_views_count_and_pages_past_its_end(sql, counted, rewritten):
    class Counted:
        def first(self):
            return (counted,)

    async def run(_sql: str) -> Counted:
        return Counted()

    table = sql.split(" from ", 1)[1].split()[0]
    assert asyncio.run(counted_view(sql, table, run)) == (rewritten or sql)


def test_an_authors_address_by_name_opens_their_page_or_a_choice(ds):
    found = get(ds, "/-/author/" + quote("tom schaul"))
    assert found.status_code == 302 and found.headers["location"] == "/papers/papers?_author=Tom%20Schaul"
    choice = get(ds, "/-/author/" + quote("T. Schaul"))
    assert choice.status_code == 200 and 'href="/papers/papers?_author=Tom%20Schaul"' in choice.text
    missing = get(ds, "/-/author/" + quote("Nobody Here"))
    assert missing.status_code == 404 and "No author" in missing.text


def test_an_institutions_papers_are_headed_with_its_name_country_papers_and_pages(ds, excerpt):
    iid, name, country, papers = rows(
        excerpt, "SELECT id, name, country, papers FROM institutions WHERE name = 'McGill University'"
    )[0]
    text = get(ds, f"/papers/papers_by_institution?institution={iid}").text
    header = text.split('<section class="institution-header">', 1)[1].split("</section>", 1)[0]
    assert name in header and f"({country})" in header
    assert f"{papers} papers with an author affiliated with it" in header
    assert "pages" not in header  # (one page)
