"""Each paper's most similar papers by text (`similar_papers`), computed in the load.

Every paper's (`etl.extract.similar.blocks`, in bounded memory) when the load rescores keywords (the terms
include the keywords) or when the statistics were never computed or computed by other rules;
the statistics are kept in `similar_terms` and `similar_scoring`. Between those, a load scores
only what it adds, changes or removes against the kept statistics (`etl.load.similar_changed`), as
keyword ranking does between rescores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import TYPE_CHECKING, overload

import numpy as np

from ..digests import sha256
from ..extract.similar.words import short_forms
from ..iterables import chunks
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import Writer
from .memory import trim_heap
from .summary import utcnow

if TYPE_CHECKING:
    from ..extract.similar.blocks import Frequencies, Space
    from ..extract.similar.helper import Paper
    from ..extract.similar.paged import Paged

# The short forms papers wrote for their keywords (`short_forms` reads them as those keywords), kept
# apart from the keywords' names (`keyword_aliases`): `DKL`, a short form of `deep learning` on a
# paper, is no name of it, and was read as it (docs/keywords.md, branch kwalias2).
ALIASES = """SELECT s.alias, k.normalised, k.papers FROM keyword_short_forms s JOIN keywords k ON k.id = s.keyword_id
    ORDER BY s.alias, k.normalised"""
PAPERS = f"SELECT id, title, {CLEAN_ABSTRACT} FROM papers ORDER BY id"
KEYWORDS = """SELECT pk.paper_id, k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    ORDER BY pk.paper_id"""
ROWS_AT_ONCE = 10_000
# Papers' postings counted and spilled at once: bounds the batch's lists, in the load and in the
# helper that gathers two of three (5,000 and one of two: 292 MB PSS of both at the catalogue, 2,000: 204).
PAPERS_AT_ONCE = 2_000
VECTOR_COLUMNS = ("terms", "weights", "topic", "floor")  # of similar_vectors, after paper_id
PACKAGE = Path(__file__).resolve().parent.parent  # the `etl` package
RULES = PACKAGE / "extract" / "similar"
VERSION_RULES = (PACKAGE / "extract" / "versions.py", PACKAGE / "load" / "versions.py")  # (computed with them)


@cache
def fingerprint() -> str:
    """What the similarities and the versions of one work depend on besides the papers: the code
    that computes them (its rules and weights are constants in it) and the word lists."""
    digest = sha256()
    for path in rule_paths():
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def rule_paths() -> list[Path]:
    """The files `fingerprint` reads."""
    return [*sorted(RULES.glob("*.py")), *VERSION_RULES, PACKAGE / "data" / "function_words.txt", Path(__file__)]


def needs_full(writer: Writer, rescored: bool) -> bool:
    """Whether every paper's similar papers must be computed afresh."""
    if rescored:
        return True
    row = writer.execute("SELECT fingerprint FROM similar_scoring WHERE id = 1").fetchone()
    return row is None or row[0] != fingerprint()


def aliases(writer: Writer) -> dict[str, str]:
    return short_forms(writer.execute(ALIASES))


def corpus_papers(writer: Writer) -> Iterator[tuple[str, Paper]]:
    """Every paper's id, title, abstract and keywords' merge keys, in id order (papers and their
    keywords read side by side)."""
    with writer.stream(PAPERS) as papers, writer.stream(KEYWORDS) as keywords:
        rows = (row for batch in keywords for row in batch)
        pending = next(rows, None)
        for batch in papers:
            for pid, title, abstract in batch:
                keys = []
                while pending is not None and pending[0] <= pid:
                    if pending[0] == pid:
                        keys.append(pending[1])
                    pending = next(rows, None)
                yield pid, (title, abstract, keys)


class RowIds:
    """Papers' ids by row number, as one array of their UTF-8 bytes (16 bytes a paper, where a list
    of strings held about 80), gathered a batch at a time (`add`, then `done`)."""

    def __init__(self) -> None:
        self.parts: list[np.ndarray] = []
        self.batch: list[bytes] = []
        self.ids = np.empty(0, "S1")

    def add(self, pid: str) -> None:
        self.batch.append(pid.encode("utf-8"))
        if len(self.batch) >= PAPERS_AT_ONCE:
            self.parts.append(np.array(self.batch))
            self.batch = []

    def done(self) -> RowIds:
        if self.batch:
            self.parts.append(np.array(self.batch))
        if self.parts:
            self.ids = np.concatenate(self.parts)
        self.parts, self.batch = [], []
        return self

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, row: int) -> str: ...
    @overload
    def __getitem__(self, row: slice) -> list[str]: ...
    def __getitem__(self, row: int | slice) -> str | list[str]:
        if isinstance(row, slice):
            return self.of(self.ids[row])
        return self.ids[row].decode("utf-8")

    def at(self, rows: np.ndarray) -> list[str]:
        """The ids of the rows `rows` (an array of row numbers), in that order."""
        return self.of(self.ids[rows])

    @staticmethod
    def of(ids: np.ndarray) -> list[str]:
        return list(map(bytes.decode, ids.tolist()))


