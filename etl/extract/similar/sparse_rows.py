"""Sparse rows on numpy alone, in the CSR layout of scipy's `csr_matrix`, with its products added
as scipy adds them, to the last bit: what a load that changes a few papers needs of sparse
algebra (`scoring`, `etl.load.similar_changed`), without importing scipy (about 12 MB of a
process; the computation over every paper, `blocks`, uses scipy itself)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import DTypeLike

# One step of `SparseRows.__matmul__` takes rows with at most this many products (its arrays hold
# about 30 bytes each) and this many sums (a row of the product is summed in a dense row, 4 or 8
# bytes a column), or one row alone: its memory is bounded whatever the rows.
PRODUCTS_AT_ONCE = 50_000
SUMS_AT_ONCE = 250_000
VALUES_AT_ONCE = 20_000  # values the transpose (`SparseRows.T`) places at a time


@dataclass(frozen=True)
class SparseRows:
    """Rows of values (`data`) at columns (`indices`), row `i` at `indptr[i]:indptr[i + 1]`, in
    the order the row has them; `shape` is (rows, columns)."""

    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray
    shape: tuple[int, int]

    def __getitem__(self, rows: int | slice | np.ndarray) -> SparseRows:
        """The rows `rows` (a number, a slice or an array of row numbers), in that order."""
        picked = np.atleast_1d(np.arange(self.shape[0])[rows])
        starts = self.indptr[picked]
        lengths = self.indptr[picked + 1] - starts
        at = _ranges(starts, lengths)
        return SparseRows(self.data[at], self.indices[at], _ends(lengths), (len(picked), self.shape[1]))

    @property
    def T(self) -> SparseRows:
        """The transpose, each of its rows in the order of the rows it comes from (as scipy's
        `.T.tocsr()` lays them)."""
        transposing = Transposing(np.bincount(self.indices, minlength=self.shape[1]), self.shape[0], self.data.dtype)
        transposing.add(self, 0)
        return transposing.done()

    def tocsr(self) -> SparseRows:
        return self

    def dense_product(self, dense: np.ndarray) -> np.ndarray:
        """The product with a dense matrix, each row the sum of its values' products with the
        dense rows in the order of its values (as scipy's `csr_matvecs` adds them)."""
        out = np.zeros((self.shape[0], dense.shape[1]), dtype=np.result_type(self.data, dense))
        lengths = np.diff(self.indptr)
        rows = np.repeat(np.arange(self.shape[0]), lengths)
        place = np.arange(len(self.data)) - np.repeat(self.indptr[:-1], lengths)  # (its place in its row)
        order = np.argsort(place, kind="stable")
        bounds = np.searchsorted(place[order], np.arange(int(lengths.max(initial=0)) + 1))
        for first, last in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
            at = order[first:last]  # (the values at one place of their rows: one per row)
            out[rows[at]] += self.data[at, None] * dense[self.indices[at]]
        return out

    def __matmul__(self, other: SparseRows) -> SparseRows:
        """The product: each value the sum, in the arithmetic of the values' type, of its products
        in the order of this row's values, as scipy's sparse product adds (`csr_matmat`); a sum
        of 0 is left out, as scipy leaves it."""
        if self.shape[1] != other.shape[0]:
            raise ValueError(f"shapes {self.shape} and {other.shape} do not multiply")
        width = other.shape[1]
        kind = np.result_type(self.data, other.data)
        starts = other.indptr[self.indices]
        lengths = other.indptr[self.indices + 1] - starts  # products of each value of these rows
        per_row = np.add.reduceat(np.append(lengths, 0), self.indptr[:-1]) * (np.diff(self.indptr) > 0)
        data, indices, counts = [], [], []
        first = 0
        for last in _steps(per_row, width):
            values = slice(self.indptr[first], self.indptr[last])
            at = _ranges(starts[values], lengths[values])
            products = np.repeat(self.data[values], lengths[values]).astype(kind) * other.data[at]
            rows = np.repeat(
                np.repeat(np.arange(last - first), np.diff(self.indptr[first : last + 1])), lengths[values]
            )
            sums = np.zeros((last - first) * width, dtype=kind)
            np.add.at(sums, rows * width + other.indices[at], products)  # (one by one, in order)
            kept = np.flatnonzero(sums != 0)  # (the same places; a boolean array is scanned 5x faster)
            data.append(sums[kept])
            indices.append((kept % width).astype(np.int32))
            counts.append(np.bincount(kept // width, minlength=last - first))
            first = last
        if not data:
            return SparseRows(np.zeros(0, kind), np.zeros(0, np.int32), _ends(per_row[:0]), (0, width))
        return SparseRows(
            np.concatenate(data), np.concatenate(indices), _ends(np.concatenate(counts)), (self.shape[0], width)
        )

    def toarray(self) -> np.ndarray:
        out = np.zeros(self.shape, dtype=self.data.dtype)
        out[np.repeat(np.arange(self.shape[0]), np.diff(self.indptr)), self.indices] = self.data
        return out


class Transposing:
    """A transpose made from rows given a part at a time, in their order (`add`; `done` gives it),
    each of its rows in the order of the rows it comes from, as `SparseRows.T`: the rows need not
    all be held at once (`etl.load.similar_changed` reads them from the database), only each
    column's count of values first (`counts`)."""

    # (placed `VALUES_AT_ONCE` values at a time, in the order of their rows: a stable sort of
    # every value's column made an int64 order of them all, 2.1 MB of a 268,000-value load's
    # 5.3 MB peak at this step; each part's order is its own, and each column's next free place
    # keeps the rows' order across parts)
    def __init__(self, counts: np.ndarray, rows: int, dtype: np.dtype, row_type: DTypeLike = np.int32) -> None:
        self.ends = _ends(counts)
        self.free = self.ends[:-1].copy()  # (each column's next place)
        self.rows, self.data = np.empty(int(self.ends[-1]), row_type), np.empty(int(self.ends[-1]), dtype)
        self.shape = (len(counts), rows)

    def add(self, part: SparseRows, first: int) -> None:
        """Place the rows of `part`, which are rows `first` on of the rows transposed."""
        for start in range(0, len(part.indices), VALUES_AT_ONCE):
            columns = part.indices[start : start + VALUES_AT_ONCE]
            order = np.argsort(columns, kind="stable")
            placed = np.bincount(columns, minlength=self.shape[0])
            ordered = columns[order]
            at = self.free[ordered] + np.arange(len(order)) - (np.cumsum(placed) - placed)[ordered]
            self.rows[at] = first + np.searchsorted(part.indptr, start + order, side="right") - 1  # (the value's row)
            self.data[at] = part.data[start : start + VALUES_AT_ONCE][order]
            self.free += placed

    def done(self) -> SparseRows:
        assert np.array_equal(self.free, self.ends[1:])  # (every value placed)
        return SparseRows(self.data, self.rows, self.ends, self.shape)


def row_numbers(rows: int) -> np.dtype:
    """The type a transpose of `rows` rows can hold its row numbers in (`Transposing`'s `row_type`,
    which the products only index with): 2 bytes a value where the rows allow, else 4 (issue 41,
    edit28: the edit benchmark's 274,825 values, 0.55 MB of the similar step's peak)."""
    return np.dtype(np.uint16 if rows <= np.iinfo(np.uint16).max + 1 else np.int32)


def _steps(per_row: np.ndarray, width: int) -> list[int]:
    """Where each step of a product ends (a row number past its last row): `PRODUCTS_AT_ONCE` and
    `SUMS_AT_ONCE` at most, or one row."""
    ends, products, rows = [], 0, 0
    for row, n in enumerate(per_row.tolist()):
        if rows and (products + n > PRODUCTS_AT_ONCE or (rows + 1) * width > SUMS_AT_ONCE):
            ends.append(row)
            products = rows = 0
        products += n
        rows += 1
    return [*ends, len(per_row)] if len(per_row) else []


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The positions `starts[k]` to `starts[k] + lengths[k]` (excluded) of every k, one after the other."""
    offsets = np.arange(int(lengths.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    return np.repeat(starts, lengths) + offsets


def _ends(counts: np.ndarray) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(counts))).astype(np.int64)
