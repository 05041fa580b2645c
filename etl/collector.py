"""The cyclic garbage collector paused while a load or a keyword extraction builds many small containers (`paused_gc`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector: extraction builds many small containers that hold no
    reference cycles, and collecting them over and over costs a third of the time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
