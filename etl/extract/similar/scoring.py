"""The similarity of a few papers, in plain Python, against the statistics of the last computation
over the whole corpus (`batch`): the same two parts, with the document frequencies and topic
basis that computation kept (a term it never saw counts as one paper's)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .batch import RARE_MAX, TOPIC_WEIGHT


@dataclass(frozen=True)
class Reference:
    """The kept statistics: papers compared, document frequencies, topic basis rows."""

    papers: int
    df: Mapping[str, int]
    topics: Mapping[str, Sequence[float]]


@dataclass(frozen=True)
class Vector:
    """A paper as it is compared: the weights of its distinctive terms (its TF-IDF vector of length
    1, restricted to terms 2 to `RARE_MAX` papers have) and its topic vector (length 1, or empty)."""

    distinctive: dict[str, float]
    topic: tuple[float, ...]


def vector(counts: Counter[str], reference: Reference) -> Vector:
    n = reference.papers
    weights = {
        term: (1 + math.log(tf)) * (math.log((1 + n) / (1 + reference.df.get(term, 1))) + 1)
        for term, tf in counts.items()
    }
    length = math.sqrt(sum(w * w for w in weights.values())) or 1.0
    distinctive = {t: w / length for t, w in weights.items() if 2 <= reference.df.get(t, 1) <= RARE_MAX}
    topic: list[float] = []
    for term, w in weights.items():
        row = reference.topics.get(term)
        if row is not None:
            topic = [a + w * b for a, b in zip(topic, row, strict=True)] if topic else [w * b for b in row]
    norm = math.sqrt(sum(x * x for x in topic))
    return Vector(distinctive, tuple(x / norm for x in topic) if norm else ())


def distinctive_part(a: Vector, b: Vector) -> float:
    small, large = (
        (a.distinctive, b.distinctive) if len(a.distinctive) <= len(b.distinctive) else (b.distinctive, a.distinctive)
    )
    return sum(w * large[t] for t, w in small.items() if t in large)


def similarity(a: Vector, b: Vector) -> float:
    """The distinctive part plus `TOPIC_WEIGHT` times the topic cosine, as `batch` scores."""
    topic = sum(x * y for x, y in zip(a.topic, b.topic, strict=True)) if a.topic and b.topic else 0.0
    return distinctive_part(a, b) + TOPIC_WEIGHT * topic