@dataclass
class Computed:
    """What a computation over every paper gives the versions step: the papers' ids (by row) and
    the pairs close enough to be versions of one work (row, later row, distinctive part)."""

    ids: RowIds
    close: list[tuple[int, int, float]]


def compute_all(writer: Writer) -> Computed:
    """Every paper's similar papers, computed afresh and stored with the statistics and the papers'
    vectors, in memory that grows with the kept terms and the distinctive postings, not with every
    word (`etl.extract.similar.blocks`): the papers' postings are spilled to a temporary file and
    read back block by block (counted, first words noted, weighed, topics), on one thread of the
    linear algebra library as the whole-corpus reference, tests/similar_reference.py (the same sums in the same order)."""
    import tempfile  # (here: an edit's step never spills, and it brings shutil, random, bz2 and lzma: 1.5 MB)

    from threadpoolctl import threadpool_limits

    from ..extract.similar import blocks
    from ..extract.similar.paged import Paged

    trim_heap()  # (what the steps before left free in the C heap: not under this step's peak)
    paged = Paged()  # (the vectors of every paper: in files, mapped and read a block at a time)
    with threadpool_limits(limits=1, user_api="blas"), tempfile.TemporaryFile(prefix="paperdb-similar-") as spill:
        ids, frequencies = _spill_postings(writer, spill)
        trim_heap()  # (each step's transient arrays and the papers' texts, freed: not under the next's peak)
        space, vectors = blocks.vectors(frequencies, lambda: _read(spill), paged)
        trim_heap()  # (and not shared with the helper that selects the lists, then copied)
        close = _select_and_store(writer, ids, vectors, paged, lambda: save_space(writer, space))
    paged.close()
    del vectors
    return Computed(ids, close)


def _spill_postings(writer: Writer, spill) -> tuple[RowIds, Frequencies]:
    """Every paper's postings, batch by batch, into `spill`, their document frequencies counted
    (the terms of two batches of three worked out by a helper process in a large computation);
    returns the papers' ids in row order and the frequencies."""
    from ..extract.similar.blocks import Frequencies
    from ..extract.similar.helper import gathered, helps

    ids = RowIds()
    frequencies = Frequencies()

    def batches() -> Iterator[list[Paper]]:
        batch: list[Paper] = []
        for pid, paper in corpus_papers(writer):
            ids.add(pid)
            batch.append(paper)
            if len(batch) >= PAPERS_AT_ONCE:
                yield batch
                batch = []
        if batch:
            yield batch

    (papers,) = writer.execute("SELECT count(*) FROM papers").fetchone()
    helper = trim_heap if helps(papers) else None
    for postings, names in gathered(batches(), aliases(writer), frequencies.known, helper):
        frequencies.add(postings, names)
        for part in (
            postings.words,
            postings.word_counts,
            postings.word_ends,
            postings.pairs,
            postings.pair_counts,
            postings.pair_ends,
        ):
            np.save(spill, part)
    return ids.done(), frequencies


def _read(spill) -> Iterator:
    """The spilled postings, batch by batch."""
    from ..extract.similar.blocks import Postings

    end = spill.seek(0, 2)
    spill.seek(0)
    while spill.tell() < end:
        yield Postings(*(np.load(spill) for _ in range(6)))


def _select_and_store(
    writer: Writer, ids: RowIds, vectors, paged: Paged, meanwhile: Callable[[], None]
) -> list[tuple[int, int, float]]:
    """Select every paper's list, block by block (in a helper process in a large computation),
    and store the lists and the vectors; returns the close pairs. The vectors' pages each process
    reads are released after each block (`paged`: read again from the files' pages). `meanwhile`
    (the statistics' rows) runs once the first block is stored, while a helper selects the next
    ones (0.4 s of the catalogue's that the load no longer adds to the step, branch sim37)."""
    from ..extract.similar.helper import helps, selections
    from ..extract.similar.paged import transposed
    from ..extract.similar.select import Vectors

    against = transposed(vectors.distinctive, paged, "against")
    writer.execute("DELETE FROM similar_papers")
    writer.execute("DELETE FROM similar_vectors")
    close: list[tuple[int, int, float]] = []
    waiting: Callable[[], None] | None = meanwhile

    def tidy() -> None:  # (the helper's, after each block it selects)
        paged.release()
        trim_heap()

    for selected in selections(vectors, against, len(ids), ROWS_AT_ONCE, tidy if helps(len(ids)) else None):
        rows = selected.rows
        start, end = int(rows[0]), int(rows[-1]) + 1
        writer.insert("similar_papers", selected_rows(ids, rows, selected), ("paper_id", "rank", "similar_id", "score"))
        block = Vectors(vectors.distinctive[start:end], vectors.topics[start:end])
        writer.insert(
            "similar_vectors", vector_rows(ids[start:end], block, selected.floors), ("paper_id", *VECTOR_COLUMNS)
        )
        close += selected.close
        paged.release()
        if waiting is not None:
            waiting()
            waiting = None
    if waiting is not None:  # (no paper)
        waiting()
    return close


