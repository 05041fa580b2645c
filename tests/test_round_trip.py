"""`paperdb export`, then `paperdb load` of its papers file into a new database, then `paperdb
export` again: the same files, byte for byte, in CSV and in JSON lines (issue 26: CSV authors came
back as `["[\"Paul Duetting\""`, extracted keywords as the authors', decisions were lost)."""

from __future__ import annotations

import json

import pytest

from etl.load import load
from etl.report.export import EXPORTS, export
from etl.sources.tabular import formula_safe, spreadsheet_text
from tests.exports import every_format
from tests.helpers import ABSTRACT_QUIP, rows


@pytest.fixture(scope="module")
def original(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("original")

    def write(name: str, text: str):
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    db_file = str(directory / "papers.db")
    load(db_file)  # the bundled listings
    load(db_file, every_format(write))
    return db_file


def _files(directory) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(directory.iterdir())}


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_export_load_export_gives_identical_files(original, tmp_path, fmt):
    first, second = tmp_path / "first", tmp_path / "second"
    counts = export(original, str(first), fmt)
    assert set(counts) == set(EXPORTS) and all(counts.values())  # (every table has rows to compare)
    again = str(tmp_path / "again.db")
    load(again, [str(first / f"papers.{fmt}")])
    export(again, str(second), fmt)
    one, two = _files(first), _files(second)
    assert one.keys() == two.keys()
    for name in one:
        assert one[name].decode() == two[name].decode(), name

    # what the issue saw, named: authors, the two kinds of keywords, decisions
    def counts_of(db):
        return rows(
            db,
            "SELECT (SELECT count(*) FROM papers WHERE decision IS NOT NULL),"
            " (SELECT count(*) FROM paper_keywords WHERE kind = 'author'),"
            " (SELECT count(*) FROM paper_keywords WHERE kind <> 'author'),"
            " (SELECT count(*) FROM paper_authors WHERE name LIKE '[%' OR name LIKE '%\"%')",
        )[0]

    decided, authors_keywords, extracted, bracketed = counts_of(original)
    assert decided >= 5 and authors_keywords >= 4 and extracted > 100 and bracketed == 0
    assert counts_of(again) == (decided, authors_keywords, extracted, 0)


def test_a_csv_export_directory_loaded_whole_names_the_file_to_load(original, tmp_path):
    from tests.helpers import paperdb

    export(original, str(tmp_path / "out"), "csv")
    done = paperdb("load", str(tmp_path / "out"), "--db", str(tmp_path / "again.db"))
    assert done.returncode == 1 and done.stderr == (
        f"Error: {tmp_path}/out/affiliations.csv:1: missing required column: abstract or title (columns: country,"
        " institution, name, order, paper_id, position); a table of `paperdb export`? load its papers.csv\n"
    )


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("plain", "plain"),
        ("=1+1", "'=1+1"),
        ("-1 is odd", "'-1 is odd"),
        ("@mention", "'@mention"),
        ("\tindented", "'\tindented"),
        ("'quoted", "'quoted"),  # a quote before text a spreadsheet shows anyway: kept as it is
        ("'=1+1", "''=1+1"),  # a quote before a formula: quoted again, so it reads back with its quote
        ("''+x", "'''+x"),
        ("", ""),
    ],
)
def test_formula_cells_read_back_as_their_text(text, cell):
    assert formula_safe(text) == cell
    assert spreadsheet_text(cell) == text


BIG = "x" * 100_001


@pytest.mark.parametrize(
    ("fields", "ids", "affiliations"),
    [
        ({"ids": {"doi": ["10.1/a"], "openreview": "B1-Hhnslg"}}, {("doi", "10.1/a"), ("openreview", "B1-Hhnslg")}, ()),
        (
            {"affiliations": [[["MIT", "United States"]], [["", None], ["ETH", None]]]},
            set(),
            ((("MIT", "United States"),), (("", None), ("ETH", None))),
        ),
        # what no export writes is left out and counted as a repair, and the paper loads
        ({"ids": {"doi": [BIG]}}, set(), ()),  # (longer than any field may be)
        ({"affiliations": [[[BIG, None]]]}, set(), ()),
        ({"ids": ["doi", "10.1/a"]}, set(), ()),
        ({"ids": {"DOI!": "10.1/a"}}, set(), ()),
        ({"affiliations": [["MIT"]]}, set(), ()),
        ({"ids": "{not json"}, set(), ()),
    ],
)
def test_the_ids_and_affiliations_of_an_export_are_read_or_left_out(fields, ids, affiliations):
    from etl.sources import read_input

    record = {"abstract": ABSTRACT_QUIP, "authors": ["Ada Lovelace", "Alan Turing"], **fields}
    for name, data in (
        ("p.jsonl", json.dumps(record)),
        ("p.csv", _csv_row({k: v if isinstance(v, str) else json.dumps(v) for k, v in record.items()})),
    ):
        parsed = read_input(name, data.encode(), venue="ICML", year=2024)
        (entry,) = parsed.entries
        assert set(entry.ids) == ids, name
        assert entry.affiliations == affiliations, name
        assert parsed.tally.repaired == (not ids and affiliations == ()), name


def _csv_row(record: dict[str, str]) -> str:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(record)
    writer.writerow(record.values())
    return out.getvalue()
