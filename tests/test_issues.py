"""What a load could not use as it is, listed record by record: each record skipped, each record
with a status word paperdb does not know and each file passed over, with its file and line, in
`etl_run_issues` (bounded per file) and in the `--report` CSV (all, and only once the load is
committed). The fixtures are records of the paperlists catalogue (tests/fixtures/issues)."""

from __future__ import annotations

import csv
import json
import os
import shutil

import pytest

from etl.load import load
from etl.load.issues import IssueLog
from etl.load.reading import Reader
from etl.serve.app import table_metadata
from etl.sources import InputFile, read_input
from etl.sources.records import FILE_SKIPPED, RECORD_SKIPPED, Issue, Tally
from tests.conftest import FIXTURES
from tests.exports import bibtex
from tests.helpers import ABSTRACT_QUIP, listing_text, paperdb, rows

ISSUES = FIXTURES / "issues"
MATCH_LSTM = json.loads((ISSUES / "iclr2017.json").read_text(encoding="utf-8"))[0]  # (8 fields: lines 2 to 11)
MODELING = "Modeling Clothing as a Separate Layer for an Animatable Human Avatar"
# (file, line, position, kind, detail, title, record_id) of the fixtures, as the catalogue's load meets them
# Every status word of the catalogue is one paperdb knows (etl/registries/statuses.csv): the word it
# does not know is OpenReview's `Active` (a submission under review), written in the copies the tests
# load in place of COLING 2025's `Industry` (`with_unknown_word`).
FIXTURE_ISSUES = [
    ("coling2025.json", 11, 2, "unknown status", "Active", "A Recipe For Building a Compliant Real Estate Chatbot",
     "acl_anthology:2025.coling-industry.18"),
    ("iclr2017.json", 12, None, "record skipped", "no title and no abstract", None, "openreview:SJUdkecgx"),
    ("siggraphasia2021.json", 2, None, "record skipped", "no title and no abstract", None, None),
    ("siggraphasia2021.json", 13, None, "record skipped", 'placeholder title ("Poster") and no abstract', "Poster", None),
]  # fmt: skip


def with_unknown_word(target) -> str:
    """The fixtures copied to `target`, COLING 2025's `Industry` written `Active`."""
    shutil.copytree(ISSUES, target)
    coling = target / "coling2025.json"
    text = coling.read_text(encoding="utf-8")
    assert text.count('"status": "Industry"') == 1
    coling.write_text(text.replace('"status": "Industry"', '"status": "Active"'), encoding="utf-8")
    return str(target)


def issue_rows(db: str) -> list[tuple]:
    found = rows(db, "SELECT path, line, position, kind, detail, title, record_id FROM etl_run_issues ORDER BY number")
    return [(os.path.basename(path), *rest) for path, *rest in found]


def report_rows(path) -> list[tuple]:
    with open(path, encoding="utf-8", newline="") as fh:
        header, *found = list(csv.reader(fh))
    assert header == ["path", "line", "position", "kind", "detail", "title", "record_id"]
    return [
        (os.path.basename(p), int(line) if line else None, int(pos) if pos else None, kind, detail, title or None, rid or None)
        for p, line, pos, kind, detail, title, rid in found
    ]  # fmt: skip


def test_each_record_skipped_or_of_an_unknown_status_word_is_listed_with_its_file_and_line(tmp_path):
    db, report = str(tmp_path / "papers.db"), tmp_path / "issues.csv"
    result = paperdb("load", with_unknown_word(tmp_path / "in"), "--db", db, "--report", str(report))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert "3 records skipped; 1 records with a status word paperdb does not know" in result.stdout
    assert f"(which ones: {report} and etl_run_issues, run 1) in " in result.stdout
    assert report_rows(report) == issue_rows(db) == FIXTURE_ISSUES
    assert rows(db, "SELECT records_skipped, records_unknown_status FROM etl_runs") == [(3, 1)]
    # the position is the record's in paper_sources: its paper is found from the listing
    assert rows(
        db,
        "SELECT p.title, p.decision FROM etl_run_issues i JOIN sources s ON s.path = i.path"
        " JOIN paper_sources ps ON ps.source_id = s.id AND ps.position = i.position JOIN papers p ON p.id = ps.paper_id"
        " WHERE i.detail = 'Active'",
    ) == [("A Recipe For Building a Compliant Real Estate Chatbot", None)]
    # (the words the registry knows decide: SIGGRAPH Asia's `Technical Paper`, COLING's `Main`)
    assert rows(db, f"SELECT decision FROM papers WHERE title = '{MODELING}' OR title LIKE 'A Benchmark%'") == [
        ("accepted",),
        ("accepted",),
    ]
    assert not os.path.exists(str(report) + ".partial")


