"""What a list says when it is empty, and what a paged query's form is called (read25, the eleventh
reader's leftovers): a misspelt author (`?_author=Yann%20LeCunn`) was an empty list with no word of
the nearest names; an empty list showed the table's `CREATE TABLE` straight below "0 records";
`papers_by_keyword` and `papers_by_institution` said "Custom SQL query returning 100 rows" under a
heading that counts all their papers. On the catalogue excerpt (tests/fixtures/catalogue/), with the
catalogue's names beside its own."""

from __future__ import annotations

import asyncio
import html
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

from etl.serve.app import make_datasette
from tests.conftest import copy_database

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"
# authors as the catalogue has them: (name, normalised, papers)
CATALOGUE_AUTHORS = [
    ("Yann LeCun", "yann lecun", 61),
    ("Sergey Levine", "sergey levine", 183),
    ("Sergey Levinev", "sergey levinev", 1),
    ("Pieter Abbeel", "pieter abbeel", 167),
    ("Peter Abeles", "peter abeles", 1),
    ("Michael Jordan", "michael jordan", 4),
    ("Michael I. Jordan", "michael i jordan", 60),
    ("Michael Jodoin", "michael jodoin", 1),
]


@pytest.fixture(scope="module")
def excerpt(tmp_path_factory) -> str:
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("catalogue") / "papers.db")
    load(db_file, [str(EXCERPT)])
    db_copy = copy_database(db_file, tmp_path_factory.mktemp("names") / "papers.db")
    with sqlite3.connect(db_copy) as con:
        con.executemany("INSERT INTO authors (name, normalised, papers) VALUES (?, ?, ?)", CATALOGUE_AUTHORS)
    return db_copy


@pytest.fixture(scope="module")
def ds(excerpt):
    return make_datasette(excerpt)


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


def perhaps(page: str) -> list[str] | None:
    """The names an empty author's list offers, or None where it offers none."""
    said = re.search(r'<p class="note not-loaded">No author is named “[^”]+” here; perhaps (.*?)\?</p>', page)
    return re.findall(r'<a href="[^"]+">([^<]+)</a>', said.group(1)) if said else None


@pytest.mark.parametrize(
    "written, offered",
    [
        ("Yann LeCunn", ["Yann LeCun"]),  # (the eleventh reader's)
        ("yann lecunn", ["Yann LeCun"]),
        ("Sergey Levin", ["Sergey Levine", "Sergey Levinev"]),  # (the closest first)
        ("Pieter Abeel", ["Pieter Abbeel"]),  # (not Peter Abeles: 0.83)
        ("Michael Jordon", ["Michael Jordan", "Michael Jodoin", "Michael I. Jordan"]),
        ("Max Wellling", ["Max Welling"]),  # (the excerpt's: ICLR 2017)
        ("M. Welling", ["Max Welling"]),  # (the family name and first initial, as the search reads them)
        ("Nobody Atall", None),  # (nothing near: the list says only "0 records")
    ],
)
def test_a_misspelt_author_is_offered_the_nearest_names(ds, written, offered):
    page = html.unescape(get(ds, f"/papers/papers?_author={quote(written)}").text)
    assert "0 records" in page and perhaps(page) == offered
    if offered:
        link = f'<a href="/papers/papers?_author={quote(offered[0])}">{offered[0]}</a>'
        assert link in page


def test_an_author_who_is_there_is_offered_nobody(ds):
    page = get(ds, f"/papers/papers?_author={quote('Max Welling')}").text
    assert perhaps(page) is None and "<h1>Max Welling</h1>" in page


@pytest.mark.parametrize(
    "query, empty",
    [
        ("_author=Yann%20LeCunn", True),
        ("venue=NeurIPS&year=2023", True),
        ("venue=ICLR&year=2017", False),  # (a list keeps the table's SQL at its foot)
    ],
)
def test_an_empty_list_ends_with_what_it_says_not_the_tables_sql(ds, query, empty):
    page = get(ds, f"/papers/papers?{query}").text
    assert ("0 records" in page) is empty
    assert ("CREATE TABLE papers" in page) is not empty


@pytest.mark.parametrize("query", ["papers_by_keyword?keyword=", "papers_by_institution?institution=DeepMind"])
def test_a_paged_querys_form_is_its_sql_not_custom_sql_returning_a_pages_rows(ds, excerpt, query):
    with sqlite3.connect(excerpt) as con:
        (keyword,) = con.execute("SELECT label FROM keywords ORDER BY papers DESC, label LIMIT 1").fetchone()
    page = get(ds, "/papers/" + query + (quote(keyword) if query.endswith("=") else "")).text
    assert re.search(r"<tr>\s*<td", page)  # (it lists papers)
    assert "Custom SQL query" not in page and "<h3>This page&#39;s query" in page


def test_datasettes_words_the_paged_queries_replace_are_still_its_own(ds):
    """The words are Datasette 0.65's (query.html): a query the site does not page keeps them, so a
    Datasette that writes them otherwise fails here, not silently on the paged pages."""
    page = get(ds, "/papers/venues").text
    rows = len(re.findall(r"<tr>\s*<td", page))
    assert rows > 1 and f"<h3>Custom SQL query returning {rows} rows" in page
