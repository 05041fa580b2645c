"""What a reader sees on the pages of real records (issue #35's browse of the whole catalogue): the
catalogue excerpt of tests/fixtures/catalogue/ (ICLR 2017 with reviewers' ratings, CVPR 2018 with
an arXiv id, AAAI 2022 with affiliations and GitHub links, citations on every record), loaded as a
user loads it."""

from __future__ import annotations

import asyncio
import html
import json
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote, urlencode, urlsplit

import pytest

from etl.serve.app import make_datasette
from tests.conftest import copy_database

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


# Each paper's keywords in the labels the keyword pages use, as revision 0052 reads them from the
# stored rows: the extracted ones by rank, then the authors', topics left out, each once.
LABELS = """SELECT k.paper_id, kw.label FROM paper_keywords k JOIN keywords kw ON kw.id = k.keyword_id
    WHERE k.kind != 'topic' ORDER BY k.paper_id, k.kind = 'author', k.rank"""


def stored_labels(db_file: str) -> dict[str, list[str]]:
    """Each paper's labels (`LABELS`), every paper (none: [])."""
    labels: dict[str, list[str]] = {pid: [] for (pid,) in read(db_file, "SELECT id FROM papers")}
    for pid, label in read(db_file, LABELS):
        if label not in labels[pid]:
            labels[pid].append(label)
    return labels


def test_the_keyword_facet_and_the_cards_chips_are_the_labels_the_keyword_pages_count(ds, excerpt):
    """The keyword facet (`keyword_labels`) counts a keyword as its page and its `?_keyword=` list
    do, and a card's chips name the keywords so (the fifth reader's item 1: `papers.keywords` holds
    each paper's own form and no author keyword, so the facet said `model predictive control 32`
    where the list had 41). Here `deep learning`: 4 papers write it among their top ten, 7 have it,
    3 of them as the authors' keyword; a paper's `GNN models`, beside the topic `graph neural
    networks`, says that topic again and is no chip (`restating`, issue #36 round 13)."""
    assert {pid: json.loads(labels) for pid, labels in read(excerpt, "SELECT id, keyword_labels FROM papers")} == (
        stored_labels(excerpt)
    )
    facet = get(ds, "/papers/papers.json?_facet_distinct_array=keyword_labels&_size=0").json()
    values = {v["value"]: v for v in facet["facet_results"]["keyword_labels"]["results"]}
    assert values["deep learning"]["count"] == 7
    for value in values.values():
        link = urlsplit(value["toggle_url"])
        listed = get(ds, f"{link.path}?{link.query}&_size=0").json()["filtered_table_rows_count"]
        ((kind, page),) = read(excerpt, "SELECT kind, papers FROM keywords WHERE label = ?", value["value"])
        assert "_keyword=" in link.query and listed == page
        # (a topic's list has the papers given it as a topic too, which the topic facet counts)
        assert value["count"] == page if kind != "topic" else value["count"] < page
    card = get(ds, "/papers/papers?id=55845aa29bb3bd8c").text
    assert ">concept-bottleneck GNNs<" in card and "graph neural network model" not in card


