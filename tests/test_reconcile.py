"""After any sequence of loads the database is what a cold load of the current files gives: a
paper's text, venue and year come from the records its sources hold now."""

from __future__ import annotations

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
