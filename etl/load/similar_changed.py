"""Similar papers kept current between full computations, at a cost that follows what a load
changes, and exactly: afterwards `similar_papers` is what the full computation's selection
(`etl.extract.similar.select`) gives over the papers' kept vectors (`similar_vectors`).

A paper the load added or changed gets its vector against the kept statistics
(`etl.extract.similar.scoring`); one whose vector comes out as it was (a file read again, its
texts the same) changes nothing. The papers whose lists a changed or removed paper can reach
are those it shares a distinctive term with at a part no lower than their *floor* (the part of
their last candidate): found by sparse products of the changed papers' old and new vectors
with every paper's; only their lists are found again, each from every paper, as the full
computation finds it. Each of these steps takes a block of papers at a time, so what the step
holds beside every paper's vector is bounded, however many lists an edit reaches.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import cast

import numpy as np

from ..extract.similar.scoring import vectors
from ..extract.similar.select import Rows, Selected, Vectors, select
from ..extract.similar.sparse_rows import SparseRows, Transposing, row_numbers
from ..extract.similar.words import WordTerms
from ..iterables import chunks
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import IDS_PER_QUERY, Writer
from .memory import trim_heap
from .similar_all import VECTOR_COLUMNS, RowIds, aliases, selected_rows, vector_rows
from .similar_statistics import kept_statistics

# Changes, or papers whose lists are found again (and written), taken at a time into one sparse product
# with every paper (a removed file's papers each share a term with thousands: their products are the
# step's peak). 25 rather than 100: the removal of a 765-paper file from 11,176 peaks 8 MB lower. 5
# rather than 10: the same peak and less CPU (measured, not explained: perhaps the smaller sums in cache),
# the benchmark's edit, interleaved, 2.02-2.12 -> 1.87-1.91 s of the step's CPU; 3: 2.15-2.18 s.
BLOCK = 5
# Lists found again and written at a time: 10 took ~6,000 statements for the ~9,400
# lists an edit of 11,000 papers reaches (0.8 s of CPU); 100, a tenth of them, for about 0.2 MB more.
WRITTEN = 100
# SQLite's page cache for the whole step (`update_similar`), then as it was: the edit's vectors are
# read once, and the small load's 2 MB cache filled sat under the step's peak. The benchmark's edit
# and removal, main's code and this interleaved (RSS `VmHWM` of the step): edit 62.5 / 62.4 -> 60.8
# / 61.1 MB, removal 54.5 / 54.6 -> 53.5 / 53.4 MB, the step's CPU the same (2.27 / 2.26 -> 2.21 /
# 2.11 s; 64 KiB: the same peak, 2.36 / 2.30 s). Set before the changed papers' vectors too (their
# texts, keywords and terms' statistics filled the 2 MB cache, then the kept vectors' arrays came
# on top; issue 41, branch edit17): the benchmark's edit, the step's largest RSS sampled every 20
# ms, interleaved, 52.2 / 52.7 / 52.5 -> 52.2 / 52.0 / 52.0 MB. The pages the load changed written to the
# log first (kept: 1.3 MB; edit27: the step's peak RSS 48.3 / 48.2 -> 47.8 / 47.4 MB, `store.page_flush`).
PAGE_CACHE_KIB = 256
# Kept vectors read at a time into every paper's (`_all_vectors`): a batch of 1,000 rows (1.1 MB of
# tuples, bytes and strings) took arenas of Python's allocator that the lists' peak then carried; the
# benchmark's edit, that step 6.0 -> 5.3 MB of RSS, the step's peak 0.3 MB lower.
VECTORS_READ = 250
# Papers whose vectors are computed together (`_new_vectors`), each part's words' terms worked out
# afresh and the rows made once every part is computed: the term counts of all an edit's papers at
# once were the largest part of the step's memory, and the objects kept while 200 at a time were
# computed (their rows, a memo of every word's term) sat among the temporaries in four more of
# Python's 1 MiB arenas, which the lists' peak carried. The benchmark's edit, the loader's peak RSS
# 50.6-51.3 -> 48.8-49.0 MB with `VECTORS_READ` (50: the same peak, more CPU; issue 41, mem23).
VECTORS_AT_ONCE = 100
TEXTS_OF = f"SELECT id, title, {CLEAN_ABSTRACT} FROM papers WHERE id IN :ids"
KEYWORDS_OF = """SELECT pk.paper_id, k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    WHERE pk.paper_id IN :ids"""
ROUNDING = 1e-6  # (relative and absolute) a weight or topic part computed again is the kept one within it
EPSILON = 1e-5  # a part summed in another order differs in its last bits: reach a little below the floor
TERMS = "SELECT terms FROM similar_vectors ORDER BY paper_id"
VECTORS = "SELECT paper_id, terms, weights, topic, floor FROM similar_vectors ORDER BY paper_id"
SIZES = "SELECT count(*), sum(length(topic)) FROM similar_vectors"
ROWS_OF = "SELECT paper_id, terms, weights FROM similar_vectors WHERE paper_id IN :ids"
# Vectors of papers that went, and papers without one (every other path keeps them in step: a safety net).
ORPHAN_VECTORS = "SELECT paper_id FROM similar_vectors WHERE paper_id NOT IN (SELECT id FROM papers)"
WITHOUT_VECTORS = "SELECT id FROM papers WHERE id NOT IN (SELECT paper_id FROM similar_vectors)"
WITH_LISTS = "SELECT DISTINCT paper_id FROM similar_papers WHERE paper_id IN :ids"
LIST_COLUMNS = ("paper_id", "rank", "similar_id", "score")


def update_similar(
    writer: Writer, changed: set[str], removed: set[str]
) -> tuple[list[tuple[str, str, float]], set[str], set[str]]:
    """Bring similar papers up to date for `changed` papers (added, or whose text, keywords or
    bibliography may have changed) and `removed` ones. Returns the pairs close enough to be
    versions of one work among the lists found again (ids, distinctive part), whose lists those
    are, and the papers whose vectors moved (added, or their texts or keywords changed)."""
    removed = set(removed) | {pid for (pid,) in writer.execute(ORPHAN_VECTORS)}
    changed = (set(changed) | {pid for (pid,) in writer.execute(WITHOUT_VECTORS)}) - removed
    if not changed and not removed:
        return [], set(), set()
    with writer.page_cache_within(PAGE_CACHE_KIB, shrink=True):
        trim_heap()  # (what the steps before left free in the C heap, and the pages let go: not under the peak)
        return _update(writer, changed, removed)


def _update(
    writer: Writer, changed: set[str], removed: set[str]
) -> tuple[list[tuple[str, str, float]], set[str], set[str]]:
    """`update_similar` of papers there are (`changed`, `removed`), within its page cache."""
    new = _new_vectors(writer, changed)
    old = _stored(writer, changed | removed)
    moved = {pid for pid in new if not same_vector(old.get(pid), new[pid])}
    gone = removed & set(old)
    writer.delete_in("similar_vectors", "paper_id", sorted(moved | gone))
    writer.insert("similar_vectors", [(pid, *new[pid]) for pid in sorted(moved)], ("paper_id", *VECTOR_COLUMNS))
    unlisted = _without_lists(writer, changed - moved)  # (a paper taken out and put back lost its rows)
    if not moved and not gone and not unlisted:
        return [], set(), moved
    changes = [old[p] for p in sorted(moved | gone) if p in old] + [new[p] for p in sorted(moved)]
    del old, new  # (the vectors of the papers that did not move: not under the lists' peak)
    trim_heap()  # (what computing the vectors left free in the C heap: not under the lists' peak)
    return (*_relist(writer, changes, moved, gone, unlisted), moved)


def same_vector(kept: tuple | None, computed: tuple) -> bool:
    """Whether a paper's vector computed again is the one kept (`similar_vectors` rows, floor
    left out): the same terms, and weights and topic within float32 rounding. A vector computed
    among other papers than the full computation's sums in another order: on the catalogue, 13 of
    the papers of 131 files read again with the same texts came out a bit or two off in their
    last place, and their vectors, floors and versions were no longer a cold load's (issue 41)."""
    if kept is None or kept[0] != computed[0]:
        return False
    if kept[1:3] == computed[1:3]:
        return True
    pairs = [(np.frombuffer(kept[k], dtype="<f4"), np.frombuffer(computed[k], dtype="<f4")) for k in (1, 2)]
    return all(len(a) == len(b) and np.allclose(a, b, rtol=ROUNDING, atol=ROUNDING) for a, b in pairs)