def test_a_load_between_rescores_labels_the_papers_it_ranks_as_a_rescore_does(tmp_path):
    """A load that adds papers to a database ranks only those (`incremental`): their labels are
    written then, the others' stay, and every paper's are those its stored keywords give."""
    from etl.load import load

    db_file = str(tmp_path / "papers.db")
    files = sorted(str(f) for f in EXCERPT.glob("*.json"))
    load(db_file, files[:-1])
    load(db_file, files)
    assert read(db_file, "SELECT count(*) FROM papers WHERE keyword_labels != '[]'")[0][0] > 15
    assert {pid: json.loads(labels) for pid, labels in read(db_file, "SELECT id, keyword_labels FROM papers")} == (
        stored_labels(db_file)
    )


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
    "old, new",
    [
        ("/papers/related_papers?paper_id=1711.11575", "/papers/similar_to_paper?paper_id=1711.11575"),
        (
            "/papers/related_papers.json?paper_id=a%20b&_shape=array",
            "/papers/similar_to_paper.json?paper_id=a%20b&_shape=array",
        ),
        ("/papers/related_papers.csv", "/papers/similar_to_paper.csv"),
    ],
)
def test_the_renamed_querys_old_address_leads_to_its_new_one(ds, old, new):
    """`related_papers` is `similar_to_paper` now (the table, query and modules of similar papers
    share their word): bookmarks and links to the old address keep working."""
    response = get(ds, old)
    assert response.status_code == 301 and response.headers["location"] == new


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
def test_similar_to_paper_takes_every_form_of_id_the_paper_page_takes(ds, excerpt, written):
    """CVPR 2018's relation networks paper, whose arXiv id the source gives as `1711.11575v2`."""
    (paper_id,) = read(excerpt, "SELECT paper_id FROM paper_ids WHERE scheme = 'arxiv' AND value = '1711.11575'")[0]
    expected = read(excerpt, "SELECT similar_id FROM similar_papers WHERE paper_id = ? ORDER BY rank", paper_id)
    rows = get(ds, "/papers/similar_to_paper.json?_shape=array&" + urlencode({"paper_id": written})).json()
    assert expected and [r["id"] for r in rows] == [i for (i,) in expected]
    page = get(ds, "/-/paper/" + quote(written.strip(), safe=":/"))
    assert page.status_code == 302 and page.headers["location"].endswith(
        f"/{read(excerpt, 'SELECT pk FROM papers WHERE id = ?', paper_id)[0][0]}"
    )


@pytest.mark.parametrize(
    "written",
    [
        "https://openaccess.thecvf.com/content_cvpr_2018/html/Hu_Relation_Networks_for_CVPR_2018_paper.html",
        "http://openaccess.thecvf.com/content_cvpr_2018/html/Hu_Relation_Networks_for_CVPR_2018_paper.html",
        "https://openaccess.thecvf.com/content_cvpr_2018/papers/Hu_Relation_Networks_for_CVPR_2018_paper.pdf",
    ],
)
def test_similar_to_paper_takes_the_address_of_the_papers_own_page(ds, excerpt, written):
    """The address of CVPR 2018's relation networks paper at CVF (its `papers.url`, as its page links
    it, and the forms `/-/paper/` takes) names it to `similar_to_paper` too (reader5: 0 rows)."""
    (paper_id,) = read(excerpt, "SELECT paper_id FROM paper_ids WHERE scheme = 'arxiv' AND value = '1711.11575'")[0]
    expected = read(excerpt, "SELECT similar_id FROM similar_papers WHERE paper_id = ? ORDER BY rank", paper_id)
    rows = get(ds, "/papers/similar_to_paper.json?_shape=array&" + urlencode({"paper_id": written})).json()
    assert expected and [r["id"] for r in rows] == [i for (i,) in expected]


@pytest.mark.parametrize(
    "written", ["10.1609/aaai.v36i3.20226", "10.1609%2Faaai.v36i3.20226", "doi:10.1609%2FAAAI.V36I3.20226"]
)
def test_a_doi_copied_with_its_slash_escaped_opens_its_paper(ds, excerpt, written):
    (pk,) = read(excerpt, "SELECT p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id WHERE i.scheme = 'doi'")[0]
    page = get(ds, "/-/paper/" + written)
    assert page.status_code == 302 and page.headers["location"].endswith(f"/papers/papers/{pk}")


@pytest.fixture
def excerpt_copy(excerpt, tmp_path) -> str:
    return copy_database(excerpt, tmp_path / "papers.db")


