"""Reviews as rows: every reviewer's score of the catalogue's review files (tests/fixtures/reviews/: a
few real records of each of ICLR 2013 and 2017, COLM 2024, CoRL 2021 and 2024, ACM MM 2024, ALT 2025,
AI4X 2025, WWW 2024 and 3DV 2025), scores outside the venue's scale or of no reviewer missing, the
papers' ratings of the kept scores, and databases loaded before revision 0030."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic import command

from etl.load import load
from etl.load.reviews import may_hold_scores
from etl.sources.paperlists import venue_and_year
from etl.sources.reviews import Scores, paper_reviews, review_fields, review_scores, scale, summary
from etl.store.column_names import COLUMNS
from etl.store.engine import alembic_config, migrate
from tests.helpers import LEFT_TO_THE_NEXT_LOAD, dump, rows, run

EXCERPTS = Path(__file__).parent / "fixtures" / "reviews"


def excerpt(name: str) -> list[dict]:
    return json.loads((EXCERPTS / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    db_file = str(tmp_path_factory.mktemp("reviews") / "papers.db")
    load(db_file, [str(EXCERPTS)])
    return db_file


def written_scores(record: dict) -> dict[str, list[str]]:
    """Each `;`-separated field of a record that has its `_avg` (or is rating or confidence), read
    as a person would: the values between the semicolons."""
    return {
        name: value.split(";")
        for name, value in record.items()
        if isinstance(value, str)
        and value.strip()
        and name != "reviewers"
        and (name in ("rating", "confidence") or f"{name}_avg" in record)
    }


@pytest.mark.parametrize("name", sorted(p.name for p in EXCERPTS.glob("*.json")))
def test_the_reviews_table_holds_every_score_the_file_gives(loaded, name):
    stored = rows(
        loaded,
        "SELECT r.position, r.field, r.reviewer, r.written FROM reviews r JOIN sources s ON s.id = r.source_id"
        " WHERE s.path LIKE ? ORDER BY 1, 2, 3",
        [f"%{name}"],
    )
    expected = [
        (position, field, n, value.strip())
        for position, record in enumerate(excerpt(name), 1)
        for field, values in sorted(written_scores(record).items())
        for n, value in enumerate(values, 1)
    ]
    assert stored == expected


@pytest.mark.parametrize(
    ("venue", "year", "field", "expected"),
    [
        ("ICLR", 2017, "rating", (1, 10)),
        ("ICLR", 2017, "confidence", (1, 5)),
        ("CoRL", 2024, "rating", (1, 4)),  # (2021-2023: 1, 4, 6 or 10 of 10)
        ("CoRL", 2022, "rating", (1, 10)),
        ("ACM MM", 2024, "rating", (1, 6)),
        ("ACM MM", 2024, "strengths", (0, 1)),  # (a yes or no: 0 is a score)
        ("WWW", 2024, "scope", (1, 4)),
        ("NeurIPS", 2023, "rating", (1, 10)),  # (a venue not listed: every venue's row)
        ("NeurIPS", 2023, "wc_review", None),  # (no row: any number above 0)
    ],
)
def test_each_venue_and_field_has_its_scale(venue, year, field, expected):
    assert scale(venue, year, field) == expected


# (record, field) -> the kept scores and why the others are missing, on real records
@pytest.mark.parametrize(
    ("name", "index", "field", "kept", "missing"),
    [
        # ALT 2025: the authors' and the area chair's slots are no reviews (`0;0;7;7;7`, `0;4;3;5;5`)
        ("alt2025.json", 0, "rating", [7, 7, 7], ["not a review", "not a review"]),
        ("alt2025.json", 0, "confidence", [3, 5, 5], ["not a review", "not a review"]),
        # ICLR 2017: a reviewer who gave no confidence has 0, outside 1-5
        ("iclr2017.json", 3, "confidence", [3, 3], ["outside the scale 1-5"]),
        ("iclr2017.json", 3, "rating", [3, 3, 6], []),
        # AI4X 2025: the program chairs' `0` is the only value
        ("ai4x2025.json", 0, "rating", [], ["not a review"]),
        # ACM MM 2024: strengths and limitations are 0 or 1, both scores
        ("acmmm2024.json", 1, "strengths", [0, 1, 0, 0], []),
        ("www2024.json", 0, "novelty", [4, 5, 5, 5, 6], []),
    ],
)
def test_scores_outside_the_scale_or_of_no_reviewer_are_missing(name, index, field, kept, missing):
    venue, year = venue_and_year(name)
    found = review_scores(excerpt(name)[index], venue, year)
    assert found.kept(field) == kept
    assert [s.missing for s in found.scores if s.field == field and s.score is None] == missing


@pytest.mark.parametrize(
    ("value", "score", "why"),
    [
        ("7", 7.0, None),
        ("6.5", 6.5, None),
        ("", None, "empty"),
        ("N/A", None, "empty"),
        ("0", None, "outside the scale 1-10"),
        ("11", None, "outside the scale 1-10"),
        ("nan", None, "not a number"),
        ("７", None, "not a number"),  # (a full-width digit: no ASCII number)
        ("seven", None, "not a number"),
    ],
)
def test_each_value_is_kept_or_missing_with_why(value, score, why):
    record = {"reviewers": "AnonReviewer1;AnonReviewer2", "rating": f"{value};5", "rating_avg": 0}
    first = review_scores(record, "ICLR", 2017).scores[0]
    assert (first.score, first.missing, first.name) == (score, why, "AnonReviewer1")


def test_lists_of_unequal_lengths_are_kept_as_given_and_counted(write, db_file):
    """ALT 2025's first record with one confidence fewer than ratings (as a file cut short writes it)."""
    record = excerpt("alt2025.json")[0]
    record["confidence"] = "0;4;3;5"
    found = review_scores(record, "ALT", 2025)
    assert found.unequal
    assert [s.reviewer for s in found.scores if s.field == "confidence"] == [1, 2, 3, 4]
    assert {s.name for s in found.scores if s.field == "confidence"} == {None}  # (no name lines up)
    summary = load(db_file, [str(write("alt2025.json", json.dumps([record])))])
    assert summary.reviews.unequal == 1
    assert "1 records with review lists of unequal lengths (kept as given)" in summary.line()
    assert rows(db_file, "SELECT count(*) FROM reviews WHERE field = 'confidence'") == [(4,)]


