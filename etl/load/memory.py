"""Memory a load gives back to the system between its steps: the C heap's free pages, which the
allocator otherwise keeps for the process (glibc's `malloc_trim`; elsewhere nothing is done)."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache


@cache
def _trim():  # (the C library's `malloc_trim`, or None where there is none)
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


def trim_heap() -> None:
    """Return the free pages of the C heap to the system. A load's first steps leave tens of MB
    free in it (a catalogue's: 90 MB after its keywords), which the next steps' peak would
    otherwise carry, and a process forked then would share."""
    trim = _trim()
    if trim is not None:
        trim(0)