def test_papers_by_institution_pages_newest_first_with_the_openings_of_abstracts(excerpt_copy):
    """DeepMind's AAAI 2022 papers, and 150 more papers of one's authors (copies of it, as years
    before): two pages, each paper on one, the affiliated authors named."""
    con = sqlite3.connect(excerpt_copy)
    with con:
        (paper_id, institution) = con.execute(
            "SELECT a.paper_id, a.institution_id FROM paper_affiliations a JOIN institutions i"
            " ON i.id = a.institution_id WHERE i.name = 'DeepMind' ORDER BY a.paper_id LIMIT 1"
        ).fetchone()
        for n in range(150):
            copy = f"{n:016x}"
            con.execute(
                "INSERT INTO papers (id, venue, year, title, abstract, abstract_clean, added_at, updated_at)"
                " SELECT ?, venue, 2000 + ? % 20, title || ?, abstract || ?, abstract_clean || ?, added_at, updated_at"
                " FROM papers WHERE id = ?",
                (copy, n, f" {n}", f" {n}", f" {n}", paper_id),
            )
            con.execute(
                "INSERT INTO paper_authors SELECT ?, position, author_id, name, name_raw FROM paper_authors"
                " WHERE paper_id = ?",
                (copy, paper_id),
            )
            con.execute(
                'INSERT INTO paper_affiliations SELECT ?, position, institution_id, "order", name, country, written'
                " FROM paper_affiliations WHERE paper_id = ? AND institution_id = ?",
                (copy, paper_id, institution),
            )
        (papers,) = con.execute(
            "SELECT count(DISTINCT paper_id) FROM paper_affiliations WHERE institution_id = ?", (institution,)
        ).fetchone()
    con.close()
    ds = make_datasette(excerpt_copy)
    path = "/papers/papers_by_institution.json?institution=DeepMind&_shape=array&page="
    first, second = (get(ds, path + page).json() for page in ("", "2"))
    assert len(first) == 100 and len(second) == papers - 100 > 50 and first == get(ds, path + "1").json()
    third = get(ds, path + "3")  # (past the last page: said, as search_pages says it; reader5)
    assert third.status_code == 400 and "page 3 is past the last page of papers_by_institution" in third.text
    assert not {r["id"] for r in first} & {r["id"] for r in second}
    years = [r["year"] for r in first + second]
    assert years == sorted(years, reverse=True) and years[0] == 2022
    assert all(len(r["abstract"]) <= 301 and r["authors"] and r["institutions"] == "DeepMind" for r in first + second)


def test_an_institutions_papers_link_their_affiliated_authors_in_order(ds, excerpt):
    """An institution's page named its authors as text (`Vir Karan; Kristin Persson` on UC
    Berkeley's, the eleventh reader), where every other list of papers links each to their page."""
    con = sqlite3.connect(excerpt)
    institution, papers = con.execute(
        "SELECT institution_id, count(DISTINCT paper_id) FROM paper_affiliations WHERE position > 0"
        " GROUP BY institution_id ORDER BY 2 DESC, 1 LIMIT 1"
    ).fetchone()
    rows = get(ds, f"/papers/papers_by_institution.json?institution={institution}&_shape=array").json()
    assert len(rows) == papers > 1
    page = get(ds, f"/papers/papers_by_institution?institution={institution}").text
    for row in rows:
        named = [
            name
            for (name,) in con.execute(
                "SELECT name FROM paper_authors WHERE paper_id = ? AND position IN (SELECT position FROM"
                " paper_affiliations WHERE paper_id = ? AND institution_id = ?) ORDER BY position",
                (row["id"], row["id"], institution),
            )
        ]
        assert json.loads(row["authors"]) == named and named
        links = "".join(
            f'<a class="chip kind-author" href="/papers/papers?_author={quote(name)}">{html.escape(name)}</a> '
            for name in named[:4]
        )
        assert links.rstrip() in page
    con.close()


@pytest.mark.parametrize(
    "query, asked", [("papers_by_keyword", "keyword"), ("papers_by_institution", "institution"), ("search_pages", "q")]
)
def test_a_paged_querys_form_asks_what_is_wanted_before_the_page(ds, query, asked):
    html = get(ds, f"/papers/{query}?{asked}=graph&page=1").text
    fields = re.findall(r'<input[^>]* name="([a-z_]+)"', html.split('<form class="sql"')[1].split("</form>")[0])
    assert fields.index(asked) < fields.index("page")


def test_papers_by_repo_owner_lists_papers_as_the_other_paper_lists_do(ds, excerpt):
    (owner,) = read(excerpt, "SELECT owner FROM papers_with_code ORDER BY owner LIMIT 1")[0]
    rows = get(ds, "/papers/papers_by_repo_owner.json?_shape=array&" + urlencode({"owner": owner.upper()})).json()
    assert rows and all(r["venue"] and r["year"] and "decision" in r and len(r["abstract"]) <= 301 for r in rows)
    assert "path" not in rows[0]  # (the repository's folder, where the abstract names one, is in repo)


