"""Similar papers and versions after an edit are exactly what a computation over every paper gives
from the kept vectors; where an edit leaves the statistics as they were (a file read again with
the same texts, an edit undone), exactly what a cold load gives. On real records: three
catalogue excerpts (tests/fixtures/similar/: NeurIPS 2016 and 2017, ICML 2018 papers on bandits
and reinforcement learning), edited as issue 41's benchmark edits the catalogue's files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import sqlalchemy as sa

from etl.extract.similar import select as selecting
from etl.load import load, rescore
from tests.helpers import rows

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
FILES = ("nips2016.json", "nips2017.json", "icml2018.json")
LISTS = "SELECT paper_id, rank, similar_id, score FROM similar_papers ORDER BY 1, 2"
VERSIONS = "SELECT paper_id, other_id, relation, similarity, same_title FROM paper_versions ORDER BY 1, 2"
VECTORS = "SELECT paper_id, terms, weights, topic, floor FROM similar_vectors ORDER BY 1"
TRENDS = {  # (by name: ids number rows in the order loads made them)
    "keyword_trend_counts": """SELECT k.normalised, c.kind, c.venue, c.year, c.papers FROM keyword_trend_counts c
        JOIN keywords k ON k.id = c.keyword_id ORDER BY 1, 2, 3, 4""",
    "author_trend_counts": """SELECT a.normalised, c.venue, c.year, c.papers FROM author_trend_counts c
        JOIN authors a ON a.id = c.author_id ORDER BY 1, 2, 3""",
    "institution_trend_counts": """SELECT i.normalised, c.venue, c.year, c.papers FROM institution_trend_counts c
        JOIN institutions i ON i.id = c.institution_id ORDER BY 1, 2, 3""",
}


@pytest.fixture(autouse=True)
def few_candidates(monkeypatch):
    """Five candidates and three similar papers a paper: in 54 papers most then have more papers
    sharing a term than they score, so floors decide which lists an edit reaches. And no rescore
    until twice the papers changed (a third of 54 papers is one file), so the edits are found in place."""
    from etl.load import statistics

    monkeypatch.setattr(selecting, "CANDIDATES", 5)
    monkeypatch.setattr(selecting, "SIMILAR", 3)
    monkeypatch.setattr(statistics, "RESCORE_SHARE", 2.0)


def records(name: str) -> list[dict]:
    return json.loads((EXCERPTS / name).read_text(encoding="utf-8"))


def put(folder: Path, name: str, content: list[dict]) -> None:
    (folder / name).write_text(json.dumps(content, indent=1, ensure_ascii=False), encoding="utf-8")


def retitle(folder: Path) -> None:  # (50 titles changed, scaled down)
    changed = records("nips2017.json")
    for record in changed[:3]:
        record["title"] += " Revisited"
    put(folder, "nips2017.json", changed)


def drop(folder: Path) -> None:  # (records dropped)
    put(folder, "icml2018.json", records("icml2018.json")[4:])


def new_abstracts(folder: Path) -> None:  # (abstracts changed: another paper each, to paperdb)
    changed = records("nips2016.json")
    for record in changed[:2]:
        record["abstract"] += " Code and data are released with the paper."
    put(folder, "nips2016.json", changed)


def all_edits(folder: Path) -> None:  # (the benchmark's: two files edited, one removed)
    retitle(folder)
    changed = records("icml2018.json")[3:]
    changed[0]["abstract"] += " We also release a benchmark of our own."
    put(folder, "icml2018.json", changed)
    (folder / "nips2016.json").unlink()


def read_again(folder: Path) -> None:  # (another status word, no text changed: the file is read again)
    changed = records("nips2017.json")
    changed[0]["status"] = "Oral"
    put(folder, "nips2017.json", changed)


def remove_file(folder: Path) -> None:
    (folder / "icml2018.json").unlink()


def restore(folder: Path) -> None:  # (an edit undone, a file put back)
    for file in FILES:
        shutil.copyfile(EXCERPTS / file, folder / file)


def kept_selection(db: str) -> tuple[list[tuple], list[tuple]]:
    """The lists and versions a computation over every paper gives from the kept vectors (the
    statistics as they are), in a transaction rolled back."""
    from etl.load.similar_all import list_rows
    from etl.load.similar_changed import kept_vectors
    from etl.load.versions import refresh_versions
    from etl.store.engine import make_engine, transaction
    from etl.store.writer import Writer

    found: dict = {}

    class Done(Exception):
        pass

    engine = make_engine(db)
    try:
        with transaction(engine) as conn:
            writer = Writer(conn)
            ids, kept, against, floors = kept_vectors(writer)
            chosen = selecting.select(kept, np.arange(len(ids)), against)
            found["floors"] = (floors.tolist(), chosen.floors.tolist())
            found["lists"] = sorted(list_rows(ids, ids, chosen.similar, chosen.scores))
            refresh_versions(writer, [(ids[a], ids[b], part) for a, b, part in chosen.close], None)
            found["versions"] = [tuple(row) for row in writer.execute(VERSIONS)]
            raise Done
    except Done:
        pass
    finally:
        engine.dispose()
    assert found["floors"][0] == found["floors"][1]  # (the kept floors are those of the kept vectors)
    return found["lists"], found["versions"]


def trend_counts(db: str) -> dict[str, list[tuple]]:
    return {name: rows(db, sql) for name, sql in TRENDS.items()}


def loaded(tmp_path: Path, name: str) -> tuple[Path, str]:
    folder = tmp_path / name
    folder.mkdir()
    for file in FILES:
        shutil.copyfile(EXCERPTS / file, folder / file)
    db = str(tmp_path / f"{name}.db")
    load(db, [str(folder)])
    return folder, db


@pytest.mark.parametrize(
    "edits",
    [
        [retitle],
        [drop],
        [new_abstracts],
        [all_edits],
        [read_again],
        [remove_file],
        [all_edits, restore],
        [remove_file, restore],
    ],
)
def test_an_edit_leaves_the_lists_and_versions_a_computation_over_every_paper_gives(tmp_path, edits):
    """Each edit loaded (`--prune`) in turn; then a rescore gives a cold load's. (An edit undone
    is not a cold load's before the rescore: the keywords of a paper read again lag until then.)"""
    folder, db = loaded(tmp_path, "edited")
    for edit in edits:
        edit(folder)
        summary = load(db, [str(folder)], prune=True)
        assert not summary.rescored  # (an edit is found in place, from the kept statistics)
        lists, versions = kept_selection(db)
        assert rows(db, LISTS) == lists
        assert rows(db, VERSIONS) == versions
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    people = ("author_trend_counts", "institution_trend_counts")  # (keywords lag until a rescore: below)
    assert [trend_counts(db)[name] for name in people] == [trend_counts(cold)[name] for name in people]
    rescore(db)  # (the statistics of the current papers, as a cold load has them)
    assert rows(db, LISTS) == rows(cold, LISTS)
    assert rows(db, VERSIONS) == rows(cold, VERSIONS)
    assert trend_counts(db) == trend_counts(cold)


