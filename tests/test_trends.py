"""Trends: papers per venue and year of each keyword, author and institution, kept by every load
equal to what the papers hold, and the keyword_trends view and compare_periods query over them."""

from __future__ import annotations

import json
import sqlite3

from etl.load import load
from etl.serve.app import queries_dir, read_query
from etl.store.functions import register
from tests import works
from tests.helpers import ABSTRACT_GNN, listing_text, rows

# What each counts table must hold: the papers as they are now, counted afresh.
AFRESH = {
    "keyword_trend_counts": """SELECT k.keyword_id, k.kind, p.venue, p.year, count(*) FROM papers p
        JOIN paper_keywords k ON k.paper_id = p.id GROUP BY 1, 2, 3, 4""",
    "author_trend_counts": """SELECT a.author_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p
        JOIN paper_authors a ON a.paper_id = p.id GROUP BY 1, 2, 3""",
    "institution_trend_counts": """SELECT f.institution_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p
        JOIN paper_affiliations f ON f.paper_id = p.id GROUP BY 1, 2, 3""",
}


def assert_counts_are_the_papers(db_file: str) -> None:
    for table, afresh in AFRESH.items():
        assert sorted(rows(db_file, f"SELECT * FROM {table}")) == sorted(rows(db_file, afresh)), table


def paperlists(*records: dict) -> str:
    return json.dumps(list(records))


def with_affiliation(record: dict, institution: str) -> dict:
    n = len(record["author"].split(";"))
    return {
        **record,
        "aff": ";".join([institution] * n),
        "aff_unique_norm": institution,
        "aff_unique_index": ";".join("0" * n),
    }


def test_the_counts_follow_every_kind_of_change_a_load_makes(db_file, write):
    load(db_file)
    assert_counts_are_the_papers(db_file)
    first, second = write("iclr2018.json", works.earlier()), write("icml2019.json", works.later())
    load(db_file, [str(first)])
    assert_counts_are_the_papers(db_file)
    load(db_file, [str(second)])
    assert_counts_are_the_papers(db_file)
    # authors and affiliations change, a paper leaves a file, another's text changes
    records = json.loads(works.later())
    records[0] = with_affiliation({**records[0], "author": "Bo Chen;Yu Sato"}, "Kyoto University")
    records[1]["abstract"] += " Code is released."
    second.write_text(paperlists(*records[:3]), encoding="utf-8")
    summary = load(db_file, [str(second)])
    assert not summary.rescored and summary.papers_removed == 2  # (one left the file; a new text is a new paper)
    assert_counts_are_the_papers(db_file)
    # a paper moves to another venue and year: the same abstract now only in a NeurIPS 2020 file
    moved = write("nips2020.json", paperlists(records[2]))
    second.write_text(paperlists(*records[:2]), encoding="utf-8")
    load(db_file, [str(moved), str(second)])
    assert rows(db_file, "SELECT venue, year FROM papers WHERE title = ?", (records[2]["title"],))[-1][1] in (
        2019,
        2020,
    )
    assert_counts_are_the_papers(db_file)
    load(db_file, rescore=True)
    assert_counts_are_the_papers(db_file)


def test_keyword_trends_gives_each_keywords_share_of_its_venue_year(seeded, write):
    load(seeded, [str(write("iclr2018.txt", listing_text(ABSTRACT_GNN, header="ICLR 2018 Papers")))])
    trends = rows(seeded, "SELECT keyword, kind, venue, year, papers, share, venue_papers FROM keyword_trends")
    assert {(venue, year, total) for _, _, venue, year, _, _, total in trends} == {
        ("ICML", 2024, 57),
        ("ICLR", 2018, 1),
    }
    gnn = [row for row in trends if row[0] == "graph neural networks" and row[2] == "ICLR"]
    assert gnn and all(row[4] == 1 and row[5] == 1.0 for row in gnn)
    assert all(round(papers / total, 4) == share for _, _, _, _, papers, share, total in trends)


def compare(db_file: str, **params: str) -> list[tuple]:
    query = read_query(queries_dir() / "compare_periods.sql")["sql"]
    con = register(sqlite3.connect(db_file))
    try:
        return con.execute(query, {"venue": "", "min_papers": "", "what": "", **params}).fetchall()
    finally:
        con.close()


def test_compare_periods_says_what_emerged_faded_and_held(db_file, write):
    gnn = "Graph neural networks (GNNs) learn on graphs. We propose {} message passing for molecules."
    kernels = "Kernel methods with support vector machines (SVMs) classify {} data with margins."
    old = [kernels.format(w) for w in ("tabular", "text", "image", "audio")] + [gnn.format("simple")]
    new = [gnn.format(w) for w in ("sparse", "deep", "equivariant", "fast")] + [kernels.format("graph")]
    load(db_file, [str(write("a.txt", listing_text(*old, header="ICML 2014 Papers")))])
    load(db_file, [str(write("b.txt", listing_text(*new, header="ICML 2024 Papers")))])
    found = {(name, status) for status, name, *_ in compare(db_file, first="2013-2015", second="2024", min_papers="2")}
    assert ("graph neural networks", "emerged") in found
    assert ("support vector machines", "faded") in found
    held = [row for row in compare(db_file, first="2014", second="2024", min_papers="1") if row[0] == "held"]
    assert all(row[3] >= 1 and row[5] >= 1 for row in held)


def test_compare_periods_for_authors_and_institutions(db_file, write):
    records = json.loads(works.earlier())
    later = json.loads(works.later())
    first = write("iclr2018.json", paperlists(*(with_affiliation(r, "Old University") for r in records)))
    second = write("icml2019.json", paperlists(*(with_affiliation(r, "New Institute") for r in later)))
    load(db_file, [str(first), str(second)])
    authors = {
        (status, name)
        for status, name, *_ in compare(db_file, first="2018", second="2019", what="authors", min_papers="1")
    }
    assert ("emerged", "Hana Ito") in authors and ("faded", "Ann Lee") in authors and ("held", "Bo Chen") in authors
    places = {
        (status, name)
        for status, name, *_ in compare(db_file, first="2018", second="2019", what="institutions", min_papers="1")
    }
    assert places == {("emerged", "New Institute"), ("faded", "Old University")}


def test_keyword_trends_lists_the_most_papers_first_never_the_labels_alphabet(seeded):
    trends = rows(seeded, "SELECT keyword, papers, share FROM keyword_trends")
    assert [(-papers, -share) for _, papers, share in trends] == sorted((-p, -s) for _, p, s in trends)
    assert trends[0][1] > 1  # (the first row is a keyword many papers have, not `, -process` of one)