def test_papers_ratings_are_of_the_kept_scores(loaded):
    got = dict(
        (title[:30], values)
        for title, *values in rows(
            loaded,
            "SELECT title, rating_avg, rating_min, rating_max, round(rating_std, 3), round(confidence_avg, 3), reviews"
            " FROM papers",
        )
    )
    # ALT 2025 `0;0;7;7;7`: the file's own mean is 4.2 (the zeros averaged in)
    assert got["Is Transductive Learning Equiv"] == [7.0, 7.0, 7.0, 0.0, 4.333, 3]
    # ICLR 2017 `3;3;6`, confidence `0;3;3`: the file says 2.0
    first = excerpt("iclr2017.json")[3]["title"][:30]
    assert got[first] == [4.0, 3.0, 6.0, 1.414, 3.0, 3]
    # WWW 2024 scores novelty, quality and scope, not a rating: five reviews, no rating
    www = excerpt("www2024.json")[0]["title"][:30]
    assert got[www] == [None, None, None, None, 2.8, 5]


def test_no_rating_is_zero_where_the_file_gave_no_scores(loaded):
    """ICLR 2013 (`rating: ""`, `rating_avg: 0`), 3DV 2025 (`[0, 0]`), AI4X 2025 (`0` from the program
    chairs) and CoRL 2021's empty confidences (`confidence_avg: 0`) have no mean."""
    assert rows(loaded, "SELECT count(*) FROM papers WHERE rating_avg = 0 OR confidence_avg = 0") == [(0,)]
    assert rows(
        loaded,
        "SELECT venue, count(rating_avg) FROM papers WHERE venue IN ('ICLR', '3DV', 'AI4X')"
        " AND year != 2017 GROUP BY venue ORDER BY venue",
    ) == [("3DV", 0), ("AI4X", 0), ("ICLR", 0)]
    assert rows(
        loaded, "SELECT count(confidence_avg), count(rating_avg) FROM papers WHERE venue = 'CoRL' AND year = 2021"
    ) == [(0, 2)]
    assert rows(loaded, "SELECT count(rating_avg) FROM paper_sources WHERE rating_avg = 0") == [(0,)]


