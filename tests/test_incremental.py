"""Loads between rescores rank only their own papers; a rescore gives what a cold load gives."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from etl.load import load, rescore, statistics
from etl.sources import bundled_listings_dir
from etl.text.identity import paper_id
from tests.exports import paperlists_json, seed_abstracts
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, ABSTRACT_ZKAUDIT, listing_text, rows

SEEDS = sorted(str(p) for p in bundled_listings_dir().glob("*.txt"))
EXTRA = [ABSTRACT_QUIP, ABSTRACT_ZKAUDIT, ABSTRACT_GNN]

# Everything keywords are: compared without keyword ids (they number keywords in the order met).
KEYWORD_STATE = {
    "paper_keywords": "SELECT paper_id, keyword, kind, round(score, 6), rank FROM paper_keywords",
    "keywords": "SELECT normalised, label, kind, papers FROM keywords",
    "aliases": "SELECT k.normalised, a.alias, a.normalised FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id",
    "facets": "SELECT id, keywords, topics FROM papers",
    "stats": "SELECT term, papers FROM keyword_stats",
    "meanings": "SELECT short, keyword, label, papers FROM keyword_meanings",
    "scoring": "SELECT papers, changed, fingerprint FROM keyword_scoring",
}


def keyword_state(db: str) -> dict[str, list[tuple]]:
    return {name: sorted(rows(db, sql)) for name, sql in KEYWORD_STATE.items()}


def assert_counts_hold(db: str) -> None:
    """Every keyword's `papers` is the number of papers that have it; none has no paper; the
    full-text index agrees with the papers."""
    wrong = rows(
        db,
        "SELECT normalised, papers FROM keywords k WHERE papers !="
        " (SELECT count(DISTINCT paper_id) FROM paper_keywords p WHERE p.keyword_id = k.id)",
    )
    assert wrong == []
    con = sqlite3.connect(db)
    try:
        for index in ("papers_fts", "papers_fts_words"):
            con.execute(f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
    finally:
        con.close()


def test_a_small_load_ranks_only_its_own_papers(db_file, write):
    load(db_file)
    before = rows(db_file, "SELECT * FROM paper_keywords ORDER BY paper_id, kind, rank")
    summary = load(db_file, [str(write("new.txt", listing_text(*EXTRA[:2])))])
    assert summary.papers_added == 2 and not summary.rescored
    new = {paper_id(a) for a in EXTRA[:2]}
    after = rows(db_file, "SELECT * FROM paper_keywords ORDER BY paper_id, kind, rank")
    assert [r for r in after if r[0] not in new] == before  # the others' keywords untouched
    assert {r[0] for r in after} >= new
    assert rows(db_file, "SELECT papers, changed FROM keyword_scoring") == [(57, 2)]
    assert_counts_hold(db_file)
    # the new papers are searchable at once (the index followed them row by row)
    found = rows(
        db_file,
        "SELECT p.id FROM papers_fts f JOIN papers p ON p.pk = f.rowid WHERE papers_fts MATCH 'ZkAudit commitments'",
    )
    assert (paper_id(ABSTRACT_ZKAUDIT),) in found


def test_the_new_papers_are_ranked_against_the_last_rescore(db_file, write, tmp_path):
    """A paper added between rescores gets the keywords it would get if the corpus it was
    ranked against (the last rescore's) were its own plus it: here its method and acronym."""
    load(db_file)
    load(db_file, [str(write("new.txt", listing_text(ABSTRACT_QUIP)))])
    kinds = dict(
        rows(db_file, "SELECT keyword, kind FROM paper_keywords WHERE paper_id = ?", [paper_id(ABSTRACT_QUIP)])
    )
    assert kinds.get("QuIP#") == "method" and kinds.get("post-training quantization") == "acronym"


def test_enough_change_since_the_last_rescore_makes_a_load_rescore(db_file, write, monkeypatch):
    load(db_file)
    first = load(db_file, [str(write("a.txt", listing_text(EXTRA[0])))])
    assert not first.rescored
    monkeypatch.setattr(statistics, "RESCORE_SHARE", 1.5 / 57)  # the second paper passes the share
    second = load(db_file, [str(write("b.txt", listing_text(EXTRA[1])))])
    assert second.rescored
    assert rows(db_file, "SELECT papers, changed FROM keyword_scoring") == [(59, 0)]


def test_new_keyword_rules_make_the_next_changing_load_rescore(db_file, write, monkeypatch):
    load(db_file)
    monkeypatch.setattr(statistics, "fingerprint", lambda: "rules of another version")
    assert load(db_file, [str(write("a.txt", listing_text(EXTRA[0])))]).rescored
    assert rows(db_file, "SELECT fingerprint FROM keyword_scoring") == [("rules of another version",)]


def test_removed_papers_take_their_keywords_along(db_file, write):
    load(db_file)
    listing = write("mine.txt", listing_text(*EXTRA))
    load(db_file, [str(listing)])
    gnn = paper_id(ABSTRACT_GNN)
    assert rows(db_file, "SELECT count(*) FROM paper_keywords WHERE paper_id = ?", [gnn])[0][0] > 0
    write("mine.txt", listing_text(*EXTRA[:2]))
    summary = load(db_file, [str(listing)])
    assert (summary.papers_removed, summary.rescored) == (1, False)
    assert rows(db_file, "SELECT count(*) FROM paper_keywords WHERE paper_id = ?", [gnn]) == [(0,)]
    assert rows(db_file, "SELECT changed FROM keyword_scoring") == [(4,)]
    assert_counts_hold(db_file)


def test_a_title_that_arrives_later_reranks_its_paper(db_file, write):
    load(db_file)
    abstract = seed_abstracts(1)[0]
    pid = paper_id(abstract)
    summary = load(db_file, [str(write("iclr2024.json", paperlists_json([abstract])))])
    assert not summary.rescored
    authors = rows(
        db_file, "SELECT keyword FROM paper_keywords WHERE paper_id = ? AND kind = 'author' ORDER BY rank", [pid]
    )
    assert authors == [("quantization",), ("large language models",)]
    assert_counts_hold(db_file)


def test_rescore_needs_a_database(tmp_path):
    from etl.errors import PaperdbError

    with pytest.raises(PaperdbError, match="no such database"):
        rescore(str(tmp_path / "none.db"))


def _files(tmp_path) -> list[str]:
    extra = tmp_path / "extra.txt"
    extra.write_text(listing_text(*EXTRA), encoding="utf-8")
    export = tmp_path / "iclr2024.json"
    export.write_text(paperlists_json([*seed_abstracts(3)[1:], ABSTRACT_GNN]), encoding="utf-8")
    return [*SEEDS, str(extra), str(export)]


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """One cold load of every file: the keywords any sequence of loads must give after a rescore."""
    directory = tmp_path_factory.mktemp("cold")
    files = _files(directory)
    db = str(directory / "cold.db")
    load(db, files)
    return keyword_state(db)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_rescore_after_any_sequence_of_loads_gives_the_cold_load(tmp_path_factory, cold, data):
    """Whatever the order of the files, how they are grouped into loads, and when loads rescored
    on their own (the share drawn per load), `paperdb rescore` ends where one cold load ends."""
    expected = cold
    directory = tmp_path_factory.mktemp("orders")
    files = _files(directory)
    order = data.draw(st.permutations(files))
    cuts = sorted(data.draw(st.sets(st.integers(1, len(order) - 1), max_size=3)))
    groups = [order[a:b] for a, b in zip([0, *cuts], [*cuts, len(order)], strict=True)]
    db = str(directory / "papers.db")
    for group in groups:
        statistics.RESCORE_SHARE = data.draw(st.sampled_from([0.0, 0.2, 10.0]))
        try:
            load(db, group)
        finally:
            statistics.RESCORE_SHARE = 0.2
        assert_counts_hold(db)
    rescore(db)
    assert keyword_state(db) == expected


def test_the_rescore_command(db_file, runner, write):
    from etl.cli import cli

    load(db_file)
    load(db_file, [str(write("a.txt", listing_text(EXTRA[0])))])
    done = runner.invoke(cli, ["rescore", "--db", db_file])
    assert done.exit_code == 0 and "keywords of every paper rescored" in done.output
    assert rows(db_file, "SELECT papers, changed FROM keyword_scoring") == [(58, 0)]
    missing = runner.invoke(cli, ["rescore", "--db", db_file + ".none"])
    assert missing.exit_code == 1 and missing.output.count("\n") == 1 and "no such database" in missing.output


def test_the_rules_fingerprint_covers_every_module_keyword_extraction_runs():
    """Found from what extraction imports, not kept by hand: the links and code status rules
    (terms leave links out), the title cleaning and the SQL that labels keywords are in it."""
    from etl.load.rules import PACKAGE, rule_files

    covered = {path.relative_to(PACKAGE).as_posix() for path in rule_files()}
    extraction = {path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "extract").rglob("*.py")}
    # titles and authors, links, which record is which paper
    not_keywords = {"extract/bibliography.py", "extract/derive.py", "extract/record_paper.py", "extract/__init__.py"}
    not_keywords.add("extract/statuses.py")  # (what status words say: the bibliography's, no keyword's)
    not_keywords.add("extract/made_up.py")  # (links no paper gave: the bibliography's and derive's)
    not_keywords.add("extract/tracks.py")  # (one spelling per track: the bibliography's, no keyword's)
    not_keywords.add("extract/affiliations.py")  # (the institutions affiliations are filed under: the bibliography's)
    not_keywords |= {path for path in extraction if path.startswith("extract/similar/")}  # (related papers)
    not_keywords.add("extract/versions.py")  # (versions of one work: in the similar papers' fingerprint)
    assert extraction - not_keywords <= covered
    assert {"text/cleaning.py", "load/keywords.py", "load/rows.py", "data/topics.json"} <= covered
    # the text forms ranked: what cleaning calls (markup, LaTeX) decides the keyword text too
    assert {"text/markup.py", "text/latex.py"} <= covered
    assert not any(path.startswith("data/listings/") for path in covered)


