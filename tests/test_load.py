"""Loading: the bundled seeds, idempotence, provenance, replacement and atomic failure."""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys

import pytest

from etl.errors import InputError
from etl.extract.corpus import pool, ranking, worker_count
from etl.load import Progress, load
from etl.settings import schema_head
from etl.sources import bundled_listings_dir
from etl.sources.listing import paragraphs
from etl.store.engine import head_revision
from etl.text.identity import paper_id
from tests.conftest import FIXTURES
from tests.exports import bibtex, seed_abstracts
from tests.helpers import ABSTRACT_GNN, ABSTRACT_QUIP, ABSTRACT_ZKAUDIT, dump, listing_text, rows


def seed_paragraphs() -> list[str]:
    out = []
    for path in sorted(bundled_listings_dir().glob("*.txt")):
        lines = path.read_text(encoding="utf-8").split("\n")
        out += [text for _, text in paragraphs(lines, 1)]
    return out


def test_seeds_give_57_papers_verbatim(db_file):
    """Each abstract as written is the paper's (papers.abstract, as the contract says), and its
    reading form beside it where cleaning changes it (papers.abstract_clean: TeX dashes and quotes
    in two of these)."""
    from etl.text.cleaning import clean_abstract

    summary = load(db_file)
    assert (summary.files_loaded, summary.papers_added) == (3, 57)
    assert rows(db_file, "SELECT venue, year, count(*) FROM papers GROUP BY 1, 2") == [("ICML", 2024, 57)]
    written = {a for (a,) in rows(db_file, "SELECT abstract FROM papers")}
    assert written == set(seed_paragraphs()) and len(seed_paragraphs()) == 57
    cleaned = {a for (a,) in rows(db_file, "SELECT coalesce(abstract_clean, abstract) FROM papers")}
    assert cleaned == {clean_abstract(a) for a in seed_paragraphs()} and len(cleaned - written) == 2
    assert rows(db_file, "SELECT count(abstract_clean) FROM papers") == [(2,)]
    assert rows(db_file, "SELECT count(*) FROM papers_text") == [(57,)]
    assert rows(db_file, "SELECT count(*), count(abstract) FROM paper_sources") == [(57, 0)]
    assert rows(db_file, "SELECT count(*) FROM papers WHERE id IS NULL OR length(id) != 16") == [(0,)]


def test_reload_changes_nothing(db_file):
    load(db_file)
    before = dump(db_file)
    summary = load(db_file)
    assert (summary.files_unchanged, summary.files_loaded, summary.papers_added) == (3, 0, 0)
    assert dump(db_file) == before
    assert rows(db_file, "SELECT count(*), sum(files_unchanged) FROM etl_runs") == [(2, 3)]


def test_renamed_copy_adds_provenance_not_papers(db_file, tmp_path):
    load(db_file)
    seed = next(bundled_listings_dir().glob("000_*.txt"))
    copy = tmp_path / "renamed copy é.txt"
    shutil.copy(seed, copy)
    summary = load(db_file, [str(copy)])
    assert (summary.papers_added, summary.papers_updated) == (0, 0)
    assert rows(db_file, "SELECT count(*) FROM papers") == [(57,)]
    assert rows(db_file, "SELECT count(*) FROM sources") == [(4,)]
    assert rows(db_file, "SELECT count(DISTINCT source_id) FROM paper_sources") == [(4,)]


def test_paper_ids_are_the_same_in_every_build(db_file):
    """The README promises it: users join on papers.id, so it is pinned here as a literal."""
    load(db_file)
    [(pid,)] = rows(
        db_file, "SELECT id FROM papers WHERE abstract LIKE 'There is an increasing conflict between business%'"
    )
    assert pid == "62e304599e45aa59"


