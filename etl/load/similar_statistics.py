"""The kept statistics a few papers' vectors are computed against (`etl.load.similar_changed`):
the papers compared by the last computation over every paper, and of the papers' terms each one's
papers, number and topic basis row, read from `similar_terms`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import numpy as np

from ..extract.similar.scoring import KeptStatistics
from ..store.writer import Writer


def kept_statistics(writer: Writer, terms: set[str]) -> KeptStatistics:
    """The statistics of the last computation over every paper (`similar_scoring`, `similar_terms`) of
    `terms`, which a few papers' vectors are computed against (`scoring.vectors`)."""
    papers = writer.scalar("SELECT papers FROM similar_scoring WHERE id = 1") or 0
    df, numbers = {}, {}
    rows: dict[str, int] = {}
    basis = bytearray()
    for term, n, number, topic in writer.select_in(
        "similar_terms", ("term", "papers", "number", "topic"), "term", sorted(terms)
    ):
        df[term], numbers[term] = n, number
        if topic is not None:
            rows[term] = len(rows)
            basis += topic
    dimensions = len(basis) // 4 // len(rows) if rows else 1
    if not rows:  # (no term of these papers has a basis row: the space's size from any that has)
        for (topic,) in writer.execute("SELECT topic FROM similar_terms WHERE topic IS NOT NULL LIMIT 1"):
            dimensions = len(bytes(topic)) // 4
    matrix = np.frombuffer(basis, dtype="<f4").reshape(-1, dimensions)
    return KeptStatistics(papers, df, numbers, BasisRows(rows, matrix), dimensions)


class BasisRows(Mapping[str, np.ndarray]):
    """The topic basis rows of a few papers' terms (`KeptStatistics.topics`): one array of them
    and each term's row, the same float32 values, where an array a term (and a copy of its bytes)
    made the statistics of a block of 200 papers' 4,600 terms 1.78 MB of small objects, now 0.73
    beside the 0.67 MB array (`tracemalloc`; issue 41, branch edit17)."""

    def __init__(self, rows: dict[str, int], matrix: np.ndarray) -> None:
        self.rows, self.matrix = rows, matrix

    def __getitem__(self, term: str) -> np.ndarray:
        return self.matrix[self.rows[term]]

    def __contains__(self, term: object) -> bool:
        return term in self.rows

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)