def _relist(
    writer: Writer, changes: list[tuple], moved: set[str], gone: set[str], unlisted: set[str]
) -> tuple[list[tuple[str, str, float]], set[str]]:
    """Find again the lists the `changes` can reach (the `moved` papers' old and new vectors and
    the `gone` papers' old ones: the list is emptied once read), and those of the moved and
    `unlisted` papers, and write them (`update_similar`)."""
    ids, kept, against, floors = kept_vectors(writer)
    reached = _reached(changes, against, floors)
    changes.clear()  # (not under the lists' peak)
    rows = _union(reached, _rows_of(ids, moved | unlisted))
    writer.delete_in("similar_papers", "paper_id", sorted(gone))
    close: list[tuple[str, str, float]] = []
    # (a paper's list is its own: found `BLOCK` papers at a time and written `WRITTEN` at a time, as
    # the lists of every paper an edit reaches, held at once and then copied into one array, were 3 MB
    # of its peak; each group's kept rows are read in one query)
    stored = cast(_StoredRows, kept.distinctive)
    for first in range(0, len(rows), WRITTEN):
        group = rows[first : first + WRITTEN]
        stored.hold(group)
        found = [select(kept, group[start : start + BLOCK], against) for start in range(0, len(group), BLOCK)]
        close += [(ids[a], ids[b], part) for selected in found for a, b, part in selected.close]
        _write_lists(writer, ids, found)
    writer.execute("UPDATE similar_scoring SET changed = changed + :n WHERE id = 1", {"n": len(moved | gone)})
    # (every paper's vectors let go before the ids of the lists found again are made: 9,400 in the
    # benchmark's edit, their bytes, strings and set about 1 MB, not on top of them, issue 41)
    del kept, stored, against, floors
    return close, set(ids.at(rows))


