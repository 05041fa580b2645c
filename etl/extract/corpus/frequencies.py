"""The corpus's document frequencies as ranking reads them, in compact arrays rather than a dict of
strings: each key's hash (sorted), count and place in one buffer of the keys' UTF-8 bytes (the
catalogue's 228,000 keys: 11 MB, where the dict held 23), which forked ranking workers share (a
dict's pages become each worker's own as its lookups write reference counts). A lookup is exact:
the key's bytes are compared, so two keys of one hash are still told apart. A few keys (a small
load's ranking, in a process of its own) stay a dict, and NumPy is never imported for them."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Mapping
from typing import TypeVar, overload

_MISSING = object()
_hash = hash  # (of the keys: 64 bits, the same in the workers a load forks)
T = TypeVar("T")
# Up to this many keys, added up in one dictionary (`merge_counts`), the counts stay a dict: about
# 130 bytes a key, where NumPy costs 8 MB (PSS) to import and the arrays 40 bytes a key. The
# benchmark's edit ranks 71 papers apart, 1,609 keys (issue 41); a corpus, whose counts forked
# workers share (a dict's pages would become each worker's own), has hundreds of thousands.
DICT_KEYS = 20_000
IN_ORDER_PART = 10_000  # keys `items_in_order` takes out of the arrays at a time


class KeyCounts(Mapping[str, int]):
    """Keys and their counts (each key once), looked up by hash and checked by their bytes.
    `preload` a batch of keys before many `get`s: those are then answered from a small dict."""

    def __init__(self, pairs: Iterable[tuple[str, int]] = (), few: bool = False) -> None:
        """`few`: the pairs are at most `DICT_KEYS`, and are kept as a dict (NumPy is not imported)."""
        self.few: dict[str, int] | None = dict(pairs) if few else None
        self.near: dict[str, int | None] = {}  # the keys preloaded: their counts, None for no key (`preload`)
        if self.few is not None:
            return
        import numpy as np

        hashes, counts, starts = array("q"), array("q"), array("q")
        text = bytearray()
        for key, count in pairs:
            hashes.append(_hash(key))
            counts.append(count)
            starts.append(len(text))
            text += key.encode("utf-8", "surrogatepass")
        starts.append(len(text))
        # (each array as given let go once reordered, and the keys' bytes kept as gathered, not
        # copied: 68 bytes a key at the peak, where 101; the curve file's first 100,000 records
        # rank against 167,082 keys, and the keys grow with the records)
        order = np.argsort(np.frombuffer(hashes, dtype=np.int64), kind="stable")
        self.hashes = np.frombuffer(hashes, dtype=np.int64)[order]
        del hashes
        self.counts = np.frombuffer(counts, dtype=np.int64)[order]
        del counts
        self.starts = np.frombuffer(starts, dtype=np.int64)[:-1][order]
        self.ends = np.frombuffer(starts, dtype=np.int64)[1:][order]
        del starts, order
        self.text = text

    def _find(self, key: str) -> int:
        """The key's place in the arrays, or -1."""
        import numpy as np

        h = _hash(key)
        at = int(np.searchsorted(self.hashes, h))
        encoded = key.encode("utf-8", "surrogatepass")
        while at < len(self.hashes) and self.hashes[at] == h:  # (keys of one hash lie side by side)
            if self.text[self.starts[at] : self.ends[at]] == encoded:
                return at
            at += 1
        return -1

    def preload(self, keys: Iterable[str]) -> None:
        """Look up `keys` at once (one search of the arrays), for the `get`s that follow; the keys
        preloaded before are let go."""
        if self.few is not None:
            return
        import numpy as np

        wanted = list(set(keys))
        near: dict[str, int | None] = dict.fromkeys(wanted)  # (None: not a key)
        self.near = near
        if not wanted or not len(self.hashes):
            return
        hashes = np.fromiter(map(_hash, wanted), dtype=np.int64, count=len(wanted))
        at = np.minimum(np.searchsorted(self.hashes, hashes), len(self.hashes) - 1)
        hit = np.flatnonzero(self.hashes[at] == hashes)  # (most keys of a paper are no corpus key)
        at = at[hit]
        text = self.text
        # (the hits' places as Python ints at once: a NumPy scalar per index costs more than the compare)
        places = self.starts[at].tolist(), self.ends[at].tolist(), self.counts[at].tolist()
        for i, start, end, count in zip(hit.tolist(), *places, strict=True):
            key = wanted[i]
            if text[start:end] == key.encode("utf-8", "surrogatepass"):
                near[key] = count
            else:  # (another key of the same hash came first)
                found = self._find(key)
                if found >= 0:
                    near[key] = int(self.counts[found])

    @overload
    def get(self, key: str, /) -> int | None: ...
    @overload
    def get(self, key: str, default: int, /) -> int: ...
    @overload
    def get(self, key: str, default: T, /) -> int | T: ...
    def get(self, key: str, default: object = None, /) -> object:
        if self.few is not None:
            return self.few.get(key, default)
        found = self.near.get(key, _MISSING)
        if found is None:
            return default
        if found is _MISSING:  # (not preloaded)
            at = self._find(key)
            return default if at < 0 else int(self.counts[at])
        return found

    def __getitem__(self, key: str) -> int:
        found = self.get(key)
        if found is None:
            raise KeyError(key)
        return found

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key) is not None

    def __len__(self) -> int:
        return len(self.hashes) if self.few is None else len(self.few)

    def __iter__(self) -> Iterator[str]:
        """The keys, in the order they were given."""
        return (key for key, _ in self.items_in_order())

    def items_in_order(self) -> Iterator[tuple[str, int]]:
        """(key, count) in the order the pairs were given (key order, as `merge_counts` gives them)."""
        if self.few is not None:
            yield from self.few.items()
            return
        import numpy as np

        text = self.text
        given = np.argsort(self.starts, kind="stable")  # (each key's place in the arrays, in the order given)
        for part in range(0, len(given), IN_ORDER_PART):  # (a part at a time: not a list of them all)
            at = given[part : part + IN_ORDER_PART]
            places = self.starts[at].tolist(), self.ends[at].tolist(), self.counts[at].tolist()
            for start, end, count in zip(*places, strict=True):
                yield text[start:end].decode("utf-8", "surrogatepass"), count
