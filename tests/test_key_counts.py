"""The corpus's document frequencies in compact arrays (`etl.extract.corpus.frequencies.KeyCounts`):
every lookup answers as the dict of the same pairs does, preloaded or not, whatever the keys' hashes."""

import pytest

from etl.extract.corpus import frequencies
from etl.extract.corpus.frequencies import KeyCounts

# Keys and counts as the catalogue's keyword_stats holds them (its most used keys, method names,
# ligatures and accents PDF extraction left, keys of two papers), in key order as ranking keeps them.
CATALOGUE = sorted(
    [
        ("robot", 20700),
        ("image", 15926),
        ("state of the art", 14806),
        ("control", 13349),
        ("method:LiDAR", 271),
        ("method:SLAM", 209),
        ("method:UAVs", 65),
        ("classiﬁcation", 120),
        ("efﬁcient", 93),
        ("naïve", 51),
        ("a a ratio", 2),
        ("a hpe", 2),
    ]
)
ASKED = [key for key, _ in CATALOGUE] + ["robots", "method:lidar", "classification", "naive", "", "a", "\ud83d"]


def _hash_of_length(key: str) -> int:
    return len(key) % 3  # (most keys share a hash: the bytes must tell them apart)


@pytest.mark.parametrize("hashing", [hash, _hash_of_length], ids=["python", "colliding"])
@pytest.mark.parametrize("preloaded", [(), ASKED[::2], ASKED], ids=["none", "some", "all"])
def test_every_lookup_answers_as_the_dict_of_the_same_pairs(monkeypatch, hashing, preloaded):
    monkeypatch.setattr(frequencies, "_hash", hashing)
    counts, expected = KeyCounts(CATALOGUE), dict(CATALOGUE)
    counts.preload(preloaded)
    for key in ASKED:
        assert counts.get(key) == expected.get(key)
        assert counts.get(key, 1) == expected.get(key, 1)
        assert (key in counts) == (key in expected)
    assert len(counts) == len(expected) and counts == expected
    assert list(counts.items_in_order()) == CATALOGUE


def test_a_key_missing_raises_and_no_keys_answer_nothing():
    with pytest.raises(KeyError):
        KeyCounts(CATALOGUE)["robots"]
    empty = KeyCounts()
    empty.preload(["robot"])
    assert not empty and empty.get("robot", 1) == 1 and list(empty.items_in_order()) == []