@pytest.mark.parametrize(("block", "written"), [(3, 7), (2, 4), (5, 100)])
def test_lists_found_and_written_in_groups_of_any_size_are_what_a_computation_over_every_paper_gives(
    tmp_path, monkeypatch, block, written
):
    """The lists the benchmark's edit reaches, found `BLOCK` and written `WRITTEN` papers at a time
    (each group's kept rows read in one query: `_StoredRows.hold`), groups that end inside a block
    among them, are those a computation over every paper gives."""
    from etl.load import similar_changed

    monkeypatch.setattr(similar_changed, "BLOCK", block)
    monkeypatch.setattr(similar_changed, "WRITTEN", written)
    groups = []
    hold = similar_changed._StoredRows.hold
    monkeypatch.setattr(
        similar_changed._StoredRows, "hold", lambda self, rows: groups.append(len(rows)) or hold(self, rows)
    )
    folder, db = loaded(tmp_path, "edited")
    all_edits(folder)
    assert not load(db, [str(folder)], prune=True).rescored
    assert (rows(db, LISTS), rows(db, VERSIONS)) == kept_selection(db)
    assert sum(groups) > 20 and max(groups) <= written  # (the edit reaches many lists, read in groups)


def test_rows_held_are_the_rows_read_from_the_kept_vectors(tmp_path):
    """`_StoredRows` gives a block of kept rows from the rows held (`hold`) as from the database,
    and reads a block it does not hold."""
    from etl.load.similar_changed import kept_vectors
    from etl.store.engine import make_engine, transaction
    from etl.store.writer import Writer

    _, db = loaded(tmp_path, "edited")
    asked = [np.array([0, 1, 2]), np.array([7]), np.array([3, 9]), np.array([40, 41])]
    engine = make_engine(db)
    try:
        with transaction(engine) as conn:
            stored = kept_vectors(Writer(conn))[1].distinctive
            read = [stored[rows] for rows in asked]
            stored.hold(np.arange(10))
            held = [stored[rows] for rows in asked]
    finally:
        engine.dispose()
    for one, other in zip(read, held, strict=True):
        assert one.shape == other.shape and one.indptr.tolist() == other.indptr.tolist()
        assert one.indices.tolist() == other.indices.tolist() and one.data.tolist() == other.data.tolist()
    assert all(len(block.indices) for block in read)  # (every row asked has terms)


