"""The corpus's document frequencies in compact arrays (`etl.extract.corpus.frequencies.KeyCounts`):
every lookup answers as the dict of the same pairs does, preloaded or not, whatever the keys' hashes."""

import subprocess
import sys

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


@pytest.mark.parametrize("few", [False, True], ids=["arrays", "dict"])
@pytest.mark.parametrize("hashing", [hash, _hash_of_length], ids=["python", "colliding"])
@pytest.mark.parametrize("preloaded", [(), ASKED[::2], ASKED], ids=["none", "some", "all"])
def test_every_lookup_answers_as_the_dict_of_the_same_pairs(monkeypatch, few, hashing, preloaded):
    monkeypatch.setattr(frequencies, "_hash", hashing)
    monkeypatch.setattr(frequencies, "IN_ORDER_PART", 5)  # (the keys in order, a part at a time)
    counts, expected = KeyCounts(CATALOGUE, few), dict(CATALOGUE)
    counts.preload(preloaded)
    for key in ASKED:
        assert counts.get(key) == expected.get(key)
        assert counts.get(key, 1) == expected.get(key, 1)
        assert (key in counts) == (key in expected)
    assert len(counts) == len(expected) and counts == expected
    assert list(counts.items_in_order()) == CATALOGUE


@pytest.mark.parametrize("few", [False, True], ids=["arrays", "dict"])
def test_a_key_missing_raises_and_no_keys_answer_nothing(few):
    with pytest.raises(KeyError):
        KeyCounts(CATALOGUE, few)["robots"]
    empty = KeyCounts((), few)
    empty.preload(["robot"])
    assert not empty and empty.get("robot", 1) == 1 and list(empty.items_in_order()) == []


@pytest.mark.parametrize(("keys", "numpy"), [(1_609, False), (20_000, False), (20_001, True)])
def test_a_few_keys_added_up_in_memory_import_no_numpy(keys, numpy):
    """A small load's ranking (a process of its own, issue 41) adds up a few thousand keys (the
    benchmark's edit: 71 papers, 1,609 keys) in one dictionary: they stay a dict, and NumPy (8 MB)
    is not imported; a corpus's stay compact arrays."""
    code = (
        "import sys; from etl.extract.corpus.counts import merge_counts; "
        f"df, _, _ = merge_counts([(1, {{}}, ((f'k{{i}}', 2) for i in range({keys})))], in_order=False); "
        "assert df.get('k5') == 2 and df.get('x') is None and len(df) == " + str(keys) + "; "
        "print('numpy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(numpy)
