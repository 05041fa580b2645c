"""The one cache of the keyword rules: remembered results per word, in bounded memory."""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")


class Memo(dict, Generic[V]):
    """A dictionary of remembered results that empties itself once it holds `limit` entries: a
    long run's memory stays bounded, and the common words are remembered again at once."""

    __slots__ = ("limit",)

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def remember(self, key: str, value: V) -> V:
        """Keep `value` for `key` (emptying the memo first if it is full); returns `value`."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
