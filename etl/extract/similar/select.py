"""Each paper's most similar papers from the papers' vectors (`Vectors`), for every paper or for a
few (the ones a load's changes reach), with one rule and one arithmetic, so a list found again
for a few papers is the list a computation over every paper gives, to the last bit.

A paper's candidates are the `CANDIDATES` papers with the largest distinctive part (ties: the
paper first by id), found by a sparse product of its row of distinctive weights with the
corpus's; its `SIMILAR` best candidates by the whole score are kept (ties: first by id). Every
step depends on the pair alone, never on which other papers are there or where in an array a
value sits: the distinctive part sums a paper's own terms in its row's order (float32, as the
sparse product adds), the topic cosine multiplies in float64 and sums each pair's 50 products
alone (a BLAS product's last bits depend on the matrix's shape). So the list of a paper whose
candidates and their vectors are unchanged is unchanged, whatever else changed; the *floor* (the
distinctive part of its last candidate, when more papers share a term with it than it takes)
tells which papers a change can reach.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

import numpy as np

from .sparse_rows import SparseRows

if TYPE_CHECKING:
    from scipy import sparse

# The rows of a computation over every paper (scipy's), or of a load's few changes (numpy's
# `SparseRows`, which adds as scipy does): `select` takes either.
Rows = Union["sparse.csr_matrix", SparseRows]

SIMILAR = 10  # similar papers kept per paper
CANDIDATES = 50  # papers per paper scored by both parts
TOPIC_WEIGHT = 0.5  # of the topic cosine, beside the distinctive terms' (at most 1)
# A score's similarity, 0 to 1 as a reader expects it (1: the same terms and topics), as every page,
# query and tool gives it: the score (distinctive cosine + TOPIC_WEIGHT x topic cosine) over its most.
SIMILARITY_MOST = 1 + TOPIC_WEIGHT
CLOSE = 0.3  # the distinctive part from which two papers are candidate versions of one work
BLOCK = 250  # papers whose candidates are found in one sparse product (a catalogue's row has thousands)
PAIRS_AT_ONCE = 20_000  # topic cosines computed in one step (bounds its float64 arrays: 8 MB each)


@dataclass
class Vectors:
    """Papers as they are compared, one row per paper in id order: its TF-IDF weights of length 1
    over its distinctive terms (float32; a row's terms in the paper's order, which the sums
    follow) and its topic vector (float32, length 1 or 0)."""

    distinctive: Rows
    topics: np.ndarray

    def against(self) -> Rows:
        """The papers of each term (terms x papers, papers in order), for `select`."""
        return self.distinctive.T.tocsr()


@dataclass
class Selected:
    """The lists of the papers `rows`: similar papers (row numbers, best first, -1 past the last),
    their scores (float64, unrounded), each paper's floor, and the pairs close enough to be versions
    of one work (row, other row after it, distinctive part)."""

    rows: np.ndarray
    similar: np.ndarray
    scores: np.ndarray
    floors: np.ndarray
    close: list[tuple[int, int, float]]


def select(vectors: Vectors, rows: np.ndarray, against: Rows | None = None) -> Selected:
    """The lists of the papers `rows` (row numbers) among every paper of `vectors`."""
    rows = np.asarray(rows, dtype=np.int64)
    against = vectors.against() if against is None else against
    similar = np.full((len(rows), SIMILAR), -1, dtype=np.int32)
    scores = np.zeros((len(rows), SIMILAR))
    floors = np.zeros(len(rows))
    close: list[tuple[int, int, float]] = []
    for start in range(0, len(rows), BLOCK):
        part = rows[start : start + BLOCK]
        block = (vectors.distinctive[part] @ against).tocsr()
        owner, others, parts, floors[start : start + len(part)] = _candidates(block, part)
        near = np.flatnonzero((parts >= CLOSE) & (others > part[owner]))
        near = near[np.lexsort((others[near], -parts[near], owner[near]))]  # (row by row, the closest first)
        close += zip(part[owner[near]].tolist(), others[near].tolist(), parts[near].tolist(), strict=True)
        total = parts + TOPIC_WEIGHT * _cosines(vectors.topics, part, owner, others)
        order = np.lexsort((others, -total, owner))
        owner, others, total = owner[order], others[order], total[order]
        rank = _ranks(owner, len(part))
        kept = rank < SIMILAR
        similar[start + owner[kept], rank[kept]] = others[kept]
        scores[start + owner[kept], rank[kept]] = total[kept]
    return Selected(rows, similar, scores, floors, close)


def _candidates(block: Rows, part: np.ndarray) -> tuple[np.ndarray, ...]:
    """(the block row of each candidate, the candidate, its distinctive part (float64), each row's
        floor) of a block of the product: each row's `CANDIDATES` largest parts (ties at the floor: the
    first by id), the paper itself aside, in the block's order (by row, not by part)."""
    indptr, others, parts = block.indptr, block.indices, block.data
    owner = np.repeat(np.arange(len(part), dtype=np.int32), np.diff(indptr))
    mine = others != part[owner]
    floors = np.zeros(len(part))
    counts = np.bincount(owner[mine], minlength=len(part))
    # (the paper's own part set below every other, so a row's floor is a partition of its slice as
    # it is: one step a row, where picking its other parts first took three times as long)
    others_parts = np.where(mine, parts, -np.inf)
    for row in np.flatnonzero(counts > CANDIDATES).tolist():  # (the rest keep all they have)
        start, end = indptr[row], indptr[row + 1]
        floors[row] = np.partition(others_parts[start:end], end - start - CANDIDATES)[end - start - CANDIDATES]
    mine &= parts >= floors[owner]  # (and the ties at the floor, the first by id kept below)
    owner, others, parts = owner[mine], others[mine], parts[mine]
    # (a row's candidates need no order but where it has more than `CANDIDATES` for ties at its
    # floor: of those at the floor, the first by id fill its places; a sort of every candidate
    # by part took a fifth of the selection, branch sim18)
    over = np.bincount(owner, minlength=len(part)) > CANDIDATES
    if over.any():
        tied = np.flatnonzero(over[owner] & (parts == floors[owner]))
        tied = tied[np.lexsort((others[tied], owner[tied]))]
        above = np.bincount(owner[over[owner] & (parts > floors[owner])], minlength=len(part))
        dropped = np.ones(len(owner), dtype=bool)
        dropped[tied[_ranks(owner[tied], len(part)) < CANDIDATES - above[owner[tied]]]] = False
        dropped &= over[owner] & (parts == floors[owner])
        owner, others, parts = owner[~dropped], others[~dropped], parts[~dropped]
    return owner, others.astype(np.int64), parts.astype(np.float64), floors


