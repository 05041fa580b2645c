"""The one chunking helper: fixed-size lists from any iterable."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from typing import TypeVar

T = TypeVar("T")


def chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """Lists of `size` items (the last one shorter), in order; nothing for no items."""
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk
