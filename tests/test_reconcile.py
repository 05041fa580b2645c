"""After any sequence of loads the database is what a cold load of the current files gives: a
paper's text, venue and year come from the records its sources hold now."""

from __future__ import annotations

from etl.extract.identity import identity_id
from etl.load import load
from etl.text.identity import paper_id
from tests.exports import paperlists_json
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, listing_text, rows

PAPER = "SELECT venue, year, abstract, text_source_id IS NOT NULL FROM papers WHERE id = ?"
OTHER_QUIP = ABSTRACT_QUIP.replace("Post-training", "Post-Training")  # (the same paper: one id)
RECORDS = "SELECT has_abstract, abstract IS NULL, venue, year FROM paper_sources WHERE paper_id = ? ORDER BY source_id"


def test_a_paper_that_leaves_a_listing_takes_the_venue_and_text_of_its_other_source(db_file, write):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    # the same paper in an ICLR 2023 export, written with other capitals (the listing's text wins)
    export = write("iclr2023.json", paperlists_json([OTHER_QUIP]))
    load(db_file, [str(listing), str(export)])
    pid = paper_id(ABSTRACT_QUIP)
    assert rows(db_file, PAPER, [pid]) == [("ICML", 2024, ABSTRACT_QUIP, 1)]
    assert rows(db_file, RECORDS, [pid]) == [(1, 1, "ICML", 2024), (1, 0, "ICLR", 2023)]
    write("a.txt", listing_text(ABSTRACT_GNN))
    load(db_file, [str(listing)])
    assert rows(db_file, PAPER, [pid]) == [("ICLR", 2023, OTHER_QUIP, 1)]
    assert rows(db_file, RECORDS, [pid]) == [(1, 1, "ICLR", 2023)]
    cold = str(write("cold/papers.db", b""))
    load(cold, [str(listing), str(export)])
    assert rows(cold, PAPER, [pid]) == rows(db_file, PAPER, [pid])


def test_the_text_a_paper_keeps_does_not_depend_on_the_order_of_loads(tmp_path, write):
    listing = write("a.txt", listing_text(ABSTRACT_QUIP))
    export = write("iclr2023.json", paperlists_json([OTHER_QUIP]))
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    load(one, [str(listing)])
    load(one, [str(export)])
    load(two, [str(export)])
    load(two, [str(listing)])
    pid = paper_id(ABSTRACT_QUIP)
    assert rows(one, PAPER, [pid]) == rows(two, PAPER, [pid]) == [("ICML", 2024, ABSTRACT_QUIP, 1)]


TITLE_ONLY = "title,venue,year,doi\nListed Paper 0,ICLR,2024,\nA Paper Nobody Abstracted,ICLR,2024,10.1/x\n"
PAPERS = "SELECT id, abstract IS NULL, title FROM papers ORDER BY title"


def test_a_paper_without_an_abstract_joins_the_paper_that_has_its_abstract_in_any_order(tmp_path, write):
    from tests.exports import seed_abstracts

    export = write("iclr2024.json", paperlists_json(seed_abstracts(1)))  # `Listed Paper 0`, with its abstract
    titles = write("titles.csv", TITLE_ONLY)
    one, two = str(tmp_path / "one.db"), str(tmp_path / "two.db")
    first = load(one, [str(titles)])
    assert (first.papers_added, first.without_abstract) == (2, 2)
    second = load(one, [str(export)])
    assert (second.papers_added, second.papers_merged) == (1, 1)
    load(two, [str(export)])
    assert load(two, [str(titles)]).papers_merged == 1
    abstract = seed_abstracts(1)[0]
    expected = [
        (identity_id("doi:10.1/x"), 1, "A Paper Nobody Abstracted"),
        (paper_id(abstract), 0, "Listed Paper 0"),
    ]
    assert rows(one, PAPERS) == rows(two, PAPERS) == expected
    joined = identity_id("title:iclr:2024:listed paper 0")
    for db in (one, two):  # the id it had alone stays resolvable
        assert rows(db, "SELECT former_id, paper_id, revision FROM paper_former_ids") == [
            (joined, paper_id(abstract), "merged")
        ]
        assert rows(db, "SELECT count(*) FROM paper_sources WHERE paper_id = ?", [paper_id(abstract)]) == [(2,)]


def test_a_paper_whose_abstract_leaves_goes_back_to_its_other_records(tmp_path, write):
    from tests.exports import seed_abstracts

    export = write("iclr2024.json", paperlists_json(seed_abstracts(1)))
    titles = write("titles.csv", TITLE_ONLY)
    db = str(tmp_path / "p.db")
    load(db, [str(export), str(titles)])
    write("iclr2024.json", paperlists_json(seed_abstracts(2)[1:]).replace("Listed Paper 0", "Another Paper"))
    load(db, [str(export)])
    title_key = identity_id("title:iclr:2024:listed paper 0")
    assert (title_key, 1, "Listed Paper 0") in rows(db, PAPERS)
    cold = str(tmp_path / "cold.db")
    load(cold, [str(export), str(titles)])
    assert rows(cold, PAPERS) == rows(db, PAPERS)


def test_placeholder_abstracts_make_no_paper_of_their_own(tmp_path, write):
    """Three records whose abstract is `TBD` (a poster, a reject, an oral) are three papers,
    each told by its OpenReview id, with its own decision."""
    import json

    records = [
        {"id": f"tbd{i}forum", "title": f"Work {i}", "status": status, "abstract": "TBD", "author": "A B"}
        for i, status in enumerate(["Poster", "Reject", "Oral"])
    ]
    for record in records:
        record["site"] = f"https://openreview.net/forum?id={record['id']}"
    db = str(tmp_path / "p.db")
    summary = load(db, [str(write("iclr2024.json", json.dumps(records)))])
    assert (summary.papers_added, summary.without_abstract) == (3, 3)
    assert rows(db, "SELECT title, decision, presentation FROM papers ORDER BY title") == [
        ("Work 0", "accepted", "poster"),
        ("Work 1", "rejected", None),
        ("Work 2", "accepted", "oral"),
    ]
    assert rows(db, "SELECT count(DISTINCT paper_id) FROM paper_ids WHERE scheme = 'openreview'") == [(3,)]
