"""What every computation of similar papers shares: the statistics they keep, the weights and
the topic space, on numpy and scipy (`blocks` computes every paper's in bounded memory, `scoring`
a load's changed papers against the kept statistics).

The similarity of two papers (`docs/evolution.md`) has two parts. The *distinctive* part is the
cosine of their TF-IDF vectors (sublinear term frequency, smoothed IDF, every term in the norm)
summed over the terms that 2 to `RARE_MAX` papers have: what a paper is about, exactly. The
*topic* part, weighed `TOPIC_WEIGHT`, is the cosine of their topic vectors: their TF-IDF vectors
over the `TOPIC_TERMS` most frequent terms projected on the `TOPICS` directions a truncated
singular value decomposition of (a sample of) the corpus finds, latent semantic analysis: the
field a paper is in, where common words (learning, policy, image) weigh. The candidates of a
paper are the papers that share a distinctive term with it, the `CANDIDATES` best by that part;
the `SIMILAR` best of them by both parts are kept. Pairs of title words (`terms`) are terms of
the vectors when two papers or more have them, and never of the topics (a field is its words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:  # (what a load's few changes use of this module is numpy's: `scoring`)
    from scipy import sparse

RARE_MAX = 200  # papers a term may have and still be distinctive (bounds the work: pairs <= this * postings)
TOPICS = 50  # directions of the topic space
TOPIC_TERMS = 10_000  # the most frequent terms the topics are made of
TOPIC_SAMPLE = 20_000  # papers the topic directions are found from (every k-th by id, so any load order agrees)
POWER_ITERATIONS = 4  # of the randomized SVD (Halko, Martinsson and Tropp 2011)
SEED = 29


@dataclass
class Statistics:
    """What the similarities were computed with, for papers scored later against them: the number
    of papers, each term's document frequency (terms of two papers or more), and the topic basis
    row of each term the topics are made of."""

    papers: int
    df: dict[str, int]
    topics: dict[str, np.ndarray]


def idf_weights(papers: int, df: np.ndarray) -> np.ndarray:
    """Smoothed inverse document frequencies (float32) of terms `df` of `papers` papers have."""
    return (np.log((1.0 + papers) / (1.0 + df)) + 1.0).astype(np.float32)


def row_sums(values: np.ndarray, indptr: np.ndarray) -> np.ndarray:
    """The sum of each row's values in a CSR layout (0 for an empty row), of the row's values alone
    in their order: the same bits wherever the row stands, first, last or alone, in a corpus, a
    block or a load's part (numpy's pairwise sum groups a sum of one value more otherwise: the last
    row once summed with a padding zero, so a paper computed last of an edit's part could differ in
    its last bits from the kept vector the corpus's computation gave it)."""
    sums = np.zeros(len(indptr) - 1, dtype=values.dtype)
    filled = np.flatnonzero(np.diff(indptr) > 0)
    if len(filled):  # (a row's sum runs to the next filled row's start, or to the last value)
        sums[filled] = np.add.reduceat(values[: indptr[-1]], indptr[filled])
    return sums


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


def unit_topics(vectors: np.ndarray) -> np.ndarray:
    """Topic vectors scaled to length 1 (those of length 0 left so)."""
    lengths = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(lengths > 0, lengths, 1)