def test_long_abstracts_outside_the_papers_list_are_folded_to_their_opening(ds):
    html = get(ds, "/papers/papers_with_code?_size=5").text
    cells = re.findall(r'<td class="col-abstract[^"]*">(.*?)</td>', html, re.S)
    assert cells and all(c.strip().startswith('<details class="abstract"><summary>') for c in cells)


@pytest.mark.parametrize("page", ["", "1"])
def test_disputed_papers_pages_by_a_hundred(ds, excerpt, page):
    rows = get(ds, f"/papers/disputed_papers.json?_shape=array&venue=&year=&page={page}").json()
    (rated,) = read(excerpt, "SELECT count(*) FROM reviewer_disagreement")[0]
    assert 0 < rated < 100 and len(rows) == rated


@pytest.mark.parametrize(
    "path, said",
    [
        ("compare_periods?first=2017&second=2022&min_papers=x", "min_papers must be a whole number"),
        ("compare_periods?first=2017&second=2022&what=topics", "what must be keywords, authors or institutions"),
        ("compare_periods?first=abc&second=2022", "first must be a year such as 2017 or a range"),
        ("compare_periods.json?first=2017&second=2017-20&min_papers=1", "second must be a year"),
        ("disputed_papers.json?venue=ICLR&year=17x", "year must be a year such as 2017"),
        ("papers_by_keyword?keyword=gnn&page=two", "page must be a page number"),
        # (a period without papers: 25 rows "emerged" from 0 papers; none given: everything "faded")
        (
            "compare_periods.json?first=2030&second=2022",
            "first (2030) has no papers to compare: the papers are of 2017 to 2022",
        ),
        ("compare_periods?first=2017", "second is missing: give a year such as 2017"),
        ("compare_periods?first=&second=&min_papers=&what=", "first is missing"),
        (
            "compare_periods?first=2017&second=2018&venue=AAAI",
            "first (2017) has no papers of AAAI to compare: the papers of AAAI are of 2022 to 2022",
        ),
        ("compare_periods?first=2017&second=2013-2016", "second (2013-2016) has no papers"),
        ("compare_periods?first=2017&second=2022&venue=NoSuch", "there are no papers of NoSuch"),
        # (page 0 and a page past SQLite's integers were page 1 without a word)
        ("disputed_papers.json?venue=ICLR&year=2017&page=0", "page must be a page number: 1, 2, ..."),
        ("disputed_papers?venue=ICLR&year=2017&page=999999999999999999999", "page must be a page number"),
        ("papers_by_keyword.json?keyword=gnn&page=9223372036854775807", "page must be a page number"),
        # (a venue or a year without papers answered nothing, without a word)
        ("top_keywords.json?venue=NoSuch", "there are no papers of NoSuch: the venues are AAAI, "),
        ("top_keywords?venue=ICLR&year=1999", "there are no papers of ICLR in 1999: the papers of ICLR are of 2017"),
        ("disputed_papers.json?venue=&year=1999", "there are no papers of 1999: the papers are of 2017 to 2022"),
        # (a page past the last answered an empty 200, where search_pages says where its pages stop: reader5)
        ("disputed_papers.json?venue=&year=&page=2", "page 2 is past the last page of disputed_papers"),
        ("papers_by_keyword?keyword=deep+learning&page=2", "page 2 is past the last page of papers_by_keyword"),
        # (a country no institution has answered nothing, without a word)
        ("papers_per_institution.json?country=UK", "no institution's country is UK: did you mean United Kingdom?"),
        ("papers_per_institution?country=Atlantis", "no institution's country is Atlantis: give a country's"),
        # (an author no paper has answered nothing, without a word: reader6 item 16)
        ("author_papers.json?author=silver+david", "no author is named 'silver david': did you mean David Silver?"),
        ("author_papers?author=Max+Well", "no author is named 'Max Well': give the whole name as papers write it"),
        # (a period compared with itself gave every keyword as held)
        ("compare_periods?first=2017&second=2017", "first (2017) and second (2017) are the same period"),
        ("compare_periods.json?first=2013-2017&second=2017-2022", "are periods that overlap"),
    ],
)
def test_a_wrong_parameter_is_said_at_once_on_a_page_of_the_site(ds, path, said):
    page = get(ds, f"/papers/{path}")
    assert page.status_code == 400 and said in html.unescape(page.text)
    if ".json" not in path:
        assert "paperdb.css" in page.text and "<title>Invalid parameter" in page.text


