"""The MCP tools through both transports, driven by the MCP Python SDK's own client: `paperdb serve`'s
`/-/mcp` (Streamable HTTP) and `paperdb mcp` (stdio), on the catalogue excerpt (tests/fixtures/catalogue:
20 real records of ICLR 2017, ICML 2017, CVPR 2018 and AAAI 2022, with decisions, ratings, citations,
author keywords, affiliations and code links). Every tool is called in one session per transport; each
answer is checked against SQL on the same database, and every bad argument is a tool error that says
what was wrong."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sqlite3
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from etl.serve.app import canned_queries
from etl.serve.mcp.papers import narrowed, search_sql
from etl.store.functions import register
from tests.helpers import Running, paperdb

pytestmark = pytest.mark.xdist_group("mcp")  # (one worker: one load, one server and one stdio process)

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"
PAPERDB_TOOLS = {
    "coverage",
    "search_papers",
    "get_paper",
    "keyword_trend",
    "compare_periods",
    "author_trajectory",
    "field_landscape",
    "conference_stats",
    "top_papers",
    "similar_papers",
}
DATASETTE_TOOLS = {
    "list_databases",
    "get_database_schema",
    "execute_sql",
    "list_canned_queries",
    "execute_canned_query",
}
PREDICTRON = (  # the opening of the Predictron's abstract (ICLR 2017, then ICML 2017)
    "The predictron is an abstract model of the environment, trained end-to-end to approximate the"
    " value function over multiple planning steps of imagined planning, accumulating rewards."
)
# (name, tool, arguments): every tool, with and without its filters
CALLS = [
    ("coverage", "coverage", {}),
    ("coverage of a venue", "coverage", {"venue": "iclr"}),
    ("search", "search_papers", {"query": "graph neural networks"}),
    ("search narrowed", "search_papers", {"query": "graph", "venue": "AAAI", "has_code": True, "limit": 50}),
    ("search by decision", "search_papers", {"query": "learning", "year": 2017, "decision": "rejected"}),
    ("paper by OpenReview id", "get_paper", {"paper_id": "SJU4ayYgl"}),
    ("keyword trend", "keyword_trend", {"keyword": "graph neural networks"}),
    ("keyword trend by venue", "keyword_trend", {"keyword": "GNN", "by_venue": True}),
    ("words trend", "keyword_trend", {"keyword": "hidden graphs"}),
    ("compare periods", "compare_periods", {"first": "2017", "second": "2018-2022", "min_papers": 1, "limit": 25}),
    ("compare periods kept", "compare_periods", {"first": "2017", "second": "2018-2022", "limit": 25}),
    ("compare authors", "compare_periods", {"first": "2017", "second": "2022", "what": "authors", "min_papers": 1}),
    ("author", "author_trajectory", {"author": "max welling"}),
    ("landscape", "field_landscape", {"year": 2022}),
    ("landscape of a venue", "field_landscape", {"year": 2017, "venue": "ICLR", "limit": 5}),
    ("stats", "conference_stats", {"venue": "ICLR"}),
    ("stats of a year", "conference_stats", {"venue": "aaai", "year": 2022}),
    ("top cited", "top_papers", {}),
    ("top rated with a keyword", "top_papers", {"by": "rating", "keyword": "deep learning"}),
    ("similar to a paper", "similar_papers", {"paper_id": "SJU4ayYgl", "limit": 3}),
    ("similar to a text", "similar_papers", {"text": PREDICTRON, "limit": 3}),
    ("canned query", "execute_canned_query", {"database": "papers", "query": "venues"}),
    ("sql", "execute_sql", {"database": "papers", "sql": "SELECT count(*) AS n FROM papers"}),
]
# (name, tool, arguments, what the error says)
BAD = [
    ("unknown id", "get_paper", {"paper_id": "0123456789abcdef"}, "no paper has the id '0123456789abcdef'"),
    (
        "year 99999",
        "search_papers",
        {"query": "graph", "year": 99999},
        "`year` 99999 is outside the years loaded: 2017 to 2022",
    ),
    ("empty query", "search_papers", {"query": "  "}, "`query` is empty"),
    (
        "10,000-character query",
        "search_papers",
        {"query": "graph" + " " * 9_990 + "nodes"},
        "`query` has 10,000 characters; at most 500",
    ),
    ("10,000-character text", "similar_papers", {"text": "x" * 10_000}, "`text` has 10,000 characters; at most 5,000"),
    ("both of similar", "similar_papers", {"paper_id": "SJU4ayYgl", "text": "graphs"}, "give either `paper_id`"),
    (
        "unknown venue",
        "conference_stats",
        {"venue": "Nowhere"},
        "no venue 'Nowhere' is loaded; the venues are: AAAI, CVPR",
    ),
    ("a year the venue lacks", "conference_stats", {"venue": "ICLR", "year": 2022}, "ICLR has no papers of 2022"),
    ("not a period", "compare_periods", {"first": "last year", "second": "2022"}, "`first` 'last year' is not a year"),
    (
        "a period of no papers",
        "compare_periods",
        {"first": "2017", "second": "2022", "venue": "ICLR"},
        "ICLR has no papers in `second` (2022-2022)",
    ),
    ("a period backwards", "compare_periods", {"first": "2022-2017", "second": "2022"}, "ends before it starts"),
    ("limit 0", "top_papers", {"limit": 0}, "`limit` must be 1 to 50, not 0"),
    ("unknown keyword", "top_papers", {"keyword": "quantum gravity"}, "no paper has the keyword or topic"),
    ("unknown author", "author_trajectory", {"author": "Max Well"}, "no author named 'Max Well'"),
    ("trend year", "keyword_trend", {"keyword": "graph", "year_from": 99999}, "`year_from` 99999 is outside"),
    (
        "trend years backwards",  # (reader6 item 16: `"years": []` and no word)
        "keyword_trend",
        {"keyword": "graph", "year_from": 2018, "year_to": 2017},
        "`year_from` 2018 is after `year_to` 2017",
    ),
    ("a write", "execute_sql", {"database": "papers", "sql": "DELETE FROM papers"}, "Statement must be a SELECT"),
]


@pytest.fixture(scope="module")
def excerpt(tmp_path_factory) -> str:
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("mcp") / "papers.db")
    load(db_file, [str(EXCERPT)])
    return db_file


def sql(db: str, query: str, params=()) -> list[dict]:
    con = register(sqlite3.connect(f"file:{db}?mode=ro", uri=True))
    con.row_factory = sqlite3.Row
    try:
        return [dict(row) for row in con.execute(query, params)]
    finally:
        con.close()


async def session(server) -> dict:
    """Every call of `CALLS` and `BAD` in one session with `server` (a URL or stdio parameters)."""
    from mcp import Client

    answers = {}
    async with Client(server) as client:
        answers["tools"] = (await client.list_tools()).tools
        for name, tool, arguments, *_ in CALLS + BAD:
            answers[name] = await client.call_tool(tool, arguments)
    return answers


@pytest.fixture(scope="module")
def over_http(excerpt):
    """The answers of `paperdb serve`'s /-/mcp, the server's address and what it printed."""
    with Running("serve", "--db", excerpt, "--port", "0") as server:
        said = server.first_line()
        assert " serving " in said, said + server.stderr()
        url = said.rsplit(" at ", 1)[1].strip()
        answers = asyncio.run(session(url + "-/mcp"))
        page = answers["paper by OpenReview id"].structured_content["page"]
        with urllib.request.urlopen(page, timeout=30) as response:
            title = re.search(r"<h1[^>]*>(.*?)</h1>", response.read().decode(), re.S)[1]
            opened = {"page": (response.status, re.sub(r"<[^>]+>", "", title).strip())}
        try:
            opened["plain GET"] = urllib.request.urlopen(url + "-/mcp", timeout=30).status
        except urllib.error.HTTPError as error:
            opened["plain GET"] = error.code
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=30) == 0
        yield answers, url, server.stdout(), server.stderr(), opened


@pytest.fixture(scope="module")
def over_stdio(excerpt):
    from mcp.client.stdio import StdioServerParameters

    return asyncio.run(
        session(StdioServerParameters(command=sys.executable, args=["-m", "etl", "mcp", "--db", excerpt]))
    )


@pytest.fixture(scope="module", params=["http", "stdio"])
def answers(request) -> dict:
    return request.getfixturevalue("over_http")[0] if request.param == "http" else request.getfixturevalue("over_stdio")


def answer(answers: dict, name: str) -> dict:
    result = answers[name]
    assert not result.is_error, result.content[0].text
    return result.structured_content


def test_the_tools_are_paperdbs_and_datasettes_read_only_ones(answers):
    tools = {tool.name: tool for tool in answers["tools"]}
    assert set(tools) == PAPERDB_TOOLS | DATASETTE_TOOLS  # (datasette-mcp's tool that writes is left out)
    for name in PAPERDB_TOOLS:
        assert tools[name].annotations.read_only_hint and len(tools[name].description) > 80, name


def test_coverage_counts_the_venues_years_and_what_their_sources_gave(answers, excerpt):
    found = answer(answers, "coverage")
    expected = sql(excerpt, "SELECT venue, count(*) AS papers, count(rating_avg) AS ratings FROM papers GROUP BY venue")
    assert found["papers"] == 20
    assert {v["venue"]: v["papers"] for v in found["venues"]} == {r["venue"]: r["papers"] for r in expected}
    iclr = next(v for v in found["venues"] if v["venue"] == "ICLR")
    assert iclr["years"] == "2017" and iclr["percent_with"]["ratings"] == 100
    assert "ratings" not in next(v for v in found["venues"] if v["venue"] == "AAAI")["percent_with"]
    assert answer(answers, "coverage of a venue")["years"][0]["papers"] == 6


def test_search_ranks_as_the_sites_search_query(answers, excerpt):
    ranked = [r["id"] for r in sql(excerpt, search_sql(), {"q": "graph neural networks"})]
    found = answer(answers, "search")
    assert [r["id"] for r in found["results"]] == ranked[:10] and found["truncated"] == (len(ranked) > 10)
    assert "**" in found["results"][0]["snippet"]


@pytest.mark.parametrize(
    "name, query, where",
    [
        ("search narrowed", "graph", "venue = 'AAAI' AND code_status = 'released'"),
        ("search by decision", "learning", "year = 2017 AND decision = 'rejected'"),
    ],
)
def test_a_narrowed_search_finds_the_papers_of_the_search_it_may_show(answers, excerpt, name, query, where):
    """The papers the site's search finds that the filters allow (the excerpt's matches are fewer than
    the search's 100), ranked by the same query kept to them (their resemblance to one another is
    among themselves: a narrowed search is no cut of the whole one)."""
    ranked = [r["id"] for r in sql(excerpt, search_sql(), {"q": query})]
    allowed = {r["id"] for r in sql(excerpt, f"SELECT id FROM papers WHERE {where}")}
    found = [r["id"] for r in answer(answers, name)["results"]]
    assert found and set(found) == {pid for pid in ranked if pid in allowed}
    assert found == [r["id"] for r in sql(excerpt, narrowed(search_sql(), where), {"q": query})]


def test_a_paper_by_any_of_its_ids_has_everything_the_database_knows(answers, excerpt):
    found = answer(answers, "paper by OpenReview id")
    (row,) = sql(excerpt, "SELECT p.* FROM papers p JOIN paper_ids i ON i.paper_id = p.id WHERE i.value = 'SJU4ayYgl'")
    assert (found["id"], found["title"], found["venue"], found["year"]) == (row["id"], row["title"], "ICLR", 2017)
    assert [a["name"] for a in found["authors"]] == json.loads(row["authors"])
    assert {"scheme": "openreview", "value": "SJU4ayYgl", "url": "https://openreview.net/forum?id=SJU4ayYgl"} in found[
        "ids"
    ]
    similar = sql(excerpt, "SELECT similar_id, score FROM similar_papers WHERE paper_id = ? ORDER BY rank", [row["id"]])
    assert [s["id"] for s in found["similar_papers"]] == [s["similar_id"] for s in similar]
    assert [s["similarity"] for s in found["similar_papers"]] == [round(s["score"] / 1.5, 3) for s in similar]
    assert found["ratings"] == {
        "rating_avg": round(row["rating_avg"], 2),
        "confidence_avg": round(row["confidence_avg"], 2),
    }
    assert found["citations"] == row["citations"] and "graph neural networks" in found["topics"]
    assert found["page"].endswith(f"/-/paper/{row['id']}")


def test_a_keyword_trend_counts_each_paper_once_per_year(answers, excerpt):
    expected = {
        r["year"]: (r["papers"], r["of"])
        for r in sql(
            excerpt,
            "SELECT y.year, count(DISTINCT k.paper_id) AS papers, y.n AS of FROM (SELECT year, count(*) AS n FROM"
            " papers GROUP BY year) y LEFT JOIN papers p ON p.year = y.year LEFT JOIN paper_keywords k ON k.paper_id"
            " = p.id AND k.keyword_id = (SELECT id FROM keywords WHERE normalised = 'graph neural network')"
            " GROUP BY y.year",
        )
    }
    for name in ("keyword trend", "keyword trend by venue"):  # (GNN: the keyword's other name)
        found = answer(answers, name)
        assert {y["year"]: (y["papers"], y["of"]) for y in found["years"]} == expected, name
    by_venue = answer(answers, "keyword trend by venue")["venues"]
    assert by_venue[0]["venue"] == "AAAI" and by_venue[0]["years"] == [
        {"year": 2022, "papers": 10, "of": 11, "share": 0.9091}
    ]
    words = answer(answers, "words trend")
    matched = sql(
        excerpt, "SELECT count(*) AS n FROM papers_fts_words WHERE papers_fts_words MATCH search_words('hidden graphs')"
    )
    assert (
        words["counted"].startswith("papers whose title")
        and sum(y["papers"] for y in words["years"]) == matched[0]["n"]
    )


@pytest.mark.parametrize("name, min_papers", [("compare periods", "1"), ("compare periods kept", "5")])
def test_compare_periods_answers_as_the_sites_query(answers, excerpt, name, min_papers):
    """From the query itself (min_papers 1), or from the counts kept per load (`periods`): the same rows."""
    params = {"first": "2017", "second": "2018-2022", "venue": "", "what": "keywords", "min_papers": min_papers}
    rows = sql(excerpt, canned_queries()["compare_periods"]["sql"], params)
    found = answer(answers, name)
    assert rows
    for status in ("emerged", "faded", "held"):
        expected = [
            {k: v for k, v in r.items() if k != "status" and v is not None} for r in rows if r["status"] == status
        ]
        assert found.get(status, []) == expected, status
    assert answer(answers, "compare authors")["emerged"]


@pytest.mark.parametrize(
    "first, second", [((2017, 2017), (2022, 2022)), ((2017, 2018), (2022, 2022)), ((2022, 2022), (2017, 2017))]
)
@pytest.mark.parametrize("least", [5, 7])
def test_the_kept_counts_compare_periods_as_the_query_does(excerpt, first, second, least):
    from etl.serve.mcp import periods

    con = sqlite3.connect(f"file:{excerpt}?mode=ro", uri=True)
    try:
        counts = periods.read_counts(con)
        totals = dict(con.execute("SELECT year, count(*) FROM papers GROUP BY year").fetchall())
    finally:
        con.close()
    params = {
        "first": "{}-{}".format(*first),
        "second": "{}-{}".format(*second),
        "venue": "",
        "what": "",
        "min_papers": str(least),
    }
    assert periods.compare(counts, totals, first, second, least) == sql(
        excerpt, canned_queries()["compare_periods"]["sql"], params
    )


def test_an_authors_trajectory_lists_their_papers_and_coauthors(answers, excerpt):
    found = answer(answers, "author")
    rows = sql(
        excerpt,
        "SELECT p.id FROM paper_authors pa JOIN authors a ON a.id = pa.author_id JOIN papers p ON p.id = pa.paper_id"
        " WHERE a.name = 'Max Welling'",
    )
    assert found["author"] == "Max Welling" and [p["id"] for p in found["recent_papers"]] == [r["id"] for r in rows]
    assert found["coauthors"] == [{"name": "Thomas N. Kipf", "papers": 1}]
    assert found["years"][0]["year"] == 2017 and "graph neural networks" in found["years"][0]["topics"]


def test_a_landscape_ranks_topics_and_keywords_with_their_growth(answers, excerpt):
    topics = sql(
        excerpt,
        "SELECT k.keyword, count(*) AS n FROM paper_keywords k JOIN papers p ON p.id = k.paper_id"
        " WHERE p.year = 2022 AND k.kind = 'topic' GROUP BY k.keyword ORDER BY n DESC, k.keyword_id LIMIT 15",
    )
    found = answer(answers, "landscape")
    assert [(t["name"], t["papers"]) for t in found["topics"]] == [(t["keyword"], t["n"]) for t in topics]
    assert found["compared_with"] == {"year": 2018, "papers": 1}
    iclr = answer(answers, "landscape of a venue")
    assert iclr["venue"] == "ICLR" and "compared_with" not in iclr and len(iclr["keywords"]) == 5


def test_conference_stats_count_decisions_ratings_and_citations(answers, excerpt):
    (row,) = sql(
        excerpt,
        "SELECT sum(decision = 'accepted') AS accepted, sum(decision = 'rejected') AS rejected,"
        " round(avg(rating_avg), 2) AS rating, max(citations) AS most FROM papers WHERE venue = 'ICLR'",
    )
    (year,) = answer(answers, "stats")["years"]
    assert year["decisions"] == {"accepted": row["accepted"], "rejected": row["rejected"]}
    assert year["acceptance_rate"] == round(row["accepted"] / (row["accepted"] + row["rejected"]), 4)
    assert year["ratings"]["mean_rating"] == row["rating"] and year["citations"]["most_citations"] == row["most"]
    aaai = answer(answers, "stats of a year")
    assert aaai["venue"] == "AAAI" and "acceptance_rate" not in aaai["years"][0]  # (no rejection is listed)


def test_top_papers_by_citations_or_rating_within_a_keyword(answers, excerpt):
    cited = sql(excerpt, "SELECT id FROM papers WHERE citations IS NOT NULL ORDER BY citations DESC, pk LIMIT 11")
    found = answer(answers, "top cited")
    assert [p["id"] for p in found["papers"]] == [r["id"] for r in cited[:10]] and found["truncated"]
    rated = sql(
        excerpt,
        "SELECT id FROM papers WHERE rating_avg IS NOT NULL AND id IN (SELECT paper_id FROM paper_keywords WHERE"
        " keyword_id = (SELECT id FROM keywords WHERE normalised = 'deep learning')) ORDER BY rating_avg DESC, pk",
    )
    assert [p["id"] for p in answer(answers, "top rated with a keyword")["papers"]] == [r["id"] for r in rated]


def test_similar_papers_of_a_paper_and_of_a_text(answers, excerpt):
    (pid,) = [r["paper_id"] for r in sql(excerpt, "SELECT paper_id FROM paper_ids WHERE value = 'SJU4ayYgl'")]
    expected = sql(
        excerpt, "SELECT similar_id, score FROM similar_papers WHERE paper_id = ? ORDER BY rank LIMIT 3", [pid]
    )
    of_paper = answer(answers, "similar to a paper")["similar"]
    assert [p["id"] for p in of_paper] == [r["similar_id"] for r in expected]
    # (the paper page's number, 0 to 1: the raw score over its most, 1.5; no raw score beside it)
    assert [p["similarity"] for p in of_paper] == [round(r["score"] / 1.5, 3) for r in expected]
    assert all("score" not in p for p in of_paper)
    found = answer(answers, "similar to a text")
    assert [p["title"] for p in found["similar"][:2]] == ["The Predictron: End-To-End Learning and Planning"] * 2
    assert 1 >= found["similar"][0]["similarity"] >= found["similar"][2]["similarity"] > 0


def test_datasettes_tools_answer_too(answers, excerpt):
    rows = answer(answers, "canned query")["rows"]
    assert [(r["venue"], r["year"], r["papers"]) for r in rows] == [
        (r["venue"], r["year"], r["n"])
        for r in sql(excerpt, "SELECT venue, year, count(*) AS n FROM papers GROUP BY 1, 2 ORDER BY venue, year DESC")
    ]
    assert answer(answers, "sql")["rows"] == [{"n": 20}]


@pytest.mark.parametrize("name, tool, arguments, says", BAD, ids=[b[0] for b in BAD])
def test_a_bad_argument_is_a_tool_error_that_says_what_was_wrong(answers, name, tool, arguments, says):
    result = answers[name]
    text = result.content[0].text
    assert result.is_error and says in text and "Traceback" not in text, text


def test_pages_are_the_sites_over_http_and_paths_over_stdio(over_http, over_stdio):
    answers, url, stdout, stderr, _ = over_http
    page = answer(answers, "search")["results"][0]["page"]
    assert (
        page.startswith(url + "-/paper/") and answer(over_stdio, "search")["results"][0]["page"] == page[len(url) - 1 :]
    )
    assert stdout.splitlines()[1] == f"paperdb: MCP for AI assistants at {url}-/mcp (docs/assistants.md)"
    assert stderr == "paperdb: stopped serving\n"  # (no log line per call or session)


def test_a_papers_page_opens_from_its_id(over_http):
    """The page a tool gives opens the paper's page (a redirect to its row), and /-/mcp answers only MCP."""
    *_, opened = over_http
    assert opened["page"] == (200, "Semi-Supervised Classification with Graph Convolutional Networks")
    assert opened["plain GET"] in (405, 406)


