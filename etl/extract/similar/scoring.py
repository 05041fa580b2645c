"""A few papers' vectors against the statistics of the last computation over the whole corpus
(`batch`), computed with the same arithmetic in the same order, so a paper whose terms did not
change gets the vector that computation gave it, to the last bit: a word or keyword it never saw
counts as one paper's, a pair of words it did not keep is left out (as it leaves out a pair of
one paper), and the terms are numbered as `similar_terms.number` numbers them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from .batch import RARE_MAX, idf_weights, row_sums, unit_topics
from .select import Vectors
from .sparse_rows import SparseRows
from .words import is_pair


@dataclass(frozen=True)
class KeptStatistics:
    """The kept statistics: papers compared, each term's document frequency and number, and the
    topic basis row of each term the topics are made of."""

    papers: int
    df: Mapping[str, int]
    numbers: Mapping[str, int]
    topics: Mapping[str, np.ndarray]  # a term's row of the topic basis (float32)
    dimensions: int  # of the topic space (1 when it has none)


def vectors(papers: Sequence[Counter[str]], reference: KeptStatistics) -> Vectors:
    """The papers' vectors, one row each (distinctive columns: the terms' numbers)."""
    words, pairs = _counts(papers, reference)
    squares = np.zeros(len(papers))
    for matrix in (words, pairs):
        idf = idf_weights(reference.papers, matrix.df)
        np.log(matrix.data, out=matrix.data)
        matrix.data += 1
        matrix.data *= idf
        squares += row_sums(matrix.data**2, matrix.indptr)
    scale = (1 / np.maximum(np.sqrt(squares), 1e-12)).astype(np.float32)
    for matrix in (words, pairs):
        matrix.data *= np.repeat(scale, np.diff(matrix.indptr))
    distinctive = _distinctive(words, pairs, reference)
    return Vectors(distinctive, _topics(words, reference))


@dataclass
class _Postings:
    """One kind of term (words and keywords, or pairs) of the papers, as CSR parts in row order."""

    terms: list[str]
    data: np.ndarray  # float32 counts, then weights
    indptr: np.ndarray
    df: np.ndarray


def _counts(papers: Sequence[Counter[str]], reference: KeptStatistics) -> tuple[_Postings, _Postings]:
    """Each paper's terms in the order the whole corpus's computation lays them (by name, the words
    and keywords, then the pairs it kept), with their counts."""
    out = []
    for pair in (False, True):
        terms: list[str] = []
        counts: list[int] = []
        ends = [0]
        for paper in papers:
            for term, n in sorted(paper.items()):
                if is_pair(term) == pair and (not pair or term in reference.df):
                    terms.append(term)
                    counts.append(min(n, 65_535))
            ends.append(len(terms))
        df = np.array([reference.df.get(term, 1) for term in terms], dtype=np.int64)
        out.append(_Postings(terms, np.array(counts, dtype=np.float32), np.array(ends, dtype=np.int64), df))
    return out[0], out[1]


def _distinctive(words: _Postings, pairs: _Postings, reference: KeptStatistics) -> SparseRows:
    """The weights of the terms 2 to `RARE_MAX` papers have, a row's words before its pairs."""
    columns, data, ends = [], [], [0]
    for row in range(len(words.indptr) - 1):
        for postings in (words, pairs):
            for k in range(postings.indptr[row], postings.indptr[row + 1]):
                if 2 <= postings.df[k] <= RARE_MAX:
                    columns.append(reference.numbers[postings.terms[k]])
                    data.append(postings.data[k])
        ends.append(len(columns))
    width = max(reference.numbers.values(), default=-1) + 1
    return SparseRows(
        np.array(data, dtype=np.float32),
        np.array(columns, dtype=np.int32),
        np.array(ends, dtype=np.int64),
        (len(ends) - 1, width),
    )


def _topics(words: _Postings, reference: KeptStatistics) -> np.ndarray:
    """The papers' topic vectors: their weights of the terms with a basis row, in row order, on the basis."""
    local: dict[str, int] = {}
    columns, data, ends = [], [], [0]
    for row in range(len(words.indptr) - 1):
        for k in range(words.indptr[row], words.indptr[row + 1]):
            if words.terms[k] in reference.topics:
                columns.append(local.setdefault(words.terms[k], len(local)))
                data.append(words.data[k])
        ends.append(len(columns))
    if not local:
        return np.zeros((len(ends) - 1, reference.dimensions), np.float32)
    basis = np.vstack([reference.topics[term] for term in local]).astype(np.float32)
    restricted = SparseRows(
        np.array(data, dtype=np.float32),
        np.array(columns, dtype=np.int32),
        np.array(ends, dtype=np.int64),
        (len(ends) - 1, len(local)),
    )
    return unit_topics(np.asarray(restricted.dense_product(basis), dtype=np.float32))