def test_without_a_report_the_summary_says_where_the_records_are_listed(tmp_path):
    db = str(tmp_path / "papers.db")
    result = paperdb("load", str(ISSUES / "iclr2017.json"), "--db", db)
    assert result.returncode == 0, result.stderr
    assert "; 1 records skipped (which ones: etl_run_issues, run 1, or --report FILE) in " in result.stdout
    assert issue_rows(db) == [row for row in FIXTURE_ISSUES if row[0] == "iclr2017.json"]


def test_a_load_with_nothing_to_list_writes_a_report_of_its_header_alone_and_says_nothing(tmp_path):
    db, report = str(tmp_path / "papers.db"), tmp_path / "issues.csv"
    result = paperdb("load", "--db", db, "--report", str(report))
    assert result.returncode == 0 and "which ones" not in result.stdout, result.stdout
    assert report_rows(report) == [] and issue_rows(db) == []
    assert rows(db, "SELECT records_skipped, records_unknown_status FROM etl_runs") == [(0, 0)]


@pytest.mark.parametrize(
    "name, content, expected",
    [
        # a listing: a paragraph that is a placeholder (a reader's `TBD`)
        ("icml.txt", listing_text(ABSTRACT_QUIP, "TBD"), [(5, 'no title and placeholder abstract ("TBD")')]),
        # JSON lines: a line that is no JSON, and one that is no object
        (
            "papers.jsonl",
            json.dumps({"abstract": ABSTRACT_QUIP, "venue": "ICML", "year": 2024}) + '\n{"abstract": \n[1, 2]\n',
            [(2, "not JSON"), (3, "not a JSON object but a list")],
        ),
        # a paperlists export: after a record, one that is a string, one whose abstract is too long to be one
        (
            "iclr2017.json",
            json.dumps([MATCH_LSTM, "Poster", {"status": "Poster", "abstract": "word " * 24_000, "track": "main"}], indent=1),
            [(12, "not a JSON object but a string"), (13, "no title and no abstract (a field of the wrong type or size left out)")],
        ),
        # a listing whose blank lines between abstracts are lost: a paragraph too long to be one
        ("icml2.txt", listing_text(ABSTRACT_QUIP, "word " * 24_000), [(5, "no title and an abstract over 100,000 characters (left out)")]),
        # BibTeX: an entry the parser cannot read (its line), after a good one
        ("pmlr.bib", bibtex([ABSTRACT_QUIP]) + "\n@inproceedings{broken,\n  title = {Unclosed\n", [(12, "a BibTeX entry that cannot be read")]),
    ],
    ids=["listing", "jsonl", "paperlists", "long paragraph", "bibtex"],
)  # fmt: skip
def test_every_reader_says_which_record_it_skipped_and_why(write, name, content, expected):
    noted: list[Issue] = []
    path = write(name, content)
    parsed = read_input(str(path), path.read_bytes(), tally=Tally(note=noted.append))
    assert [(i.kind, i.line, i.detail) for i in noted] == [(RECORD_SKIPPED, *e) for e in expected]
    assert parsed.tally.skipped == len(expected)


def test_a_file_read_early_tells_its_records_skipped_when_the_load_reaches_it():
    """(A load reads its first small files while it starts up: what they noted waits for it.)"""
    path = str(ISSUES / "siggraphasia2021.json")
    reader, noted = Reader(None, None, None), []
    assert reader.read_early(InputFile(path, path)) is not None
    with reader.opened(InputFile(path, path)) as opened:
        reader.parse(InputFile(path, path), opened, noted.append)
    assert [(i.line, i.detail) for i in noted] == [(2, "no title and no abstract"), (13, 'placeholder title ("Poster") and no abstract')]  # fmt: skip


