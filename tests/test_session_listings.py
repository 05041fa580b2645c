"""A session's listing is no paper (read27, item 2): ICCV 2015's poster sessions list the oral papers
shown there again, as records of their own (`[From Oral 1A] Aligning Books and Movies: ...`: the
authors, "Poster", no abstract; 50 of its 576 papers, each a second paper beside its oral one), and
IROS 2012's `[Monday digests]` ("Provides a schedule of Thursday's conference events and a listing of
which papers were presented in each session": 4 papers). Each is a counted skip; the paper its
listing names keeps all it had, and a bracketed title of a real paper (`[RETRACTED] ...`) stays one.
The records are the catalogue's (tests/fixtures/session_listings: excerpts of iccv2015.json,
iros2012.json and acl2021.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.text.front_matter import is_front_matter, listed_from_session
from tests.helpers import paperdb, rows

FOLDER = Path(__file__).parent / "fixtures" / "session_listings"
ICCV = json.loads((FOLDER / "iccv2015.json").read_text(encoding="utf-8"))
ALIGNING = "Aligning Books and Movies: Towards Story-Like Visual Explanations by Watching Movies and Reading Books"


@pytest.mark.parametrize(
    "title, abstract, listed",
    [
        (f"[From Oral 1A] {ALIGNING}", None, True),
        ("[From Oral 2A] Holistically-Nested Edge Detection", None, True),
        ("[From Poster 2B] Bilinear CNN Models for Fine-Grained Visual Recognition", None, True),
        (f"[From Oral 1A] {ALIGNING}", "Books are a rich source of both fine-grained information.", False),
        (ALIGNING, None, False),
        ("[RETRACTED] Prosodic segmentation for parsing spoken dialogue", None, False),  # acl2021.json
        ("[CASPI] Causal-aware Safe Policy Improvement for Task-oriented Dialogue", None, False),  # acl2022.json
        ("From Oral Traditions to Written Corpora", None, False),
        ("[From Oral 1A]", None, False),  # (no paper named: a title of its own)
        (None, None, False),
    ],
)
def test_a_session_listing_is_a_title_from_another_session_without_an_abstract(title, abstract, listed):
    assert listed_from_session(title, abstract) == listed


@pytest.mark.parametrize(
    "title, front",
    [
        ("[Monday digests]", True),  # iros2012.json: a day's schedule
        ("[Thursday digests]", True),
        ("IEEE/RSJ IROS 2012 - Keynote speakers [4 abstracts]", True),  # (as before)
        ("[RETRACTED] Breaking the Corpus Bottleneck for Context-Aware Neural Machine Translation", False),
        ("[Monday] Learning to Digest Long Documents", False),
        ("Digests of Neural Networks", False),
        ("[]", False),
    ],
)
def test_a_title_that_is_a_bracketed_note_alone_is_read_by_its_inside(title, front):
    assert is_front_matter(title) == front


def test_a_load_skips_and_counts_the_listings_and_keeps_every_paper(tmp_path):
    """The ICCV records (two oral papers, then their poster sessions' listings), IROS 2012's two
    digests beside a paper, ACL 2021's retracted paper: 4 papers (main: 8), 4 records skipped and
    listed in `etl_run_issues`; the oral papers keep their abstract and authors."""
    db = str(tmp_path / "p.db")
    result = paperdb("load", str(FOLDER), "--db", db)
    assert result.returncode == 0, result.stderr
    assert "4 added" in result.stdout and "4 records skipped" in result.stdout, result.stdout
    titles = {r["title"] for r in ICCV if not r["title"].startswith("[")}
    found = rows(db, "SELECT venue, year, title, abstract IS NOT NULL FROM papers ORDER BY venue, title")
    assert [row[:3] for row in found] == [
        (
            "ACL",
            2021,
            "[RETRACTED] Breaking the Corpus Bottleneck for Context-Aware Neural Machine Translation with Cross-Task Pre-training",
        ),
        ("ICCV", 2015, ALIGNING),
        ("ICCV", 2015, "Holistically-Nested Edge Detection"),
        ("IROS", 2012, json.loads((FOLDER / "iros2012.json").read_text(encoding="utf-8"))[2]["title"]),
    ]
    assert {row[2] for row in found if row[0] == "ICCV"} == titles
    assert all(row[3] for row in found)  # (each with its abstract)
    (authors,) = rows(
        db, "SELECT count(*) FROM paper_authors a JOIN papers p ON p.id = a.paper_id WHERE p.title = ?", (ALIGNING,)
    )
    assert authors == (7,)  # (Yukun Zhu ... Sanja Fidler, once each)
    issues = rows(db, "SELECT detail, title FROM etl_run_issues WHERE kind = 'record skipped' ORDER BY title")
    assert issues == [
        (
            'a session\'s listing of a paper ("[From Oral 1A] Aligning Books and Movies..."), its own record another',
            f"[From Oral 1A] {ALIGNING}",
        ),
        (
            'a session\'s listing of a paper ("[From Oral 2A] Holistically-Nested Edge ..."), its own record another',
            "[From Oral 2A] Holistically-Nested Edge Detection",
        ),
        ('front matter ("[Monday digests]"), no paper', "[Monday digests]"),
        ('front matter ("[Thursday digests]"), no paper', "[Thursday digests]"),
    ]
