"""Python's small-object heap plugged around a fork (`etl.heap`): what the allocator's report says is
free, and that filling it leaves a process's new objects no free block among the old ones."""

from __future__ import annotations

import sys

import pytest

from etl import heap

# The allocator's report in a loading process of 30 catalogue files, as the ranking workers were
# forked (abridged: four of its 32 size classes).
REPORT = """Small block threshold = 512, in 32 size classes.

class   size   num pools   blocks in use  avail blocks
-----   ----   ---------   -------------  ------------
    0     16           6            5545           581
    1     32          62           26779          4841
    3     64        1893          439839         42876
   31    512          21             571             0

# arenas allocated total           =                   81
81 arenas * 1048576 bytes/arena    =           84,934,656

# bytes in allocated blocks        =           68,851,008
# bytes in available blocks        =            8,025,584
398 unused pools * 16384 bytes     =            6,520,832
# bytes lost to pool headers       =              226,512
Total                              =           84,934,656
"""


@pytest.mark.parametrize(
    ("report", "free", "room"),
    [
        (REPORT, {16: 581, 32: 4841, 64: 42876}, 398 * 31),  # (a full class is left out; 31 blocks of 512 a pool)
        (REPORT.replace("398 unused pools", "0 unused pools"), {16: 581, 32: 4841, 64: 42876}, 0),
        ("", {}, 0),  # (no report: nothing to fill)
    ],
)
def test_the_report_gives_the_free_blocks_of_each_size_and_the_empty_pools_room(report, free, room):
    assert heap.free_blocks(report) == (free, room)


@pytest.mark.parametrize(("size", "blocks"), [(32, 3), (48, 5), (64, 2), (512, 4)])
def test_each_plug_is_an_object_of_the_blocks_size(size, blocks):
    made = heap.plugs({size: blocks}, 0)
    assert [len(plug) for plug in made] == [blocks, 0]
    # (a float, or a bytes object whose header and length take the block: no smaller size class)
    assert {sys.getsizeof(obj) for obj in made[0]} == ({24} if size == 32 else {size})
    assert len({id(obj) for obj in made[0]}) == blocks  # (each its own block)


def test_plugged_leaves_few_free_blocks_until_it_ends():
    kept = [bytes(i % 400) for i in range(60_000)]
    del kept[::3]  # (blocks of every size freed among those in use)
    before, _ = heap.free_blocks(heap.allocator_stats() or "")
    if not before:
        pytest.skip("no pymalloc report in this Python")
    with heap.plugged():
        plugged, _ = heap.free_blocks(heap.allocator_stats() or "")
        assert sum(plugged.values()) < sum(before.values()) / 5
    after, _ = heap.free_blocks(heap.allocator_stats() or "")
    assert sum(after.values()) > sum(before.values()) / 2  # (the plugs let go)


def test_without_the_report_nothing_is_plugged(monkeypatch):
    monkeypatch.delattr(sys, "_debugmallocstats")
    assert heap.allocator_stats() is None
    with heap.plugged():
        pass