@pytest.mark.parametrize(
    ("papers", "kind"), [(1, np.uint16), (54, np.uint16), (65_536, np.uint16), (65_537, np.int32), (90_999, np.int32)]
)
def test_the_transpose_holds_its_row_numbers_in_two_bytes_where_they_fit(papers, kind):
    from etl.extract.similar.sparse_rows import row_numbers

    assert row_numbers(papers) == np.dtype(kind)


def test_the_products_with_the_transpose_of_two_byte_rows_are_the_products_with_four(tmp_path):
    """The transpose an edit holds (`kept_vectors`: row numbers in 2 bytes, issue 41) multiplies
    every block of kept rows to the same product, bit for bit, as the transpose with 4-byte rows."""
    from etl.load.similar_changed import kept_vectors
    from etl.store.engine import make_engine, transaction
    from etl.store.writer import Writer

    _, db = loaded(tmp_path, "transposed")
    engine = make_engine(db)
    try:
        with transaction(engine) as conn:
            ids, kept, against, _ = kept_vectors(Writer(conn))
            rows = kept.distinctive[np.arange(len(ids))]
    finally:
        engine.dispose()
    wide = rows.T
    assert against.indices.dtype == np.uint16 and wide.indices.dtype == np.int32
    assert against.indices.tolist() == wide.indices.tolist() and against.data.tolist() == wide.data.tolist()
    for block in (np.array([0]), np.arange(5), np.array([3, 17, 40, 41, 53])):
        one, other = rows[block] @ against, rows[block] @ wide
        assert one.indptr.tolist() == other.indptr.tolist() and one.indices.tolist() == other.indices.tolist()
        assert one.data.tobytes() == other.data.tobytes() and len(one.data) > 0


@pytest.mark.parametrize("at_once", [1, 7, 1_000])
def test_the_new_vectors_made_a_part_at_a_time_are_the_kept_ones(tmp_path, monkeypatch, at_once):
    """Every paper's vector computed as an edit computes its papers' (`_new_vectors`: a part of
    `VECTORS_AT_ONCE` papers at a time, each part's words' terms worked out afresh, the rows made
    once every part is computed, which keeps the similar step's memory down, issue 41) is the one
    the computation over every paper kept, bit for bit, however the papers are parted: an edit
    rewrites no paper that did not change."""
    from etl.load import similar_changed
    from etl.store.engine import make_engine, transaction
    from etl.store.writer import Writer

    _, db = loaded(tmp_path, "parts")
    kept = {pid: (bytes(terms), bytes(weights), bytes(topic)) for pid, terms, weights, topic, _ in rows(db, VECTORS)}
    monkeypatch.setattr(similar_changed, "VECTORS_AT_ONCE", at_once)
    engine = make_engine(db)
    try:
        with transaction(engine) as conn:
            computed = similar_changed._new_vectors(Writer(conn), set(kept) | {"no such paper"})
    finally:
        engine.dispose()
    assert computed == {pid: (*row, 0.0) for pid, row in kept.items()} and len(kept) > 50