def _imports_by_the_tree(module: str) -> set[str]:
    """What `etl.load.rules` once read: every import node of the module's whole syntax tree."""
    import ast

    from etl.load.rules import _source

    path = _source(module)
    assert path is not None
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module or ""
            found |= {target, *(f"{target}.{alias.name}" for alias in node.names)}
    return {name for name in found if name.startswith("etl")}


def test_the_fingerprint_reads_each_modules_imports_as_its_syntax_tree_has_them():
    """The import lines, each parsed alone (`IMPORT_LINE`), give every module the rules fingerprint
    reads the imports its whole tree gives: none missed (`import` inside a function, a `from` over
    several lines), none made up of a docstring's line (as `etl.store.functions`'s example of use,
    outside the rules, would be), so the same files and fingerprint. And a string's line that is
    no statement is passed over."""
    from etl.load.rules import EXTRACTION, _imported_closure, _imports

    closure = _imported_closure(EXTRACTION)
    assert len(closure) > 50
    assert {m: set(_imports(m)) for m in closure} == {m: _imports_by_the_tree(m) for m in closure}
    assert set(_imports("etl.store.functions")) - _imports_by_the_tree("etl.store.functions") == {
        "etl.store.functions",
        "etl.store.functions.register",
    }
    source = '''"""A docstring.
import it where it is needed
"""
from .a import (
    b,  # the first
    c,
)
def f():
    import etl.d; x = 1
'''
    from etl.load.rules import _statements

    names = [[a.name for a in s.names] for s in _statements(source)]
    assert names == [["b", "c"], ["etl.d"]]
