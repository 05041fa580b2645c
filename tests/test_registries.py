"""The venue and status-word registries (etl/registries/): every spelling of a venue gives one
canonical venue, kept as written in the source row; every status word of the catalogue says what
it means; a database loaded before revision 0032 gets both from `paperdb migrate`."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from etl.extract.statuses import Status, registry_text, status_of
from etl.load import load
from etl.sources.bibtex import venue_of
from etl.sources.events import parse_event_url
from etl.sources.listing import parse_header
from etl.sources.paperlists import venue_and_year
from etl.sources.venue_names import canonical_venue, known_venue
from tests.helpers import listing_text, rows

FIXTURES = Path(__file__).parent / "fixtures" / "registries"
DECISIONS = "SELECT venue, year, title, decision, presentation, track FROM papers ORDER BY venue, year, title"


@pytest.mark.parametrize(
    "written, venue",
    [
        ("neurips", "NeurIPS"),
        ("NIPS", "NeurIPS"),
        ("Neural Information Processing Systems", "NeurIPS"),
        ("  NeurIPS ", "NeurIPS"),
        ("siggraph  asia", "SIGGRAPH Asia"),
        ("acmmm", "ACM MM"),
        ("ICLR Workshop", "ICLR Workshop"),  # (a name the registry does not know is its own venue)
    ],
)
def test_each_name_of_a_venue_gives_its_canonical_name(written, venue):
    assert canonical_venue(written) == venue


@pytest.mark.parametrize(
    "header, venue",
    [
        ("neurips 2023", "NeurIPS"),
        ("NIPS 2023", "NeurIPS"),
        ("Neural Information Processing Systems 2023", "NeurIPS"),
        ("ICML 2024 论文列表", "ICML"),
    ],
)
def test_listing_headers_name_the_registrys_venue(header, venue):
    written, year = parse_header(header)
    assert (canonical_venue(written), year) == (venue, 2023 if "2023" in header else 2024)


@pytest.mark.parametrize(
    "name, expected",
    [
        ("nips1987.json", ("NeurIPS", 1987)),
        ("neurips2025.json", ("NeurIPS", 2025)),
        ("siggraphasia2024.json", ("SIGGRAPH Asia", 2024)),
        ("acml2010.json", ("ACML", 2010)),
        ("ai4x2025.json", ("AI4X", 2025)),
    ],
)
def test_paperlists_file_names_name_the_registrys_venue(name, expected):
    assert venue_and_year(name) == expected


@pytest.mark.parametrize(
    "booktitle, event, venue",
    [
        ("Proceedings of the 41st International Conference on Machine Learning", "", "ICML"),
        ("Advances in Neural Information Processing Systems", "", "NeurIPS"),
        ("Proceedings of The 27th International Conference on Artificial Intelligence and Statistics", "", "AISTATS"),
        ("Proceedings of the Asian Conference on Machine Learning", "", "ACML"),
        ("", "NIPS 2017", "NIPS"),  # (a reading list's eventtitle, as written: the paper's venue is canonical)
        ("Some Workshop", "", None),
    ],
)
def test_bibtex_proceedings_titles_name_the_registrys_venue(booktitle, event, venue):
    assert venue_of(booktitle, event) == venue


def test_an_events_export_names_its_host_by_the_registry():
    assert parse_event_url("https://neurips.cc/virtual/2023/poster/70001")[:2] == ("NeurIPS", 2023)
    assert parse_event_url("https://ICML.cc//virtual/2024/poster/34755")[:2] == ("ICML", 2024)


def test_every_name_of_the_registry_names_one_venue():
    text = (Path(__file__).parent.parent / "etl" / "registries" / "venues.csv").read_text(encoding="utf-8")
    table = list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))
    assert {row["kind"] for row in table} == {"short", "name"}
    for row in table:
        assert known_venue(row["alias"]) == row["venue"] == known_venue(row["venue"])


@pytest.mark.parametrize(
    "word, status",
    [  # every status word of the paperlists catalogue (240 files), with where it is written
        ("Poster", Status("accepted", "poster")),
        ("Oral", Status("accepted", "oral")),
        ("Spotlight", Status("accepted", "spotlight")),
        ("Long", Status("accepted", "long")),  # ACL, NAACL
        ("Short", Status("accepted", "short")),
        ("Findings", Status("accepted", "findings")),
        ("Technical", Status("accepted", "technical")),  # AAAI 2022
        ("Technical Paper", Status("accepted", "technical")),  # SIGGRAPH, SIGGRAPH Asia
        ("TOG Paper", Status("accepted", "journal")),  # SIGGRAPH 2018-2025
        ("Main", Status("accepted", None, "main")),  # COLING
        ("Industry", Status("accepted", None, "industry")),  # COLING, NAACL
        ("System Demonstrations", Status("accepted", "demo", "demo")),
        ("Poster Workshop", Status("accepted", "poster", "workshop")),  # ICLR 2013
        ("Oral Workshop", Status("accepted", "oral", "workshop")),
        ("Workshop", Status(None, "workshop")),  # ICLR 2017: invited to the workshop track, no decision
        ("Reject", Status("rejected")),
        ("Accept (Spotlight)", Status("accepted", "spotlight")),
        ("Accept: notable-top-5%", Status("accepted", "oral")),
        ("", Status()),  # KDD 2023-2024 write none
        ("Active", Status()),
    ],
)
def test_each_status_word_says_its_decision_presentation_and_track(word, status):
    assert status_of(word) == status


def test_every_word_of_the_status_registry_says_something_and_decides_but_workshop():
    table = list(csv.DictReader(line for line in registry_text().splitlines() if not line.startswith("#")))
    assert {row["decision"] for row in table} <= {"accepted", "rejected", "withdrawn", ""}
    undecided = [row["word"] for row in table if not row["decision"]]
    assert undecided == ["workshop"]


def test_three_spellings_of_neurips_give_one_venue_and_keep_theirs_in_the_source_rows(write, db_file):
    papers = json.loads((FIXTURES / "nips2017_abstracts.json").read_text(encoding="utf-8"))
    headers = ("neurips 2017", "NIPS 2017", "Neural Information Processing Systems 2017")
    files = [
        str(write(f"{i}.txt", listing_text(p["abstract"], header=h)))
        for i, (h, p) in enumerate(zip(headers, papers, strict=True))
    ]
    load(db_file, files)
    assert rows(db_file, "SELECT DISTINCT venue, year FROM papers") == [("NeurIPS", 2017)]
    assert sorted(rows(db_file, "SELECT venue FROM paper_sources")) == sorted((h[: -len(" 2017")],) for h in headers)
    assert rows(db_file, "SELECT venue, papers FROM code_availability") == [("NeurIPS", 3)]


COLING_SIGGRAPH_ICLR = [
    ("COLING", 2025, "A Benchmark and Robustness Study of In-Context-Learning", "accepted", None, "main"),
    ("COLING", 2025, "A Probabilistic Toolkit for Multi-grained Word Segmentation", "accepted", "demo", "demo"),
    ("COLING", 2025, "A Recipe For Building a Compliant Real Estate Chatbot", "accepted", None, "industry"),
    ("ICLR", 2013, "A Geometric Descriptor for Cell-Division Detection", "rejected", None, "main"),
    ("ICLR", 2013, "Auto-pooling: Learning to Improve Invariance of Image", "accepted", "poster", "workshop"),
    ("ICLR", 2013, "Joint Training Deep Boltzmann Machines for Classification", "accepted", "oral", "workshop"),
    ("ICLR", 2017, "Learning in Implicit Generative Models", None, "workshop", "main"),
    ("SIGGRAPH", 2024, "2D Gaussian Splatting for Geometrically Accurate Radiance", "accepted", "technical", "main"),
    ("SIGGRAPH", 2024, "A Dual-Particle Approach for Incompressible SPH Fluids", "accepted", "journal", "main"),
]


def _decisions(db: str) -> list[tuple]:
    """The papers' decisions, each title cut where the table above cuts it."""
    found = rows(db, DECISIONS)
    return [
        (v, y, next(t[2] for t in COLING_SIGGRAPH_ICLR if title.startswith(t[2])), *rest)
        for v, y, title, *rest in found
    ]


