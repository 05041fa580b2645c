"""Records that are not what they seem, in every input format: abstracts too long or with no
text, years that are no years, fields of the wrong type or size, broken CSV, the hostile-input
catalogue of listings. Each is one line naming the file (and line) with exit 1, the database as
it was, or a counted skip with --keep-going; text that merely looks like markup or SQL is stored
as written."""

from __future__ import annotations

import json

import pytest

from etl.cli import cli
from etl.load import load
from tests.exports import bibtex, events_json
from tests.helpers import ABSTRACT_QUIP, dump, listing_text, paperdb, rows

HUGE = "word " * 24_000  # 120,000 characters: over the 100,000-character abstract limit


def paper_count(db_file: str) -> int:
    return rows(db_file, "SELECT count(*) FROM papers")[0][0]


@pytest.mark.parametrize(
    "name, content",
    [
        ("huge.jsonl", json.dumps({"abstract": HUGE, "venue": "ICML", "year": 2024}) + "\n"),
        ("huge.csv", f'abstract,venue,year\n"{HUGE}",ICML,2024\n'),
        ("huge.json", events_json([HUGE])),
        ("huge.bib", bibtex([HUGE])),
        ("iclr2024.json", json.dumps([{"title": "x", "status": "Oral", "abstract": HUGE}])),
    ],
)
def test_the_abstract_limit_holds_for_every_format(write, seeded, name, content):
    path = write(name, content)
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 1
    assert "abstract longer than 100,000 characters; not an abstract" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    ok = paperdb("load", str(path), "--db", seeded, "--keep-going")
    assert ok.returncode == 0 and "1 failed" in ok.stdout
    assert rows(seeded, "SELECT count(*) FROM papers") == [(57,)]


@pytest.mark.parametrize(
    "name, content, message",
    [
        (
            "nul.jsonl",
            json.dumps({"abstract": "We study x\u0000y.", "venue": "ICML", "year": 2024}) + "\n",
            ":1: abstract holds a NUL character",
        ),
    ],
)
def test_abstracts_that_are_no_text_are_one_line(write, seeded, name, content, message):
    path = write(name, content)
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 1 and message in result.stderr and result.stderr.count("\n") == 1


def test_abstracts_without_letters_are_placeholders_counted_not_errors(write, seeded):
    """`!!!` or `-` is a placeholder (its id would be the empty text's, shared by all such): passed
    over and counted, and the rest of the file loads."""
    path = write("marks.txt", listing_text("!!!", "???", "We study punctuation in listings of abstracts."))
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 0, result.stderr
    assert "1 added" in result.stdout and "2 records without abstract skipped" in result.stdout


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("y.csv", 'abstract,venue,year\n"We study years.",ICML,²\n', ":2: year '²' is not a year"),
        (
            "y.jsonl",
            json.dumps({"abstract": "We study years.", "venue": "ICML", "year": 10**20}) + "\n",
            ":1: year '100000000000000000000' is not a year",
        ),
        (
            "e.json",
            json.dumps(
                [
                    {
                        "type": "Poster",
                        "name": "x",
                        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
                        "speakers/authors": 5,
                        "abstract": "We study speakers.",
                    }
                ]
            ),
            "`speakers/authors` is a int",
        ),
        (
            "f.json",
            json.dumps(
                [
                    {
                        "type": "Poster",
                        "name": "x",
                        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
                        "speakers/authors": [{"x": 1}, 3],
                        "abstract": "We study speakers.",
                    }
                ]
            ),
            "holds a int",
        ),
    ],
)
def test_years_and_speakers_of_the_wrong_kind_are_one_line(write, seeded, name, content, message):
    result = paperdb("load", str(write(name, content)), "--db", seeded)
    assert result.returncode == 1 and message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_csv_line_numbers_point_at_the_row_after_multi_line_fields(write):
    from etl.sources import read_input

    text = (
        'abstract,venue,year\n"First abstract\nover two lines.",ICML,2024\n\n"Second one.",ICML,2024\n"Third",ICML,x\n'
    )
    with pytest.raises(Exception, match=r":6: year 'x' is not a year"):
        read_input("t.csv", text.encode())
    parsed = read_input("t.csv", text.replace(",x", ",2024").encode())
    assert [e.line for e in parsed.entries] == [2, 5, 6]


def _jsonl(**fields) -> str:
    return json.dumps({"abstract": "We study hostile records in exports.", "venue": "ICML", "year": 2024, **fields})


