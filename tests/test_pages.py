"""What a reader sees on the pages of real records (issue #35's browse of the whole catalogue): the
catalogue excerpt of tests/fixtures/catalogue/ (ICLR 2017 with reviewers' ratings, CVPR 2018 with
an arXiv id, AAAI 2022 with affiliations and GitHub links, citations on every record), loaded as a
user loads it."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote, urlencode

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


@pytest.mark.parametrize(
    "written",
    [
        "1711.11575",
        "arXiv:1711.11575",
        "arxiv:1711.11575v2",
        "https://arxiv.org/abs/1711.11575v2",
        " 1711.11575v2 ",
    ],
)
def test_related_papers_takes_every_form_of_id_the_paper_page_takes(ds, excerpt, written):
    """CVPR 2018's relation networks paper, whose arXiv id the source gives as `1711.11575v2`."""
    (paper_id,) = read(excerpt, "SELECT paper_id FROM paper_ids WHERE scheme = 'arxiv' AND value = '1711.11575'")[0]
    expected = read(excerpt, "SELECT similar_id FROM similar_papers WHERE paper_id = ? ORDER BY rank", paper_id)
    rows = get(ds, "/papers/related_papers.json?_shape=array&" + urlencode({"paper_id": written})).json()
    assert expected and [r["id"] for r in rows] == [i for (i,) in expected]
    page = get(ds, "/-/paper/" + quote(written.strip(), safe=":/"))
    assert page.status_code == 302 and page.headers["location"].endswith(
        f"/{read(excerpt, 'SELECT pk FROM papers WHERE id = ?', paper_id)[0][0]}"
    )


@pytest.mark.parametrize(
    "written", ["10.1609/aaai.v36i3.20226", "10.1609%2Faaai.v36i3.20226", "doi:10.1609%2FAAAI.V36I3.20226"]
)
def test_a_doi_copied_with_its_slash_escaped_opens_its_paper(ds, excerpt, written):
    (pk,) = read(excerpt, "SELECT p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id WHERE i.scheme = 'doi'")[0]
    page = get(ds, "/-/paper/" + written)
    assert page.status_code == 302 and page.headers["location"].endswith(f"/papers/papers/{pk}")