def test_coling_siggraph_and_iclr_workshop_papers_get_a_decision(db_file):
    load(db_file, sorted(str(p) for p in FIXTURES.glob("*20*.json") if "abstracts" not in p.name))
    assert _decisions(db_file) == COLING_SIGGRAPH_ICLR


NEW_WORDS = {
    "technical paper",
    "tog paper",
    "main",
    "industry",
    "system demonstrations",
    "poster workshop",
    "oral workshop",
}
TRENDS = ("keyword_trend_counts", "author_trend_counts", "institution_trend_counts")


def _stored(db: str) -> dict[str, list[tuple]]:
    found = {"papers": rows(db, "SELECT id, venue, year, decision, presentation, track FROM papers ORDER BY id")}
    found["paper_sources"] = rows(db, "SELECT paper_id, venue FROM paper_sources ORDER BY 1, 2")
    for table in (*TRENDS, "paper_versions"):
        found[table] = rows(db, f"SELECT * FROM {table} ORDER BY 1, 2, 3")
    return found


def test_revision_0032_canonicalises_and_decides_a_stored_database_as_a_cold_load_does(write, tmp_path, monkeypatch):
    """A database the rules before revision 0032 made (venues as written, the new status words
    undecided, no track from a status word), migrated: what a load of this release makes."""
    from alembic import command

    import etl.extract.bibliography as bibliography
    import etl.load.records as records
    import etl.load.texts as texts
    from etl.extract.statuses import UNKNOWN, word_key
    from etl.store.engine import alembic_config, migrate
    from tests.helpers import run

    papers = json.loads((FIXTURES / "nips2017_abstracts.json").read_text(encoding="utf-8"))
    headers = ("neurips 2017", "NIPS 2017", "NeurIPS 2017")
    files = [
        str(write(f"{i}.txt", listing_text(p["abstract"], header=h)))
        for i, (h, p) in enumerate(zip(headers, papers, strict=True))
    ]
    files += sorted(str(p) for p in FIXTURES.glob("*20*.json") if "abstracts" not in p.name)
    cold, old = str(tmp_path / "cold.db"), str(tmp_path / "old.db")
    load(cold, files)
    expected = _stored(cold)
    assert {("NeurIPS", 3)} <= {(r[2], r[4]) for r in expected["keyword_trend_counts"]}
    with monkeypatch.context() as before:
        before.setattr(records, "canonical_venue", str.strip)
        before.setattr(texts, "canonical_venue", str.strip)
        before.setattr(
            bibliography,
            "status_of",
            lambda word: UNKNOWN if word_key(word) in NEW_WORDS else status_of(word)._replace(track=None),
        )
        load(old, files)
    stored = _stored(old)
    assert {venue for _, venue, *_ in stored["papers"]} >= {"neurips", "NIPS", "NeurIPS", "COLING", "SIGGRAPH"}
    assert any(decision is None for _, venue, _, decision, *_ in stored["papers"] if venue == "COLING")
    assert stored != expected
    run(old, lambda conn: command.downgrade(alembic_config(conn), "0031"))
    run(old, migrate)
    assert _stored(old) == expected
    # (siggraph2024.json read again for revision 0050: the institutions its lists do not place by author)
    assert load(old, files).files_unchanged == len(files) - 1


