"""Records that are not what they seem, in every input format: abstracts too long or with no
text, years that are no years, fields of the wrong type or size, broken CSV, the hostile-input
catalogue of listings. A record's content never stops a load: the field is left out or the record
skipped, and the summary line counts it. A file that cannot be read (broken CSV, not UTF-8, no
header) is one line naming the file (and line) with exit 1, the database as it was. Text that
merely looks like markup or SQL is stored as written."""

from __future__ import annotations

import json
from pathlib import Path

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
    """Larger than any abstract: no abstract (the record has a title: a paper without one), counted."""
    path = write(name, content)
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    titled = name not in ("huge.jsonl", "huge.csv")
    assert ("1 records skipped" in result.stdout) != titled and ("1 records repaired" in result.stdout) == titled
    assert rows(seeded, "SELECT count(*) FROM papers WHERE abstract IS NULL") == [(int(titled),)]
    assert rows(seeded, "SELECT count(*) FROM papers") == [(57 + titled,)]


def test_a_nul_in_a_record_is_removed_and_counted(write, seeded):
    path = write("nul.jsonl", json.dumps({"abstract": "We study x\u0000y.", "venue": "ICML", "year": 2024}) + "\n")
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 0 and "1 records repaired" in result.stdout, result.stderr
    assert rows(seeded, "SELECT count(*) FROM papers WHERE abstract = 'We study xy.'") == [(1,)]


def test_abstracts_without_letters_are_placeholders_counted_not_errors(write, seeded):
    """`!!!` or `-` is a placeholder (its id would be the empty text's, shared by all such): a
    listing's paragraph has no title to stand for it, so it is skipped and counted, and the rest
    of the file loads."""
    path = write("marks.txt", listing_text("!!!", "???", "We study punctuation in listings of abstracts."))
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 0, result.stderr
    assert "1 added" in result.stdout and "2 records skipped" in result.stdout


# Three real ICLR 2017 records (tests/fixtures/iclr2017.json), their abstracts replaced.
ICLR2017 = json.loads((Path(__file__).parent / "fixtures" / "iclr2017.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "abstracts, papers",
    [
        (["(cid:0) (cid:1) (cid:2)"] * 3, 3),  # glyph codes of a PDF font nothing mapped
        (["(cid:173)(cid:12)"] * 3, 3),
        (["$x$ $y$ $z$"] * 2, 2),  # math only
        (["(cid:0) (cid:1) (cid:2)", "$x$ $y$ $z$", "\\alpha \\beta \\gamma"], 3),
    ],
)
def test_abstracts_of_glyph_codes_or_math_alone_never_decide_identity(tmp_path, abstracts, papers):
    """Titled records whose abstracts have no letters once glyph codes and math are set aside are
    papers without an abstract, each told by its title (they were one paper), counted."""
    records = [dict(record, abstract=abstract) for record, abstract in zip(ICLR2017, abstracts, strict=False)]
    path = tmp_path / "iclr2017.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    db = str(tmp_path / "p.db")
    summary = load(db, [str(path)])
    assert (summary.papers_added, summary.without_abstract) == (papers, papers)
    assert rows(db, "SELECT count(*), count(DISTINCT title), count(abstract) FROM papers") == [(papers, papers, 0)]


def _counted(name: str, citations: str) -> str:
    """ICLR 2017's first record (as tests/fixtures/iclr2017.json has it) in the format of `name`,
    with `citations` written as a number (JSON) or as the text a CSV has."""
    record = ICLR2017[0]
    if name.endswith(".json"):
        return json.dumps([record]).replace(f'"gs_citation": {record["gs_citation"]}', f'"gs_citation": {citations}')
    if name.endswith(".jsonl"):
        return f'{{"title": {json.dumps(record["title"])}, "venue": "ICLR", "year": 2017, "citations": {citations}}}\n'
    return f'title,venue,year,citations\n"{record["title"]}",ICLR,2017,{citations}\n'


@pytest.mark.parametrize(
    "name, citations",
    [
        ("iclr2017.json", "9223372036854775807"),  # (read as a float: 2**63, one past SQLite's integers)
        ("iclr2017.json", "1e20"),
        ("iclr2017.json", "3000000000"),  # (over PostgreSQL's integer)
        ("a.jsonl", "1e300"),
        ("a.jsonl", "-1e300"),  # (negative: unknown, as paperlists' -1; nothing repaired)
        ("a.csv", "1e20"),
        ("a.csv", "1e300"),
    ],
)
def test_a_count_out_of_range_is_left_out_and_counted(tmp_path, name, citations):
    """A citation count no paper has (and no integer column holds) is left out and the record
    counted as repaired; with --keep-going, the other files load beside it."""
    path = tmp_path / "d" / name
    path.parent.mkdir()
    path.write_text(_counted(name, citations), encoding="utf-8")
    (tmp_path / "d" / "b.txt").write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    db = str(tmp_path / "p.db")
    done = paperdb("load", str(tmp_path / "d"), "--db", db, "--keep-going")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2_000:]
    assert ("1 records repaired" in done.stdout) == (not citations.startswith("-")), done.stdout
    assert rows(db, "SELECT count(*), count(citations) FROM papers") == [(2, 0)]


