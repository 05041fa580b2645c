"""Python's small-object heap around a fork: its free blocks plugged while forked workers run (`plugged`).

After a fork every page is shared until a process writes to it. Python's allocator (pymalloc) puts a
new small object in a free block of a pool already in use, and a long load's heap has such blocks
scattered over most of its pages (what its earlier steps freed). So each process after the fork,
the loading one and its workers alike, spreads its short-lived objects over shared pages, and each
page it writes to is copied: on the catalogue the keyword ranking's three processes grew by about
85 MB that way over the stage, with no more objects alive. Filled before the fork with objects
kept until the workers end, those blocks (and the arenas' empty pools) are no process's to write,
and each puts its new objects in pools of its own.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

# `sys._debugmallocstats()`: a size class's line (class, block size, pools, blocks in use, blocks
# free in its pools) and the empty pools' line (pools, bytes each)
CLASS_LINE = re.compile(r"^\s*\d+\s+(\d+)\s+\d+\s+\d+\s+(\d+)\s*$", re.MULTILINE)
EMPTY_POOLS = re.compile(r"^(\d+) unused pools \* ([\d,]+) bytes", re.MULTILINE)
BYTES_HEADER = 33  # a bytes object's size past its length (CPython 3.11-3.13, 64 bits): bytes(n) asks for 33 + n
FLOAT_SIZE = 32  # the block size a float takes
LARGEST = 512  # pymalloc's largest block: the empty pools are filled with blocks of it


def free_blocks(stats: str) -> tuple[dict[int, int], int]:
    """From `sys._debugmallocstats()`'s report: the free blocks in used pools of each block size,
    and the empty pools' room in blocks of `LARGEST` bytes."""
    free = {int(size): int(blocks) for size, blocks in CLASS_LINE.findall(stats) if int(blocks)}
    empty = EMPTY_POOLS.search(stats)
    # (a pool's header takes the room of one block of `LARGEST`)
    room = int(empty.group(1)) * (int(empty.group(2).replace(",", "")) // LARGEST - 1) if empty else 0
    return free, room


def plugs(free: dict[int, int], room: int) -> list[list]:
    """Objects that take the free blocks of each size (floats for 32 bytes, bytes objects from 48;
    16-byte blocks are left), then `room` blocks of `LARGEST` bytes."""
    made: list[list] = []
    for size, blocks in sorted(free.items()):
        if size == FLOAT_SIZE:
            made.append(_filled(blocks, lambda i: i + 0.5))
        elif size >= BYTES_HEADER + 15:
            made.append(_filled(blocks, lambda _, n=size - BYTES_HEADER: bytes(n)))
    made.append(_filled(room, lambda _: bytes(LARGEST - BYTES_HEADER)))
    return made


def _filled(count: int, make) -> list:
    plug: list = [None] * count  # (its array from the C heap, made once: no block of the heap taken and freed)
    for i in range(count):
        plug[i] = make(i)
    return plug


def allocator_stats() -> str | None:
    """`sys._debugmallocstats()`'s report (written to the C stderr), or None where there is none."""
    report = getattr(sys, "_debugmallocstats", None)
    if report is None:
        return None
    try:
        sys.stderr.flush()
        with tempfile.TemporaryFile() as out:
            saved = os.dup(2)
            try:
                os.dup2(out.fileno(), 2)
                report()
            finally:
                os.dup2(saved, 2)
                os.close(saved)
            out.seek(0)
            return out.read().decode("ascii", "replace")
    except (OSError, ValueError):
        return None


@contextmanager
def plugged() -> Iterator[None]:
    """Around forking workers and their work: pymalloc's free blocks and empty pools filled before,
    let go after (nothing is done where the report is not pymalloc's)."""
    stats = allocator_stats()
    held = plugs(*free_blocks(stats)) if stats and "Small block threshold" in stats else []
    try:
        yield
    finally:
        held.clear()