@pytest.mark.parametrize(
    "path",
    [
        "compare_periods?first=2013-2017&second=2018&min_papers=1&what=Authors&venue=",
        "compare_periods?first=2017&second=2022&min_papers=&what=",
        "disputed_papers?venue=ICLR&year=2017&page=1",
        "author_papers?author=david+SILVER",  # (any case, as the query reads it)
    ],
)
def test_right_or_empty_parameters_pass(ds, path):
    assert get(ds, f"/papers/{path}").status_code == 200


@pytest.mark.parametrize(
    "path, said",
    [("/-/paper/", "Which paper?"), ("/-/paper", "Which paper?"), ("/-/paper/NoSuchId", "No paper with id 'NoSuchId'")],
)
def test_a_paper_address_that_names_no_paper_is_a_page_of_the_site(ds, path, said):
    page = get(ds, path)
    assert page.status_code == 404 and said in html.unescape(page.text) and "/-/paper/arXiv:1703.03055" in page.text
    assert "paperdb.css" in page.text and "<title>No such paper" in page.text


@pytest.mark.parametrize("written", ["iclr", " ICLR ", "Iclr"])
def test_a_venue_is_taken_in_any_case(ds, written):
    asked = get(ds, "/papers/top_keywords.json?_shape=array&" + urlencode({"venue": written, "year": "2017"}))
    assert asked.status_code == 200
    assert asked.json() == get(ds, "/papers/top_keywords.json?_shape=array&venue=ICLR&year=2017").json() != []


@pytest.mark.parametrize("written", ["United Kingdom", "united kingdom", " UNITED KINGDOM "])
def test_papers_per_institution_takes_a_country_in_any_case(ds, excerpt, written):
    rows = get(ds, "/papers/papers_per_institution.json?_shape=array&" + urlencode({"country": written})).json()
    assert len(rows) == read(excerpt, "SELECT count(*) FROM institutions WHERE country = 'United Kingdom'")[0][0] > 0
    assert {r["country"] for r in rows} == {"United Kingdom"}


@pytest.mark.parametrize(
    "rated, opens",
    [
        (
            {("ACM MM", 2024, "accepted"): 1148, ("ICLR", 2017, "accepted"): 198, ("ICLR", 2017, "rejected"): 244},
            ("ICLR", 2017),
        ),
        ({("ACM MM", 2024, "accepted"): 1148, ("CoRL", 2023, "accepted"): 199}, ("ACM MM", 2024)),
    ],
)
def test_the_ratings_page_opens_on_the_most_rated_venue_year_whose_decisions_went_both_ways(rated, opens):
    from etl.serve.ratings import MOST_RATED

    con = sqlite3.connect(":memory:")
    con.execute("CREATE TABLE papers (venue TEXT, year INTEGER, decision TEXT, rating_avg REAL)")
    for (venue, year, decision), n in rated.items():
        con.executemany("INSERT INTO papers VALUES (?, ?, ?, 5.5)", [(venue, year, decision)] * n)
    assert con.execute(MOST_RATED).fetchone() == opens


def test_each_outcome_keeps_its_colour_and_an_empty_chart_says_so(ds):
    from etl.serve.ratings import OUTCOMES, ratings_dashboard

    charts = ratings_dashboard(("ICLR", 2017))["charts"]

    def rows(chart: str, venue: str, year: str) -> list[dict]:
        query = urlencode({"sql": charts[chart]["query"], "venue": venue, "year": year, "_shape": "array"})
        return get(ds, f"/papers.json?{query}").json()

    shown = rows("distribution", "ICLR", "2017") + rows("citations", "ICLR", "2017")
    assert {r["outcome"] for r in shown} >= {"rejected", "poster", "oral"}
    assert all(r["colour"] == OUTCOMES[r["outcome"]] for r in shown) and not any(r["note"] for r in shown[-3:])
    (empty,) = rows("citations", "AAAI", "2022")  # (citations, no ratings)
    assert empty["note"].startswith("No paper of this venue and year") and empty["rating_avg"] is None