@pytest.mark.parametrize(
    "venue, problem",
    [
        ("ICML\u200b", "U+200B (zero width space)"),
        ("ICML\nError: forged", "U+000A"),  # (a second `Error:` line, forged)
        ("\u202eICML", "U+202E (right-to-left override)"),
        ("ICML\x00", "U+0000"),
        ("I" * 100_000, "a venue of over 200 characters"),
        ("\u3164", "U+3164 (hangul filler)"),  # (review41: letters and marks shown as nothing)
        ("ICML\u034f", "U+034F (combining grapheme joiner)"),
        ("\u2800", "U+2800 (braille pattern blank)"),
        ("\u0301\u0301", "a venue of combining marks alone"),
    ],
)
def test_a_venue_option_is_checked_as_a_venue_field_is(tmp_path, venue, problem):
    """--venue names the venue of every paper of a file: what no venue field may hold, it may not
    hold either. One line naming the option (never echoing the value), exit 1, nothing written."""
    path = tmp_path / "plain.txt"
    path.write_text(ICLR2017[0]["abstract"] + "\n", encoding="utf-8")
    db = tmp_path / "p.db"
    done = paperdb("load", str(path), "--venue", venue, "--year", "2017", "--db", str(db))
    assert done.returncode == 1 and done.stdout == "", done.stdout
    assert done.stderr.startswith("Error: --venue: a venue") and problem in done.stderr, done.stderr[:300]
    assert done.stderr.count("\n") == 1 and "forged" not in done.stderr
    assert not db.exists()


@pytest.mark.parametrize("year", [10**20, 99999, 0, -2017, True])
def test_a_year_option_is_checked_as_a_year_field_is(tmp_path, year):
    """(The command line takes 1900-2100; a caller of `load` gets what a file's field may give.)"""
    from etl.errors import InputError

    path = tmp_path / "plain.txt"
    path.write_text(ICLR2017[0]["abstract"] + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"^--year: .* is no year \(1000-2999\)$"):
        load(str(tmp_path / "p.db"), [str(path)], venue="ICLR", year=year)
    assert not (tmp_path / "p.db").exists()


@pytest.mark.parametrize(
    "venue", ["ICML\u200b", "ICML\u2028Error: forged", "\u202eICML", "I" * 201, "\u3164", "\u0301"]
)
def test_a_venue_field_that_is_no_venue_is_left_out_and_counted(tmp_path, venue):
    """The same rule for a CSV's or JSON lines' `venue`: left out, the record counted; the file's
    venue (its first row's) stands in."""
    good = {"title": ICLR2017[1]["title"], "venue": "ICLR", "year": 2017}
    bad = {"title": ICLR2017[0]["title"], "venue": venue, "year": 2017}
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    db = str(tmp_path / "p.db")
    summary = load(db, [str(path)])
    assert (summary.papers_added, summary.records_repaired) == (2, 1)
    assert rows(db, "SELECT DISTINCT venue FROM papers") == [("ICLR",)]


TOKEN = "SuperNet" + "a" * 48_992  # one 49,000-character word (twice: the abstract stays under 100,000)


