"""The kept statistics an edit's few papers' vectors are computed against: a block's topic basis
rows held in one array (`etl.load.similar_statistics.BasisRows`) are the float32 rows each term's
bytes give, as `scoring._topics` stacks them."""

from __future__ import annotations

import numpy as np
import pytest

from etl.load.similar_statistics import BasisRows

# Terms and their basis rows as `similar_terms.topic` stores them (little-endian float32).
TOPICS = {
    "graph": [0.25, -0.5, 0.125],
    "=graph neural network": [1e-8, 3.4028235e38, -0.0],
    "policy gradient": [0.1, 0.2, 0.3],
}


def basis_rows(topics: dict[str, list[float]]) -> BasisRows:
    rows = {term: k for k, term in enumerate(topics)}
    blob = b"".join(np.asarray(row, dtype="<f4").tobytes() for row in topics.values())
    return BasisRows(rows, np.frombuffer(blob, dtype="<f4").reshape(-1, 3))


@pytest.mark.parametrize("term", list(TOPICS))
def test_a_terms_basis_row_is_its_own_bytes(term):
    one = np.frombuffer(np.asarray(TOPICS[term], dtype="<f4").tobytes(), dtype="<f4")
    held = basis_rows(TOPICS)[term]
    assert held.dtype == one.dtype and held.tobytes() == one.tobytes()


def test_the_rows_stack_as_the_terms_arrays_do():
    held = basis_rows(TOPICS)
    assert list(held) == list(TOPICS) and len(held) == 3
    assert "graph" in held and "grap" not in held and None not in held
    local = ["policy gradient", "graph"]
    each = [np.frombuffer(np.asarray(TOPICS[t], dtype="<f4").tobytes(), dtype="<f4") for t in local]
    assert (
        np.vstack([held[t] for t in local]).astype(np.float32).tobytes() == np.vstack(each).astype(np.float32).tobytes()
    )
    with pytest.raises(KeyError):
        held["reinforcement learning"]