def selected_rows(ids: RowIds, rows: np.ndarray, selected) -> Iterable[tuple[str, int, str, float]]:
    """`list_rows` of a block of rows at once (`rows`, their lists in `selected`), owner by owner
    and rank by rank: no Python step per row but the tuple's. Each owner's id is decoded once and
    named by each of its rows (a decoded id a row was 0.1 s of the catalogue's 901,070 rows)."""
    kept = selected.similar >= 0  # (a list's places, -1 past its last paper)
    owner, place = np.nonzero(kept)
    scores = map(round, selected.scores[kept].tolist(), repeat(4))
    owners = map(ids.at(rows).__getitem__, owner.tolist())
    return zip(owners, (place + 1).tolist(), ids.at(selected.similar[kept]), scores, strict=True)


def list_rows(ids: Sequence[str] | RowIds, owners: list[str], similar, scores) -> Iterator[tuple[str, int, str, float]]:
    """`similar_papers` rows of each of `owners` (row i of `similar` and `scores`; ids by row
    number), scores rounded to 4 places."""
    for owner, others, found in zip(owners, similar.tolist(), scores.tolist(), strict=True):
        for rank, (other, score) in enumerate(zip(others, found, strict=True), 1):
            if other < 0:
                break
            yield owner, rank, ids[other], round(score, 4)


def vector_rows(ids: list[str], vectors, floors, columns=None) -> Iterator[tuple[str, bytes, bytes, bytes, float]]:
    """`similar_vectors` rows of the papers (row i: `ids[i]`); `columns` numbers the terms of the
    distinctive columns (by default a column's number is its term's)."""
    distinctive, topics = vectors.distinctive, vectors.topics.astype("<f4")
    indptr, indices = distinctive.indptr.tolist(), distinctive.indices
    terms = (indices if columns is None else columns[indices]).astype("<u4")
    weights = distinctive.data.astype("<f4")
    for i, (pid, floor) in enumerate(zip(ids, floors.tolist(), strict=True)):
        start, end = indptr[i], indptr[i + 1]
        yield pid, terms[start:end].tobytes(), weights[start:end].tobytes(), topics[i].tobytes(), floor


def save_space(writer: Writer, space: Space) -> None:
    """Keep what the similarities were computed with (`similar_terms`, numbered in the terms' name
    order, and `similar_scoring`), read from the space's arrays a block at a time: dictionaries of
    every term (its document frequency, its number) held 250 bytes a term at the step's end, and
    a large corpus keeps hundreds of thousands of terms (a 1,000,000-record file's, about 400,000)."""
    writer.execute("DELETE FROM similar_terms")
    by_number = np.argsort(space.numbers)  # (`numbers`: each term's place in name order)
    topic = space.topic_column if space.dimensions >= 1 else np.full(len(by_number), -1)
    basis = space.basis.astype("<f4")

    def rows() -> Iterator[tuple[str, int, int, bytes | None]]:
        for start in range(0, len(by_number), ROWS_AT_ONCE):
            part = by_number[start : start + ROWS_AT_ONCE]
            for number, (k, df, place) in enumerate(
                zip(part.tolist(), space.df[part].tolist(), topic[part].tolist(), strict=True), start
            ):
                yield space.terms[k], df, number, basis[place].tobytes() if place >= 0 else None

    for part in chunks(rows(), ROWS_AT_ONCE):
        writer.insert("similar_terms", part, ("term", "papers", "number", "topic"))
    writer.execute(
        "INSERT INTO similar_scoring (id, papers, changed, fingerprint, computed_at)"
        " VALUES (1, :papers, 0, :fingerprint, :now) ON CONFLICT (id) DO UPDATE SET papers = excluded.papers,"
        " changed = 0, fingerprint = excluded.fingerprint, computed_at = excluded.computed_at",
        {"papers": space.papers, "fingerprint": fingerprint(), "now": utcnow()},
    )