@pytest.mark.parametrize("keyword", ["", "graph neural networks"])
def test_the_share_chart_has_a_point_for_every_year_of_papers_between_a_lines_first_and_last(ds, excerpt, keyword):
    """The excerpt's papers are of 2017, 2018 and 2022: a line seen in 2017 and 2022 has a point in
    2018 too (0 where no paper of 2018 has it), so the chart's years are every year it spans."""
    from datasette_dashboards import replace_opts_in_query

    from etl.serve.trends import DASHBOARD_SHARES

    filters = {"venue": "all venues", "keyword": keyword}
    sql = replace_opts_in_query(DASHBOARD_SHARES, filters)
    rows = get(ds, f"/papers.json?sql={quote(sql)}&_shape=array&{urlencode(filters)}").json()
    years = [year for (year,) in read(excerpt, "SELECT DISTINCT year FROM papers ORDER BY year")]
    lines: dict[str, list[int]] = {}
    for row in rows:
        lines.setdefault(row["keyword"], []).append(row["year"])
    assert lines and any(min(y) < 2018 < max(y) for y in lines.values())
    for name, shown in lines.items():
        assert shown == [y for y in years if min(shown) <= y <= max(shown)], name
    assert any(row["percent"] == 0 for row in rows) and all(row["percent"] >= 0 for row in rows)


def test_the_code_status_chart_numbers_only_slices_wide_enough_for_a_number():
    from etl.serve.dashboard import LABELLED_FROM, dashboard

    status = dashboard()["charts"]["status"]["display"]
    (text,) = [layer for layer in status["layer"] if layer["mark"]["type"] == "text"]
    assert text["encoding"]["text"]["condition"] == {"test": f"datum.share < {LABELLED_FROM}", "value": ""}
    assert {"calculate": "datum.papers / datum.total", "as": "share"} in status["transform"]
    assert 820 / 90_525 < LABELLED_FROM < 6_275 / 90_525  # (the catalogue's mentioned and released code)


def test_the_venues_query_tells_no_decisions_from_none_of_a_kind(excerpt_copy):
    """AAAI 2022's papers as a source without decisions would leave them; CVPR 2018's one paper accepted."""
    con = sqlite3.connect(excerpt_copy)
    with con:
        con.execute("UPDATE papers SET decision = NULL WHERE venue = 'AAAI'")
    con.close()
    page = get(make_datasette(excerpt_copy), "/papers/venues").text
    rows = {
        re.search(r'<td class="col-venue[^"]*">([^<]+)</td>', row)[1]: re.findall(
            r'<td class="col-(?:accepted|rejected|withdrawn)[^"]*">(.*?)</td>', row, re.S
        )
        for row in page.split("<tr>")[2:]
    }
    assert rows["CVPR"] == ["1", "0", "0"]
    assert all(">—</span>" in cell and "no decisions" in cell for cell in rows["AAAI"])


def test_the_database_page_lists_the_canned_queries_by_title(ds):
    page = get(ds, "/papers").text.split('id="queries"')[1].split("</ul>")[0]
    titles = [html.unescape(t) for t in re.findall(r'<li><a href="/papers/\w+"[^>]*>([^<]+)</a>', page)]
    assert len(titles) > 15 and titles == sorted(titles, key=str.casefold)


@pytest.mark.parametrize(
    "path, shown",
    [
        ("/work/cat/paperlists-catalogue/iros/iros2006.json", "iros2006.json"),
        ("C:\\Users\\me\\lists\\icml2024.txt", "icml2024.txt"),
        ("iclr2017.json", "iclr2017.json"),
    ],
)
def test_a_source_is_shown_by_its_file_name(path, shown):
    from etl.serve.paper import file_name

    assert file_name(path) == shown


def test_a_papers_page_names_its_files_and_no_folder_of_the_loading_machine(ds, excerpt):
    (pk, path, line), *_ = read(
        excerpt,
        "SELECT p.pk, s.path, ps.line FROM papers p JOIN paper_sources ps ON ps.paper_id = p.id"
        " JOIN sources s ON s.id = ps.source_id WHERE s.path LIKE '%aaai2022.json' ORDER BY p.pk",
    )
    page = get(ds, f"/papers/papers/{pk}").text
    assert f"aaai2022.json (paperlists, line {line})" in page
    assert str(Path(path).parent) not in page


