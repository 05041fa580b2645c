"""The similarity of a few papers against the statistics of the last computation over the whole
corpus (`batch`): the same two parts, with the document frequencies and topic basis that
computation kept (a word or keyword it never saw counts as one paper's; a pair of words it did
not keep is left out, as it leaves out a pair of one paper). The distinctive part in plain
Python (a few dozen terms), the topic vectors with numpy (a row of the basis per term)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .batch import RARE_MAX, TOPIC_WEIGHT
from .terms import is_pair


@dataclass(frozen=True)
class Reference:
    """The kept statistics: papers compared, document frequencies, topic basis rows."""

    papers: int
    df: Mapping[str, int]
    topics: Mapping[str, np.ndarray]  # a term's row of the topic basis (float32)


@dataclass(frozen=True)
class Vector:
    """A paper as it is compared: the weights of its distinctive terms (its TF-IDF vector of length
    1, restricted to terms 2 to `RARE_MAX` papers have) and its topic vector (length 1, or None)."""

    distinctive: dict[str, float]
    topic: np.ndarray | None


def vector(counts: Counter[str], reference: Reference) -> Vector:
    n, df = reference.papers, reference.df
    weights = {
        term: (1 + math.log(tf)) * (math.log((1 + n) / (1 + df.get(term, 1))) + 1)
        for term, tf in counts.items()
        if term in df or not is_pair(term)
    }
    length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
    distinctive = {t: w / length for t, w in weights.items() if 2 <= reference.df.get(t, 1) <= RARE_MAX}
    rows = [(w, row) for term, w in weights.items() if (row := reference.topics.get(term)) is not None]
    topic = None
    if rows:
        summed = np.asarray([w for w, _ in rows], dtype=np.float64) @ np.vstack([row for _, row in rows])
        norm = float(np.linalg.norm(summed))
        topic = summed / norm if norm else None
    return Vector(distinctive, topic)


def distinctive_part(a: Vector, b: Vector) -> float:
    small, large = (
        (a.distinctive, b.distinctive) if len(a.distinctive) <= len(b.distinctive) else (b.distinctive, a.distinctive)
    )
    return sum(w * large[t] for t, w in small.items() if t in large)


def similarity(a: Vector, b: Vector) -> float:
    """The distinctive part plus `TOPIC_WEIGHT` times the topic cosine, as `batch` scores."""
    topic = float(a.topic @ b.topic) if a.topic is not None and b.topic is not None else 0.0
    return distinctive_part(a, b) + TOPIC_WEIGHT * topic
