"""Every paper's similar papers over a whole corpus held at once: the computation paperdb ran
before it worked in blocks (etl/extract/similar/blocks.py), kept as the reference the tests compare
the blocks' results with, to the last bit."""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse
from threadpoolctl import threadpool_limits

from etl.extract.similar.batch import (
    RARE_MAX,
    TOPIC_SAMPLE,
    TOPIC_TERMS,
    TOPICS,
    Statistics,
    idf_weights,
    row_sums,
    topic_basis,
    unit_topics,
)
from etl.extract.similar.select import Vectors, select
from etl.extract.similar.words import KEYWORD, PAIR

PAIRS_AT_ONCE = 1_000_000  # pairs of words looked up in one step (bounds the step's arrays)


@dataclass
class Result:
    """Each paper's similar papers (row i: indices into `ids`, best first, -1 past the last, and
    their scores, unrounded; arrays, as lists of tuples cost 1 KB a paper), the pairs close enough
    to be versions of one work (i, j, distinctive part; i < j), the statistics, and what later
    loads compare with: the papers' vectors (`columns`: the term of each distinctive column) and
    floors (`etl.extract.similar.select`)."""

    ids: list[str]
    similar: np.ndarray  # (papers, SIMILAR) int32
    scores: np.ndarray  # (papers, SIMILAR) float64
    close: list[tuple[int, int, float]]
    statistics: Statistics
    vectors: Vectors
    columns: list[str]
    floors: np.ndarray

    def lists(self) -> Iterator[tuple[int, list[tuple[int, float]]]]:
        """(paper, its similar papers with their scores rounded to 4 places, best first) of each paper."""
        for paper, (others, scores) in enumerate(zip(self.similar.tolist(), self.scores.tolist(), strict=True)):
            yield paper, [(other, round(score, 4)) for other, score in zip(others, scores, strict=True) if other >= 0]


@dataclass
class Corpus:
    """Papers' term counts gathered one paper at a time, in compact arrays (a quarter-million
    papers hold about 20 million counts). A pair of words is kept as the numbers of its two words
    (first << 32 | second), not by name: most pairs are one paper's (the catalogue's 90,525 titles
    have about 210,000 pairs, 47,000 of them in two papers or more), and only those shared become
    terms (`tf_idf`)."""

    ids: list[str] = field(default_factory=list)
    vocabulary: dict[str, int] = field(default_factory=dict)
    columns: array = field(default_factory=lambda: array("I"))
    counts: array = field(default_factory=lambda: array("H"))
    ends: array = field(default_factory=lambda: array("Q", [0]))
    pairs: array = field(default_factory=lambda: array("Q"))
    pair_counts: array = field(default_factory=lambda: array("H"))
    pair_ends: array = field(default_factory=lambda: array("Q", [0]))

    def add(self, paper_id: str, terms: Counter[str]) -> None:
        vocabulary, columns, counts, paired = self.vocabulary, self.columns, self.counts, []
        for term, n in sorted(terms.items()):  # (terms numbered in one order whatever the hash seed)
            if PAIR in term and term[0] != KEYWORD:  # (`is_pair`, inline: a paper has a hundred terms)
                paired.append((term, n))
                continue
            column = vocabulary.get(term)
            if column is None:
                column = vocabulary[term] = len(vocabulary)
            columns.append(column)
            counts.append(n if n < 65_535 else 65_535)
        for term, n in paired:
            first, second = term.split(PAIR)
            if first not in vocabulary or second not in vocabulary:  # (not words of this paper's)
                for word in sorted({first, second} - vocabulary.keys()):
                    vocabulary[word] = len(vocabulary)
            self.pairs.append(vocabulary[first] << 32 | vocabulary[second])
            self.pair_counts.append(n if n < 65_535 else 65_535)
        self.ids.append(paper_id)
        self.ends.append(len(columns))
        self.pair_ends.append(len(self.pairs))


def tf_idf(corpus: Corpus) -> tuple[sparse.csr_matrix, sparse.csr_matrix, np.ndarray, np.ndarray]:
    """The papers' TF-IDF vectors, each of length 1, in two matrices: over the words and keywords
    (columns numbered as `corpus.vocabulary`) and over the pairs of words two papers or more have
    (a pair of one paper is left out, of the vector's length too); each term's document frequency
    (the words', then the pairs'); and the pairs' keys (first << 32 | second, in column order)."""
    keys, pair_columns, pair_counts, pair_ends = _shared_pairs(corpus)
    columns = np.frombuffer(corpus.columns, dtype=np.uint32).astype(np.int32)
    counts = np.frombuffer(corpus.counts, dtype=np.uint16).astype(np.float32)
    ends = np.frombuffer(corpus.ends, dtype=np.uint64).astype(np.int64)
    corpus.columns, corpus.counts = array("I"), array("H")  # (copied: the corpus's arrays go)
    n = len(corpus.ids)
    words = sparse.csr_matrix((counts, columns, ends), shape=(n, len(corpus.vocabulary)))
    pairs = sparse.csr_matrix((pair_counts.astype(np.float32), pair_columns, pair_ends), shape=(n, len(keys)))
    del columns, counts, pair_columns, pair_counts
    df = np.concatenate([np.bincount(m.indices, minlength=m.shape[1]) for m in (words, pairs)])
    idf = idf_weights(n, df)
    squares = np.zeros(n)
    for matrix, weights in ((words, idf[: words.shape[1]]), (pairs, idf[words.shape[1] :])):
        np.log(matrix.data, out=matrix.data)
        matrix.data += 1
        matrix.data *= weights[matrix.indices]
        squares += row_sums(matrix.data**2, matrix.indptr)
    scale = (1 / np.maximum(np.sqrt(squares), 1e-12)).astype(np.float32)
    for matrix in (words, pairs):
        matrix.data *= np.repeat(scale, np.diff(matrix.indptr))
    return words, pairs, df, keys