def test_a_file_read_again_with_the_same_texts_leaves_what_a_cold_load_gives(tmp_path):
    """A file read again whose texts are the same (once 35 % of the similar pairs differed from a
    cold load's): the kept statistics and vectors are a cold load's, and so are the lists, the
    versions and the trend counts, without a rescore."""
    folder, db = loaded(tmp_path, "edited")
    before = rows(db, LISTS), rows(db, VERSIONS), trend_counts(db)
    read_again(folder)
    summary = load(db, [str(folder)], prune=True)
    assert not summary.rescored and summary.files_loaded == 1
    after = rows(db, LISTS), rows(db, VERSIONS), trend_counts(db)
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    assert after == before == (rows(cold, LISTS), rows(cold, VERSIONS), trend_counts(cold))


@pytest.mark.parametrize("rows_asked", [[0], [5, 17, 40], list(range(0, 54, 2)), list(range(54))])
def test_a_list_found_for_a_few_papers_is_the_list_found_for_all(rows_asked):
    """The selection of a paper's list depends on the pair alone (the parts summed in the paper's
    own order, the topic cosines pair by pair), never on which rows are computed with it."""
    from collections import Counter

    from etl.extract.similar.words import WordTerms
    from tests.similar_reference import Corpus, similar_papers

    terms, corpus = WordTerms({}), Corpus()
    papers = [r for file in FILES for r in records(file)]
    counted: list[tuple[str, Counter]] = sorted(
        (f"{i:03d}", terms.of(r["title"], r["abstract"], [])) for i, r in enumerate(papers)
    )
    for pid, counts in counted:
        corpus.add(pid, counts)
    result = similar_papers(corpus)
    some = selecting.select(result.vectors, np.array(rows_asked))
    assert (some.similar == result.similar[rows_asked]).all() and (some.scores == result.scores[rows_asked]).all()
    assert (some.floors == result.floors[rows_asked]).all()
    assert (result.floors > 0).sum() > 40  # (most have more candidates than they score)


DIGEST = "UPDATE sources SET sha256 = :d WHERE id = :i"


def test_revision_0034_keeps_the_lists_and_leaves_the_vectors_to_the_next_load_that_computes_a_cold_loads(tmp_path):
    """Migrated, a database whose lists were kept without vectors keeps its lists and versions, and
    its computation is marked as one of other rules (it has no vectors yet); a load that changes
    nothing leaves it so, and its next load that changes something computes every list and vector
    afresh, as a cold load; an edit after that is exact again. (The rules before 0034 had the
    same fingerprint as these, here: the mark alone makes the computation afresh.)"""
    from alembic import command
    from alembic.script import ScriptDirectory

    from etl.store.engine import alembic_config, migrate
    from tests.helpers import run

    folder, db = loaded(tmp_path, "old")
    before = rows(db, LISTS), rows(db, VERSIONS)
    parent = ScriptDirectory.from_config(alembic_config()).get_revision("0034").down_revision
    run(db, lambda conn: command.downgrade(alembic_config(conn), parent))
    assert rows(db, "SELECT count(*) FROM similar_terms")[0][0] > 100  # (down: the vectors go, the rest stays)
    assert not rows(db, "SELECT name FROM sqlite_master WHERE name = 'similar_vectors'")
    digests = rows(db, "SELECT id, sha256 FROM sources")
    run(db, migrate)
    # (revision 0056 has the sources naming a particle read again, which computes afresh: its own
    # test; here they keep their digests, so that only 0034's mark is at work)
    run(db, lambda conn: conn.execute(sa.text(DIGEST), [{"i": i, "d": d} for i, d in digests]))
    assert (rows(db, LISTS), rows(db, VERSIONS), rows(db, VECTORS)) == (*before, [])
    assert rows(db, "SELECT fingerprint FROM similar_scoring") == [("revision 0034: vectors to compute",)]
    assert load(db, [str(folder)]).files_unchanged == len(FILES)
    assert rows(db, VECTORS) == []
    read_again(folder)
    assert not load(db, [str(folder)], prune=True).rescored
    cold = str(tmp_path / "cold.db")
    load(cold, [str(folder)])
    assert (rows(db, LISTS), rows(db, VERSIONS), rows(db, VECTORS)) == (
        rows(cold, LISTS),
        rows(cold, VERSIONS),
        rows(cold, VECTORS),
    )
    assert rows(db, "SELECT fingerprint FROM similar_scoring") == rows(cold, "SELECT fingerprint FROM similar_scoring")
    retitle(folder)
    load(db, [str(folder)], prune=True)
    assert (rows(db, LISTS), rows(db, VERSIONS)) == kept_selection(db)


