"""The compact sets a load keeps of every paper it reads behave as Python's sets and dicts do, for
the ids a load makes (16 hex digits) and any other id, across the merges of their recent ids."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from etl.extract.record_paper import identity_id
from etl.load import idsets
from etl.load.idsets import PaperMarks, PaperSet, in_order
from etl.text.identity import paper_id

# The four ICLR 2017 records of the fixture: their papers' ids as a load makes them, the identity
# id of a record without an abstract, and ids of other forms (a test's, an old database's).
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "iclr2017.json").read_text(encoding="utf-8"))
IDS = [paper_id(r["abstract"]) for r in RECORDS] + [identity_id("iclr|2017|learning to optimize")]
OTHER = ["p1", "Paper-2", "7c464ba5570771e9x"]


@pytest.mark.parametrize("part", [1, 2, idsets.PART])  # (keys looked up in another set's at a time)
@pytest.mark.parametrize("recent", [1, 2, 1_000])  # (ids merged into the sorted array after each one, two, never)
@pytest.mark.parametrize(
    ("added", "other"),
    [
        (IDS, IDS[1:3]),
        (IDS + IDS[:2], [*IDS[3:], "p1"]),  # (an id added twice)
        (IDS[::-1] + OTHER, OTHER[1:] + IDS[:1]),
        ([], IDS),
        (OTHER, []),
    ],
)
def test_a_paper_set_is_a_set_of_its_ids(monkeypatch, part, recent, added, other):
    monkeypatch.setattr(idsets, "PART", part)
    monkeypatch.setattr(idsets, "RECENT_MIN", recent)
    monkeypatch.setattr(idsets, "RECENT_MAX", recent)
    ids = PaperSet()
    for pid in added:
        ids.add(pid)
    expected = set(added)
    assert list(ids) == sorted(expected) and len(ids) == len(expected) and bool(ids) == bool(expected)
    assert [pid in ids for pid in IDS + OTHER] == [pid in expected for pid in IDS + OTHER]
    assert ids.members(IDS + OTHER) == expected & set(IDS + OTHER)
    for theirs in (set(other), PaperSet(other)):
        assert list(ids - theirs) == sorted(expected - set(other))
        assert list(ids | theirs) == sorted(expected | set(other))
        assert list(ids & theirs) == sorted(expected & set(other))
        assert (ids <= theirs) == (expected <= set(other))
    ids.difference_update(other)
    assert list(ids) == sorted(expected - set(other)) == list(in_order(expected - set(other)))


@pytest.mark.parametrize("recent", [1, 1_000])
@pytest.mark.parametrize(
    ("given", "asked"),
    [
        ({pid: n << 70 | n for n, pid in enumerate(IDS)}, IDS + OTHER),  # (marks over 64 bits)
        ({"p1": 1, IDS[0]: (1 << 97) - 1}, [*IDS[:2], "p1", "Paper-2"]),
        ({}, IDS),
    ],
)
def test_paper_marks_are_a_dict_of_their_ids(monkeypatch, recent, given, asked):
    monkeypatch.setattr(idsets, "RECENT_MIN", recent)
    monkeypatch.setattr(idsets, "RECENT_MAX", recent)
    marks = PaperMarks()
    for pid, mark in given.items():
        marks[pid] = mark
    assert marks.get_many(asked) == [given.get(pid) for pid in asked]
    assert [marks.get(pid) for pid in asked] == [given.get(pid) for pid in asked]
    assert len(marks) == len(given) and list(marks.keys()) == sorted(given)
    marks.clear()
    assert len(marks) == 0 and marks.get_many(asked) == [None] * len(asked)


def test_a_large_load_s_set_operations_hold_a_part_of_the_sets_at_a_time():
    """A cold load of 1,000,000 records takes the papers added from those recorded (the same
    1,000,000) at the end of its files and in its bibliography: NumPy's `setdiff1d` sorted the two
    together, 59 bytes an id at once (59 MB, issue 41's memory row); a part at a time, under 5."""
    import numpy as np

    n = 200_000
    keys = np.random.default_rng(41).integers(0, 2**63, n).tolist()
    recorded = PaperSet(f"{key:016x}" for key in keys)
    added, half = PaperSet(recorded), PaperSet(f"{key:016x}" for key in keys[::2])
    for operation, expected in [
        (lambda: recorded - added, 0),
        (lambda: recorded - half, n - len(half)),
        (lambda: recorded & half, len(half)),
        (recorded.copy, n),
    ]:
        tracemalloc.start()
        try:
            found = operation()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert len(found) == expected and peak < 10 * n  # (bytes: the keys themselves are 8 an id)
    added.difference_update(half)
    assert list(added) == list(recorded - half) and not added & half


# A small load's sets, as a two-file edit uses them, in a process that has imported the load.
SMALL_LOAD = """import sys
import etl.load.run
from etl.load.idsets import PaperMarks, PaperSet
added = PaperSet(["0123456789abcdef", "fedcba9876543210"])
added |= ["x-other", "00000000000000aa"]
marks = PaperMarks()
marks["0123456789abcdef"] = 5
assert marks.get_many(["0123456789abcdef", "1111111111111111"]) == [5, None]
assert marks.keys() <= added and "00000000000000aa" in added and len(added - ["x-other"]) == 3
assert list(added & ["fedcba9876543210", "x-other"]) == ["fedcba9876543210", "x-other"]
print("numpy" in sys.modules)"""


def test_a_small_load_s_sets_do_not_import_numpy():
    """A small load forks its ranking before its similar step, the first to need numpy (issue 41:
    about 10 MB the loading process would hold at the fork): a few ids stay Python sets."""
    out = subprocess.run([sys.executable, "-c", SMALL_LOAD], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