def test_the_first_record_with_kept_ratings_gives_the_papers(loaded):
    none, alt = Scores(), review_scores(excerpt("alt2025.json")[1], "ALT", 2025)
    chosen = paper_reviews([none, review_scores(excerpt("ai4x2025.json")[0], "AI4X", 2025), alt])
    assert chosen.summary == summary(alt) and chosen.rated and chosen.confident


@pytest.mark.parametrize(
    ("format", "fields", "may"),
    [
        ("paperlists", {"rating": "6;8;5", "confidence": "4;3;4"}, True),  # (ICLR 2024: the lists)
        ("paperlists", {"novelty": "3;2", "novelty_avg": [2.5, 0.5]}, True),  # (a field with its mean)
        ("paperlists", {"bibtex": "@inproceedings{x, title={Rating Models}}"}, False),  # (no score field)
        ("bibtex", {"rating": "6;8;5"}, False),  # (only paperlists records are read for scores)
        ("paperlists", None, False),  # (no other fields)
    ],
)
def test_only_records_that_may_hold_scores_are_read_back_for_them(format, fields, may):
    """A paper written once is asked for its `reviews` rows only where its record may hold some:
    any other gives none (`refresh_reviews` passes it over)."""
    extra = json.dumps(fields) if fields is not None else None
    assert may_hold_scores(format, extra) is may
    if not may and extra is not None and format == "paperlists":
        assert not review_scores(json.loads(extra), "ICLR", 2024).scores


def test_only_fields_with_their_average_are_review_fields():
    record = excerpt("acmmm2024.json")[0]
    assert sorted(review_fields(record)) == ["confidence", "limitations", "rating", "strengths", "suitability"]
    assert "aff_unique_index" not in review_fields(record)  # (`;`-separated, but no review)


def test_a_database_loaded_before_revision_0030_gets_its_reviews_from_what_it_kept(loaded, tmp_path):
    """Revision 0030 on a database as revision 0029 left it (each paper with its file's means, zeros
    where no review was given, no reviews) gives what a load of the same files gives now."""
    db_file = str(tmp_path / "papers.db")
    shutil.copy(loaded, db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0029"))
    con = sqlite3.connect(db_file)
    with con:  # (what 0029's load stored: the files' own means, placeholders too)
        for venue, column in (
            ("ICLR", "rating_avg"),
            ("3DV", "rating_avg"),
            ("AI4X", "rating_avg"),
            ("CoRL", "confidence_avg"),
        ):
            con.execute(f"UPDATE paper_sources SET {column} = 0 WHERE venue = ? AND {column} IS NULL", [venue])
        for column in ("rating_avg", "confidence_avg"):
            con.execute(f"UPDATE papers SET {column} = (SELECT {column} FROM paper_sources WHERE paper_id = papers.id)")
    con.close()
    assert rows(db_file, "SELECT count(*) FROM papers WHERE rating_avg = 0 OR confidence_avg = 0") == [(6,)]
    run(db_file, migrate)
    assert _but_0050(db_file) == _but_0050(loaded)


# What revision 0050 leaves to the next load after a round trip below it: the institutions a source
# gives for a paper without saying whose (`paper_sources.institutions`, the affiliations at position 0
# and the institutions' counts), read again from the sources it marks (`sources.sha256`).
BY_0050 = ("sources", "paper_sources", "paper_affiliations", "institutions", "institution_trend_counts")


def _but_0050(db: str) -> tuple:
    """Every table of `db` but what revision 0050 leaves to the next load; of those, the records
    but their `institutions` and the affiliations placed by author."""
    columns = ", ".join(name for name in COLUMNS["paper_sources"] if name != "institutions")
    return (
        dump(db, (*LEFT_TO_THE_NEXT_LOAD, *BY_0050)),
        rows(db, f"SELECT {columns} FROM paper_sources ORDER BY source_id, position"),
        rows(db, "SELECT * FROM paper_affiliations WHERE position > 0 ORDER BY paper_id, position, institution_id"),
    )
