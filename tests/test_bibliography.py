"""Bibliographic sources: readers, merging with listings in any order, cleaning and export."""

from __future__ import annotations

import json
import sqlite3

import pytest

from etl.errors import InputError
from etl.extract.bibliography import Record, resolve
from etl.load import load
from etl.load.bibliography import grouped_ids
from etl.load.rows import ids_json, ids_of
from etl.report.export import export
from etl.sources import detect_format, read_input
from etl.text.authors import clean_name, name_key
from etl.text.cleaning import clean_text
from etl.text.identity import paper_id
from tests.exports import bibtex, csv_text, events_json, seed_abstracts
from tests.helpers import rows


def test_events_export_posters_become_papers_and_the_rest_events():
    abstracts = seed_abstracts(2)
    parsed = read_input("events.json", events_json(abstracts).encode())
    assert parsed.format == "icml-events" and (parsed.venue, parsed.year) == ("ICML", 2024)
    assert [e.ids for e in parsed.entries] == [(("icml_poster", "34000"),), (("icml_poster", "34001"),)]
    assert parsed.entries[0].url == "https://icml.cc/virtual/2024/poster/34000"
    assert parsed.entries[0].authors == ("PAUL DUETTING", "Federico Fusco")
    assert [(e.type, e.title) for e in parsed.events] == [("Workshop", "Workshop on Efficient Systems")]
    assert parsed.entries[1].line > parsed.entries[0].line > 1


def test_bibtex_entries_carry_key_authors_and_openreview():
    parsed = read_input("pmlr.bib", bibtex(seed_abstracts(1)).encode())
    (entry,) = parsed.entries
    assert (parsed.format, parsed.venue, parsed.year) == ("pmlr-bibtex", "ICML", 2024)
    assert entry.title == "{I}nfer{C}ept 0: Efficient Support"
    assert entry.authors == ("Duetting, Paul", 'Sch{\\"o}lkopf, Bernhard')  # as written; shown in order
    assert dict(entry.ids) == {"pmlr": "pmlr-v235-paper24a", "openreview": "abcDEF0xyz"}
    assert "<em>model</em>" in entry.abstract and entry.line == 1


def test_csv_and_jsonl_map_columns():
    abstracts = seed_abstracts(2)
    parsed = read_input("papers.csv", csv_text(abstracts).encode())
    assert parsed.format == "csv" and len(parsed.entries) == 2
    assert parsed.entries[0].authors == ("Ada Lovelace", "Alan Turing")
    assert parsed.entries[0].ids == (("openreview", "csv0id"),)
    lines = "\n".join(
        json.dumps(
            {"Title": "T", "Abstract": a, "authors": ["A B"], "venue": "ICML", "year": 2024, "arxiv_id": "2401.00001"}
        )
        for a in abstracts
    )
    parsed = read_input("papers.jsonl", lines.encode())
    assert parsed.format == "jsonl" and parsed.entries[1].ids == (("arxiv", "2401.00001"),)


@pytest.mark.parametrize(
    "name, content, message",
    [
        (
            "bad.json",
            '[\n {"type": "Poster",\n  "name": "x",\n  "abstract": oops}\n]',
            "bad.json:4: malformed JSON: Expecting value (column 15)",
        ),
        (
            "bad.csv",
            "name,summary\nA,B\n",
            "bad.csv:1: missing required column: abstract or title (columns: name, summary)",
        ),
        ("novenue.csv", "title,abstract\nA,Some abstract text.\n", "novenue.csv:2: no venue and year"),
    ],
)
def test_unreadable_exports_name_file_and_line(name, content, message, write, db_file):
    path = write(name, content)
    with pytest.raises(InputError) as info:
        if name.startswith("novenue"):
            load(db_file, [str(path)])
        else:
            read_input(name, content.encode())
    assert str(info.value).replace(str(path), name).startswith(message)


@pytest.mark.parametrize(
    "name, content, kept, skipped",
    [
        ("bad.jsonl", '{"title": "x", "abstract": "y z w", "venue": "V", "year": 2024}\n{"title": \n', 1, 1),
        ("bad.jsonl", '{"a": 1}\n[2]\n', 0, 2),
        ("bad.bib", "@InProceedings{pmlr-v235-x24a,\n  title = {Unclosed,\n", 0, 1),
    ],
)
def test_a_record_that_cannot_be_read_is_skipped_and_counted(name, content, kept, skipped):
    parsed = read_input(name, content.encode())
    assert (len(parsed.entries), parsed.tally.skipped) == (kept, skipped)


