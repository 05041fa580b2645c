"""The listing reader: headers, paragraphs, encodings and the errors bad files get."""

from __future__ import annotations

import codecs

import pytest

from etl.errors import InputError
from etl.sources import read_input
from etl.sources.listing import parse_header
from etl.sources.validate import MAX_ABSTRACT_CHARS


@pytest.mark.parametrize(
    "line, expected",
    [
        ("ICML 2024 Papers", ("ICML", 2024)),
        ("ICML 2024 论文列表", ("ICML", 2024)),
        ("NeurIPS 2023 Papers", ("NeurIPS", 2023)),
        ("ICML 2024", ("ICML", 2024)),
        ("  ICML   2024   Papers  ", ("ICML", 2024)),
        ("ACL Findings 2023 Papers", ("ACL Findings", 2023)),
        ("ICLR 2025 Accepted Papers (Oral)", ("ICLR", 2025)),
        ("CVPR 1999 papers", ("CVPR", 1999)),
        # an abstract's first line is not a header
        ("In 2024 we show that transformers can learn to sort lists of arbitrary length.", None),
        (
            "We study 2024 instances of the travelling salesman problem and find that greedy heuristics fail often.",
            None,
        ),
        ("ICML Papers", None),
        ("2024 Papers", None),
        ("ICML 3024 Papers", None),
        ("", None),
    ],
)
def test_parse_header(line, expected):
    assert parse_header(line) == expected


def abstracts(data: bytes | str, **kw) -> list[str]:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return [e.abstract for e in read_input("f.txt", data, **kw).entries]


@pytest.mark.parametrize(
    "data, expected",
    [
        ("ICML 2024 Papers\n\nOne.\n\nTwo.\n", ["One.", "Two."]),
        # CRLF and lone CR line endings
        ("ICML 2024 Papers\r\n\r\nOne.\r\n\r\nTwo.\r\n", ["One.", "Two."]),
        ("ICML 2024 Papers\r\rOne.\r\rTwo.", ["One.", "Two."]),
        # UTF-8 BOM
        (codecs.BOM_UTF8 + b"ICML 2024 Papers\n\nOne.\n", ["One."]),
        # trailing whitespace and whitespace-only separator lines
        ("ICML 2024 Papers  \n \t\nOne.   \n   \nTwo.\t\n", ["One.", "Two."]),
        # runs of blank lines, leading blank lines, no final newline
        ("\n\n\nICML 2024 Papers\n\n\n\n\nOne.\n\n\n\nTwo.", ["One.", "Two."]),
        # no blank line after the header
        ("ICML 2024 Papers\nOne.\n\nTwo.", ["One.", "Two."]),
        # hard-wrapped paragraph: lines join with one space, indentation dropped
        ("ICML 2024 Papers\n\nWe propose\n  a new method\nfor sorting.\n", ["We propose a new method for sorting."]),
        # internal spacing within a line is kept as written
        ("ICML 2024 Papers\n\nA  B.\n", ["A  B."]),
        # non-ASCII text is kept
        ("ICML 2024 论文列表\n\nFRAPPÉ uses ∂-CROWN — “quotes”.\n", ["FRAPPÉ uses ∂-CROWN — “quotes”."]),
    ],
)
def test_paragraphs(data, expected):
    assert abstracts(data) == expected


def test_lines_and_positions():
    listing = read_input("f.txt", b"ICML 2024 Papers\n\nOne\nwrapped.\n\n\nTwo.\n")
    assert [(e.position, e.line) for e in listing.entries] == [(1, 3), (2, 7)]
    assert (listing.venue, listing.year) == ("ICML", 2024)


def test_venue_and_year_options_stand_in_for_a_missing_header():
    listing = read_input("f.txt", b"First abstract.\n\nSecond.\n", venue="NeurIPS", year=2023)
    assert (listing.venue, listing.year) == ("NeurIPS", 2023)
    assert [e.abstract for e in listing.entries] == ["First abstract.", "Second."]


def test_venue_option_overrides_header():
    listing = read_input("f.txt", b"ICML 2024 Papers\n\nOne.\n", venue="ICML-W", year=2024)
    assert listing.venue == "ICML-W"
    assert [e.abstract for e in listing.entries] == ["One."]


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "f.txt: empty file"),
        (b"  \n\n \r\n", "f.txt: empty file"),
        (
            b"We propose X.\n\nWe propose Y.\n",
            "f.txt:1: no header line like 'ICML 2024 Papers'; add one or give --venue and --year",
        ),
        (b"ICML 2024 Papers\n\nCaf\xe9 au lait.\n", "f.txt:3: not valid UTF-8 (byte 0xe9); save the file as UTF-8"),
        ("ICML 2024 Papers\n\nOne.\n".encode("utf-16"), "f.txt: file is UTF-16; save it as UTF-8"),
        ("ICML 2024 Papers\n\nOne.\n".encode("utf-16-le"), "f.txt: file is UTF-16; save it as UTF-8"),
        (b"ICML 2024 Papers\n\nOne.\x00\n", "f.txt:3: binary file (NUL byte); expected UTF-8 text"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "f.txt:3: binary file (NUL byte); expected UTF-8 text"),
    ],
)
def test_bad_input(data, message):
    with pytest.raises(InputError) as info:
        read_input("f.txt", data)
    assert str(info.value) == message


def test_an_oversized_paragraph_is_skipped_and_counted():
    """Larger than any abstract (are the blank lines between abstracts missing?): no abstract."""
    big = "word " * (MAX_ABSTRACT_CHARS // 5 + 10)
    parsed = read_input("f.txt", f"ICML 2024 Papers\n\nWe study one thing.\n\n{big}\n".encode())
    assert [e.abstract for e in parsed.entries] == ["We study one thing."]
    assert (parsed.tally.skipped, parsed.tally.repaired) == (1, 0)  # (skipped: nothing to repair it into)


def test_a_header_alone_is_a_listing_of_no_papers():
    parsed = read_input("f.txt", b"ICML 2024 Papers\n\n\n")
    assert (parsed.venue, parsed.year, parsed.entries) == ("ICML", 2024, ())