def test_same_abstract_in_two_files_is_one_paper(db_file, write):
    a = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    b = write("b.txt", listing_text(ABSTRACT_GNN.replace("*widely*", "widely"), ABSTRACT_ZKAUDIT))
    load(db_file, [str(a), str(b)])
    assert rows(db_file, "SELECT count(*) FROM papers") == [(3,)]
    assert rows(
        db_file,
        "SELECT s.path, ps.position, ps.line FROM paper_sources ps JOIN sources s ON s.id = ps.source_id"
        " WHERE ps.paper_id = ? ORDER BY s.path",
        (paper_id(ABSTRACT_GNN),),
    ) == [(str(a), 2, 5), (str(b), 1, 3)]


def test_changed_file_replaces_its_provenance_and_drops_orphans(db_file, write):
    path = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    load(db_file, [str(path)])
    # ZkAudit replaces QuIP#; the GNN abstract gains a typo fix in punctuation only
    write("a.txt", listing_text(ABSTRACT_ZKAUDIT, ABSTRACT_GNN.replace("prediction.", "prediction!")))
    summary = load(db_file, [str(path)])
    assert (summary.papers_added, summary.papers_updated, summary.papers_removed) == (1, 1, 1)
    assert sorted(rows(db_file, "SELECT id FROM papers")) == sorted(
        [(paper_id(ABSTRACT_ZKAUDIT),), (paper_id(ABSTRACT_GNN),)]
    )
    assert rows(db_file, "SELECT abstract FROM papers WHERE id = ?", (paper_id(ABSTRACT_GNN),))[0][0].endswith(
        "prediction! We study their expressive power and propose a simple positional encoding with provable guarantees."
    )
    assert rows(db_file, "SELECT position, paper_id FROM paper_sources ORDER BY position") == [
        (1, paper_id(ABSTRACT_ZKAUDIT)),
        (2, paper_id(ABSTRACT_GNN)),
    ]