@pytest.mark.parametrize("into", ["a new database", "the bundled listings"])  # (ranked afresh; ranked alone)
def test_a_keyword_has_a_bounded_length(tmp_path, seeded, into):
    """A 49,000-character token in an abstract, a 50,000-character author keyword: no keyword, facet chip
    or keyword URL: keywords are at most 200 characters; the author keyword is left out, counted."""
    records = json.loads(json.dumps(ICLR2017[:3]))
    records[0]["abstract"] += f" We call it {TOKEN}. {TOKEN} is fast."
    records[1]["keywords"] += ";" + "k" * 50_000
    path = tmp_path / "iclr2017.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    db = seeded if into == "the bundled listings" else str(tmp_path / "p.db")
    summary = load(db, [str(path)])
    assert (summary.papers_added, summary.records_repaired, summary.rescored) == (3, 1, into == "a new database")
    longest = """SELECT max(length(label)), (SELECT max(length(keyword)) FROM paper_keywords),
        (SELECT max(length(alias)) FROM keyword_aliases) FROM keywords"""
    assert all(length <= 200 for length in rows(db, longest)[0])
    facets = "SELECT max(length(keywords)), max(length(author_keywords)) FROM papers"
    assert all(length <= 10 * 200 for length in rows(db, facets)[0])  # (ten labels at most)
    ranked = "SELECT count(*) FROM paper_keywords WHERE paper_id IN (SELECT id FROM papers WHERE year = 2017)"
    assert rows(db, ranked)[0][0] > 20  # (the papers keep their other keywords)


@pytest.mark.parametrize(
    "name, content",
    [
        ("y.csv", 'abstract,venue,year\n"We study years.",ICML,²\n'),
        ("y.jsonl", json.dumps({"abstract": "We study years.", "venue": "ICML", "year": 10**20}) + "\n"),
    ],
)
def test_a_year_that_is_no_year_is_left_out_and_counted(write, seeded, name, content):
    """Without its year, the record takes the file's (none here): the load asks for --year."""
    result = paperdb("load", str(write(name, content)), "--db", seeded)
    assert result.returncode == 1 and "no venue and year for this entry" in result.stderr
    result = paperdb("load", str(write(name, content)), "--db", seeded, "--year", "2024")
    assert result.returncode == 0 and "1 added" in result.stdout and "1 records repaired" in result.stdout


@pytest.mark.parametrize(
    "name, speakers",
    [("e.json", 5), ("f.json", [{"x": 1}, 3])],
)
def test_speakers_of_the_wrong_kind_are_left_out_and_counted(write, seeded, name, speakers):
    item = {
        "type": "Poster",
        "name": "x",
        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
        "speakers/authors": speakers,
        "abstract": "We study speakers of the wrong kind in events exports.",
    }
    result = paperdb("load", str(write(name, json.dumps([item]))), "--db", seeded)
    assert result.returncode == 0 and "1 records repaired" in result.stdout, result.stderr
    assert rows(seeded, "SELECT count(*) FROM papers WHERE title = 'x' AND authors = '[]'") == [(1,)]


def test_csv_line_numbers_point_at_the_row_after_multi_line_fields(write):
    from etl.sources import read_input

    text = 'abstract,venue,year\n"First abstract\nover two lines.",ICML,2024\n\n"Second one.",ICML,2024\n"Third",ICML,2024\n'
    parsed = read_input("t.csv", text.encode())
    assert [e.line for e in parsed.entries] == [2, 5, 6]


def _jsonl(**fields) -> str:
    return json.dumps({"abstract": "We study hostile records in exports.", "venue": "ICML", "year": 2024, **fields})


def _events(**fields) -> str:
    item = {
        "type": "Poster",
        "name": "A study of hostile records",
        "abstract": "We study hostile records in exports.",
        "speakers/authors": "Ada Lovelace",
        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
    }
    return json.dumps([{**item, **fields}])