def _union(rows: np.ndarray, more: list[int]) -> np.ndarray:
    """The rows in either, sorted, each once: `np.union1d`'s, which imports `numpy.ma` to ask
    whether its array is masked: 1.3 MB of RSS imported in the step, issue 41)."""
    both = np.sort(np.concatenate((rows, np.asarray(more, dtype=np.int64))).astype(np.int64, copy=False))
    return both[np.concatenate(([True], both[1:] != both[:-1]))] if len(both) else both


def _rows_of(ids: RowIds, papers: set[str]) -> list[int]:
    """The rows of `papers` among `ids` (in order): a search, where a dict of every id took 1 MB."""
    rows = [bisect_left(ids, pid) for pid in papers]
    assert [ids[row] if row < len(ids) else None for row in rows] == list(papers)  # (each has a vector now)
    return rows


def _new_vectors(writer: Writer, papers: set[str]) -> dict[str, tuple[bytes, bytes, bytes, float]]:
    """The papers' vectors against the kept statistics, as `similar_vectors` rows (floor 0),
    `VECTORS_AT_ONCE` papers at a time (`_part_vectors`: a paper's vector is its own), the rows
    made once every part is computed (see `VECTORS_AT_ONCE`)."""
    computed: list[tuple[list[str], Vectors]] = []
    short: dict[str, str] | None = None
    for part in chunks(sorted(papers), VECTORS_AT_ONCE):
        keys: dict[str, list[str]] = {}
        for pid, key in writer.execute_in(KEYWORDS_OF, ids=part):
            keys.setdefault(pid, []).append(key)
        texts = {pid: (title, abstract) for pid, title, abstract in writer.execute_in(TEXTS_OF, ids=part)}
        if texts:
            short = aliases(writer) if short is None else short
            ids = [pid for pid in part if pid in texts]  # (the strings asked for, in order: none made here kept)
            computed.append((ids, _part_vectors(writer, [(*texts[pid], keys.get(pid, [])) for pid in ids], short)))
    return {row[0]: row[1:] for ids, part in computed for row in vector_rows(ids, part, np.zeros(len(ids)))}


def _part_vectors(
    writer: Writer, papers: list[tuple[str | None, str | None, list[str]]], short: dict[str, str]
) -> Vectors:
    """The vectors of a part's papers (title, abstract, keywords' merge keys), each word's term
    worked out afresh (`WordTerms`: its memo, the term counts and the statistics go when it returns)."""
    terms = WordTerms(short)
    counts = [terms.of(*paper) for paper in papers]
    return vectors(counts, kept_statistics(writer, {t for c in counts for t in c}))