VERSION_EXCERPTS = Path(__file__).parent / "fixtures" / "versions"


@pytest.mark.parametrize("reread", ["iros2011.json", "icra2012.json"])
def test_a_version_found_by_its_text_stays_linked_when_either_file_is_read_again(tmp_path, reread):
    """A work retitled between IROS 2011 and ICRA 2012 (catalogue excerpts, tests/fixtures/versions/):
    only the similar papers' candidates find the pair. Either file read again with the same texts
    (a revision marks it, or another status) keeps the link a cold load makes (issue 41: the
    catalogue's ICRA and IROS files read again lost 4 of its 33 links)."""
    folder = tmp_path / "files"
    shutil.copytree(VERSION_EXCERPTS, folder)
    db = str(tmp_path / "edited.db")
    load(db, [str(folder)])
    cold = rows(db, VERSIONS), rows(db, VECTORS), rows(db, LISTS)
    assert [(r[2], r[4]) for r in cold[0]] == [("poster → poster", 0)]  # (not of one title)
    changed = json.loads((folder / reread).read_text(encoding="utf-8"))
    changed[1]["status"] = "Oral"  # (not the linked paper's record: no text changes)
    put(folder, reread, changed)
    summary = load(db, [str(folder)])
    assert not summary.rescored and summary.files_loaded == 1
    assert (rows(db, VERSIONS), rows(db, VECTORS), rows(db, LISTS)) == cold


def _vector(weights: list[float], topic: list[float], terms: tuple[int, ...] = (3, 7)) -> tuple[bytes, bytes, bytes]:
    as_bytes = lambda values, kind: np.array(values, dtype=kind).tobytes()  # noqa: E731
    return as_bytes(terms, "<i4"), as_bytes(weights, "<f4"), as_bytes(topic, "<f4")


def _off_by_ulps(values: list[float], ulps: int) -> list[float]:
    found = np.array(values, dtype=np.float32)
    for _ in range(ulps):
        found = np.nextafter(found, np.float32(np.inf), dtype=np.float32)
    return found.tolist()


KEPT = _vector([0.1847, 0.2150], [0.5174, -0.1887, 0.0])


@pytest.mark.parametrize(
    ("computed", "same"),
    [
        (KEPT, True),
        # summed in another order: the last place or two off (13 papers of the catalogue's 131 files read again)
        (_vector(_off_by_ulps([0.1847, 0.2150], 1), [0.5174, -0.1887, 0.0]), True),
        (_vector([0.1847, 0.2150], _off_by_ulps([0.5174, -0.1887, 0.0], 2)), True),
        # a text changed: a weight moves in its third place, or a term comes or goes
        (_vector([0.1847, 0.2161], [0.5174, -0.1887, 0.0]), False),
        (_vector([0.1847, 0.2150], [0.5174, -0.1887, 0.0012]), False),
        (_vector([0.1847, 0.2150], [0.5174, -0.1887, 0.0], (3, 8)), False),
        (_vector([0.1847, 0.2150, 0.1], [0.5174, -0.1887, 0.0], (3, 7, 9)), False),
    ],
)
def test_a_vector_computed_again_is_the_kept_one_within_float_rounding(computed, same):
    from etl.load.similar_changed import same_vector

    assert same_vector(KEPT, computed) is same
    assert same_vector(None, computed) is False
