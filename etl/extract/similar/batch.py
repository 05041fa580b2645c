"""Each paper's most similar papers in a whole corpus at once, on numpy and scipy: a sparse matrix
product in C, where the same work in plain Python takes minutes from 20,000 papers on.

The similarity of two papers (`docs/evolution.md`) has two parts. The *distinctive* part is the
cosine of their TF-IDF vectors (sublinear term frequency, smoothed IDF, every term in the norm)
summed over the terms that 2 to `RARE_MAX` papers have: what a paper is about, exactly. The
*topic* part, weighed `TOPIC_WEIGHT`, is the cosine of their topic vectors: their TF-IDF vectors
over the `TOPIC_TERMS` most frequent terms projected on the `TOPICS` directions a truncated
singular value decomposition of (a sample of) the corpus finds, latent semantic analysis: the
field a paper is in, where common words (learning, policy, image) weigh. The candidates of a
paper are the papers that share a distinctive term with it, the `CANDIDATES` best by that part;
the `SIMILAR` best of them by both parts are kept.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse
from threadpoolctl import threadpool_limits

SIMILAR = 10  # similar papers kept per paper
CANDIDATES = 50  # papers per paper scored by both parts
RARE_MAX = 200  # papers a term may have and still be distinctive (bounds the work: pairs <= this * postings)
TOPICS = 50  # directions of the topic space
TOPIC_TERMS = 10_000  # the most frequent terms the topics are made of
TOPIC_SAMPLE = 20_000  # papers the topic directions are found from (every k-th by id, so any load order agrees)
TOPIC_WEIGHT = 0.5  # of the topic cosine, beside the distinctive terms' (at most 1)
POWER_ITERATIONS = 4  # of the randomized SVD (Halko, Martinsson and Tropp 2011)
SEED = 29
BLOCK = 1_000  # papers whose candidates are found in one sparse product
CLOSE = 0.3  # a pair's distinctive part from which it is a candidate version of one work


@dataclass
class Statistics:
    """What the similarities were computed with, for papers scored later against them: the number
    of papers, each term's document frequency (terms of two papers or more), and the topic basis
    row of each term the topics are made of."""

    papers: int
    df: dict[str, int]
    topics: dict[str, np.ndarray]


@dataclass
class Result:
    """Each paper's similar papers (row i: indices into `ids`, best first, -1 past the last, and
    their scores; arrays, as lists of tuples cost 1 KB a paper), the pairs close enough to be
    versions of one work (i, j, distinctive part; i < j), and the statistics."""

    ids: list[str]
    similar: np.ndarray  # (papers, SIMILAR) int32
    scores: np.ndarray  # (papers, SIMILAR) float64, rounded to 4 places
    close: list[tuple[int, int, float]]
    statistics: Statistics

    def lists(self) -> Iterator[tuple[int, list[tuple[int, float]]]]:
        """(paper, its similar papers with their scores, best first) of each paper."""
        for paper, (others, scores) in enumerate(zip(self.similar.tolist(), self.scores.tolist(), strict=True)):
            yield paper, [(other, score) for other, score in zip(others, scores, strict=True) if other >= 0]


@dataclass
class Corpus:
    """Papers' term counts gathered one paper at a time, in compact arrays (a quarter-million
    papers hold about 20 million counts)."""

    ids: list[str] = field(default_factory=list)
    vocabulary: dict[str, int] = field(default_factory=dict)
    columns: array = field(default_factory=lambda: array("I"))
    counts: array = field(default_factory=lambda: array("H"))
    ends: array = field(default_factory=lambda: array("Q", [0]))

    def add(self, paper_id: str, terms: Counter[str]) -> None:
        vocabulary = self.vocabulary
        for term, n in sorted(terms.items()):  # (terms numbered in one order whatever the hash seed)
            column = vocabulary.get(term)
            if column is None:
                column = vocabulary[term] = len(vocabulary)
            self.columns.append(column)
            self.counts.append(min(n, 65_535))
        self.ids.append(paper_id)
        self.ends.append(len(self.columns))


def tf_idf(corpus: Corpus) -> tuple[sparse.csr_matrix, np.ndarray]:
    """The papers' TF-IDF vectors, each of length 1 (rows), and each term's document frequency."""
    n, terms = len(corpus.ids), len(corpus.vocabulary)
    columns = np.frombuffer(corpus.columns, dtype=np.uint32).astype(np.int32)
    weights = np.log(np.frombuffer(corpus.counts, dtype=np.uint16).astype(np.float32))
    ends = np.frombuffer(corpus.ends, dtype=np.uint64).astype(np.int64)
    corpus.columns, corpus.counts = array("I"), array("H")  # (copied: the corpus's arrays go)
    df = np.bincount(columns, minlength=terms)
    idf = (np.log((1.0 + n) / (1.0 + df)) + 1.0).astype(np.float32)
    weights += 1
    weights *= idf[columns]
    matrix = sparse.csr_matrix((weights, columns, ends), shape=(n, terms))
    lengths = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    matrix = sparse.diags((1 / np.maximum(lengths, 1e-12)).astype(np.float32)) @ matrix
    return matrix.tocsr(), df


def topic_basis(sample: sparse.csr_matrix, dimensions: int) -> np.ndarray:
    """The first `dimensions` right singular vectors of `sample` (terms x dimensions), by a
    randomized SVD with a fixed seed."""
    rng = np.random.default_rng(SEED)
    width = min(dimensions + 10, *sample.shape)
    q, _ = np.linalg.qr(sample @ rng.standard_normal((sample.shape[1], width)).astype(np.float32))
    for _ in range(POWER_ITERATIONS):
        q, _ = np.linalg.qr(sample.T @ q)
        q, _ = np.linalg.qr(sample @ q)
    _, _, vt = np.linalg.svd((sample.T @ q).T, full_matrices=False)
    return np.ascontiguousarray(vt[:dimensions].T, dtype=np.float32)


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
    vectors = np.asarray(restricted @ basis, dtype=np.float32)
    lengths = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(lengths > 0, lengths, 1), frequent, basis


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
    matrix, df = tf_idf(corpus)
    n = matrix.shape[0]
    rare = np.flatnonzero((df >= 2) & (df <= RARE_MAX))
    distinctive = matrix[:, rare].tocsr()
    against = distinctive.T.tocsr()
    topics, frequent, basis = topic_vectors(matrix, df)
    del matrix
    similar = np.full((n, SIMILAR), -1, dtype=np.int32)
    similar_scores = np.zeros((n, SIMILAR), dtype=np.float64)
    close: list[tuple[int, int, float]] = []
    for start in range(0, n, BLOCK):
        block = (distinctive[start : start + BLOCK] @ against).tocsr()
        for row in range(block.shape[0]):
            paper = start + row
            others, parts = _candidates(block, row, paper)
            close += [(paper, int(j), float(v)) for j, v in zip(others, parts, strict=True) if v >= CLOSE and j > paper]
            scores = parts + TOPIC_WEIGHT * (topics[others] @ topics[paper])
            order = np.lexsort((others, -scores))[:SIMILAR]
            similar[paper, : len(order)] = others[order]
            similar_scores[paper, : len(order)] = [round(float(scores[k]), 4) for k in order]
    terms = list(corpus.vocabulary)
    statistics = Statistics(
        papers=n,
        df={terms[i]: int(df[i]) for i in np.flatnonzero(df >= 2)},
        topics={terms[i]: basis[k] for k, i in enumerate(frequent)},
    )
    return Result(corpus.ids, similar, similar_scores, close, statistics)


def _candidates(block: sparse.csr_matrix, row: int, paper: int) -> tuple[np.ndarray, np.ndarray]:
    """The `CANDIDATES` other papers with the largest distinctive part in a row of the product."""
    start, end = block.indptr[row], block.indptr[row + 1]
    others, parts = block.indices[start:end], block.data[start:end]
    keep = others != paper
    others, parts = others[keep], parts[keep].astype(np.float64)
    if len(parts) > CANDIDATES:
        best = np.argpartition(-parts, CANDIDATES)[:CANDIDATES]
        others, parts = others[best], parts[best]
    return others, parts