def test_format_detection_by_content_then_name():
    assert detect_format("x.txt", "@InProceedings{a,\n}") == "pmlr-bibtex"
    assert detect_format("x.json", '{"abstract": "a"}\n') == "jsonl"
    assert detect_format("x.data", '[{"virtualsite_url": "u"}]') == "icml-events"
    assert detect_format("x.csv", "title,abstract\n") == "csv"
    assert detect_format("notes", "ICML 2024 Papers\n\nAbstract.") == "listing"


def normalised_dump(db: str) -> dict:
    """The database's content without surrogate ids and timestamps."""
    con = sqlite3.connect(db)
    queries = {
        "papers": "SELECT id, venue, year, title, title_raw, title_key, abstract, code_status, url, authors, topics, keywords FROM papers ORDER BY id",
        "authors": "SELECT name, normalised, papers FROM authors ORDER BY normalised",
        "paper_authors": "SELECT paper_id, position, name, name_raw FROM paper_authors ORDER BY 1, 2",
        "paper_ids": "SELECT paper_id, scheme, value FROM paper_ids ORDER BY 1, 2, 3",
        "events": "SELECT type, title, url FROM events ORDER BY url",
        "keywords": "SELECT paper_id, keyword, kind, score FROM paper_keywords ORDER BY 1, 2",
        "links": "SELECT paper_id, url, kind FROM paper_links ORDER BY 1, 2",
        "titles": "SELECT paper_id, title_raw, format, chosen FROM paper_titles ORDER BY 1, 3",
    }
    out = {name: con.execute(sql).fetchall() for name, sql in queries.items()}
    con.close()
    return out


def test_listings_and_exports_merge_the_same_in_any_order(write, tmp_path):
    abstracts = seed_abstracts(4)
    events = write("events.json", events_json(abstracts[:3]))
    bib = write("pmlr.bib", bibtex(abstracts[1:2]))
    table = write("extra.csv", csv_text(abstracts[3:4]))
    orders = [
        [None, events, bib, table],
        [table, bib, events, None],
        [events, None, table, bib],
    ]
    dumps = []
    for n, order in enumerate(orders):
        db = str(tmp_path / f"order{n}.db")
        for path in order:
            load(db, [str(path)] if path else [])
        load(db, rescore=True)  # keyword scores are promised order-independent after a rescore
        dumps.append(normalised_dump(db))
    assert dumps[0] == dumps[1] == dumps[2]
    papers = {row[0]: row for row in dumps[0]["papers"]}
    assert len(papers) == 57  # the exports only enrich listing papers
    quip = papers[paper_id(abstracts[0])]
    assert quip[3] == "Paper 0: A O(n) Method" and json.loads(quip[9]) == ["Paul Duetting", "Federico Fusco"]
    # BibTeX wins the title over the events export; both titles are kept
    second = papers[paper_id(abstracts[1])]
    assert second[3] == "InferCept 0: Efficient Support"
    assert [t[2:] for t in dumps[0]["titles"] if t[0] == second[0]] == [("icml-events", 0), ("pmlr-bibtex", 1)]
    assert json.loads(second[9]) == ["Paul Duetting", "Bernhard Schölkopf"]
    # the listing's text wins over the HTML of the BibTeX abstract
    assert "<em>" not in second[6]
    assert dumps[0]["events"] == [
        ("Workshop", "Workshop on Efficient Systems", "https://icml.cc/virtual/2024/workshop/29950")
    ]
    schemes = {(pid, scheme) for pid, scheme, _ in dumps[0]["paper_ids"]}
    assert (
        (second[0], "openreview") in schemes
        and (second[0], "icml_poster") in schemes
        and (second[0], "pmlr") in schemes
    )
    # one author merged across sources: PAUL DUETTING and Duetting, Paul
    assert ("Paul Duetting", "paul duetting", 2) in dumps[0]["authors"]


def test_exports_alone_make_papers_and_non_posters_stay_out(write, db_file):
    events = write("events.json", events_json(seed_abstracts(3)))
    summary = load(db_file, [str(events)])
    assert summary.papers_added == 3 and summary.events == 1
    assert rows(db_file, "SELECT count(*) FROM papers WHERE title LIKE 'Workshop%'") == [(0,)]
    assert rows(db_file, "SELECT type FROM events") == [("Workshop",)]