@pytest.mark.parametrize(
    "name, content, kept",
    [
        ("a.jsonl", _jsonl(abstract={"a": 1}), "skipped"),  # (no abstract and no title left)
        ("a.jsonl", _jsonl(abstract=True), "skipped"),
        ("a.jsonl", _jsonl(venue={"a": 1}), "no venue"),
        ("a.jsonl", _jsonl(url={"a": 1}), "repaired"),
        ("a.jsonl", _jsonl(title=[{"a": 1}]), "repaired"),
        ("a.jsonl", _jsonl(authors=[{"a": 1}]), "repaired"),
        ("a.jsonl", _jsonl(doi=[1]), "repaired"),
        ("a.jsonl", _jsonl(authors="a, " * 1_000_000), "repaired"),
        ("a.jsonl", _jsonl(authors=["a"] * 10_001), "repaired"),
        ("a.jsonl", _jsonl(title="t" * 6_000_000), "repaired"),
        ("e.json", _events(abstract=5), "repaired"),  # (the record has a title: a paper without an abstract)
        ("e.json", _events(abstract=["a"]), "repaired"),
        ("e.json", _events(name=5), "repaired"),
        ("e.json", _events(type=[1]), "repaired as an event"),  # (no type: an event, not a paper)
        ("e.json", _events(**{"speakers/authors": "a, " * 1_000_000}), "repaired"),
        ("e.json", _events(**{"speakers/authors": ["a"] * 10_001}), "repaired"),
    ],
)
def test_export_fields_of_the_wrong_type_or_size_are_left_out_and_counted(tmp_path, seeded, name, content, kept):
    """A record's content never stops a load: the field is left out (the record counted as
    repaired), or the record skipped when nothing is left to tell its paper by; a record without
    venue or year in a file that names none asks for --venue and --year."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = rows(seeded, "SELECT count(*) FROM papers")[0][0]
    done = paperdb("load", str(path), "--db", seeded)
    assert "Traceback" not in done.stderr
    if kept == "no venue":
        assert done.returncode == 1 and "no venue and year for this entry" in done.stderr
        return
    assert done.returncode == 0 and f"1 records {kept.split()[0]}" in done.stdout, done.stderr
    assert rows(seeded, "SELECT count(*) FROM papers") == [(before + (kept == "repaired"),)]


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
    "change",
    [("{2024}", "{99999999999999999999}"), ("{2024}", "{99999}"), ("Efficient Support", "t" * 2_001)],
)
def test_bibtex_years_and_field_sizes_are_checked(tmp_path, change):
    """A year that is no year, a title over 2,000 characters: left out, the record counted (with
    no year left, the load asks for one)."""
    path = tmp_path / "pmlr.bib"
    path.write_text(bibtex([ABSTRACT_QUIP]).replace(*change), encoding="utf-8")
    done = paperdb(
        "load", str(path), "--db", str(tmp_path / "p.db"), *(("--year", "2024") if "9999" in change[1] else ())
    )
    assert done.returncode == 0 and "1 records repaired" in done.stdout, done.stderr


def hostile_files(write, tmp_path):
    """The hostile-input catalogue: (name, content, expected error or None when it loads)."""
    big = ("lorem ipsum dolor " * 400_000).encode()  # a 6 MB single paragraph
    return [
        ("empty.txt", b"", None),  # (a new empty file: passed over, said so)
        ("header only.txt", b"ICML 2024 Papers\n\n", None),  # (a listing of no papers)
        ("no header.txt", b"We propose X.\n\nWe propose Y.\n", ":1: no header line"),
        ("latin1.txt", b"ICML 2024 Papers\n\nCaf\xe9.\n", ":3: not valid UTF-8"),
        ("utf16.txt", "ICML 2024 Papers\n\nx\n".encode("utf-16"), "file is UTF-16"),
        ("binary.txt", bytes(range(256)) * 4, "binary file"),
        ("nul.txt", b"ICML 2024 Papers\n\nx\x00y\n", ":3: binary file (NUL byte)"),
        ("huge.txt", b"ICML 2024 Papers\n\n" + big, None),  # (no abstract: skipped and counted)
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
        assert paper_count(seeded) == 57 + (name not in ("empty.txt", "header only.txt", "huge.txt"))
    else:
        assert result.exit_code == 1
        assert result.output.count("\n") == 1 and result.output.startswith(f"Error: {path}")
        assert error in result.output and "Traceback" not in result.output
        assert dump(seeded) == before


def test_sql_and_script_text_is_stored_verbatim(seeded, write):
    """As written (the reading form makes the TeX dash `--` a dash; the text as written is kept too)."""
    text = "We attack <script>alert(1)</script> and '); DROP TABLE papers; -- in one abstract."
    load(seeded, [str(write("x.txt", listing_text(text)))])
    written = "SELECT count(*) FROM paper_sources s JOIN papers p ON p.id = s.paper_id WHERE coalesce(s.abstract, p.abstract) = ?"
    assert rows(seeded, written, (text,)) == [(1,)]
