"""Institutions a source gives for the paper without saying whose are kept (the fourth reader's item
14: WWW 2024's "ESCNet" showed no affiliation although its record names the University of Science
and Technology of China five times for six authors; 1,966 catalogue records lost theirs). Real
records of the catalogue (tests/fixtures/unplaced_institutions.json): ESCNet and an aligned WWW
2024 record, an ACM MM 2024 record (three institutions for five authors, its countries' index
shorter), and SIGGRAPH 2024's 2D Gaussian Splatting (each institution once, authors by commas)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from etl.load import load
from etl.report.export import export
from etl.serve.app import make_datasette
from etl.sources import read_input
from etl.sources.paperlists import unplaced_institutions
from tests.helpers import json_folder, loaded_json, marked_after_upgrade, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "unplaced_institutions.json").read_text(encoding="utf-8"))
USTC = "University of Science and Technology of China"
PLACED = 'SELECT paper_id, position, name, country FROM paper_affiliations ORDER BY paper_id, position, "order"'
INSTITUTIONS = "SELECT name, country, papers FROM institutions ORDER BY name"


@pytest.mark.parametrize(
    "record, names, expected",
    [
        (  # (the normalised names, each once, with their countries)
            {
                "aff": "A Univ;A Univ;B Lab",
                "aff_unique_norm": "A University;B Laboratory",
                "aff_unique_index": "0;0;1",
                "aff_country_unique": "China;France",
                "aff_country_unique_index": "0;0;1",
            },
            ("X", "Y", "Z", "W"),
            (("A University", "China"), ("B Laboratory", "France")),
        ),
        (  # (a countries' index shorter than the names': used only when it is one country)
            {
                "aff": "A;B",
                "aff_unique_norm": "A;B",
                "aff_unique_index": "0;1",
                "aff_country_unique": "China;",
                "aff_country_unique_index": "0",
            },
            ("X", "Y", "Z"),
            (("A", "China"), ("B", "China")),
        ),
        (
            {
                "aff": "A;B;C",
                "aff_unique_norm": "A;B;C",
                "aff_unique_index": "0;1;2",
                "aff_country_unique": "China;US",
                "aff_country_unique_index": "0;1",
            },
            ("X", "Y", "Z", "W"),
            (("A", None), ("B", None), ("C", None)),
        ),
        (  # (no normalised names: the texts, `+` joining two, a mark no institution)
            {"aff": "University of Tübingen; ShanghaiTech University+NVIDIA; 1"},
            ("X", "Y", "Z"),
            (("University of Tübingen", None), ("ShanghaiTech University", None), ("NVIDIA", None)),
        ),
        (  # (placeholders and the authors' own names are no institutions)
            {"aff": "Unknown Institution;Nikolaus Correll;EPFL"},
            ("Nikolaus Correll", "G. Sempo"),
            (("EPFL", None),),
        ),
        ({"aff": ";;"}, ("X", "Y"), ()),
        ({}, ("X",), ()),
    ],
)
def test_the_institutions_of_a_list_that_does_not_line_up(record, names, expected):
    assert unplaced_institutions(record, names) == expected


def _entries(name: str) -> list:
    return list(read_input(name, json.dumps(RECORDS[name], ensure_ascii=False).encode()).entries)


def test_the_catalogues_records_read_with_their_institutions():
    escnet, aligned = _entries("www2024.json")
    assert escnet.affiliations == () and escnet.institutions == ((USTC, "China"),)
    assert aligned.institutions == () and len(aligned.affiliations) == len(aligned.authors) == 7
    (acm,) = _entries("acmmm2024.json")
    assert [name for name, _ in acm.institutions] == ["Chinese Academy of Sciences", USTC, "JD"]
    (splatting,) = _entries("siggraph2024.json")
    assert len(splatting.authors) == 5 and splatting.institutions == (
        ("University of Tübingen", None),
        ("ShanghaiTech University", None),
    )


def _folder(tmp_path: Path) -> Path:
    return json_folder(tmp_path / "d", RECORDS)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    return loaded_json(tmp_path_factory, "unplaced", RECORDS)


def test_a_paper_counts_for_the_institutions_its_source_does_not_place(loaded):
    (escnet,) = rows(loaded, "SELECT id FROM papers WHERE title LIKE 'ESCNet%'")
    assert [r[1:] for r in rows(loaded, PLACED) if r[0] == escnet[0]] == [(0, USTC, "China")]
    assert rows(loaded, "SELECT count(*) FROM paper_affiliations WHERE position = 0") == [(6,)]
    assert (USTC, "China", 2) in rows(loaded, INSTITUTIONS)  # (ESCNet and the ACM MM paper)
    (tuebingen,) = rows(loaded, "SELECT id FROM institutions WHERE name = 'University of Tübingen'")
    assert rows(loaded, f"SELECT papers FROM institution_trend_counts WHERE institution_id = {tuebingen[0]}") == [(1,)]
    # (the authors are placed by no institution: none has one)
    assert rows(loaded, f"SELECT count(*) FROM paper_authors WHERE paper_id = '{escnet[0]}'") == [(6,)]


def test_the_paper_page_and_the_institutions_query_show_them(loaded):
    ds = make_datasette(loaded)
    (pk,) = rows(loaded, "SELECT pk FROM papers WHERE title LIKE 'ESCNet%'")
    page = asyncio.run(ds.client.get(f"/papers/papers/{pk[0]}")).text
    assert "Institutions (the source does not say whose)" in page and USTC in page
    aligned = rows(loaded, "SELECT pk FROM papers WHERE title = 'Generative News Recommendation'")[0][0]
    assert "the source does not say whose" not in asyncio.run(ds.client.get(f"/papers/papers/{aligned}")).text
    listed = asyncio.run(ds.client.get("/papers/papers_per_institution.json?country=&_shape=objects")).json()["rows"]
    # (an institution only a paper as a whole gives is listed, with no author known)
    assert {row["institution"]: (row["papers"], row["authors"]) for row in listed}["University of Tübingen"] == (1, 0)


def test_an_export_reads_back_with_them(loaded, tmp_path):
    export(loaded, str(tmp_path / "out"), fmt="jsonl")
    again = str(tmp_path / "again.db")
    load(again, [str(tmp_path / "out" / "papers.jsonl")])
    assert rows(again, PLACED) == rows(loaded, PLACED)


def test_revision_0050_has_the_sources_with_such_records_read_again(tmp_path, monkeypatch):
    """A database loaded before the rule has no institution for ESCNet; upgrading marks the files
    whose records do not line up (not one whose records all do), and the next load leaves the
    affiliations and institutions as a cold load does."""
    folder = _folder(tmp_path)
    (folder / "www2023.json").write_text(json.dumps(RECORDS["www2024.json"][1:]), encoding="utf-8")  # (aligned)
    db, cold = str(tmp_path / "p.db"), str(tmp_path / "cold.db")
    with monkeypatch.context() as patched:
        patched.setattr("etl.sources.paperlists.unplaced_institutions", lambda item, names: ())
        load(db, [str(folder)])
    load(cold, [str(folder)])
    assert rows(db, "SELECT count(*) FROM paper_affiliations WHERE position = 0") == [(0,)]
    marked = marked_after_upgrade(db, "0049", "0050")  # (to before 0050; 0053 marks more)
    assert marked == [(str(folder / f"{name}.json"),) for name in ("acmmm2024", "siggraph2024", "www2024")]
    assert load(db, [str(folder)]).files_unchanged == 1
    assert rows(db, PLACED) == rows(cold, PLACED)
    assert rows(db, INSTITUTIONS) == rows(cold, INSTITUTIONS)
