"""Sparse rows on numpy alone give scipy's sparse arithmetic to the last bit (what a load that
changes a few papers computes their similar papers with, `etl/extract/similar/sparse_rows.py`):
on the real vectors of the catalogue excerpts (tests/fixtures/similar, loaded), and on shapes
chosen to cross the bounds of one step of a product."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import sparse

from etl.extract.similar import sparse_rows
from etl.extract.similar.sparse_rows import SparseRows
from etl.load import load
from tests.helpers import rows as query

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
VECTORS = "SELECT terms, weights, topic FROM similar_vectors ORDER BY paper_id"


@pytest.fixture(scope="module")
def vectors(tmp_path_factory) -> tuple[sparse.csr_matrix, np.ndarray]:
    """The kept vectors of the three excerpts' papers (54 records), as scipy's rows, and their topics."""
    db = str(tmp_path_factory.mktemp("sparse") / "papers.db")
    load(db, [str(EXCERPTS)])
    found = query(db, VECTORS)
    columns = np.frombuffer(b"".join(bytes(t) for t, _, _ in found), dtype="<u4").astype(np.int32)
    data = np.frombuffer(b"".join(bytes(w) for _, w, _ in found), dtype="<f4").astype(np.float32)
    ends = np.concatenate(([0], np.cumsum([len(t) // 4 for t, _, _ in found]))).astype(np.int64)
    topics = np.frombuffer(b"".join(bytes(v) for _, _, v in found), dtype="<f4").reshape(len(found), -1)
    return sparse.csr_matrix((data, columns, ends), shape=(len(found), int(columns.max()) + 1)), topics


def ours(matrix: sparse.csr_matrix) -> SparseRows:
    return SparseRows(matrix.data, matrix.indices, matrix.indptr.astype(np.int64), matrix.shape)


def same(theirs: sparse.csr_matrix, mine: SparseRows) -> bool:
    """The same rows, columns and values to the bit (scipy's columns sorted: the order within a row is not a value)."""
    theirs = theirs.tocsr().sorted_indices()
    return (
        theirs.shape == mine.shape
        and np.array_equal(theirs.indptr, mine.indptr)
        and np.array_equal(theirs.indices, mine.indices)
        and np.array_equal(theirs.data.view(np.uint32), mine.data.view(np.uint32))
    )


@pytest.mark.parametrize(
    ("rows", "products", "sums"),
    [
        (slice(None), 50_000, 250_000),  # every paper against every paper, one step
        (slice(None), 1, 1),  # one row a step
        ([5, 0, 53, 5], 700, 300),  # rows picked out of order, one twice; steps of a few rows
        (slice(40, 40), 50_000, 250_000),  # no row
    ],
    ids=["all", "row-by-row", "picked", "none"],
)
def test_the_product_is_scipys(vectors, monkeypatch, rows, products, sums):
    monkeypatch.setattr(sparse_rows, "PRODUCTS_AT_ONCE", products)
    monkeypatch.setattr(sparse_rows, "SUMS_AT_ONCE", sums)
    matrix, _ = vectors
    against = matrix.T.tocsr()
    mine = ours(matrix)
    assert same(against, mine.T)
    assert same(matrix[rows] @ against, mine[rows] @ mine.T)


@pytest.mark.parametrize("rows", [slice(None), [3, 1, 2]], ids=["all", "picked"])
def test_the_product_with_a_dense_matrix_is_scipys(vectors, rows):
    """(the topic vectors' projection: the papers' rows times a basis)"""
    matrix, topics = vectors
    basis = np.random.default_rng(41).standard_normal((matrix.shape[1], topics.shape[1])).astype(np.float32)
    theirs = np.asarray(matrix[rows] @ basis)
    assert theirs.dtype == np.float32
    assert np.array_equal(theirs.view(np.uint32), ours(matrix)[rows].dense_product(basis).view(np.uint32))


def test_one_row_against_the_others_is_scipys(vectors):
    """(the MCP tool's comparison of a text with the papers that share its words)"""
    matrix, _ = vectors
    mine = ours(matrix)
    assert np.array_equal((matrix[1:] @ matrix[0].T).toarray(), (mine[1:] @ mine[0].T).toarray())


@pytest.mark.parametrize("at_once", [1, 97, 20_000], ids=["value-by-value", "parts", "one-part"])
def test_the_transpose_is_scipys_whatever_parts_it_is_placed_in(vectors, monkeypatch, at_once):
    """(every kept vector's transpose, a small load's `against`: placed `VALUES_AT_ONCE` values at
    a time, each column's rows in order across the parts)"""
    monkeypatch.setattr(sparse_rows, "VALUES_AT_ONCE", at_once)
    matrix, _ = vectors
    theirs, mine = matrix.T.tocsr(), ours(matrix).T
    assert theirs.shape == mine.shape and mine.indices.dtype == np.int32
    assert np.array_equal(theirs.indptr, mine.indptr) and np.array_equal(theirs.indices, mine.indices)
    assert np.array_equal(theirs.data.view(np.uint32), mine.data.view(np.uint32))


@pytest.mark.parametrize(
    ("parts", "at_once"),
    [([54], 20_000), ([1] * 54, 20_000), ([7, 0, 20, 27], 5), ([53, 1], 1)],
    ids=["one-part", "row-by-row", "parts-one-empty", "value-by-value"],
)
def test_the_transpose_made_from_parts_of_the_rows_is_scipys(vectors, monkeypatch, parts, at_once):
    """(an edit's `against`, made from every kept vector as the database gives them a batch at a
    time, the rows not held: `Transposing`)"""
    monkeypatch.setattr(sparse_rows, "VALUES_AT_ONCE", at_once)
    matrix, _ = vectors
    mine = ours(matrix)
    transposing = sparse_rows.Transposing(np.bincount(mine.indices, minlength=mine.shape[1]), mine.shape[0], np.float32)
    first = 0
    for size in parts:
        transposing.add(mine[first : first + size], first)
        first += size
    assert first == matrix.shape[0]
    made, theirs = transposing.done(), matrix.T.tocsr()
    assert made.shape == theirs.shape and made.indices.dtype == np.int32
    assert np.array_equal(theirs.indptr, made.indptr) and np.array_equal(theirs.indices, made.indices)
    assert np.array_equal(theirs.data.view(np.uint32), made.data.view(np.uint32))


@pytest.mark.parametrize("candidates", [3, 5, 20, 60])
def test_a_papers_floor_is_the_part_of_its_last_candidate(vectors, monkeypatch, candidates):
    """A paper's floor, by its definition: the distinctive part of its `CANDIDATES`-th candidate
    when more papers share a term with it, else 0 (found a row at a time from scipy's product)."""
    from etl.extract.similar import select as selecting

    monkeypatch.setattr(selecting, "CANDIDATES", candidates)
    matrix, topics = vectors
    parts = (matrix @ matrix.T).tocsr()
    expected = []
    for row in range(matrix.shape[0]):
        found = parts[row]
        others = np.sort(found.data[found.indices != row])[::-1]
        expected.append(float(others[candidates - 1]) if len(others) > candidates else 0.0)
    chosen = selecting.select(selecting.Vectors(ours(matrix), topics), np.arange(matrix.shape[0]))
    assert chosen.floors.tolist() == expected
    assert all(expected) if candidates <= 20 else not any(expected)  # (53 others: more than 20, fewer than 60)