def test_changing_an_export_updates_titles_and_drops_its_events(write, db_file):
    abstracts = seed_abstracts(2)
    path = write("events.json", events_json(abstracts))
    load(db_file, [str(path)])
    write(
        "events.json",
        events_json(abstracts).replace('"Paper 1"', '"Paper One, Renamed"').replace("Workshop", "Tutorial"),
    )
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT title FROM papers WHERE id = ?", (paper_id(abstracts[1]),)) == [
        ("Paper One, Renamed",)
    ]
    assert rows(db_file, "SELECT type FROM events") == [("Tutorial",)]


@pytest.mark.parametrize(
    "raw, clean",
    [
        ("QuIP$\\#$: Even Better LLM Quantization", "QuIP#: Even Better LLM Quantization"),
        ("{I}nfer{C}ept: Efficient Intercept Support", "InferCept: Efficient Intercept Support"),
        ("$\\bf{\\Phi}_\\textrm{Flow}$: Differentiable Parametrization", "ΦFlow: Differentiable Parametrization"),
        (
            "Implicit Bias of AdamW: $\\ell_\\infty$-Norm Constrained Optimization",
            "Implicit Bias of AdamW: ℓ∞-Norm Constrained Optimization",
        ),
        ("Learning with {$\\epsilon$}-Approximate Oracles", "Learning with ε-Approximate Oracles"),
        ("A &amp; B: <i>Italics</i>", "A & B: Italics"),
        ('Sch{\\"o}lkopf and Fran\\c{c}ois', "Schölkopf and François"),
        ("Plain Title", "Plain Title"),
    ],
)
def test_clean_text(raw, clean):
    assert clean_text(raw) == clean


@pytest.mark.parametrize(
    "raw, display, key",
    [
        ("PAUL DUETTING", "Paul Duetting", "paul duetting"),
        ("REMI MUNOS", "Remi Munos", "remi munos"),
        ("Rémi Munos", "Rémi Munos", "remi munos"),
        ("Sung Min (Sam) Park", "Sung Min (Sam) Park", "sung min park"),
        ("Jean-Baptiste  Tristan", "Jean-Baptiste Tristan", "jean baptiste tristan"),
        ("Zhang, Hao", "Hao Zhang", "hao zhang"),  # family name first, as BibTeX and CSVs write it
    ],
)
def test_author_names(raw, display, key):
    assert clean_name(raw) == display and name_key(display) == key


def test_title_rule_ignores_load_order():
    a = Record(1, "icml-events", "/b/events.json", 3, "Events Title", ("A",), (("icml_poster", "1"),), "u1")
    b = Record(2, "pmlr-bibtex", "/a/x.bib", 9, "{PMLR} Title", ("B",), (("pmlr", "k"),), None)
    c = Record(3, "listing", "/l.txt", 1, None, (), (), None)
    for records in ([a, b, c], [c, b, a]):
        r = resolve(records)
        assert (r.title, r.title_source_id, r.url) == ("PMLR Title", 2, "u1")
        assert [name for name, _, _ in r.authors] == ["B"]
        assert [(s, v) for s, v, _ in r.ids] == [("icml_poster", "1"), ("pmlr", "k")]


def test_export_writes_every_table_for_joins(write, db_file, tmp_path):
    load(db_file)
    load(db_file, [str(write("events.json", events_json(seed_abstracts(2))))])
    counts = export(db_file, str(tmp_path / "out"), "csv")
    assert set(counts) == {"papers", "links", "repos", "keywords", "authors", "ids", "institutions", "affiliations"}
    assert counts["papers"] == 57 and counts["ids"] == 2 and counts["authors"] == 4
    header = (tmp_path / "out" / "papers.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("id,venue,year,title,title_key,authors,abstract")
    export(db_file, str(tmp_path / "jl"), "jsonl")
    first = json.loads((tmp_path / "jl" / "papers.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert isinstance(first["topics"], list) and isinstance(first["authors"], list)


@pytest.mark.parametrize(
    "ids",
    [
        (),
        (("doi", "10.5555/3600270.3601532"),),
        (("openreview", "5HaIds3ux5O"), ("arxiv", "2205.14135")),
        # a CSV's `openreview` column and its `ids` object: a scheme twice, grouped where it first comes
        (("openreview", "a1"), ("arxiv", "2101.00001"), ("openreview", "b2")),
        (("doi", "10.1/x"), ("doi", "10.1/x"), ("arxiv", "2101.00001")),  # (an id given twice is one)
    ],
)
def test_a_new_papers_ids_are_those_its_stored_record_gives_back(ids):
    """A paper written once is resolved from its record as read (`record_of`), a paper settled again
    from its records as stored: both must see the same ids, in the same order."""
    assert grouped_ids(ids) == ids_of(ids_json(ids))