def test_paper_still_listed_elsewhere_is_kept(db_file, write):
    a = write("a.txt", listing_text(ABSTRACT_QUIP))
    b = write("b.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    load(db_file, [str(a), str(b)])
    write("b.txt", listing_text(ABSTRACT_GNN))
    assert load(db_file, [str(b)]).papers_removed == 0
    assert rows(db_file, "SELECT count(*) FROM papers") == [(2,)]


def test_failing_run_leaves_database_untouched(db_file, write):
    load(db_file)
    before = dump(db_file)
    runs = rows(db_file, "SELECT count(*) FROM etl_runs")
    good = write("good.txt", listing_text(ABSTRACT_QUIP))
    bad = write("bad.txt", b"ICML 2024 Papers\n\nCaf\xe9.\n")
    with pytest.raises(InputError, match=re.escape("bad.txt:3: not valid UTF-8")):
        load(db_file, [str(good), str(bad)])
    assert dump(db_file) == before
    assert rows(db_file, "SELECT count(*) FROM etl_runs") == runs


def test_failing_first_run_leaves_no_database(db_file, write):
    bad = write("bad.txt", "no header here\n\nnor here\n")
    with pytest.raises(InputError):
        load(db_file, [str(bad)])
    assert not [p for p in os.listdir(os.path.dirname(db_file)) if p.startswith("papers.db")]


def test_keep_going_skips_bad_files_and_loads_the_rest(db_file, write):
    good = write("good.txt", listing_text(ABSTRACT_QUIP))
    bad = write("bad.txt", b"\x00\x01")
    summary = load(db_file, [str(good), str(bad)], keep_going=True)
    assert summary.failed == [f"{bad}:1: binary file (NUL byte); expected UTF-8 text"] and summary.skipped == []
    assert summary.status == "partial"
    assert rows(db_file, "SELECT count(*) FROM papers") == [(1,)]
    assert rows(db_file, "SELECT status, files_skipped FROM etl_runs") == [("partial", 1)]


def test_directory_load_reports_junk_but_succeeds(db_file, write, tmp_path):
    write("in/a.txt", listing_text(ABSTRACT_QUIP))
    write("in/readme.md", "# notes")
    summary = load(db_file, [str(tmp_path / "in")])
    assert summary.status == "ok" and summary.files_loaded == 1
    assert [why for _, why in summary.skipped] == ["not an input file"]


def test_seeds_have_exactly_five_repository_links(db_file):
    load(db_file)
    assert sorted(rows(db_file, "SELECT owner, repo, kind, is_official FROM paper_links")) == sorted(
        [
            ("Cornell-RelaxML", "quip-sharp", "repo", 1),
            ("YujunZhou", "IGSG", "repo", 1),
            ("skeletondyh", "GRED", "repo", 1),
            ("yifei-he", "ExcessMTL", "repo", 1),
            ("zhaoyang-0204", "gnp", "repo", 1),
        ]
    )
    assert rows(db_file, "SELECT count(*), sum(papers) FROM repos") == [(5, 5)]
    assert rows(db_file, "SELECT code_status, papers FROM code_availability ORDER BY code_status") == [
        ("none", 51),
        ("promised", 1),
        ("released", 5),
    ]
    assert rows(db_file, "SELECT count(*) FROM papers_with_code") == [(5,)]
    assert len(rows(db_file, "SELECT * FROM repos_by_owner")) == 5


def test_links_follow_the_abstract_and_repos_follow_the_links(db_file, write):
    text = "We propose X. Code: https://github.com/Lab/X."
    path = write("a.txt", listing_text(text, ABSTRACT_QUIP))
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT owner, name, papers FROM repos ORDER BY url_key") == [
        ("Cornell-RelaxML", "quip-sharp", 1),
        ("Lab", "X", 1),
    ]
    # same words, new link casing and a trailing period: same paper, links recomputed
    write("a.txt", listing_text(text.replace("Lab/X.", "lab/x"), ABSTRACT_ZKAUDIT))
    summary = load(db_file, [str(path)])
    assert (summary.papers_updated, summary.papers_removed) == (1, 1)
    assert rows(db_file, "SELECT url, raw FROM paper_links") == [
        ("https://github.com/lab/x", "https://github.com/lab/x")
    ]
    assert rows(db_file, "SELECT owner, name, url_key, papers FROM repos") == [
        ("lab", "x", "https://github.com/lab/x", 1)
    ]
    assert rows(db_file, "SELECT code_status FROM papers ORDER BY code_status") == [("none",), ("released",)]


def test_keywords_are_stored_with_all_four_kinds_and_facet_copies(db_file):
    load(db_file)
    assert {k for (k,) in rows(db_file, "SELECT DISTINCT kind FROM paper_keywords")} == {
        "method",
        "acronym",
        "phrase",
        "topic",
    }
    quip = paper_id(next(a for a in seed_paragraphs() if "QuIP#" in a))
    top = rows(
        db_file, "SELECT keyword, kind FROM paper_keywords WHERE paper_id = ? AND rank <= 5 ORDER BY rank", (quip,)
    )
    assert ("QuIP#", "method") in top
    # every paper has a topic; papers.topics mirrors paper_keywords
    assert rows(db_file, "SELECT count(*) FROM papers WHERE topics = '[]'") == [(0,)]
    import json

    for pid, topics in rows(db_file, "SELECT id, topics FROM papers"):
        stored = {
            k
            for (k,) in rows(
                db_file, "SELECT keyword FROM paper_keywords WHERE paper_id = ? AND kind = 'topic'", (pid,)
            )
        }
        assert set(json.loads(topics)) == stored
    # keyword counts agree with paper_keywords
    assert rows(
        db_file,
        "SELECT count(*) FROM keywords k WHERE papers != (SELECT count(*) FROM paper_keywords WHERE keyword_id = k.id)",
    ) == [(0,)]
    [(topics,)] = rows(db_file, "SELECT count(*) FROM topic_counts")
    [(pairs,)] = rows(db_file, "SELECT count(*) FROM keyword_pairs")
    assert topics >= 10 and pairs >= 10
    # topic_counts (read from papers.topics) counts what paper_keywords says of each topic
    by_keywords = rows(
        db_file,
        "SELECT pk.keyword, count(*), sum(p.code_status = 'released') FROM paper_keywords pk"
        " JOIN papers p ON p.id = pk.paper_id WHERE pk.kind = 'topic' GROUP BY pk.keyword ORDER BY pk.keyword",
    )
    assert rows(db_file, "SELECT topic, papers, with_code FROM topic_counts ORDER BY topic") == by_keywords