@pytest.mark.parametrize(
    "written, name, said, co_authors, institutions",
    [
        (  # (ICLR 2017 and ICML 2017 give the Predictron: two papers, the same people)
            "david silver",
            "David Silver",
            "2 papers, 2017, newest first",
            ["Andre Barreto", "Arthur Guez", "David Reichert", "Gabriel Dulac-Arnold"],
            [],
        ),
        (  # (AAAI 2022, with the record's affiliations)
            "Adam Goodge",
            "Adam Goodge",
            "1 paper, 2022, newest first",
            ["Bryan Hooi", "See-Kiong Ng", "Wee Siong Ng"],
            ["Institute for Infocomm Research, Singapore", "National University of Singapore, Singapore"],
        ),
    ],
)
def test_an_authors_page_is_headed_with_their_name_and_names_who_they_wrote_with(
    ds, written, name, said, co_authors, institutions
):
    page = html.unescape(get(ds, f"/papers/papers?{urlencode({'_author': written})}").text)
    assert f"<h1>{name}</h1>" in page and f"<title>{name}: papers" in page
    assert said in page and "rows where" not in page
    found = re.findall(r'<a href="/papers/papers\?_author=[^"]+">([^<]+)</a> <span class="note">', page)
    assert found[: len(co_authors)] == co_authors
    shown = page.split('class="institutions">')[1].split("</p>")[0] if institutions else ""
    linked = re.findall(r'<a href="/papers/papers_by_institution\?institution=\d+">([^<]+)</a>(, [^<]+?)? <span', shown)
    assert [name + country for name, country in linked] == institutions  # (each a link to its papers)
    narrowed = html.unescape(get(ds, f"/papers/papers?{urlencode({'_author': written, 'venue': 'XYZ'})}").text)
    assert f"<h1>{name}</h1>" in narrowed and "0 rows\n        where by" in narrowed  # (the list's own line)


def test_a_papers_authors_institutions_link_to_their_papers(ds, excerpt):
    (pk, paper, institution, name) = read(
        excerpt,
        "SELECT p.pk, p.id, i.id, i.name FROM paper_affiliations a JOIN institutions i ON i.id = a.institution_id"
        " JOIN papers p ON p.id = a.paper_id ORDER BY p.id, a.position LIMIT 1",
    )[0]
    page = html.unescape(get(ds, f"/papers/papers/{pk}").text)
    link = f'<a href="/papers/papers_by_institution?institution={institution}">{name}</a>'
    assert link in page.split('class="affiliation">')[1].split("</span>")[0]
    listed = get(ds, f"/papers/papers_by_institution.json?_shape=array&institution={institution}").json()
    assert paper in {row["id"] for row in listed}


def test_the_home_page_has_a_search_box_and_names_the_papers_first(ds):
    page = get(ds, "/").text
    assert 'action="/papers/search"' in page and 'name="q"' in page
    listed = re.findall(r'<a href="/papers/([a-z_]+)"', page.split('class="home-search"')[1].split("<h2")[1])
    assert listed[:2] == ["papers", "papers_with_code"]
    assert listed.index("papers") < listed.index("similar_papers") and listed.index("papers") < listed.index(
        "paper_keywords"
    )


def test_the_search_page_reads_as_a_search_for_papers_with_its_sql_one_click_away(ds):
    page = html.unescape(get(ds, "/papers/search?q=predictron").text)
    assert "Custom SQL query" not in page and "Run SQL" not in page and '<pre id="sql-query">' not in page
    assert 'value="predictron"' in page and "papers, best first" in page and "show the SQL" in page
    shown = html.unescape(get(ds, "/papers/search?q=predictron&_show_sql=1").text)
    assert '<pre id="sql-query">WITH' in shown and "Edit SQL" in shown


