"""What a reader sees on the pages of real records (issue #35's browse of the whole catalogue): the
catalogue excerpt of tests/fixtures/catalogue/ (ICLR 2017 with reviewers' ratings, CVPR 2018 with
an arXiv id, AAAI 2022 with affiliations and GitHub links, citations on every record), loaded as a
user loads it."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

import pytest

from etl.serve.app import make_datasette

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


def read(db_file: str, sql: str, *params) -> list[tuple]:
    con = sqlite3.connect(db_file)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


@pytest.mark.parametrize(
    "query, column, said",
    [
        ("venue=ICLR&year=2017&_sort_desc=rating_avg", "rating_avg", r"rating (\d+\.\d\d)"),
        ("venue=ICLR&year=2017&_sort_desc=confidence_avg", "confidence_avg", r"confidence (\d+\.\d\d)"),
        ("venue=AAAI&year=2022&_sort_desc=citations", "citations", r"([\d,]+) citations?"),
    ],
)
def test_cards_sorted_by_a_measure_show_it_on_each_card_in_order(ds, excerpt, query, column, said):
    html = get(ds, f"/papers/papers?{query}").text
    bar = html.split("Sort by:")[1].split("</p>")[0]
    assert all(f">{label}<" in bar for label in ("rating", "citations") if label not in said)
    sorted_values = [float(v.replace(",", "")) for v in re.findall(f"<strong>{said}</strong>", html)]
    venue, year = re.match(r"venue=(\w+)&year=(\d+)", query).groups()
    stored = read(excerpt, f"SELECT {column} FROM papers WHERE venue = ? AND year = ? ORDER BY 1 DESC", venue, year)
    assert sorted_values == [round(v, 2) for (v,) in stored] and sorted_values == sorted(sorted_values, reverse=True)


def test_the_sort_bar_sorts_measures_highest_first_and_marks_the_sort(ds):
    html = get(ds, "/papers/papers?venue=ICLR&year=2017").text
    bar = html.split("Sort by:")[1].split("</p>")[0]
    assert "_sort_desc=rating_avg" in bar and "_sort_desc=citations" in bar and "_sort=title" in bar
    sorted_page = get(ds, "/papers/papers?venue=ICLR&year=2017&_sort_desc=citations").text
    assert "<strong>citations ▼</strong>" in sorted_page.split("Sort by:")[1].split("</p>")[0]