def test_keywords_are_rescored_only_when_papers_change(db_file, write):
    load(db_file)
    before = dump(db_file)
    assert load(db_file).keywords is None
    assert dump(db_file) == before
    extra = write("extra.txt", listing_text(ABSTRACT_GNN))
    summary = load(db_file, [str(extra)])
    assert summary.keywords is not None
    assert rows(db_file, "SELECT count(DISTINCT paper_id) FROM paper_keywords") == [(58,)]
    # the count reported is the database's (other papers' keywords may lag until a rescore)
    assert rows(db_file, "SELECT count(*) FROM keywords") == [(summary.keywords,)]
    rescored = load(db_file, rescore=True)
    assert rows(db_file, "SELECT count(*) FROM keywords") == [(rescored.keywords,)]


class Files(Progress):
    def __init__(self):
        self.started = []

    def file(self, input_file, size):
        self.started.append(input_file)


def test_long_steps_are_announced_and_an_unchanged_load_has_none(db_file):
    stages, files = [], Files()
    load(db_file, stage=stages.append, progress=files)
    assert stages == ["bibliography", "keywords", "similar papers", "trends", "full-text index"]
    assert len(files.started) == 3
    stages.clear()
    load(db_file, stage=stages.append)
    assert stages == []


def test_unchanged_load_is_recorded_without_importing_the_orm(db_file):
    load(db_file)
    probe = (
        "import sys; from etl.load import load; s = load(sys.argv[1]);"
        " print(s.files_unchanged, s.files_loaded, 'sqlalchemy' in sys.modules, 'alembic' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe, db_file], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["3", "0", "False", "False"]
    assert rows(db_file, "SELECT files_seen, files_unchanged, files_loaded, status FROM etl_runs ORDER BY id") == [
        (3, 0, 3, "ok"),
        (3, 3, 0, "ok"),
    ]


def test_schema_head_read_from_the_migration_files_is_alembics():
    assert schema_head() == head_revision() is not None


def test_papers_without_keywords_are_rescored_though_no_file_changed(db_file):
    load(db_file)
    with sqlite3.connect(db_file) as conn:
        conn.execute("DELETE FROM paper_keywords")
    assert load(db_file).keywords
    assert rows(db_file, "SELECT count(DISTINCT paper_id) FROM paper_keywords") == [(57,)]


KEYWORDS = """
SELECT pk.paper_id, k.normalised, k.label, k.kind, k.papers, pk.kind, pk.score, pk.rank, p.keywords, p.topics
FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id JOIN papers p ON p.id = pk.paper_id
ORDER BY pk.paper_id, pk.rank
"""


def test_keywords_do_not_depend_on_workers_file_order_or_text_changes(tmp_path, write, monkeypatch):
    """Papers go to keyword workers as files are saved; a paper whose text a later file of the
    same run replaces (the listing's text over the BibTeX's) makes the run start afresh."""
    bib = write("a.bib", bibtex(seed_abstracts(3)))
    runs = [
        (10**9, [bundled_listings_dir(), bib]),
        (5, [bundled_listings_dir(), bib]),
        (5, [bib, bundled_listings_dir()]),
    ]
    dumps = []
    for n, (parallel_min, paths) in enumerate(runs):
        monkeypatch.setattr(ranking, "PARALLEL_MIN", parallel_min)
        monkeypatch.setattr(pool, "CHUNK", 4)
        db = str(tmp_path / f"run{n}.db")
        load(db, [str(p) for p in paths])
        dumps.append(rows(db, KEYWORDS))
    assert dumps[0] and dumps[0] == dumps[1] == dumps[2]


@pytest.mark.parametrize("share", [0.0, 0.2], ids=["rescoring", "ranking-its-own"])
def test_texts_fed_early_that_the_database_does_not_keep_are_not_used(tmp_path, write, monkeypatch, share):
    """A load feeds its first files to the keyword workers before it sees the database: here the
    BibTeX texts of three papers the database already holds with their listing text. Whether
    the load rescores all papers or ranks only its own, the result is the one without that early work."""
    from etl.load import statistics
    from etl.load.keywords import KeywordFeed

    monkeypatch.setattr(ranking, "PARALLEL_MIN", 5)
    monkeypatch.setattr(pool, "CHUNK", 4)
    monkeypatch.setattr(statistics, "RESCORE_SHARE", share)
    bib = write("a.bib", bibtex(seed_abstracts(3)))
    new = write("b.txt", listing_text(ABSTRACT_QUIP))
    dumps = []
    for n, early in enumerate([True, False]):
        if not early:
            monkeypatch.setattr(KeywordFeed, "speculate", lambda self, files, reader: None)
        db = str(tmp_path / f"run{n}.db")
        load(db)
        summary = load(db, [str(bib), str(new)])
        assert summary.papers_added == 1 and summary.keywords and summary.rescored == (share == 0)
        dumps.append(rows(db, KEYWORDS))
    assert dumps[0] == dumps[1]


@pytest.mark.parametrize("parallel_min", [5, 10**9], ids=["workers", "one-process"])
def test_a_paper_merged_away_after_it_was_fed_is_left_out_of_the_feed(tmp_path, write, monkeypatch, parallel_min):
    """A title-only record (a paperlists export's title, with a DOI) fed to the keyword workers,
    then joined to the paper its abstract gives: the load ranks the rest of what it fed, not the
    whole corpus again, to the keywords a ranking fed from the database gives."""
    from etl.load import feed
    from tests.exports import paperlists_json

    monkeypatch.setattr(ranking, "PARALLEL_MIN", parallel_min)
    monkeypatch.setattr(feed, "HELD_BEFORE_RANKING", 1)  # (the feed ranks from its first paper, as a large load's)
    monkeypatch.setattr(pool, "CHUNK", 4)
    titles = write(
        "titles.csv", "title,venue,year,doi\nListed Paper 0,ICLR,2024,\nA Paper Nobody Abstracted,ICLR,2024,10.1/x\n"
    )
    export = write("iclr2024.json", paperlists_json(seed_abstracts(8)))  # (`Listed Paper 0` with its abstract)
    started = []  # (every ranking made, by the feed or by `fed_ranking`)
    made = ranking.CorpusRanking.__init__
    monkeypatch.setattr(ranking.CorpusRanking, "__init__", lambda self, *a: started.append(1) or made(self, *a))
    dumps = []
    for n, fed in enumerate([True, False]):
        if not fed:
            monkeypatch.setattr(feed.KeywordFeed, "feed", lambda self, papers: None)
            monkeypatch.setattr(feed.KeywordFeed, "speculate", lambda self, files, reader: None)
        db = str(tmp_path / f"run{n}.db")
        summary = load(db, [str(titles), str(export)])
        assert (summary.papers_added, summary.papers_merged, summary.rescored) == (9, 1, True)
        assert len(started) == 1  # (one ranking each: the feed's is used)
        started.clear()
        dumps.append(rows(db, KEYWORDS))
    assert dumps[0] and dumps[0] == dumps[1]


def test_a_method_name_keeps_its_label_among_papers_that_use_the_word(db_file, write):
    """`TOKEN` (one paper's method) and `tokens` (others' phrase): the paper that named its method
    shows its name; and since the name in capitals is a word the catalogue writes (`WORD_NAMES`,
    reader5 item 11), it is a keyword of its own (key `TOKEN`), not the word's."""
    method = "We introduce TOKEN, a method that prunes vision transformers. TOKEN halves their cost."
    others = [f"Language models split text into tokens; study {n} counts tokens per word." for n in range(3)]
    load(db_file, [str(write("t.txt", listing_text(method, *others)))])
    shown = rows(
        db_file,
        "SELECT p.abstract, k.keyword, k.kind FROM paper_keywords k JOIN papers p ON p.id = k.paper_id WHERE k.keyword IN ('TOKEN', 'tokens')",
    )
    assert ("TOKEN", "method") in {(kw, kind) for a, kw, kind in shown if a == method}
    assert all(kw == "tokens" for a, kw, kind in shown if a != method)
    named = (
        "SELECT k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id WHERE pk.kind = 'method'"
    )
    assert rows(db_file, named) == [("TOKEN",)]


def test_each_input_file_is_read_once_per_load(db_file, write, monkeypatch):
    """The first files are read early, for keyword extraction while the load starts up; the load
    then takes what was read instead of reading them again."""
    from etl.load import reading

    reads = []  # a file is read early (whole) or opened when the load reaches it, never both
    read_whole, open_file = reading.read_regular_file, reading.open_regular_file
    monkeypatch.setattr(reading, "read_regular_file", lambda path, *a: reads.append(path) or read_whole(path, *a))
    monkeypatch.setattr(reading, "open_regular_file", lambda path, *a: reads.append(path) or open_file(path, *a))
    early = []
    read_early = reading.Reader.read_early
    monkeypatch.setattr(reading.Reader, "read_early", lambda self, f: early.append(f.path) or read_early(self, f))
    monkeypatch.setattr(ranking, "PARALLEL_MIN", 5)
    paths = [
        str(write(f"l{i}.txt", listing_text(f"We study problem {i} of graph learning in depth."))) for i in range(3)
    ]
    paths.append(str(write("bad.txt", b"\x00\x01")))  # read early, fails to parse, reported once
    summary = load(db_file, [*map(str, bundled_listings_dir().glob("*.txt")), *paths], keep_going=True)
    assert summary.papers_added == 60 and len(summary.failed) == 1
    assert sorted(reads) == sorted({*reads}) and len(reads) == 7
    assert len(early) == (7 if worker_count() > 1 else 0)  # (early reads need keyword workers)


def fts_ids(db: str, query: str) -> list[str]:
    return [
        r[0]
        for r in rows(
            db,
            "SELECT p.id FROM papers_fts JOIN papers p ON p.pk = papers_fts.rowid WHERE papers_fts MATCH ? ORDER BY p.id",
            (query,),
        )
    ]


def test_full_text_index_follows_loads_and_ad_hoc_writes(db_file, write):
    path = write("a.txt", listing_text(ABSTRACT_QUIP, ABSTRACT_GNN))
    load(db_file, [str(path)])
    assert fts_ids(db_file, "lattice") == [paper_id(ABSTRACT_QUIP)]
    write("a.txt", listing_text(ABSTRACT_ZKAUDIT, ABSTRACT_GNN))
    load(db_file, [str(path)])
    assert fts_ids(db_file, "lattice") == [] and fts_ids(db_file, "commitments") == [paper_id(ABSTRACT_ZKAUDIT)]
    assert rows(db_file, "SELECT count(*) FROM etl_flags") == [(0,)]  # the load's flag never commits
    con = sqlite3.connect(db_file)
    con.execute("UPDATE papers SET title = 'Zebra crossings' WHERE id = ?", (paper_id(ABSTRACT_GNN),))
    con.execute("INSERT INTO papers_fts (papers_fts) VALUES ('integrity-check')")
    con.commit()
    con.close()
    assert fts_ids(db_file, "zebra") == [paper_id(ABSTRACT_GNN)]


SEARCH_TRIGGERS = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name"


@pytest.mark.parametrize("fails", [False, True])
def test_a_load_that_defers_the_index_leaves_its_triggers_as_the_revisions_made_them(tmp_path, write, fails):
    """A large load takes the full-text index's triggers away while it writes (each tested the flag on
    every row) and makes them again: the same triggers after it, or after its rollback."""
    from etl.store.engine import migrate_database

    made, loaded = str(tmp_path / "made.db"), str(tmp_path / "loaded.db")
    migrate_database(made)
    migrate_database(loaded)
    triggers = rows(made, SEARCH_TRIGGERS)
    assert len(triggers) == 6  # (papers_fts and papers_fts_words: insert, update, delete)
    paths = [str(FIXTURES / "iclr2017.json"), *([str(write("bad.json", b"[{"))] if fails else [])]
    if fails:
        with pytest.raises(InputError):
            load(loaded, paths)
    else:
        assert load(loaded, paths).papers_added > 0
    assert rows(loaded, SEARCH_TRIGGERS) == triggers


def staging_connection() -> sqlite3.Connection:
    """An in-memory database with the load's keyword staging tables."""
    from etl.store.staging import STAGING

    conn = sqlite3.connect(":memory:")
    for table in STAGING:
        conn.execute(table.ddl)
    return conn


def test_each_keyword_takes_the_label_and_kind_most_papers_use():
    from etl.load.keywords import CORPUS_KEYWORDS

    conn = staging_connection()
    staged = [
        # three papers write `GNNs` as a phrase, two as an acronym's long form: label and kind by majority
        ("p1", "gnn", "GNNs", "phrase"),
        ("p2", "gnn", "GNNs", "phrase"),
        ("p3", "gnn", "GNNs", "acronym"),
        ("p4", "gnn", "graph neural networks", "acronym"),
        ("p5", "gnn", "graph neural networks", "acronym"),
        # a label of 7+ words only where no shorter one is written: the short form, on fewer papers
        ("p1", "ida pbc", "IDA-PBC", "acronym"),
        ("p2", "ida pbc", "interconnection and damping assignment passivity based control", "acronym"),
        ("p3", "ida pbc", "interconnection and damping assignment passivity based control", "acronym"),
        ("p4", "uhf rfid tag", "ultra high frequency radio frequency identification tag", "phrase"),
        # ties: the lower-case label, then the smallest; method before acronym before topic before phrase
        ("p1", "lora", "LoRA", "method"),
        ("p2", "lora", "Lora", "phrase"),
        ("p3", "flow", "flows", "topic"),
        ("p4", "flow", "flow", "acronym"),
    ]
    conn.executemany("INSERT INTO staged_keywords VALUES (?, ?, ?, ?, 1.0, 1)", staged)
    for statement in CORPUS_KEYWORDS:
        conn.execute(statement)
    assert conn.execute(
        "SELECT normalised, label, kind, papers FROM corpus_keywords ORDER BY normalised"
    ).fetchall() == [
        ("flow", "flow", "acronym", 2),
        ("gnn", "GNNs", "acronym", 5),
        ("ida pbc", "IDA-PBC", "acronym", 3),
        ("lora", "LoRA", "method", 2),
        ("uhf rfid tag", "ultra high frequency radio frequency identification tag", "phrase", 1),  # (the only form)
    ]


def test_distinct_keywords_are_derived_with_an_index_not_a_nested_scan():
    """With tens of thousands of distinct keywords a join without an index took minutes."""
    from etl.load.keywords import CORPUS_KEYWORDS

    conn = staging_connection()
    for statement in CORPUS_KEYWORDS[:-1]:
        conn.execute(statement)
    select = CORPUS_KEYWORDS[-1].split(" AS\n", 1)[1]
    plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {select}")]
    assert any("USING INDEX keyword_kinds_normalised" in step for step in plan), plan
