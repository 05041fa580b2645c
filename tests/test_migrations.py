"""Migrations: the schema comes only from Alembic, agrees with the models, and goes down and up."""

from __future__ import annotations

import json
import os
import re
import sqlite3
from pathlib import Path

import pytest
from alembic import command

from etl.errors import SchemaError
from etl.load import load
from etl.store.engine import alembic_config, current_revision, head_revision, migrate
from etl.store.models import Base
from tests.conftest import copy_database
from tests.helpers import listing_text, loaded_old_and_cold, marked_after_upgrade, rows, run


def tables(db_file: str) -> set[str]:
    con = sqlite3.connect(db_file)
    try:
        return {n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    finally:
        con.close()


def test_upgrade_from_empty_creates_every_model_table(db_file, tmp_path):
    (tmp_path / "db").mkdir()
    run(db_file, migrate)
    assert set(Base.metadata.tables) <= tables(db_file)
    assert run(db_file, current_revision) == head_revision()


def test_models_and_migrations_agree(db_file, tmp_path):
    """`alembic check`: autogenerate finds nothing to add, drop or alter."""
    (tmp_path / "db").mkdir()
    run(db_file, migrate)
    run(db_file, lambda conn: command.check(alembic_config(conn)))


def schema(db_file: str) -> set[tuple]:
    con = sqlite3.connect(db_file)
    try:
        return set(con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        con.close()


def test_a_new_database_is_what_the_revisions_make_one_by_one(tmp_path):
    """A new SQLite file gets the schema the revisions made once per process (etl.store.fresh):
    every schema object, every row (the shadow tables of the full-text indexes included) and the
    page size are those of a database the revisions were run on one by one."""
    from etl.store.engine import run_revisions

    replayed, stepped = str(tmp_path / "replayed.db"), str(tmp_path / "stepped.db")
    run(replayed, migrate)
    run(stepped, run_revisions)
    assert schema(replayed) == schema(stepped) and len(schema(stepped)) > 90
    every_table = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    for (table,) in rows(stepped, every_table):
        assert rows(replayed, f'SELECT * FROM "{table}"') == rows(stepped, f'SELECT * FROM "{table}"'), table
    assert rows(stepped, "SELECT * FROM papers_fts_config") and rows(stepped, "SELECT * FROM alembic_version")
    assert rows(replayed, "PRAGMA page_size") == rows(stepped, "PRAGMA page_size") == [(16384,)]
    assert run(replayed, current_revision) == head_revision()


def test_a_load_leaves_the_schema_exactly_as_the_migrations_made_it(db_file, tmp_path):
    """Loads drop and remake the indexes of paper_keywords around its bulk rebuild."""
    migrated = str(tmp_path / "migrated.db")
    run(migrated, migrate)
    load(db_file)
    assert schema(db_file) == schema(migrated)
    run(db_file, lambda conn: command.check(alembic_config(conn)))


def test_downgrade_to_base_and_back(db_file):
    load(db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "base"))
    assert tables(db_file) == {"alembic_version"}
    assert run(db_file, current_revision) is None
    run(db_file, migrate)
    assert set(Base.metadata.tables) <= tables(db_file)
    assert load(db_file).papers_added == 57


def test_unknown_revision_is_a_clear_error(db_file):
    load(db_file)
    con = sqlite3.connect(db_file)
    con.execute("UPDATE alembic_version SET version_num = 'f00dface'")
    con.commit()
    con.close()
    with pytest.raises(SchemaError, match="unknown revision"):
        run(db_file, migrate)


def test_papers_rowid_is_an_integer_primary_key(db_file):
    load(db_file)
    con = sqlite3.connect(db_file)
    sql = con.execute("SELECT sql FROM sqlite_master WHERE name = 'papers'").fetchone()[0]
    assert "pk INTEGER NOT NULL" in sql and "PRIMARY KEY (pk)" in sql
    # an INTEGER PRIMARY KEY aliases the rowid
    assert con.execute("SELECT count(*) FROM papers WHERE pk != rowid").fetchone() == (0,)
    con.close()


def test_stepping_down_one_revision_keeps_the_papers_and_their_provenance(db_file):
    load(db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0001"))
    con = sqlite3.connect(db_file)
    assert con.execute("SELECT count(*) FROM papers").fetchone() == (57,)
    assert con.execute("SELECT count(*) FROM paper_sources").fetchone() == (57,)
    con.close()
    run(db_file, migrate)  # upgrades with data in place must not copy papers (cascades)
    con = sqlite3.connect(db_file)
    assert con.execute("SELECT count(*) FROM paper_sources").fetchone() == (57,)
    con.close()


OPERATOR_ABSTRACT = (
    "We prove that the regret stays below the bound whenever $\\epsilon \\leq 1/T$ and the step size is"
    " small; for larger steps a < b fails, which our experiments on bandit benchmarks confirm."
)


def test_papers_whose_abstract_has_an_operator_are_rekeyed_and_keep_their_former_id(db_file, write):
    import hashlib

    from etl.text.identity import paper_id

    listing = str(write("ops.txt", listing_text(OPERATOR_ABSTRACT, "A plain abstract about graph neural networks.")))
    load(db_file, [listing])
    new = paper_id(OPERATOR_ABSTRACT)
    # the id revision 0013 gave it: operators were spaces then
    words = (
        "we prove that the regret stays below the bound whenever ε 1 t and the step size is small for larger steps a b"
    )
    words += " fails which our experiments on bandit benchmarks confirm"
    old = hashlib.sha256(words.encode()).hexdigest()[:16]
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0013"))
    assert (old,) in rows(db_file, "SELECT id FROM papers")
    assert rows(db_file, "SELECT count(*) FROM paper_keywords WHERE paper_id = ?", [old])[0][0] > 0
    run(db_file, migrate)
    assert (new,) in rows(db_file, "SELECT id FROM papers") and (old,) not in rows(db_file, "SELECT id FROM papers")
    assert rows(db_file, "SELECT former_id, paper_id, revision FROM paper_former_ids") == [(old, new, "0014")]
    assert rows(db_file, "SELECT count(*) FROM paper_keywords WHERE paper_id = ?", [old]) == [(0,)]
    assert rows(db_file, "SELECT count(*) FROM paper_sources WHERE paper_id = ?", [new]) == [(1,)]
    assert rows(db_file, "PRAGMA foreign_key_check") == []
    # the next load of the same file finds the paper under its new id: nothing added or removed
    summary = load(db_file, [listing], rescore=True)
    assert (summary.papers_added, summary.papers_removed) == (0, 0)


def test_what_alembic_compares_is_the_schema_the_load_writes_to():
    """Alembic's MetaData (the declarative base's) is the schema's, every Core table the writer's
    column lists come from; no ORM class is mapped onto it (queries use SQL or Core)."""
    from etl.store import models, schema

    assert models.Base.metadata is schema.metadata and len(schema.metadata.tables) >= 20
    assert not models.Base.registry.mappers
    for name in schema.metadata.tables:
        assert schema.table(name) is schema.metadata.tables[name], name


def test_a_load_into_a_database_at_head_imports_neither_alembic_nor_the_orm(db_file, write):
    import subprocess
    import sys

    load(db_file)
    listing = write("new.txt", listing_text("We study loads that import only what they need, and nothing more."))
    script = (
        "import sys; from etl.load import load; load(sys.argv[1], [sys.argv[2]]);"
        "print(sorted(m for m in ('alembic', 'sqlalchemy.orm', 'etl.store.models') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", script, db_file, str(listing)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_revision_0024_puts_the_abstract_as_written_back_in_papers_and_down_again(db_file):
    load(db_file)  # (the seeds: two abstracts have TeX dashes and quotes the reading form cleans)
    written = rows(db_file, "SELECT id, abstract, abstract_clean FROM papers ORDER BY id")
    assert sum(c is not None for _, _, c in written) == 2
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0023"))
    # as revision 0023 kept them: the cleaned text in papers, the text as written in its record
    assert rows(db_file, "SELECT id, abstract FROM papers ORDER BY id") == [(p, c or a) for p, a, c in written]
    assert sorted(rows(db_file, "SELECT abstract FROM paper_sources WHERE abstract IS NOT NULL")) == sorted(
        (a,) for _, a, c in written if c is not None
    )
    run(db_file, migrate)
    assert rows(db_file, "SELECT id, abstract, abstract_clean FROM papers ORDER BY id") == written
    assert rows(db_file, "SELECT count(abstract) FROM paper_sources") == [(0,)]
    assert rows(db_file, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH 'abstract: graph'")[0][0] > 0
    words = "SELECT count(*) FROM papers_fts_words WHERE papers_fts_words MATCH 'abstract_clean: graph'"
    assert rows(db_file, words)[0][0] > 0
    assert rows(db_file, "INSERT INTO papers_fts (papers_fts) VALUES ('integrity-check')") == []
    assert rows(db_file, "INSERT INTO papers_fts_words (papers_fts_words) VALUES ('integrity-check')") == []
    summary = load(db_file)
    assert (summary.files_unchanged, summary.papers_updated) == (3, 0)


# -- revision 0026: what the rules of issue 41 read otherwise is read again --------------------------

ICLR2017 = json.loads((Path(__file__).parent / "fixtures" / "iclr2017.json").read_text(encoding="utf-8"))
PROTO = ICLR2017[0]["title"]
STATE = """SELECT p.id, p.venue, p.title, p.abstract, p.citations, p.author_keywords, count(ps.position)
    FROM papers p JOIN paper_sources ps ON ps.paper_id = p.id GROUP BY p.id ORDER BY p.id"""


def _iclr2017(changes: dict[tuple[int, str], object] | None = None) -> str:
    """The four ICLR 2017 records, with {(record, field): value} changed."""
    records = json.loads(json.dumps(ICLR2017))
    for (n, key), value in (changes or {}).items():
        records[n][key] = value
    return json.dumps(records)


def _jsonl(*records: tuple[str, str]) -> str:
    """JSON lines of ICLR 2017 records: (venue, title) each."""
    return "".join(json.dumps({"title": title, "venue": venue, "year": 2017}) + "\n" for venue, title in records)


def _old_usable(abstract, title=None) -> bool:
    """`is_usable_abstract` before revision 0026: glyph codes and math were words."""
    from etl.text.placeholders import is_missing_abstract, is_placeholder

    return not is_placeholder(abstract) and (is_placeholder(title) or not is_missing_abstract(abstract))


# (what a file held, the rule as it was when it was loaded, the file the revision has read again)
STALE = {
    "glyph abstracts": (
        {"iclr2017.json": _iclr2017({(n, "abstract"): "(cid:0) (cid:1) (cid:2)" for n in range(3)})},
        ("etl.sources.validate.is_usable_abstract", _old_usable),
        "iclr2017.json",
    ),
    "a citation count": (
        {"iclr2017.json": _iclr2017({(0, "gs_citation"): 3_000_000_000})},
        ("etl.sources.fields.MAX_COUNT", 2**62),
        "iclr2017.json",
    ),
    "an author keyword": (
        {"iclr2017.json": _iclr2017({(1, "keywords"): "Deep learning;" + "k" * 300})},
        ("etl.sources.paperlists.MAX_KEYWORD_CHARS", 10**6),
        "iclr2017.json",
    ),
    "a venue": (  # (the file's first venue stands in for the one left out)
        {"a.jsonl": _jsonl(("ICLR", ICLR2017[1]["title"]), ("ICLR\u200b", PROTO))},
        ("etl.sources.fields.venue_problem", lambda venue: None),
        "a.jsonl",
    ),
    "a joined record": (  # (the paper it joined retitled by a load that did not take it apart)
        {"iclr2017.json": _iclr2017(), "extra.csv": f"title,venue,year,doi\n{PROTO},ICLR,2017,10.1/proto\n"},
        ("etl.load.run.take_apart", lambda *args: {}),
        "extra.csv",
    ),
}


@pytest.mark.parametrize("kind", list(STALE))
def test_revision_0026_has_what_the_new_rules_read_otherwise_read_again(tmp_path, monkeypatch, kind):
    """A database loaded under the old rule holds what a cold load no longer makes; upgrading marks
    the file that holds it (and only that one) to be read again, and the next load of the files
    leaves the database as a cold load does."""
    files, (rule, old), marked = STALE[kind]
    folder = tmp_path / "d"
    folder.mkdir()
    for name, content in files.items():
        (folder / name).write_text(content, encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db = str(tmp_path / "p.db")
    monkeypatch.setattr(rule, old)
    # (nor did revision 0041's rules hold: three glyph abstracts were one paper, one abstract)
    monkeypatch.setattr("etl.load.records.abstracts_of_others", lambda claims: set())
    monkeypatch.setattr("etl.text.placeholders.is_cut_short", lambda text: False)
    load(db, [str(folder)])
    if kind == "a joined record":
        (folder / "iclr2017.json").write_text(_iclr2017({(0, "title"): PROTO.replace("Learning", "Tasks")}))
        load(db, [str(folder)])
    monkeypatch.undo()
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    assert rows(db, STATE) != rows(cold, STATE)
    assert marked_after_upgrade(db, "0025") == [(str(folder / marked),)]  # (to before 0026)
    load(db, [str(folder)])
    assert rows(db, STATE) == rows(cold, STATE)


def test_revision_0026_removes_former_ids_that_name_a_paper_or_that_a_paper_gone_left(db_file):
    load(db_file)
    papers = [pid for (pid,) in rows(db_file, "SELECT id FROM papers ORDER BY id LIMIT 2")]
    former = [
        (papers[0], papers[0], "merged"),  # (an id that is a paper again: no former id)
        ("0000000000000001", papers[1], "merged"),  # (the paper a merged paper's records went back to)
        ("0000000000000002", papers[0], "merged"),  # (a paper with its abstract: stays resolvable)
        ("0000000000000003", papers[1], "0017"),
    ]
    con = sqlite3.connect(db_file)
    with con:
        con.execute("UPDATE papers SET abstract = NULL WHERE id = ?", [papers[1]])  # (a paper given back)
        con.executemany("INSERT INTO paper_former_ids VALUES (?, ?, ?)", former)
    con.close()
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0025"))  # (to before 0026)
    run(db_file, migrate)
    assert rows(db_file, "SELECT * FROM paper_former_ids ORDER BY 1") == former[2:]


LINKS = (
    'SELECT paper_id, "offset", url, url_key, raw, kind, host, owner, repo, path, is_official, source_id'
    ' FROM paper_links ORDER BY paper_id, "offset"'
)
STATUS = "SELECT id, code_status FROM papers ORDER BY id"
REPOS = "SELECT host, owner, name, url, url_key, papers FROM repos ORDER BY url_key"  # (ids: kept, as loads keep them)


def test_revision_0027_derives_links_and_code_status_as_a_load_of_this_release_does(db_file, write):
    from tests.test_availability import FIXTURE

    load(db_file)  # (the seeds' abstracts cite GitHub repositories, GitHub Pages and arXiv)
    load(db_file, [str(write("ijcai2021.json", FIXTURE.read_text(encoding="utf-8")))])
    loaded = [rows(db_file, LINKS), rows(db_file, STATUS), rows(db_file, REPOS)]
    assert {"video", "licence", "code", "paper"} <= {row[5] for row in loaded[0]}
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0026"))
    # as revision 0026's rules (0024's, for links) left them: no kinds of their own, no query (so the IJCAI paper's
    # second video was the first's), every paper a source gives a link released
    con = sqlite3.connect(db_file)
    con.execute("UPDATE paper_links SET url = substr(url, 1, instr(url, '?') - 1) WHERE instr(url, '?')")
    con.execute("UPDATE paper_links SET url_key = lower(url)")
    con.execute("DELETE FROM paper_links WHERE url_key = 'https://youtube.com/watch' AND source_id IS NOT NULL")
    con.commit()
    con.close()
    assert {kind for (kind,) in rows(db_file, "SELECT kind FROM paper_links")} <= {
        "repo",
        "user",
        "pages",
        "gist",
        "other",
    }
    assert rows(db_file, "SELECT count(*) FROM papers WHERE title LIKE 'ErfAct%' AND code_status = 'released'") == [
        (1,)
    ]
    assert rows(db_file, "SELECT count(*) FROM repos WHERE host != 'github.com'") == [(0,)]
    run(db_file, migrate)
    assert [rows(db_file, LINKS), rows(db_file, STATUS), rows(db_file, REPOS)] == loaded


def test_revision_0036_drops_made_up_links_and_releases_only_code_as_a_load_does(db_file, write):
    from tests.test_made_up import FIXTURE as MADE_UP

    files = [str(write(name, json.dumps(records))) for name, records in json.loads(MADE_UP.read_text()).items()]
    load(db_file, files)
    loaded = [rows(db_file, LINKS), rows(db_file, STATUS), rows(db_file, REPOS)]
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0035"))  # (to before 0036)
    # as revision 0027's rules leave them: the made-up links kept, and released through them, a
    # user's page or a link the abstract promises
    assert rows(db_file, "SELECT count(*) FROM paper_links WHERE url LIKE '%summarizer%'") == [(2,)]
    assert rows(db_file, "SELECT count(*) FROM papers WHERE code_status = 'released'") == [(8,)]  # (all eight)
    assert rows(db_file, "SELECT count(*) FROM repos WHERE owner = 'author'") == [(1,)]
    run(db_file, migrate)
    assert [rows(db_file, LINKS), rows(db_file, STATUS), rows(db_file, REPOS)] == loaded


def test_revision_0028_lists_each_person_once_as_a_cold_load_does(tmp_path, monkeypatch):
    """A database the rules before revision 0028 made, migrated: each author once, accents in
    place, affiliations, counts and trends as a cold load of the new rules leaves them. The
    affiliations of lists written twice (not kept then) are read from their files, or, for a
    file that is not there when the database is migrated, by the next load that names it."""
    from etl.text import authors
    from tests.people import catalogue_files

    files = catalogue_files(tmp_path)
    # (Taiwan's institutions as before revision 0038 on both sides: icra2015.json names one, and
    # 0038 has its file read again by the next load: its own test; and the merge key with the
    # particles of a family name, as before revision 0056: nips2016.json names `Filip De Turck`, and
    # 0056 has its file read again by the next load: its own test)
    monkeypatch.setattr("etl.extract.affiliations.institution_country", lambda name, country: country)
    monkeypatch.setattr("etl.text.authors.without_particles", lambda name: name)
    authors.name_key.cache_clear()
    try:
        _revision_0028(tmp_path, monkeypatch, files)
    finally:
        authors.name_key.cache_clear()  # (no key of the patched rule outlives the test)


def _revision_0028(tmp_path, monkeypatch, files) -> None:
    from alembic.script import ScriptDirectory

    from tests.people import AUTHOR_TWICE, people, rules_before_0028

    cold, db_file = str(tmp_path / "cold.db"), str(tmp_path / "old.db")
    load(cold, files)
    expected = people(cold)
    with rules_before_0028(monkeypatch):
        load(db_file, files)
    before = people(db_file)
    assert rows(db_file, AUTHOR_TWICE) == [(4,)] and any("Go¨hring" in row[3] for row in before["paper_authors"])
    assert before != expected
    parent = ScriptDirectory.from_config(alembic_config()).get_revision("0028").down_revision
    unmoved = str(tmp_path / "old-unmoved.db")
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), parent))
    copy_database(db_file, Path(unmoved))
    run(unmoved, migrate)
    assert people(unmoved) == expected
    # (icra2015.json read again for 0038, nips2016.json for 0056, iros2013.json for 0057: it names `University of
    # California, Berkeley`, a comma in a name, filed as before: the rows it makes the same)
    assert load(unmoved, files).files_unchanged == 1
    assert people(unmoved) == expected
    # icra2015.json elsewhere while the database is migrated, back for the next load
    away = tmp_path / "away.json"
    os.rename(files[1], away)
    run(db_file, migrate)
    assert rows(db_file, AUTHOR_TWICE) == [(0,)]
    migrated = people(db_file)
    for table in ("paper_authors", "authors", "papers", "author_trend_counts"):
        assert migrated[table] == expected[table], table
    assert set(migrated["paper_affiliations"]) < set(expected["paper_affiliations"])
    os.rename(away, files[1])
    summary = load(db_file, files)
    assert (summary.files_loaded, summary.files_unchanged, summary.papers_updated) == (3, 1, 0)
    assert people(db_file) == expected


# -- revision 0035: CSV-quoted titles and abstracts, DOIs given as addresses, read again ------------------

ECCV2022 = (Path(__file__).parent / "fixtures" / "eccv2022.json").read_text(encoding="utf-8")
TEXTS = """SELECT p.id, p.title, p.title_key, p.abstract_clean, p.keywords, i.scheme, i.value FROM papers p
    LEFT JOIN paper_ids i ON i.paper_id = p.id ORDER BY p.id, i.scheme"""


@pytest.mark.parametrize(
    "rule, old",
    [
        ("etl.text.cleaning.csv_unquoted", lambda text: text),
        ("etl.sources.paperlists.doi_of", lambda value: value.strip().removeprefix("https://doi.org/") or None),
    ],
)
def test_revision_0035_has_csv_quoted_texts_and_dois_given_as_addresses_read_again(tmp_path, monkeypatch, rule, old):
    """A database loaded under the old rules holds ECCV 2022's titles and abstracts in a CSV writer's
    quotes, or its DOIs as Springer addresses; upgrading marks that file (and no other) to be read
    again, and the next load leaves the database as a cold load does, with the same paper ids."""
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / "eccv2022.json").write_text(ECCV2022, encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, {rule: old})
    assert rows(db, TEXTS) != rows(cold, TEXTS)
    assert rows(db, "SELECT id FROM papers ORDER BY id") == rows(cold, "SELECT id FROM papers ORDER BY id")
    assert marked_after_upgrade(db, "0034") == [(str(folder / "eccv2022.json"),)]  # (to before 0035)
    load(db, [str(folder)])
    assert rows(db, TEXTS) == rows(cold, TEXTS)


# -- revision 0037: the people the reader's report found read otherwise, read again ---------------------------

PEOPLE = "SELECT paper_id, position, name FROM paper_authors ORDER BY paper_id, position"


def _forget_names() -> None:
    """The name rules' caches emptied (they keep what a rule gave: a rule patched must not outlive the patch)."""
    from etl.text import authors

    for value in vars(authors).values():
        if hasattr(value, "cache_clear"):
            value.cache_clear()


@pytest.mark.parametrize(
    "rule, old",
    [
        ("etl.text.authors.repair_name", lambda name: name),  # (`Linh KU+000E4stner` as written)
        ("etl.text.authors.is_name_suffix", lambda name: False),  # (`Jr` a person of its own)
    ],
)
def test_revision_0037_has_records_whose_people_the_new_rules_read_otherwise_read_again(
    tmp_path, monkeypatch, rule, old
):
    """A database loaded under the old name rules holds `Linh KU+000E4stner`, or `Jr` as an author;
    upgrading marks the file holding that record (and not the listing beside it) to be read again,
    and the next load leaves the people as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    people = "Linh KU+000E4stner;Guy L. Steele;Jr;Richard Zemel"
    (folder / "iclr2017.json").write_text(_iclr2017({(0, "author"): people, (0, "aff"): ";;;"}), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db = str(tmp_path / "p.db")
    monkeypatch.setattr(rule, old)
    _forget_names()
    load(db, [str(folder)])
    monkeypatch.undo()
    _forget_names()
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    assert rows(db, PEOPLE) != rows(cold, PEOPLE)
    assert ("Linh Kästner",) in rows(cold, "SELECT name FROM authors")
    assert marked_after_upgrade(db, "0036") == [(str(folder / "iclr2017.json"),)]  # (to before 0037)
    load(db, [str(folder)])
    assert rows(db, PEOPLE) == rows(cold, PEOPLE)
    assert rows(db, "SELECT name, papers FROM authors ORDER BY name") == rows(
        cold, "SELECT name, papers FROM authors ORDER BY name"
    )


# -- revision 0038: institutions of Taiwan, read again ----------------------------------------------------

AFFILIATIONS = "SELECT paper_id, position, name, country FROM paper_affiliations ORDER BY paper_id, position, name"


def test_revision_0038_has_records_naming_an_institution_of_taiwan_read_again(tmp_path, monkeypatch):
    """A database loaded before the rule holds National Taiwan University under `China`, as paperlists
    gives it; upgrading marks the file holding that record (and not the listing beside it) to be
    read again, and the next load leaves the affiliations and institutions as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    record = {
        (0, "author"): "Chih Chung Chou;Chieh-Chih Wang",
        (0, "aff"): "National Taiwan University;National Taiwan University",
        (0, "aff_unique_norm"): "National Taiwan University",
        (0, "aff_unique_index"): "0;0",
        (0, "aff_country_unique"): "China",
        (0, "aff_country_unique_index"): "0;0",
    }
    (folder / "iclr2017.json").write_text(_iclr2017(record), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(
        tmp_path, folder, monkeypatch, {"etl.extract.affiliations.institution_country": lambda name, country: country}
    )
    assert rows(db, "SELECT DISTINCT country FROM paper_affiliations") == [("China",)]
    assert rows(cold, "SELECT name, country FROM institutions") == [("National Taiwan University", "Taiwan")]
    assert marked_after_upgrade(db, "0037") == [(str(folder / "iclr2017.json"),)]  # (to before 0038)
    load(db, [str(folder)])
    assert rows(db, AFFILIATIONS) == rows(cold, AFFILIATIONS)
    assert rows(db, "SELECT name, country, papers FROM institutions") == rows(
        cold, "SELECT name, country, papers FROM institutions"
    )


# -- revision 0041: what the reader's identity report found read again ----------------------------------------

IDENTITY_RECORDS = (Path(__file__).parent / "fixtures" / "identity_records.json").read_text(encoding="utf-8")
PAPERS_AND_TEXTS = "SELECT id, title, abstract, venue, year FROM papers ORDER BY id"


@pytest.mark.parametrize(
    "rule, old",
    [
        ("etl.load.records.abstracts_of_others", lambda claims: set()),  # (one abstract, one paper)
        ("etl.sources.validate.is_front_matter", lambda title: False),  # (a preface a paper)
        ("etl.text.placeholders.is_cut_short", lambda text: False),  # (`Guy J. Brown` an abstract)
    ],
)
def test_revision_0041_has_records_the_identity_rules_read_otherwise_read_again(tmp_path, monkeypatch, rule, old):
    """A database loaded under the old rules holds "Boosting Decision Trees" and "From Isolation to
    Cooperation" as one paper, a preface as a paper, or an author's name as an abstract; upgrading
    marks the file holding them (and not the listing beside it) to be read again, and the next
    load leaves the papers as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    records = [{k: v for k, v in r.items() if k != "excerpt_of"} for r in json.loads(IDENTITY_RECORDS)]
    (folder / "nips1995.json").write_text(json.dumps(records), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, {rule: old})
    assert rows(db, PAPERS_AND_TEXTS) != rows(cold, PAPERS_AND_TEXTS)
    assert marked_after_upgrade(db, "0040") == [(str(folder / "nips1995.json"),)]  # (to before 0041)
    load(db, [str(folder)])
    assert rows(db, PAPERS_AND_TEXTS) == rows(cold, PAPERS_AND_TEXTS)


# -- revision 0042: the ids and text the reader's report found read otherwise, read again ----------------------

IDS_AND_TEXT = (
    "SELECT p.id, i.scheme, i.value, p.title, coalesce(p.abstract_clean, p.abstract) FROM papers p"
    " LEFT JOIN paper_ids i ON i.paper_id = p.id ORDER BY p.id, i.scheme, i.value"
)
CATALOGUE = Path(__file__).parent / "fixtures" / "catalogue"


@pytest.mark.parametrize(
    "rules, name, changes",
    [
        (  # (no PMLR key)
            {
                "etl.sources.paperlists.pmlr_entry_key": lambda text: None,
                "etl.sources.paperlists.pmlr_key": lambda text: None,
            },
            "icml2017.json",
            {},
        ),
        (  # (IEEE Xplore's markup as written)
            {"etl.text.cleaning.ieee_text": lambda text: text},
            "iclr2017.json",
            {(0, "title"): "/spl sigma/SLAM: stereo vision SLAM", (0, "abstract"): "Sensitive to 5 /spl mu/m."},
        ),
    ],
)
def test_revision_0042_has_records_whose_ids_or_text_the_new_rules_read_otherwise_read_again(
    tmp_path, monkeypatch, rules, name, changes
):
    """A database loaded under the old rules has no PMLR key, or `/spl sigma/` in a title; upgrading
    marks the file holding that record (and not the listing beside it) to be read again, and the
    next load leaves the ids and text as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    records = json.loads((CATALOGUE / name).read_text(encoding="utf-8"))
    for (i, field), value in changes.items():
        records[i][field] = value
    (folder / name).write_text(json.dumps(records), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, rules)
    assert rows(db, IDS_AND_TEXT) != rows(cold, IDS_AND_TEXT)
    assert marked_after_upgrade(db, "0041") == [(str(folder / name),)]  # (to before 0042)
    load(db, [str(folder)])
    assert rows(db, IDS_AND_TEXT) == rows(cold, IDS_AND_TEXT)


# -- revision 0043: paper_titles names a title's source by its file name --------------------------------------

IROS2020 = [  # (shaped as the catalogue's iros/iros2020.json records, whose path the view showed whole)
    {
        "title": "Extrinsic and Temporal Calibration of Automotive Radar and 3D LiDAR",
        "author": "Chia-Le Lee;Chun-Yu Hsueh",
        "status": "Poster",
        "site": "https://ieeexplore.ieee.org/document/9341715",
        "abstract": "We calibrate an automotive radar against a 3D LiDAR in space and time with a single target.",
    }
]


def test_revision_0043_shows_a_titles_source_by_its_file_name_and_keeps_the_path_in_sources(db_file, write):
    path = write("cat/paperlists-catalogue/iros/iros2020.json", json.dumps(IROS2020))
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT source FROM paper_titles") == [("iros2020.json",)]
    assert rows(db_file, "SELECT s.path FROM paper_titles t JOIN sources s ON s.id = t.source_id") == [(str(path),)]
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0042"))
    assert rows(db_file, "SELECT source FROM paper_titles") == [(str(path),)]  # (as before: the whole path)
    run(db_file, migrate)
    assert rows(db_file, "SELECT source FROM paper_titles") == [("iros2020.json",)]


# -- revision 0045: the BibTeX DOIs and IEEE Xplore article numbers the reader's report found missing ------------

LIBRARIAN = json.loads((Path(__file__).parent / "fixtures" / "librarian_ids.json").read_text(encoding="utf-8"))


def test_revision_0045_has_records_with_a_bibtex_doi_or_an_ieee_address_read_again(tmp_path, monkeypatch):
    """A database loaded under the old rules has no DOI of IJCAI's BibTeX and no IEEE Xplore article
    number; upgrading marks the files holding such records (not RSS 2005's, whose record without an
    abstract takes no DOI, nor the listing beside them), and the next load gives the ids a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    for name in ("ijcai2023", "icra2020", "rss2005"):
        (folder / f"{name}.json").write_text(json.dumps(LIBRARIAN[name]), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    old_rules = {
        "etl.sources.paperlists.bibtex_doi": lambda text: None,
        "etl.sources.paperlists.ieee_article_number": lambda text: None,
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, IDS_AND_TEXT) != rows(cold, IDS_AND_TEXT)
    marked = marked_after_upgrade(db, "0044", "0045")  # (to before 0045; 0053 also marks RSS 2005's, for its DOI)
    assert marked == [(str(folder / "icra2020.json"),), (str(folder / "ijcai2023.json"),)]
    load(db, [str(folder)])
    assert rows(db, IDS_AND_TEXT) == rows(cold, IDS_AND_TEXT)


# -- revision 0046: abstracts with a quote mark left unpaired, authors with a name twice, read again ------------

TEXT_AND_AUTHORS = (
    "SELECT p.id, coalesce(p.abstract_clean, p.abstract), pa.position, pa.name FROM papers p"
    " LEFT JOIN paper_authors pa ON pa.paper_id = p.id ORDER BY p.id, pa.position"
)


def _people_once_by_key(names):
    """The rule before revision 0046: each merge key once, at its first place."""
    from etl.text.authors import people

    seen: set[str] = set()
    return [p for p in people(names) if not (p[2] in seen or seen.add(p[2]))]


@pytest.mark.parametrize(
    "rules, changes",
    [
        (  # (ECCV 2020: a `"` the source appended, kept)
            {"etl.text.cleaning.unpaired_quotes_dropped": lambda text: text},
            {(0, "abstract"): ICLR2017[0]["abstract"] + '"'},
        ),
        (  # (NeurIPS 2003: `Hier- archical` as written)
            {"etl.text.cleaning.joined_line_breaks": lambda text: text},
            {(0, "abstract"): "Hier- archical models. " + ICLR2017[0]["abstract"]},
        ),
        (  # (COLING 2020: the second Bing Liu dropped)
            {"etl.extract.bibliography.people": _people_once_by_key},
            {(0, "author"): "Hu Xu; Honglei Liu; Bing Liu; Pararth Shah; Bing Liu; Philip Yu"},
        ),
    ],
)
def test_revision_0046_has_records_whose_text_or_authors_the_new_rules_read_otherwise_read_again(
    tmp_path, monkeypatch, rules, changes
):
    """A database loaded under the old rules keeps the stray quote, `Hier- archical`, or one Bing Liu; upgrading marks
    the file holding that record (and not the listing beside it) to be read again, and the next
    load leaves the text and authors as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    name = "iclr2017.json"
    records = json.loads((CATALOGUE / name).read_text(encoding="utf-8"))
    for (i, field), value in changes.items():
        records[i][field] = value
    (folder / name).write_text(json.dumps(records), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, rules)
    assert rows(db, TEXT_AND_AUTHORS) != rows(cold, TEXT_AND_AUTHORS)
    assert marked_after_upgrade(db, "0045") == [(str(folder / name),)]  # (to before 0046)
    load(db, [str(folder)])
    assert rows(db, TEXT_AND_AUTHORS) == rows(cold, TEXT_AND_AUTHORS)


# -- revision 0047: countries in one spelling, read again --------------------------------------------------


@pytest.mark.parametrize(
    "given, shown",
    [
        ("Russia;United States", ["Russian Federation", "United States"]),  # (iclr2024.json's 8 `Russia`)
        ("Czechia", ["Czech Republic"]),
        ("Unknown", [None]),  # (paperlists' placeholder: 108 affiliations)
    ],
)
def test_revision_0047_has_records_giving_a_country_in_another_spelling_read_again(tmp_path, monkeypatch, given, shown):
    """A database loaded before the rule holds `Russia` beside `Russian Federation` (or `Unknown` as a
    country); upgrading marks the file holding that record (and not the listing beside it) to be
    read again, and the next load leaves the affiliations and institutions as a cold load does."""
    folder = tmp_path / "d"
    folder.mkdir()
    countries = given.split(";")
    record = {
        (0, "author"): "Anna Ivanova;Bob Smith",
        (0, "aff"): "Skoltech;MIT" if len(countries) == 2 else "Skoltech;Skoltech",
        (0, "aff_unique_norm"): "Skolkovo Institute of Science and Technology;Massachusetts Institute of Technology",
        (0, "aff_unique_index"): "0;1" if len(countries) == 2 else "0;0",
        (0, "aff_country_unique"): given,
        (0, "aff_country_unique_index"): "0;1" if len(countries) == 2 else "0;0",
    }
    (folder / "iclr2017.json").write_text(_iclr2017(record), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, {"etl.text.places.country_shown": lambda c: c})
    assert {c for (c,) in rows(db, "SELECT country FROM institutions")} == set(countries)
    assert {c for (c,) in rows(cold, "SELECT country FROM institutions")} == set(shown)
    assert marked_after_upgrade(db, "0046") == [(str(folder / "iclr2017.json"),)]  # (to before 0047)
    load(db, [str(folder)])
    assert rows(db, AFFILIATIONS) == rows(cold, AFFILIATIONS)
    assert rows(db, "SELECT name, country, papers FROM institutions") == rows(
        cold, "SELECT name, country, papers FROM institutions"
    )


def test_revision_0047_gives_a_link_written_with_a_port_its_port(tmp_path, monkeypatch):
    """A database loaded before the rule holds `http://nlp.uoregon.edu` for the link written
    `http://nlp.uoregon.edu:9000/` (NAACL 2022); upgrading gives it its port (no file is read
    again), as a cold load does; a load after changes nothing."""
    from etl.extract import links

    folder = tmp_path / "d"
    folder.mkdir()
    abstract = ICLR2017[0]["abstract"] + " A demo is at http://nlp.uoregon.edu:9000/."
    (folder / "iclr2017.json").write_text(_iclr2017({(0, "abstract"): abstract}), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    classify = links.classify
    old = {"etl.extract.links.classify": lambda host, path, scheme, port=None: classify(host, path, scheme)}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old)
    shown = "SELECT paper_id, url, raw FROM paper_links ORDER BY paper_id, url"
    assert [url for _, url, _ in rows(db, shown)] == ["http://nlp.uoregon.edu"]
    assert [url for _, url, _ in rows(cold, shown)] == ["http://nlp.uoregon.edu:9000"]
    assert marked_after_upgrade(db, "0046", "0047") == []  # (to before 0047; 0053 marks a file of unofficial links)
    assert rows(db, shown) == rows(cold, shown)
    assert rows(db, "SELECT url_key, host FROM paper_links") == rows(cold, "SELECT url_key, host FROM paper_links")
    assert load(db, [str(folder)]).files_unchanged == 2


# -- revision 0048: papers.url indexed; NeurIPS hashes and OpenReview records' addresses read again ------------

OWN_ADDRESSES = json.loads((Path(__file__).parent / "fixtures" / "own_addresses.json").read_text(encoding="utf-8"))
IDS_AND_URLS = (
    "SELECT p.id, p.url, i.scheme, i.value FROM papers p LEFT JOIN paper_ids i ON i.paper_id = p.id"
    " ORDER BY p.id, i.scheme, i.value"
)


def test_revision_0048_indexes_papers_url_and_has_neurips_and_openreview_records_read_again(tmp_path, monkeypatch):
    """A database loaded under the old rules has no NeurIPS proceedings key and no address for WWW 2024's and
    ACM MM 2024's records; upgrading indexes `papers.url` and marks the files holding such records
    (not CVPR's, ICML's or IJCAI's, nor the listing beside them), and the next load gives the ids and
    addresses a cold load does, the papers' ids unchanged."""
    folder = tmp_path / "d"
    folder.mkdir()
    for name in ("nips2013", "www2024", "acmmm2024", "cvpr2019", "icml2017", "ijcai2020"):
        (folder / f"{name}.json").write_text(json.dumps(OWN_ADDRESSES[name]), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    old_rules = {
        "etl.sources.paperlists.neurips_key": lambda text: None,
        "etl.sources.paperlists.openreview_address": lambda item: None,
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, IDS_AND_URLS) != rows(cold, IDS_AND_URLS)
    assert rows(db, "SELECT id FROM papers ORDER BY id") == rows(cold, "SELECT id FROM papers ORDER BY id")
    marked = marked_after_upgrade(db, "0047")  # (to before 0048)
    assert marked == [(str(folder / f"{name}.json"),) for name in ("acmmm2024", "nips2013", "www2024")]
    assert rows(db, "SELECT name FROM sqlite_master WHERE name = 'ix_papers_url'") == [("ix_papers_url",)]
    load(db, [str(folder)])
    assert rows(db, IDS_AND_URLS) == rows(cold, IDS_AND_URLS)


# -- revision 0053: author names and text read again (reader5) -----------------------------------------------------

NAMES_AND_TEXT = (
    "SELECT p.id, p.title, coalesce(p.abstract_clean, p.abstract), pa.position, pa.name, a.normalised FROM papers p"
    " LEFT JOIN paper_authors pa ON pa.paper_id = p.id LEFT JOIN authors a ON a.id = pa.author_id"
    " ORDER BY p.id, pa.position"
)


def test_revision_0053_has_records_whose_names_or_text_the_new_rules_read_otherwise_read_again(tmp_path, monkeypatch):
    """A database loaded under the old rules shows `Jaromı́r Plhák` and `Bingbing Ni⁴` as written and
    drops the `~` of "Humanoid Policy ~ Human Policy"; upgrading marks the files holding such records
    (not the listing beside them), and the next load makes the papers a cold load makes."""
    from etl.text import markup

    folder = tmp_path / "d"
    folder.mkdir()
    changes = {(0, "author"): "Jaromı́r Plhák; Bingbing Ni⁴", (2, "title"): "Humanoid Policy ~ Human Policy"}
    (folder / "iclr2017.json").write_text(_iclr2017(changes), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    tie = markup._tie
    old_rules = {
        "etl.text.name_repairs.repair_glyphs": lambda name: name,
        "etl.text.authors._GLUED_NUMBER": re.compile("(?!)"),
        "etl.text.authors._NOTE_MARKS": "*†‡§¶#",
        "etl.text.markup._tie": lambda text, start: " " if text[start - 1 : start + 2] == " ~ " else tie(text, start),
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, NAMES_AND_TEXT) != rows(cold, NAMES_AND_TEXT)
    marked = marked_after_upgrade(db, "0052", "0053")  # (to before 0053)
    assert marked == [(str(folder / "iclr2017.json"),)]
    load(db, [str(folder)])
    assert rows(db, NAMES_AND_TEXT) == rows(cold, NAMES_AND_TEXT)


def test_revision_0054_gives_links_to_hosts_the_table_does_not_list_their_www_as_a_load_does(db_file, write):
    """The sixth reader: `www.robots.ox.ac.uk` was linked as `robots.ox.ac.uk`. Down, every link's
    `www.` goes (as revision 0053's rules derived them); up, the links of hosts the hosts table does
    not list get it back, and the others (YouTube, GitHub) and a query's `www.` are as a load gives them."""
    abstracts = [
        "We study view synthesis for robots in homes and offices with a single camera."
        " Project page: https://www.robots.ox.ac.uk/~vgg/research/flash3d/ and data at www.ruizhang.info.",
        "We learn policies for legged robots from demonstrations recorded in the wild by volunteers."
        " Videos: https://www.youtube.com/watch?v=abc and code: https://www.github.com/a/b;"
        " a mirror: http://mirror.example.org/go?to=https://www.example.org/x.",
    ]
    load(db_file, [str(write("icml2024.txt", listing_text(*abstracts)))])
    loaded = rows(db_file, LINKS)
    assert {row[2] for row in loaded} >= {
        "https://www.robots.ox.ac.uk/~vgg/research/flash3d",
        "https://www.ruizhang.info",
    }
    assert {row[2] for row in loaded} >= {"https://youtube.com/watch?v=abc", "https://github.com/a/b"}
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0053"))
    assert not [row for row in rows(db_file, LINKS) if row[2].startswith(("https://www.", "http://www."))]
    assert rows(db_file, "SELECT count(*) FROM paper_links WHERE url LIKE '%to=https://www.example.org/x'") == [(1,)]
    run(db_file, migrate)
    assert rows(db_file, LINKS) == loaded


# -- revision 0055: headings, run-on author lists and prefaces read again (reader6) --------------------------------

HEADINGS_AND_NAMES = (
    "SELECT p.id, p.title, coalesce(p.abstract_clean, p.abstract), p.author_keywords, pa.position, pa.name FROM papers p"
    " LEFT JOIN paper_authors pa ON pa.paper_id = p.id ORDER BY p.id, pa.position"
)


def test_revision_0055_has_records_with_headings_run_on_names_or_prefaces_read_again(tmp_path, monkeypatch):
    """A database loaded under the old rules keeps an abstract's `Abstract:` heading and its
    trailing `Keywords:` list (no author keywords), one run-on author that the record's BibTeX
    lists as three, and COLT 2017's preface as a paper; upgrading marks the files holding such
    records (not the listing beside them), and the next load makes the papers a cold load makes."""
    folder = tmp_path / "d"
    folder.mkdir()
    abstract = ICLR2017[1]["abstract"]
    changes = {
        (1, "abstract"): f"Abstract: {abstract} Keywords: microrobot, magnetostrictive, bimorph.",
        (1, "keywords"): "",
        (2, "author"): "Balaraman Ravindran Pavan Ravishankar Pranshu Malviya",
        (2, "bibtex"): "@InProceedings{x21a, author = {Pavan Ravishankar, Pranshu Malviya, Balaraman Ravindran}}",
    }
    (folder / "iclr2017.json").write_text(_iclr2017(changes), encoding="utf-8")
    preface = {"title": "Preface: Conference on Learning Theory (COLT), 2017", "author": "Satyen Kale; Ohad Shamir"}
    (folder / "colt2017.json").write_text(json.dumps([dict(preface, status="Poster", abstract="")]), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    old_rules = {
        "etl.text.cleaning.headings_dropped": lambda text: text,
        "etl.sources.paperlists.trailing_keywords": lambda text: "",
        "etl.sources.paperlists.bibtex_names": lambda one, bibtex: one,
        "etl.text.front_matter._names_entry": lambda part, labelled: labelled and part.strip() == "Preface",
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, HEADINGS_AND_NAMES) != rows(cold, HEADINGS_AND_NAMES)
    assert rows(cold, "SELECT count(*) FROM papers WHERE title LIKE 'Preface%'") == [(0,)]
    marked = marked_after_upgrade(db, "0054", "0055")  # (to before 0055)
    assert marked == [(str(folder / "colt2017.json"),), (str(folder / "iclr2017.json"),)]
    load(db, [str(folder)])
    assert rows(db, HEADINGS_AND_NAMES) == rows(cold, HEADINGS_AND_NAMES)


# -- revision 0056: names with particles and text-mode symbols read again (names18) ---------------------------------

NAMES_AND_TITLES = (
    "SELECT p.id, p.title, pa.position, pa.name, a.name, a.normalised, a.papers FROM papers p"
    " LEFT JOIN paper_authors pa ON pa.paper_id = p.id LEFT JOIN authors a ON a.id = pa.author_id"
    " ORDER BY p.id, pa.position"
)


def test_revision_0056_has_records_with_particles_or_text_symbols_read_again(tmp_path, monkeypatch):
    """A database loaded under the old rules has `Mihaela Schaar` (PMLR's AISTATS 2018) and
    `Mihaela van der Schaar` as two authors and a NeurIPS title's `\\textquotesingle` as
    `quotesingle`; upgrading marks the file holding them (not the listing beside it), and the next
    load makes one author, shown with the particles, and the title a cold load makes."""
    folder = tmp_path / "d"
    folder.mkdir()
    changes = {
        (0, "author"): "Alexis Bellot; Mihaela Schaar",
        (1, "author"): "Changhee Lee; Mihaela van der Schaar",
        (2, "title"): "Making Latin Manuscripts Searchable using gHMM\\textquotesingle s",
    }
    (folder / "iclr2017.json").write_text(_iclr2017(changes), encoding="utf-8")
    (folder / "b.txt").write_text(listing_text(ICLR2017[3]["abstract"]), encoding="utf-8")  # (a bystander)
    old_rules = {"etl.text.authors.without_particles": lambda name: name, "etl.text.markup.TEXT_SYMBOLS": {}}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, NAMES_AND_TITLES) != rows(cold, NAMES_AND_TITLES)
    assert rows(cold, "SELECT name, papers FROM authors WHERE name LIKE 'Mihaela%'") == [("Mihaela van der Schaar", 2)]
    assert rows(
        cold, "SELECT count(*) FROM papers WHERE title = 'Making Latin Manuscripts Searchable using gHMM''s'"
    ) == [(1,)]
    marked = marked_after_upgrade(db, "0055", "0056")  # (to before 0056)
    assert marked == [(str(folder / "iclr2017.json"),)]
    load(db, [str(folder)])
    assert rows(db, NAMES_AND_TITLES) == rows(cold, NAMES_AND_TITLES)