@pytest.mark.parametrize(
    "path, head, expected",
    [
        ("iclr2013.json", (FIXTURES / "iclr2013.json").read_text(encoding="utf-8")[:3000], "paperlists"),
        (
            "nips1987.json",
            '[\n {\n  "id": "x",\n  "title": "Connectivity Versus Entropy",\n  "status": "Poster"',
            "paperlists",
        ),
        ("events.json", '[{"virtualsite_url": "https://icml.cc/virtual/2024/poster/34755"}]', "icml-events"),
        ("papers.txt", "@InProceedings{pmlr-v235-a24a,\n title = {A}", "pmlr-bibtex"),
        ("notes", "ICML 2024 Papers\n\nThere is an increasing conflict ...", "listing"),
        ("papers.tsv", "title\tabstract\n", "csv"),
        ("papers.ndjson", "[]", "jsonl"),
    ],
)
def test_a_files_format_comes_from_the_registry(path, head, expected):
    from etl.sources.formats import detect_format

    assert detect_format(path, head) == expected


def test_the_format_registry_is_what_every_reader_of_formats_reads():
    from etl.cli import cli
    from etl.extract.bibliography import TITLE_PRIORITY
    from etl.extract.record_paper import TEXT_PRIORITY
    from etl.sources import READERS
    from etl.sources.discover import INPUT_SUFFIXES
    from etl.sources.formats import FORMATS, NAMES

    choices = next(p for p in cli.commands["load"].params if p.name == "input_format").type.choices
    assert list(choices) == list(NAMES) == list(READERS) == [f.name for f in FORMATS]
    assert set(INPUT_SUFFIXES) == {s for f in FORMATS for s in f.suffixes}
    assert set(TEXT_PRIORITY) == set(NAMES) and set(TITLE_PRIORITY) == set(NAMES) - {"listing"}


ETL = Path(__file__).resolve().parent.parent / "etl"
# Where a name is defined: its registry. (`csv` and `jsonl` also name export formats, another concept.)
WRITTEN_ONCE = {
    "format names": (
        "etl/sources/formats.py",
        r"""["'](?:paperlists|listing|pmlr-bibtex|icml-events)["']""",
    ),
    "the database name": ("etl/serve/site.py", r"""(?<=["'])/papers(?=[/#?"'])|get_database\(\s*["']papers["']"""),
}


def written_again(pattern: str, registry: str) -> list[str]:
    """The places of etl/ (code and templates) outside `registry` where `pattern` is written."""
    import re

    found = []
    for path in sorted([*ETL.rglob("*.py"), *ETL.rglob("*.html")]):
        relative = path.relative_to(ETL.parent).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if relative != registry and re.search(pattern, line):
                found.append(f"{relative}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("concept", sorted(WRITTEN_ONCE))
def test_each_name_is_written_once_in_its_registry(concept):
    registry, pattern = WRITTEN_ONCE[concept]
    assert written_again(pattern, registry) == []


@pytest.mark.parametrize(
    "line, concept",
    [
        ("""    if format != "paperlists" or extra is None:""", "format names"),
        ("""WHERE s.format = 'paperlists' AND ps.extra IS NOT NULL""", "format names"),
        ("""    "repos": ("/papers/papers_with_code?url_key={}", "url_key"),""", "the database name"),
        ("""  <a href="/papers/related_keywords?keyword={{ k.label|urlencode }}">""", "the database name"),
        ("""        rows = await datasette.get_database("papers").execute(""", "the database name"),
    ],
)
def test_a_name_written_again_is_found(line, concept):
    """The lines main had before the names were read from their registries."""
    import re

    assert re.search(WRITTEN_ONCE[concept][1], line)
    for kept in ('    return f"/{DATABASE}/papers?{column}={quote(value)}"', "FORMATS = (PAPERLISTS, LISTING)"):
        assert not re.search(WRITTEN_ONCE[concept][1], kept)