def _stored(writer: Writer, papers: set[str]) -> dict[str, tuple[bytes, bytes, bytes, float]]:
    found = {}
    for pid, *row in writer.select_in("similar_vectors", ("paper_id", *VECTOR_COLUMNS), "paper_id", sorted(papers)):
        found[pid] = (bytes(row[0]), bytes(row[1]), bytes(row[2]), row[3])
    return found


def _without_lists(writer: Writer, papers: set[str]) -> set[str]:
    listed = set()
    for part in chunks(sorted(papers), IDS_PER_QUERY):
        listed |= {pid for (pid,) in writer.execute_in(WITH_LISTS, ids=part)}
    return papers - listed


def kept_vectors(writer: Writer) -> tuple[RowIds, Vectors, SparseRows, np.ndarray]:
    """Every paper's id, kept vector, the transpose of their distinctive rows and their floors,
    rows in id order, as `select` takes them: the rows are read a block at a time, when `select`
    takes that block (every paper's rows held beside their transpose were 2.2 MB of an
    11,000-paper edit's peak; `select` reads only `distinctive[block]` of them)."""
    ids, against, topics, floors = _all_vectors(writer)
    return ids, Vectors(cast(SparseRows, _StoredRows(writer, ids, against.shape[0])), topics), against, floors