def _shared_pairs(corpus: Corpus) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The keys of the pairs of words two papers or more have (sorted: a pair's column is its
    place), and each paper's postings of them (columns, counts, row ends). In a few arrays of
    the postings' size (`numpy.unique` would make four of 8 bytes a posting)."""
    keys = np.frombuffer(corpus.pairs, dtype=np.uint64)
    ordered = np.sort(keys)
    first = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))  # (of each key's run)
    papers = np.diff(np.append(first, len(ordered)))
    shared = ordered[first[papers >= 2]]
    del ordered, first, papers
    columns = np.full(len(keys), -1, dtype=np.int32)  # a posting's column, -1 for a pair of one paper
    for start in range(0, len(keys) if len(shared) else 0, PAIRS_AT_ONCE):
        part = keys[start : start + PAIRS_AT_ONCE]
        at = np.minimum(np.searchsorted(shared, part), len(shared) - 1)
        columns[start : start + PAIRS_AT_ONCE] = np.where(shared[at] == part, at, -1)
    kept = columns >= 0
    counts = np.frombuffer(corpus.pair_counts, dtype=np.uint16)[kept]
    before = np.concatenate(([0], np.cumsum(kept, dtype=np.int64)))
    ends = before[np.frombuffer(corpus.pair_ends, dtype=np.uint64).astype(np.int64)]
    corpus.pairs, corpus.pair_counts = array("Q"), array("H")
    return shared, columns[kept], counts, ends


def pair_names(keys: np.ndarray, vocabulary: dict[str, int]) -> list[str]:
    """The terms of pairs given by their keys."""
    terms = list(vocabulary)
    return [terms[key >> 32] + PAIR + terms[key & 0xFFFF_FFFF] for key in keys.tolist()]


def topic_vectors(matrix: sparse.csr_matrix, df: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(each paper's topic vector, of length 1 or 0; the columns of the terms the topics are
    made of; their basis rows)."""
    n = matrix.shape[0]
    frequent = np.argsort(-df, kind="stable")[:TOPIC_TERMS]
    frequent = np.sort(frequent[df[frequent] >= 2])
    dimensions = min(TOPICS, len(frequent) - 1, n - 1)
    if dimensions < 1:
        return np.zeros((n, 1), np.float32), frequent[:0], np.zeros((0, 1), np.float32)
    restricted = matrix[:, frequent].tocsr()
    step = max(1, -(-n // TOPIC_SAMPLE))
    basis = topic_basis(restricted[::step], dimensions)
    return unit_topics(np.asarray(restricted @ basis, dtype=np.float32)), frequent, basis


def similar_papers(corpus: Corpus) -> Result:
    """Every paper's `SIMILAR` most similar papers (see the module's docstring), on one thread of
    the linear algebra library (OpenBLAS): its threads spin for a core that is rarely free beside
    a load's keyword workers or on a shared machine (the topic space of 500 papers took 2.4 s with
    two threads against 0.09 s with one), and one thread sums in one order, so the same corpus
    gives the same scores. The limit holds whatever loaded numpy first (Datasette's vendored pint
    imports it), which an environment variable set before numpy loads cannot promise."""
    with threadpool_limits(limits=1, user_api="blas"):
        return _similar_papers(corpus)


def _similar_papers(corpus: Corpus) -> Result:
    words, pairs, df, keys = tf_idf(corpus)
    n, width = words.shape
    topics, frequent, basis = topic_vectors(words, df[:width])  # (of words and keywords: the field, not phrases)
    rare = (df >= 2) & (df <= RARE_MAX)
    rare_words, rare_pairs = np.flatnonzero(rare[:width]), np.flatnonzero(rare[width:])
    distinctive = sparse.hstack([words[:, rare_words], pairs[:, rare_pairs]], format="csr")
    del words, pairs
    vectors = Vectors(distinctive, topics)
    selected = select(vectors, np.arange(n))
    terms = list(corpus.vocabulary)
    names = pair_names(keys, corpus.vocabulary)
    shared = np.flatnonzero(df[:width] >= 2)
    statistics = Statistics(
        papers=n,
        df={**{terms[i]: int(df[i]) for i in shared}, **dict(zip(names, df[width:].tolist(), strict=True))},
        topics={terms[i]: basis[k] for k, i in enumerate(frequent)},
    )
    columns = [terms[i] for i in rare_words.tolist()] + [names[i] for i in rare_pairs.tolist()]
    return Result(
        corpus.ids, selected.similar, selected.scores, selected.close, statistics, vectors, columns, selected.floors
    )
