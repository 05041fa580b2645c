"""Every paper's vectors in temporary files, mapped and read a block at a time, not held: the
distinctive rows and their transpose (8 bytes a posting each) and the topic vectors (200 bytes a
paper) of a computation over every paper grow with the corpus, about 40 MB per 100,000 papers, and
a large load's process held them all through the selection of the lists (issue 41's curve).

`Paged` writes arrays to its own temporary file as the blocks are made and maps them read-only
once written; `release` gives back the mapped pages a process has touched (`MADV_DONTNEED`: the
file's pages stay in the page cache, which the system may reclaim, and are read again from there),
so a process that reads its rows a block at a time and releases them holds one block's pages.
The arrays are the ones an in-memory computation makes, to the bit (the same values in the same
layout: scipy's CSR, the transpose as scipy's `.T.tocsr()` lays it)."""

from __future__ import annotations

import mmap
import tempfile
from typing import IO

import numpy as np
from scipy import sparse

INT32_MAX = 2**31 - 1
ROWS_AT_ONCE = 50_000  # rows of the distinctive matrix transposed in one step (a few MB of arrays)


class Paged:
    """Arrays written to one temporary file each (`append` a block, then `mapped`), every mapping
    released at once (`release`)."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[IO[bytes], np.dtype, tuple[int, ...]]] = {}
        self.maps: list[mmap.mmap] = []

    def append(self, name: str, values: np.ndarray) -> None:
        """Add a block of rows to the array `name` (every block of one dtype and row shape)."""
        if name not in self.files:
            made = tempfile.TemporaryFile(prefix=f"paperdb-similar-{name}-")  # noqa: SIM115 (closed in `close`)
            self.files[name] = (made, values.dtype, values.shape[1:])
        spill, dtype, shape = self.files[name]
        if values.dtype != dtype or values.shape[1:] != shape:
            raise ValueError(f"{name}: a block of {values.dtype} {values.shape[1:]}, the array's are {dtype} {shape}")
        spill.write(np.ascontiguousarray(values).tobytes())

    def mapped(self, name: str, writable: bool = False) -> np.ndarray:
        """The array `name` as written, mapped (read-only unless `writable`)."""
        spill, dtype, shape = self.files[name]
        spill.flush()
        size = spill.seek(0, 2)
        row = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        if not size:
            return np.empty((0, *shape), dtype)
        pages = mmap.mmap(spill.fileno(), size, access=mmap.ACCESS_WRITE if writable else mmap.ACCESS_READ)
        self.maps.append(pages)
        return np.frombuffer(pages, dtype=dtype).reshape((size // row, *shape))

    def sized(self, name: str, dtype: np.dtype | type, count: int) -> np.ndarray:
        """A new array `name` of `count` zeros, mapped writable (filled in place)."""
        self.append(name, np.empty(0, dtype))
        self.files[name][0].truncate(np.dtype(dtype).itemsize * count)
        return self.mapped(name, writable=True)

    def release(self) -> None:
        """Give back the pages of every mapping that this process has touched (read again from the
        file's pages when touched again)."""
        for pages in self.maps:
            pages.madvise(mmap.MADV_DONTNEED)

    def close(self) -> None:
        """Close the files (a mapping lives on until its arrays go)."""
        for spill, _, _ in self.files.values():
            spill.close()
        self.files = {}


class PagedRows:
    """A CSR matrix made block by block (`add`: a block of rows, in order) into `Paged` files."""

    def __init__(self, paged: Paged, name: str, columns: int) -> None:
        self.paged, self.name, self.columns = paged, name, columns
        self.rows = self.values = 0
        paged.append(f"{name}-indptr", np.zeros(1, np.int32))
        paged.append(f"{name}-data", np.empty(0, np.float32))
        paged.append(f"{name}-indices", np.empty(0, np.int32))

    def add(self, block: sparse.csr_matrix) -> None:
        if self.values + block.nnz > INT32_MAX:
            raise ValueError(f"{self.name}: more than {INT32_MAX:,} values")
        self.paged.append(f"{self.name}-indptr", (block.indptr[1:] + self.values).astype(np.int32))
        self.paged.append(f"{self.name}-data", block.data.astype(np.float32, copy=False))
        self.paged.append(f"{self.name}-indices", block.indices.astype(np.int32, copy=False))
        self.rows += block.shape[0]
        self.values += block.nnz

    def done(self) -> sparse.csr_matrix:
        """The matrix, its arrays mapped (as `sparse.vstack` of the blocks lays them)."""
        parts = (self.paged.mapped(f"{self.name}-{part}") for part in ("data", "indices", "indptr"))
        return sparse.csr_matrix(tuple(parts), shape=(self.rows, self.columns), copy=False)


def transposed(rows: sparse.csr_matrix, paged: Paged, name: str) -> sparse.csr_matrix:
    """`rows.T.tocsr()` (each column's rows in row order), made `ROWS_AT_ONCE` rows at a time into
    `Paged` files: a counting sort (each column's values, then each block's placed after the blocks
    before), the mapped pages released after each block."""
    columns = rows.shape[1]
    counts = np.zeros(columns, np.int64)
    for start in range(0, rows.shape[0], ROWS_AT_ONCE):
        ends = rows.indptr[start : start + ROWS_AT_ONCE + 1]
        counts += np.bincount(rows.indices[ends[0] : ends[-1]], minlength=columns)
        paged.release()
    indptr = np.concatenate(([0], np.cumsum(counts))).astype(np.int32)
    paged.append(f"{name}-indptr", indptr)
    data = paged.sized(f"{name}-data", np.float32, rows.nnz)
    indices = paged.sized(f"{name}-indices", np.int32, rows.nnz)
    cursor = indptr[:-1].astype(np.int64)  # (where each column's next value goes)
    del counts
    for start in range(0, rows.shape[0], ROWS_AT_ONCE):
        ends = rows.indptr[start : start + ROWS_AT_ONCE + 1]
        first, last = int(ends[0]), int(ends[-1])
        order = np.argsort(rows.indices[first:last], kind="stable")  # (a column's values in row order)
        column = rows.indices[first:last][order]
        own = np.repeat(np.arange(start, start + len(ends) - 1, dtype=np.int32), np.diff(ends))[order]
        place = np.arange(len(column)) - np.searchsorted(column, column)  # (among the block's of its column)
        at = cursor[column] + place
        data[at] = rows.data[first:last][order]
        indices[at] = own
        cursor += np.bincount(column, minlength=columns)
        paged.release()
    del data, indices
    parts = (paged.mapped(f"{name}-{part}") for part in ("data", "indices", "indptr"))
    return sparse.csr_matrix(tuple(parts), shape=(columns, rows.shape[0]), copy=False)