def test_a_bad_file_passed_over_takes_what_it_noted_with_it_and_is_listed_itself(tmp_path):
    db, report, inputs = str(tmp_path / "papers.db"), tmp_path / "issues.csv", tmp_path / "in"
    with_unknown_word(inputs)
    good = (inputs / "siggraphasia2021.json").read_text(encoding="utf-8")
    (inputs / "siggraphasia2021.json").write_text(good.rstrip().removesuffix("]") + ",\n {", encoding="utf-8")
    (inputs / "notes.md").write_text("which files to load\n", encoding="utf-8")
    result = paperdb("load", str(inputs), "--db", db, "--keep-going", "--report", str(report))
    assert result.returncode == 0, result.stderr
    last = good.count("\n") + 2
    expected = [
        row for row in FIXTURE_ISSUES if row[0] != "siggraphasia2021.json"
    ] + [("siggraphasia2021.json", last, None, "file failed", "malformed JSON: Expecting property name enclosed in double quotes (column 3)", None, None)]  # fmt: skip
    assert issue_rows(db) == report_rows(report) == [("notes.md", None, None, "file skipped", "not an input file", None, None), *expected]  # fmt: skip


def test_a_failed_load_leaves_no_report_and_an_earlier_one_as_it_was(write, tmp_path):
    db, report = str(tmp_path / "papers.db"), tmp_path / "issues.csv"
    report.write_text("an earlier report\n", encoding="utf-8")
    bad = write("bad.txt", b"ICML 2024 Papers\n\nCaf\xe9\n")
    result = paperdb("load", str(ISSUES), str(bad), "--db", db, "--report", str(report))
    assert result.returncode == 1 and result.stderr == f"Error: {bad}:3: not valid UTF-8 (byte 0xe9); save the file as UTF-8\n"  # fmt: skip
    assert report.read_text(encoding="utf-8") == "an earlier report\n"
    assert sorted(os.listdir(tmp_path)) == ["bad.txt", "issues.csv"]  # (no partial report, no database)


@pytest.mark.parametrize(
    "report, message",
    [
        ("{tmp}", "{tmp}: is a directory; --report takes the file to write"),
        ("{tmp}/none/issues.csv", "{tmp}/none/issues.csv: cannot write the report: No such file or directory"),
        ("{tmp}/papers.db", "{tmp}/papers.db: the load reads or writes this file; give --report another one"),
        ("{iclr}", "{iclr}: the load reads or writes this file; give --report another one"),
        ("", "--report is empty; give the file to write (e.g. issues.csv)"),
    ],
)
def test_a_report_that_cannot_be_written_is_one_line_and_nothing_is_loaded(tmp_path, report, message):
    names = {"tmp": str(tmp_path), "iclr": str(tmp_path / "iclr2017.json")}
    shutil.copy(ISSUES / "iclr2017.json", tmp_path)
    db = str(tmp_path / "papers.db")
    result = paperdb("load", names["iclr"], "--db", db, "--report", report.format(**names))
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"Error: {message.format(**names)}\n")
    assert not os.path.exists(db)


def test_an_unchanged_load_lists_the_files_its_walk_passed_over(tmp_path):
    inputs, db, report = tmp_path / "in", str(tmp_path / "papers.db"), tmp_path / "issues.csv"
    inputs.mkdir()
    shutil.copy(ISSUES / "iclr2017.json", inputs)
    (inputs / "README").write_text("the catalogue\n", encoding="utf-8")
    load(db, [str(inputs)])
    summary = load(db, [str(inputs)], report=str(report))
    assert summary.files_unchanged == 1 and summary.run_id == 2
    passed_over = [("README", None, None, FILE_SKIPPED, "not an input file", None, None)]
    assert report_rows(report) == passed_over
    assert rows(db, "SELECT run_id, count(*) FROM etl_run_issues GROUP BY run_id") == [(1, 2), (2, 1)]


def test_a_file_keeps_its_first_issues_of_a_kind_and_counts_the_rest_in_one_row():
    log = IssueLog(kept_per_file=2)
    for line in (2, 13, 24):
        log.note("siggraphasia2021.json", Issue(RECORD_SKIPPED, "no title and no abstract", line))
    log.note("iclr2017.json", Issue(RECORD_SKIPPED, "no title and no abstract", 12))
    assert [row[2:5] for row in log.rows(7)] == [
        ("siggraphasia2021.json", 2, None),
        ("siggraphasia2021.json", 13, None),
        ("iclr2017.json", 12, None),
        ("siggraphasia2021.json", None, None),
    ]
    assert log.rows(7)[-1][:2] == (7, 4) and log.rows(7)[-1][6] == "1 more, not listed here (load --report lists all)"


def test_datasette_describes_the_table_and_facets_it_by_kind_and_reason():
    described = table_metadata()["etl_run_issues"]
    assert described["facets"] == ["kind", "detail", "run_id"]
    assert "--report" in described["description"] and set(described["columns"]) == {
        "run_id", "number", "path", "line", "position", "kind", "detail", "title", "record_id"
    }  # fmt: skip