def _events(**fields) -> str:
    item = {
        "type": "Poster",
        "name": "A paper",
        "abstract": "We study hostile records in exports.",
        "speakers/authors": "Ada Lovelace",
        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
    }
    return json.dumps([{**item, **fields}])


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("a.jsonl", _jsonl(abstract={"a": 1}), ":1: `abstract` is an object, not text"),
        ("a.jsonl", _jsonl(abstract=True), ":1: `abstract` is true or false, not text"),
        ("a.jsonl", _jsonl(venue={"a": 1}), ":1: `venue` is an object, not text"),
        ("a.jsonl", _jsonl(url={"a": 1}), ":1: `url` is an object, not text"),
        ("a.jsonl", _jsonl(title=[{"a": 1}]), ":1: `title` is a list, not text"),
        ("a.jsonl", _jsonl(authors=[{"a": 1}]), ":1: `authors` is an object, not text"),
        ("a.jsonl", _jsonl(doi=[1]), ":1: `doi` is a list, not text"),
        ("a.jsonl", _jsonl(authors="a, " * 1_000_000), ":1: `authors` is longer than 100,000 characters"),
        ("a.jsonl", _jsonl(authors=["a"] * 10_001), ":1: `authors` has more than 10,000 items"),
        ("a.jsonl", _jsonl(title="t" * 6_000_000), ":1: `title` is longer than 2,000 characters"),
        ("e.json", _events(abstract=5), ":1: item 1: `abstract` is a number, not text"),
        ("e.json", _events(abstract=["a"]), ":1: item 1: `abstract` is a list, not text"),
        ("e.json", _events(name=5), ":1: item 1: `name` is a number, not text"),
        ("e.json", _events(type=[1]), ":1: item 1: `type` is a list, not text"),
        ("e.json", _events(**{"speakers/authors": "a, " * 1_000_000}), "`speakers/authors` is longer than 100,000"),
        ("e.json", _events(**{"speakers/authors": ["a"] * 10_001}), "`speakers/authors` has more than 10,000 items"),
    ],
)
def test_export_fields_of_the_wrong_type_or_size_are_one_line(tmp_path, seeded, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = rows(seeded, "SELECT count(*) FROM papers")
    done = paperdb("load", str(path), "--db", seeded)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Error: {path}") and message in done.stderr, done.stderr
    assert rows(seeded, "SELECT count(*) FROM papers") == before


@pytest.mark.parametrize(
    "content, message",
    [
        (
            'title,abstract,venue,year\n"unterminated,abc,ICML,2024\nx,y,ICML,2024\n',
            ":2: malformed CSV: unexpected end of data",  # the line the broken row starts on
        ),
        (
            'abstract,venue,year\nok,ICML,2024\n\n"We study graph,ICML,2024\n',
            ":4: malformed CSV: unexpected end of data",
        ),
        (",".join(f"c{i}" for i in range(100_000)) + "\n", "(columns: c0, c1,"),
    ],
)
def test_broken_csv_headers_and_quotes_are_one_short_line(tmp_path, content, message):
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    done = paperdb("load", str(path), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 1 and message in done.stderr and len(done.stderr) < 2_000, done.stderr[:300]


@pytest.mark.parametrize(
    "change, message",
    [
        (("{2024}", "{99999999999999999999}"), ":1: year '99999999999999999999' is not a year (four digits)"),
        (("{2024}", "{99999}"), ":1: year '99999' is not a year (four digits)"),
        (("Efficient Support", "t" * 2_001), ":1: `title` is longer than 2,000 characters"),
    ],
)
def test_bibtex_years_and_field_sizes_are_checked(tmp_path, change, message):
    path = tmp_path / "pmlr.bib"
    path.write_text(bibtex([ABSTRACT_QUIP]).replace(*change), encoding="utf-8")
    done = paperdb("load", str(path), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 1 and done.stderr == f"Error: {path}{message}\n", done.stderr


def hostile_files(write, tmp_path):
    """The hostile-input catalogue: (name, content, expected error or None when it loads)."""
    big = ("lorem ipsum dolor " * 400_000).encode()  # a 6 MB single paragraph
    return [
        ("empty.txt", b"", "empty file"),
        ("header only.txt", b"ICML 2024 Papers\n\n", ":1: no abstracts after the header"),
        ("no header.txt", b"We propose X.\n\nWe propose Y.\n", ":1: no header line"),
        ("latin1.txt", b"ICML 2024 Papers\n\nCaf\xe9.\n", ":3: not valid UTF-8"),
        ("utf16.txt", "ICML 2024 Papers\n\nx\n".encode("utf-16"), "file is UTF-16"),
        ("binary.txt", bytes(range(256)) * 4, "binary file"),
        ("nul.txt", b"ICML 2024 Papers\n\nx\x00y\n", ":3: binary file (NUL byte)"),
        ("huge.txt", b"ICML 2024 Papers\n\n" + big, ":3: paragraph longer than 100,000 characters"),
        ("crlf.txt", b"ICML 2024 Papers\r\n\r\nA CRLF abstract.\r\n", None),
        ("bom.txt", b"\xef\xbb\xbfICML 2024 Papers\n\nA BOM abstract.\n", None),
        (
            "html and sql.txt",
            listing_text("We attack <script>alert(1)</script> and '); DROP TABLE papers; -- in one abstract.").encode(),
            None,
        ),
        ("naïve name with spaces — ü.txt", listing_text("An abstract in a file with a hostile name.").encode(), None),
    ]


@pytest.mark.parametrize("index", range(12))
def test_hostile_input_catalogue(runner, seeded, write, tmp_path, index):
    name, content, error = hostile_files(write, tmp_path)[index]
    path = write(name, content)
    before = dump(seeded)
    result = runner.invoke(cli, ["load", str(path), "--db", seeded])
    if error is None:
        assert result.exit_code == 0, result.output
        assert paper_count(seeded) == 58
    else:
        assert result.exit_code == 1
        assert result.output.count("\n") == 1 and result.output.startswith(f"Error: {path}")
        assert error in result.output and "Traceback" not in result.output
        assert dump(seeded) == before


def test_sql_and_script_text_is_stored_verbatim(seeded, write):
    text = "We attack <script>alert(1)</script> and '); DROP TABLE papers; -- in one abstract."
    load(seeded, [str(write("x.txt", listing_text(text)))])
    assert rows(seeded, "SELECT count(*) FROM papers WHERE abstract = ?", (text,)) == [(1,)]