def test_paperdb_mcp_on_a_missing_database_says_so_in_one_line(tmp_path):
    result = paperdb("mcp", "--db", str(tmp_path / "none.db"))
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == f"Error: {tmp_path / 'none.db'}: no such database; build it with `paperdb load`\n"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=lambda s: s.name)
def test_paperdb_mcp_stops_at_a_signal_while_its_assistant_holds_stdin_open(excerpt, signum):
    """An assistant that quits may signal rather than close stdin: the command ends at once (the MCP
    SDK's thread reading stdin would have kept it alive), saying so on stderr; stdout is the protocol."""
    import subprocess

    from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

    command = [sys.executable, "-m", "etl", "mcp", "--db", excerpt]
    with subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        hello = {
            "protocolVersion": HANDSHAKE_PROTOCOL_VERSIONS[-1],
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"},
        }
        process.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": hello}).encode() + b"\n"
        )
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())  # (it answers: it is serving)
        process.send_signal(signum)
        try:
            code = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            raise AssertionError(f"paperdb mcp was still running 30 s after {signum.name}") from None
        rest, err = process.stdout.read(), process.stderr.read().decode()
    assert answer["id"] == 1 and answer["result"]["serverInfo"]["name"] == "datasette"
    assert (code, rest, err) == (0, b"", "paperdb: stopped serving MCP\n")