def _all_vectors(writer: Writer) -> tuple[RowIds, SparseRows, np.ndarray, np.ndarray]:
    """Every paper's id (16 bytes a paper, where a list of strings held 80: 0.7 MB of an
    11,000-paper load's peak), the transpose of the kept vectors' distinctive rows (rows in id
    order), their topics and floors: read twice, each term's count of papers first, then the
    vectors a batch at a time into the transpose (the rows themselves, held, were 2.2 MB of an
    edit's peak; `_StoredRows` reads a block of them again when it is needed). The topics' buffer
    is made at its size first (grown as rows came, it peaked at twice it and left the C heap in
    pieces under the step's later peak). Row numbers of 2 bytes where they fit (`row_numbers`)."""
    papers, size = writer.execute(SIZES).fetchone()
    counts = np.zeros(0, dtype=np.int64)
    with writer.stream(TERMS) as batches:
        for batch in batches:
            columns = np.frombuffer(b"".join(terms for (terms,) in batch), dtype="<i4")
            found = np.bincount(columns, minlength=len(counts))
            found[: len(counts)] += counts
            counts = found
    transposing = Transposing(counts, papers, np.dtype(np.float32), row_numbers(papers))
    ids, row = RowIds(), 0
    topics = bytearray(size or 0)
    view, at = memoryview(topics), 0
    floors = np.empty(papers)
    with writer.stream(VECTORS, VECTORS_READ) as batches:
        for batch in batches:
            lengths = np.array([len(r[1]) // 4 for r in batch], dtype=np.int64)
            transposing.add(
                _rows(b"".join(r[1] for r in batch), b"".join(r[2] for r in batch), lengths, len(counts)), row
            )
            for pid, _, _, topic, floor in batch:
                view[at : at + len(topic)] = topic
                at += len(topic)
                floors[row] = floor
                ids.add(pid)
                row += 1
    assert row == papers and at == len(topics)  # (in the transaction: nothing else writes)
    dims = len(topics) // 4 // papers if papers else 1
    return (
        ids.done(),
        transposing.done(),
        np.frombuffer(topics, dtype="<f4").astype(np.float32, copy=False).reshape(-1, dims),
        floors,
    )


class _StoredRows:
    """The kept vectors' distinctive rows as `select` reads them (`rows[block]`), read from
    `similar_vectors` a block at a time, or from the rows read together beforehand (`hold`)."""

    def __init__(self, writer: Writer, ids: RowIds, width: int) -> None:
        self.writer, self.ids, self.shape = writer, ids, (len(ids), width)
        self.held_rows, self.held = np.zeros(0, dtype=np.int64), _rows(b"", b"", np.zeros(0, dtype=np.int64), width)

    def hold(self, rows: np.ndarray) -> None:
        """Read the rows `rows` (in increasing order) in one query, for the blocks `select` takes
        of them next (a query of 5 ids a block: 1,900 queries for the edit's 9,400 lists)."""
        self.held_rows = np.zeros(0, dtype=np.int64)  # (read from the database, not from the rows held)
        self.held, self.held_rows = self[rows], np.asarray(rows, dtype=np.int64)

    def __getitem__(self, rows: np.ndarray) -> SparseRows:
        rows = np.atleast_1d(rows)
        at = np.minimum(np.searchsorted(self.held_rows, rows), max(len(self.held_rows) - 1, 0))
        if len(self.held_rows) and np.array_equal(self.held_rows[at], rows):
            return self.held[at]
        wanted = self.ids.at(rows)
        found = {
            pid: (bytes(terms), bytes(weights)) for pid, terms, weights in self.writer.execute_in(ROWS_OF, ids=wanted)
        }
        lengths = np.array([len(found[pid][0]) // 4 for pid in wanted], dtype=np.int64)
        terms, weights = (b"".join(found[pid][k] for pid in wanted) for k in range(2))
        return _rows(terms, weights, lengths, self.shape[1])


def _matrix(terms: bytes, weights: bytes, topics: bytes, lengths: np.ndarray, width: int | None = None) -> Vectors:
    """The vectors of rows whose terms, weights and topics are in one buffer each, `lengths` terms a
    row (the arrays are views of the buffers where the byte order allows); with `width`, the
    columns from `width` on left out (terms no kept paper has any more, which reach nobody)."""
    dims = len(topics) // 4 // len(lengths) if len(lengths) else 1
    return Vectors(
        _rows(terms, weights, lengths, width),
        np.frombuffer(topics, dtype="<f4").astype(np.float32, copy=False).reshape(-1, dims),
    )


def _rows(terms: bytes, weights: bytes, lengths: np.ndarray, width: int | None = None) -> SparseRows:
    """The distinctive rows of `_matrix`."""
    # (term numbers are far below 2**31: read as int32 in place, where a cast from uint32 copied them)
    columns = np.frombuffer(terms, dtype="<i4").astype(np.int32, copy=False)
    data = np.frombuffer(weights, dtype="<f4").astype(np.float32, copy=False)
    if width is None:
        width = int(columns.max(initial=-1)) + 1
    elif len(columns) and columns.max() >= width:
        inside = columns < width
        lengths = np.bincount(np.repeat(np.arange(len(lengths)), lengths)[inside], minlength=len(lengths))
        columns, data = columns[inside], data[inside]
    ends = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    return SparseRows(data, columns, ends, (len(lengths), width))


def _reached(changes: list[tuple], against: Rows, floors: np.ndarray) -> np.ndarray:
    """The papers whose lists the `changes` (vectors as they were or are) can reach: a part with
    them no lower than their floor, `BLOCK` changes at a time."""
    reached = np.zeros(len(floors), dtype=bool)
    width = against.shape[0]
    for start in range(0, len(changes), BLOCK):
        block = changes[start : start + BLOCK]
        lengths = np.array([len(c[0]) // 4 for c in block], dtype=np.int64)
        terms, weights, topics = (b"".join(c[k] for c in block) for k in range(3))
        distinctive = _matrix(terms, weights, topics, lengths, width).distinctive
        product = distinctive @ against
        reached[product.indices[product.data >= floors[product.indices] - EPSILON]] = True
    return np.flatnonzero(reached).astype(np.int64)


def _write_lists(writer: Writer, ids: RowIds, found: list[Selected]) -> None:
    """Write the lists and floors of the papers selected for (a few blocks of them) in place of
    those kept, changed or not: reading the kept lists to write only those that differ (5,483 of the
    benchmark's 9,368) cost more than writing the others again (the step's CPU, interleaved at load
    average 14: 2.73 / 2.58 -> 2.49 / 2.46 s; the rows the same)."""
    owners = [pid for selected in found for pid in ids.at(selected.rows)]
    writer.delete_in("similar_papers", "paper_id", owners)
    writer.insert(
        "similar_papers",
        (row for selected in found for row in selected_rows(ids, selected.rows, selected)),
        LIST_COLUMNS,
    )
    floors = [f for selected in found for f in selected.floors.tolist()]
    writer.execute(
        "UPDATE similar_vectors SET floor = :floor WHERE paper_id = :id",
        [{"id": pid, "floor": floor} for pid, floor in zip(owners, floors, strict=True)],
    )
