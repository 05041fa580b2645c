"""An edit costs what it changes (issue 41): a load reads early, for keyword extraction, only the
files the database does not hold, and lets the full-text index follow row by row unless it adds
many papers. On real records: the catalogue excerpts of tests/fixtures/similar/ (NeurIPS 2016
and 2017, ICML 2018; 18 records each), edited as the edit-cost benchmark edits the catalogue."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from etl.extract.corpus import worker_count
from etl.load import load, reading, similar_all, similar_changed
from etl.load import versions as evolution_versions
from etl.load.run import SMALL_CACHE_KIB
from etl.load.unchanged import files_not_held
from etl.sources import discover
from etl.store.engine import CACHE_KIB
from etl.store.writer import Writer
from tests.helpers import rows

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
FILES = ("icml2018.json", "nips2016.json", "nips2017.json")
RETITLED = """SELECT p.title FROM papers_fts JOIN papers p ON p.pk = papers_fts.rowid
    WHERE papers_fts MATCH 'revisited' ORDER BY 1"""


def cache_kib(writer: Writer) -> int:
    """SQLite's page cache of the load's connection, in KiB."""
    return -writer.scalar("PRAGMA cache_size")


def retitle(folder: Path) -> None:
    """Two titles of nips2017.json changed, its other records as they were."""
    records = json.loads((EXCERPTS / "nips2017.json").read_text(encoding="utf-8"))
    for record in records[:2]:
        record["title"] += " Revisited"
    (folder / "nips2017.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


def drop_three(folder: Path) -> None:
    """nips2017.json without its first three records (a whole file of the three is more than the
    share of papers that makes a load rescore every paper)."""
    records = json.loads((EXCERPTS / "nips2017.json").read_text(encoding="utf-8"))
    (folder / "nips2017.json").write_text(json.dumps(records[3:], ensure_ascii=False), encoding="utf-8")


def folder_of(tmp_path: Path, files: tuple[str, ...]) -> Path:
    folder = tmp_path / "listings"
    folder.mkdir(exist_ok=True)
    for name in files:
        shutil.copyfile(EXCERPTS / name, folder / name)
    return folder


@pytest.mark.parametrize(
    ("first", "then", "edit", "early"),
    [
        ((), FILES, None, FILES),  # a new database: every file
        (FILES, FILES, retitle, ()),  # an edit of a file it holds: none
        (FILES[:2], FILES, None, FILES[2:]),  # a file added beside those it holds: that one
        (FILES, FILES[:1], None, ()),  # files it holds, unchanged, one gone (--prune)
    ],
    ids=["new-database", "edit", "new-file", "unchanged"],
)
def test_only_files_the_database_does_not_hold_are_read_early(tmp_path, monkeypatch, first, then, edit, early):
    """Reading a file early (before the load knows whether it changed) feeds its abstracts to the
    keyword workers; for a file the database holds that work is thrown away, and it started the
    workers for a load that ranks a handful of papers."""
    db = str(tmp_path / "papers.db")
    if first:
        load(db, [str(folder_of(tmp_path, first))])
    folder = folder_of(tmp_path, then)
    for name in set(first) - set(then):
        (folder / name).unlink()
    if edit:
        edit(folder)
    files = discover([str(folder)]).files
    assert sorted(Path(f.path).name for f in files_not_held(db, files)) == sorted(set(then) - set(first))
    read = []
    read_early = reading.Reader.read_early
    monkeypatch.setattr(
        reading.Reader, "read_early", lambda self, f: read.append(Path(f.path).name) or read_early(self, f)
    )
    load(db, [str(folder)], prune=True)
    assert sorted(read) == (sorted(early) if worker_count() > 1 else [])  # (early reads need keyword workers)


@pytest.mark.parametrize(
    "database",
    [b"listing, not a database\n", b"", "postgresql+psycopg://paperdb@localhost/papers"],
    ids=["not-a-database", "empty-file", "server"],
)
def test_where_the_sources_held_cannot_be_read_every_file_may_be_read_early(tmp_path, database):
    """Without SQLAlchemy only a SQLite file at the schema head tells its sources; for any other
    database the load reads the first files early, as it always did."""
    db = database
    if isinstance(database, bytes):
        db = str(tmp_path / "papers.db")
        Path(db).write_bytes(database)
    files = discover([str(folder_of(tmp_path, FILES))]).files
    assert files_not_held(db, files) == list(files)


@pytest.mark.parametrize(
    ("first", "edit", "rebuilt", "retitled", "cache"),
    [
        ((), None, True, 0, CACHE_KIB),  # a cold load: the index is built once at the end
        (FILES[:2], None, True, 0, CACHE_KIB),  # a third file, half as many papers again
        (FILES, retitle, False, 2, SMALL_CACHE_KIB),  # two titles changed: the rows they change, by the triggers
    ],
    ids=["cold", "large-addition", "edit"],
)
def test_the_full_text_index_is_rebuilt_only_for_many_new_papers(
    tmp_path, monkeypatch, first, edit, rebuilt, retitled, cache
):
    """A load that adds more than a twentieth of the papers held rebuilds the index once; an edit
    lets the index follow the rows it changes, and the index finds the new titles either way. A
    small load keeps a small page cache, up to its last step (the similar papers' peak)."""
    db = str(tmp_path / "papers.db")
    if first:
        load(db, [str(folder_of(tmp_path, first))])
    folder = folder_of(tmp_path, FILES)
    if edit:
        edit(folder)
    rebuilds = []
    rebuild = Writer.rebuild_search
    monkeypatch.setattr(Writer, "rebuild_search", lambda self: rebuilds.append(1) or rebuild(self))
    caches = []
    for module, name in ((similar_changed, "update_similar"), (similar_all, "compute_all")):
        step = getattr(module, name)
        monkeypatch.setattr(
            module, name, lambda writer, *a, step=step: caches.append(cache_kib(writer)) or step(writer, *a)
        )
    load(db, [str(folder)])
    assert bool(rebuilds) == rebuilt and caches == [cache]
    assert len(rows(db, RETITLED)) == retitled
    assert rows(db, "SELECT count(*) FROM etl_flags") == [(0,)]


def test_an_edits_similar_step_reads_and_writes_under_a_smaller_page_cache(tmp_path, monkeypatch):
    """The changed papers' vectors are computed and the lists an edit finds again are read and
    written with `PAGE_CACHE_KIB` of page cache (the small load's cache filled sat under the step's
    peak); the steps after it have the load's again."""
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    retitle(folder)
    caches = []
    computed, relist = similar_changed._new_vectors, similar_changed._relist
    versions = evolution_versions.refresh_versions
    monkeypatch.setattr(similar_changed, "_new_vectors", lambda w, *a: caches.append(cache_kib(w)) or computed(w, *a))
    monkeypatch.setattr(similar_changed, "_relist", lambda w, *a: caches.append(cache_kib(w)) or relist(w, *a))
    monkeypatch.setattr(
        evolution_versions, "refresh_versions", lambda w, *a: caches.append(cache_kib(w)) or versions(w, *a)
    )
    load(db, [str(folder)])
    assert caches == [similar_changed.PAGE_CACHE_KIB, similar_changed.PAGE_CACHE_KIB, SMALL_CACHE_KIB]


LISTS = "SELECT paper_id, rank, similar_id, score FROM similar_papers ORDER BY 1, 2"
FLOORS = "SELECT paper_id, floor FROM similar_vectors ORDER BY 1"


def edited_lists(tmp_path: Path, name: str) -> tuple[list[tuple], list[tuple]]:
    """The similar papers and floors after the benchmark's kind of edit: titles changed in one file,
    another removed (with --prune)."""
    db = str(tmp_path / f"{name}.db")
    folder = tmp_path / name
    folder.mkdir()
    for file in FILES:
        shutil.copyfile(EXCERPTS / file, folder / file)
    load(db, [str(folder)])
    retitle(folder)
    (folder / "icml2018.json").unlink()
    summary = load(db, [str(folder)], prune=True)
    assert summary.papers_removed == 18 and not summary.rescored
    return rows(db, LISTS), rows(db, FLOORS)


@pytest.mark.parametrize(("block", "per_query", "written"), [(1, 1, 1), (4, 3, 5), (7, 500, 100), (2, 500, 36)])
def test_an_edits_lists_do_not_depend_on_the_parts_they_are_found_in(tmp_path, monkeypatch, block, per_query, written):
    """The papers an edit's changes reach are found `BLOCK` changes at a time, and their lists
    compared with the kept ones and written `WRITTEN` papers at a time, `IDS_PER_QUERY` papers to
    a query: any parts give the same rows.
    (Five candidates and three similar papers a paper, so floors decide what is reached.)"""
    from etl.extract.similar import select as selecting
    from etl.load import similar_changed, statistics

    monkeypatch.setattr(selecting, "CANDIDATES", 5)
    monkeypatch.setattr(selecting, "SIMILAR", 3)
    monkeypatch.setattr(statistics, "RESCORE_SHARE", 2.0)
    whole = edited_lists(tmp_path, "whole")
    monkeypatch.setattr(similar_changed, "BLOCK", block)
    monkeypatch.setattr(similar_changed, "IDS_PER_QUERY", per_query)
    monkeypatch.setattr(similar_changed, "WRITTEN", written)
    parts = edited_lists(tmp_path, "parts")
    assert parts == whole and len(whole[0]) == 3 * 36


# A load in a process of its own, as `paperdb load --prune` runs: the modules it imported.
IMPORTED = """import json, sys
from etl.load import load
load(sys.argv[1], [sys.argv[2]], prune=True)
print(json.dumps(sorted(sys.modules)))"""
# The same load as the command line runs it (its summary on stdout, then the modules).
IMPORTED_BY_CLI = """import contextlib, json, sys
from etl.cli import main
db, folder = sys.argv[1:3]
sys.argv = ["paperdb", "load", "--db", db, "--prune", folder]
with contextlib.suppress(SystemExit):
    main()
print(json.dumps(sorted(sys.modules)))"""
# The keyword rules' modules, which load the word lists and data files as they are imported.
RULES = ("etl.extract.keywords.roles", "etl.extract.keywords.termhood", "etl.extract.keywords.vocabulary")
SCIPY = ("scipy", "scipy.sparse")  # (a large load's similar papers use it; a few changes' use numpy alone)
# A database at the schema head is written through the sqlite3 driver (etl/store/writing.py).
SQLALCHEMY = ("sqlalchemy", "alembic", "asyncio", "etl.store.engine", "etl.store.tables")
# NumPy's masked arrays (1.3 MB: `np.union1d` imports them to ask whether its array is masked).
MASKED = ("numpy.ma",)
# Modules for what an edit never does (0.7-0.9 MB of the loader's memory, docs/benchmark.md's `edit26`): the
# CSV reader (a `--report`'s cells), the BibTeX reader and its formulas (an author list run on as one
# name), `logging` (SQLAlchemy's pool, where an engine is made) and the ranking's compact tables (its
# own process imports them).
OFF_THE_PATH = (
    "logging",
    "etl.sources.tabular",
    "etl.text.bibtex_entries",
    "etl.text.formulas",
    "etl.load.compact_words",
)


@pytest.mark.parametrize(
    ("edit", "script", "absent", "present"),
    [
        (drop_three, IMPORTED, RULES + SCIPY + SQLALCHEMY + MASKED + OFF_THE_PATH, ()),  # papers removed, none ranked
        # two titles changed: ranked again, in a process of its own
        (retitle, IMPORTED, RULES + SCIPY + SQLALCHEMY + MASKED + OFF_THE_PATH, ()),
        (retitle, IMPORTED_BY_CLI, RULES + SCIPY + SQLALCHEMY + MASKED + OFF_THE_PATH, ("click",)),
    ],
    ids=["removal", "edit", "edit-by-cli"],
)
def test_a_small_load_imports_only_what_it_uses(tmp_path, edit, script, absent, present):
    """What a load imports is most of what a small one holds (issue 41: an edit's memory): never
    the keyword rules and their word lists (about 25 MB; a few papers are ranked in a process of
    their own, `etl.load.apart`), nor scipy (about 12 MB), nor SQLAlchemy (16 MB with the asyncio
    it imports) on a database it need not migrate, nor NumPy's masked arrays."""
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    edit(folder)
    out = subprocess.run([sys.executable, "-c", script, db, str(folder)], capture_output=True, text=True, check=True)
    imported = set(json.loads(out.stdout.splitlines()[-1]))
    assert [m for m in absent if m in imported] == [] and [m for m in present if m not in imported] == []


# The same load, with the modules the ranking's own process holds once it has ranked (written to argv[3]).
RANKING_IMPORTED = """import json, sys
from etl.load import incremental, load
rank = incremental._rank
def spy(*args):
    ranked = rank(*args)
    with open(sys.argv[3], "w") as out:
        json.dump(sorted(sys.modules), out)
    return ranked
incremental._rank = spy
load(sys.argv[1], [sys.argv[2]], prune=True)"""


# What a pool of keyword workers needs (`etl.extract.corpus.pool`), with what it imports: 1.6 MB of
# objects, which a small load's ranking, in one process, never uses.
WORKER_POOL = ("multiprocessing", "concurrent.futures", "subprocess", "socket")


def test_a_small_loads_ranking_process_imports_neither_numpy_nor_a_worker_pool(tmp_path):
    """The process a small load ranks its few papers in imports the keyword rules, and not NumPy
    (8 MB of PSS, issue 41): its corpus counts, a few thousand keys, stay a dict; nor what a pool
    of keyword workers needs (issue 41, `spawn29`: the process wrote 1.6 MB fewer of the load's
    pages, its interned names and modules' objects, without them)."""
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    retitle(folder)
    modules = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", RANKING_IMPORTED, db, str(folder), str(modules)], check=True)
    imported = set(json.loads(modules.read_text(encoding="utf-8")))
    assert set(RULES) <= imported and [m for m in ("numpy", *WORKER_POOL) if m in imported] == []


def test_the_feed_holds_as_many_papers_as_a_ranking_holds_before_its_workers_start():
    from etl.extract.corpus.ranking import PARALLEL_MIN
    from etl.load.feed import HELD_BEFORE_RANKING

    assert HELD_BEFORE_RANKING == PARALLEL_MIN


KEYWORDS = """SELECT pk.paper_id, k.normalised, k.label, k.kind, pk.score, k.papers
    FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id ORDER BY 1, 2"""


def rewrite_two(folder: Path) -> None:
    """Two abstracts of icml2018.json with a sentence more, as the benchmark's edit changes 30."""
    records = json.loads((EXCERPTS / "icml2018.json").read_text(encoding="utf-8"))
    for record in records[:2]:
        record["abstract"] += " We release our code and the data we collected."
    (folder / "icml2018.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("edit", [retitle, rewrite_two], ids=["retitled", "abstracts"])
def test_papers_ranked_in_a_process_of_their_own_get_the_keywords_ranked_in_the_load(tmp_path, monkeypatch, edit):
    """A small load ranks its papers in a short-lived process (`etl.load.apart`), which reads the
    last rescore's statistics from the committed database: the same rows as in the load's own."""
    from etl.load import incremental

    found, forks = [], []
    own_process = incremental.in_own_process
    monkeypatch.setattr(incremental, "in_own_process", lambda work: forks.append(1) or own_process(work))
    for apart in (True, False):
        monkeypatch.setattr(incremental, "HELD_BEFORE_RANKING", 400 if apart else 0)
        db = str(tmp_path / f"apart-{apart}.db")
        (tmp_path / str(apart)).mkdir()
        folder = folder_of(tmp_path / str(apart), FILES)
        load(db, [str(folder)])
        edit(folder)
        summary = load(db, [str(folder)], prune=True)
        assert not summary.rescored
        found.append((rows(db, KEYWORDS), rows(db, "SELECT id, keywords, topics FROM papers ORDER BY 1")))
    assert found[0] == found[1] and len(found[0][0]) > 100 and forks == [1]


def test_the_text_rules_memos_are_empty_under_the_keyword_and_similar_steps(tmp_path, monkeypatch):
    """The memos of the text rules (names, titles, institutions: what reading and the bibliography
    call for every record) are emptied once the papers are settled: an edit's ranking process is
    forked, and its similar papers found, without them (about 2.5 MB of each peak, issue 41)."""
    from etl.load import incremental, run
    from etl.load.memory import text_memos

    memos = text_memos()
    held: dict[str, list[int]] = {"settled": [], "ranking": [], "similar": []}
    bibliography = run.refresh_bibliography  # (memos full: a load that ranks empties them before its fork)
    monkeypatch.setattr(
        run,
        "refresh_bibliography",
        lambda *a: [bibliography(*a), held["settled"].append(sum(m.cache_info().currsize for m in memos))][0],
    )
    own_process = incremental.in_own_process
    monkeypatch.setattr(
        incremental,
        "in_own_process",
        lambda work: held["ranking"].append(sum(m.cache_info().currsize for m in memos)) or own_process(work),
    )
    update = similar_changed.update_similar
    monkeypatch.setattr(
        similar_changed,
        "update_similar",
        lambda *a: held["similar"].append(sum(m.cache_info().currsize for m in memos)) or update(*a),
    )
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    retitle(folder)
    held["settled"].clear()
    summary = load(db, [str(folder)], prune=True)
    assert not summary.rescored and held["ranking"] == held["similar"] == [0]
    assert held["settled"][0] > 50  # (what the edit's reading and bibliography left in them)


def test_a_small_load_never_forks_while_its_feed_ranks(tmp_path, monkeypatch):
    """A new file that lists papers the database holds is fed to the keyword workers before the
    load knows it (`KeywordFeed.speculate`); when the load then ranks only a few papers, it ranks
    them in its own process: no fork from a process whose workers and threads run."""
    from etl.extract.corpus import ranking
    from etl.load import feed, incremental

    if worker_count() < 2:
        pytest.skip("the feed ranks early only with two workers or more")
    forks = []
    own_process = incremental.in_own_process
    monkeypatch.setattr(incremental, "in_own_process", lambda work: forks.append(1) or own_process(work))
    monkeypatch.setattr(ranking, "PARALLEL_MIN", 5)
    monkeypatch.setattr(feed, "HELD_BEFORE_RANKING", 5)
    folder = folder_of(tmp_path, FILES)
    db = str(tmp_path / "papers.db")
    load(db, [str(folder)])
    records = json.loads((EXCERPTS / "icml2018.json").read_text(encoding="utf-8"))
    records[0]["abstract"] += " We release our code and the data we collected."  # (one paper to rank)
    (folder / "icml2018-again.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")
    summary = load(db, [str(folder)])
    assert summary.keywords and forks == []


def _exits() -> None:
    os._exit(3)


class Unpicklable(Exception):
    def __reduce__(self):
        raise TypeError("not pickled")


def _unpicklable() -> None:
    raise Unpicklable("held a lock")


class NotRemade(Exception):  # (as the project's InputError: pickled, but not made again from its args)
    def __init__(self, path, problem):
        super().__init__(f"{path}: {problem}")


def _not_remade() -> None:
    raise NotRemade("a.json", "bad")


def _killed() -> None:
    os.kill(os.getpid(), signal.SIGTERM)


@pytest.mark.parametrize(
    ("work", "error"),
    [
        (lambda: [("p1", "gnn", 0.5)], None),  # a result comes back as it was
        (lambda: 1 / 0, "division by zero"),  # its error is raised in the load
        (_unpicklable, "Unpicklable: held a lock"),  # an error that cannot travel: its words
        (_not_remade, "NotRemade: a.json: bad"),  # nor one that cannot be made again
        (_exits, "ended without a result (exit code 3)"),  # a process that dies says so
        (_killed, "ended without a result (signal 15)"),  # or is killed on its own
    ],
    ids=["result", "error", "unpicklable-error", "not-remade-error", "died", "killed"],
)
def test_work_in_a_process_of_its_own_comes_back_or_fails_in_the_load(monkeypatch, work, error):
    from etl.load import apart

    forked = []
    fork = os.fork
    monkeypatch.setattr(apart.os, "fork", lambda: forked.append(fork()) or forked[-1])
    if error is None:
        assert apart.in_own_process(work) == [("p1", "gnn", 0.5)]
    else:
        with pytest.raises(Exception, match=re.escape(error)):
            apart.in_own_process(work)
    with pytest.raises(ChildProcessError):  # (the process is gone, and waited for)
        os.waitpid(forked[0], os.WNOHANG)