def _ranks(owner: np.ndarray, rows: int) -> np.ndarray:
    """Each entry's place within its row, for entries sorted by row."""
    starts = np.searchsorted(owner, np.arange(rows))
    return np.arange(len(owner)) - starts[owner]


def _cosines(topics: np.ndarray, rows: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The topic cosine of each pair (rows[a[i]], b[i]): float64 products of the float32 vectors
    (exact), summed pair by pair. (The block's own rows made float64 once, each pair's copied and
    multiplied in place by the other's: the same products and sums as `np.multiply(...,
    dtype=np.float64)`, which casts both through a buffer, at a third of its time, branch sim37;
    the block's rows cast once, not each pair's, branch sim18.)"""
    own = topics.take(rows, axis=0).astype(np.float64)
    out = np.empty(len(a))
    for start in range(0, len(a), PAIRS_AT_ONCE):
        end = start + PAIRS_AT_ONCE
        products = own.take(a[start:end], axis=0)
        products *= topics.take(b[start:end], axis=0)
        np.add.reduce(products, axis=1, out=out[start:end])
    return out


def similarity(score: float) -> float:
    """The similarity of two papers whose `similar_papers.score` is `score`: 0 to 1, to 3 places
    (the number the paper page, `similar_to_paper` and the MCP tools show)."""
    return round(score / SIMILARITY_MOST, 3)