@pytest.mark.parametrize(
    "q, named",
    [
        ("David Silver", ["David Silver"]),  # (the name as papers write it)
        ("david  SILVER", ["David Silver"]),  # (any case and spacing: merged as loads merge names)
        ("D. Silver", ["David Silver"]),  # (close: the family name and the first initial)
        ("Predictron", []),  # (one word that is nobody's family name)
        ("Silver", ["David Silver"]),  # (a family name alone, as a reader types it first: the seventh reader)
        ("silver", []),  # (a word as the search takes words, not a name's form)
        ("SLAM", []),  # (an acronym)
        ("graph networks", []),  # (words of a name's shape, nobody's name)
        ("Silv* Dav*", []),  # (the search's own marks)
    ],
)
def test_a_search_for_an_authors_name_leads_to_their_page(ds, q, named):
    page = html.unescape(get(ds, f"/papers/search?{urlencode({'q': q})}").text)
    hint = page.split('class="author-hint">')[1].split("</p>")[0] if 'class="author-hint"' in page else ""
    assert re.findall(r'<a href="/papers/papers\?_author=[^"]+">([^<]+)</a>', hint) == named


# (the catalogue's similar papers of two papers known only by their title, IROS and ICRA: one
# title word in common; and of the same scores for a paper with an abstract)
GPGPU = [
    ("GPGPU Acceleration of Environmental and Movement Datasets", 0.468),
    ("3D modeling, distance and gradient computation for motion planning", 0.37),
    ("SIFT-Cloud-Model for object detection and pose estimation with GPGPU", 0.328),
    ("Convergence rates for persistence diagram estimation in Topological Data Analysis", 0.293),
]
PLEATED = [
    ("Pleated pneumatic artificial muscles: compliant robotic actuators", 0.332),
    ("Programming and controlling self-folding robots", 0.244),
]


@pytest.mark.parametrize(
    "abstract, similar, shown",
    [
        (None, GPGPU, ["GPGPU Acceleration of Environmental and Movement Datasets"]),
        (None, PLEATED, []),
        ("We accelerate flow diagrams on the GPU.", GPGPU, [title for title, _ in GPGPU]),
    ],
)
def test_a_paper_known_only_by_its_title_is_shown_only_similar_papers_above_the_floor(abstract, similar, shown):
    from etl.serve.paper import shown_similar

    related = [{"title": title, "score": score} for title, score in similar]
    assert [r["title"] for r in shown_similar({"abstract": abstract}, related)] == shown


COUNTRIES = ["United States", "United Kingdom", "South Korea", "China", "Russian Federation", "United Arab Emirates"]


@pytest.mark.parametrize(
    "given, meant",
    [
        ("USA", ["United States"]),  # (the initials of a name)
        ("U.S.", ["United States"]),
        ("uk", ["United Kingdom"]),
        ("UAE", ["United Arab Emirates"]),
        ("Russia", ["Russian Federation"]),  # (a word of the name)
        ("Korea", ["South Korea"]),
        ("Chnia", ["China"]),  # (the spelling)
        ("Atlantis", []),
        ("u", []),
    ],
)
def test_a_country_no_institution_has_is_said_with_what_it_may_mean(given, meant):
    from etl.serve.forms import meant_countries

    assert meant_countries(given, COUNTRIES) == meant


def test_a_papers_pmlr_key_links_its_page_at_pmlr(ds, excerpt):
    # (ICML 2017's records give the conference's virtual page as theirs; the key named PMLR's page
    # unlinked, the only id shown so with NeurIPS proceedings keys: the seventh reader)
    ((pk,),) = read(excerpt, "SELECT pk FROM papers WHERE title LIKE 'The Predictron%' AND venue = 'ICML'")
    page = html.unescape(get(ds, f"/papers/papers/{pk}").text)
    link = '<a href="https://proceedings.mlr.press/v70/silver17a.html" rel="nofollow">pmlr-v70-silver17a</a>'
    assert f"pmlr {link}" in page


def test_an_ad_hoc_query_cut_at_the_row_limit_says_so_and_how_to_read_the_rest(ds):
    # (the seventh reader: `select id, title from papers where venue = 'IROS'` gave 2,000 of the
    # catalogue's 18,229 rows, and its CSV said nothing)
    rows_of = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT {}) SELECT i FROM n"
    cut = html.unescape(get(ds, f"/papers?{urlencode({'sql': rows_of.format(2500)})}").text)
    assert 'class="message-warning cut-query">Only the first 2,000 rows are shown' in cut
    assert "LIMIT 2000 OFFSET 2000" in cut
    whole = html.unescape(get(ds, f"/papers?{urlencode({'sql': rows_of.format(10)})}").text)
    assert "cut-query" not in whole
