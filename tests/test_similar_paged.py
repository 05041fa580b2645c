"""Every paper's vectors kept in temporary files and mapped (`etl.extract.similar.paged`): the rows,
their transpose made a block at a time and the topic vectors are the arrays an in-memory
computation makes, to the bit, and stay so after the mapped pages are given back; on real records
(tests/fixtures/similar/: NeurIPS 2016 and 2017, ICML 2018 papers on bandits and reinforcement
learning)."""

from __future__ import annotations

import mmap

import numpy as np
import pytest
from scipy import sparse

from etl.extract.similar import blocks, paged
from etl.extract.similar.words import WordTerms
from tests.test_similar_helper import ALIASES, records


def computed(into: paged.Paged) -> blocks.Vectors:
    """The excerpts' vectors as the load computes them (batches of 7 papers), into `into`'s files."""
    frequencies, spilled = blocks.Frequencies(), []
    gathering = blocks.Gathering(frequencies.known)
    terms = WordTerms(ALIASES)
    papers = records()
    for i, (title, abstract, keywords) in enumerate(papers, 1):
        gathering.add(terms.of(title, abstract, keywords))
        if len(gathering) == 7 or i == len(papers):
            postings, names = gathering.take()
            frequencies.add(postings, names)
            spilled.append(postings)
    return blocks.vectors(frequencies, lambda: iter(spilled), into)[1]


def file_backed(values: np.ndarray) -> bool:
    """Whether the array's memory is a mapped file's (not the process's own)."""
    owner: object = values
    while isinstance(owner, (np.ndarray, memoryview)):
        owner = owner.obj if isinstance(owner, memoryview) else owner.base
    return isinstance(owner, mmap.mmap)


def test_the_vectors_are_read_from_files_and_unchanged_once_their_pages_are_released():
    into = paged.Paged()
    vectors = computed(into)
    rows = vectors.distinctive
    parts = (rows.data, rows.indices, rows.indptr, vectors.topics)
    assert all(file_backed(part) for part in parts)
    kept = [part.copy() for part in parts]
    into.release()
    assert all((part == copy).all() for part, copy in zip(parts, kept, strict=True))
    assert rows.nnz > 1_000 and vectors.topics.shape == (54, 50)


@pytest.mark.parametrize("rows_at_once", [1, 7, 54, 50_000])  # a row a step, steps ending inside a file, one step
def test_the_transpose_made_a_block_at_a_time_is_scipys(monkeypatch, rows_at_once):
    monkeypatch.setattr(paged, "ROWS_AT_ONCE", rows_at_once)
    into = paged.Paged()
    rows = computed(into).distinctive
    made = paged.transposed(rows, into, "against")
    expected = sparse.csr_matrix(rows.toarray()).T.tocsr()  # (from a copy in memory)
    assert made.shape == expected.shape and file_backed(made.indices)
    assert (made.indptr == expected.indptr).all() and (made.indices == expected.indices).all()
    assert (made.data == expected.data).all()


@pytest.mark.parametrize(
    ("first", "then"),
    [
        (np.zeros((2, 50), np.float32), np.zeros((2, 1), np.float32)),  # another row shape
        (np.zeros(3, np.int32), np.zeros(3, np.int64)),  # another type
    ],
)
def test_a_block_unlike_the_arrays_blocks_is_refused(first, then):
    into = paged.Paged()
    into.append("topics", first)
    with pytest.raises(ValueError, match="topics"):
        into.append("topics", then)
    assert (into.mapped("topics") == first).all()
