"""Paper ids a load keeps of every paper it reads, as sorted 64-bit numbers (8 bytes a paper, where
a set of id strings takes about 100): the papers added and recorded, and the keyword feed's marks."""

from __future__ import annotations

import heapq
import re
from collections.abc import Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
else:

    class _Numpy:
        """numpy, imported when first used: a small load's sets stay Python sets (`RECENT_MIN`), so
        the load imports numpy only at its similar step, after it forked its ranking (issue 41)."""

        def __getattr__(self, name: str) -> Any:
            import numpy

            globals()["np"] = numpy
            return getattr(numpy, name)

    np = _Numpy()

# A paper id as a load makes it (`etl.text.identity.ID_LENGTH` hex digits: 64 bits, exactly); any
# other id (a test's, an old database's) is kept as itself.
HEX_ID = re.compile(r"[0-9a-f]{16}")
# Ids added since the last merge, kept as Python ints until this many (a sixteenth of the sorted
# ones, within these bounds), then merged in one linear pass: a bounded buffer, few merges.
RECENT_MIN, RECENT_MAX = 4_096, 16_384
AS_STRINGS = 8_192  # ids turned back into strings at a time when iterating
# Sorted keys looked up at a time in another set's (`_held`): a set operation's temporary arrays
# are of this many keys, not of the sets' (NumPy's `setdiff1d` of two sets of 1,000,000 ids sorts
# them together: 51 MB at once, at the end of a large load's files and in its bibliography).
PART = 65_536
Ids = Iterable[str]
NO_KEYS: Any = ()  # (no sorted keys yet: numpy not needed)


def _array(keys: Any) -> np.ndarray:
    """Sorted keys as an array (none yet: an empty one)."""
    return keys if len(keys) else np.empty(0, np.uint64)


def keys_of(ids: Ids) -> tuple[np.ndarray, list[str]]:
    """The ids of 16 hex digits as uint64 (in their order), and the other ids."""
    hexes: list[str] = []
    other: list[str] = []
    for pid in ids:
        (hexes if HEX_ID.fullmatch(pid) else other).append(pid)
    return np.frombuffer(bytes.fromhex("".join(hexes)), ">u8").astype(np.uint64), other


def strings_of(keys: np.ndarray) -> list[str]:
    """The ids (16 hex digits) of uint64 keys."""
    text = keys.astype(">u8").tobytes().hex()
    return [text[i : i + 16] for i in range(0, len(text), 16)]


def _held(keys: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Whether each of `queries` is among the sorted `keys`, looked up `PART` at a time (a
    boolean mask: a byte a query)."""
    mask = np.zeros(len(queries), bool)
    if len(keys):
        for start in range(0, len(queries), PART):
            mask[start : start + PART] = _found(keys, queries[start : start + PART])[0]
    return mask


def _found(keys: np.ndarray, queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which of `queries` the sorted `keys` hold, and where (a boolean mask, the places)."""
    places = keys.searchsorted(queries)
    found = places < len(keys)
    found[found] = keys[places[found]] == queries[found]
    return found, places


class PaperSet:
    """A set of paper ids: those of 16 hex digits as sorted unique uint64, those added since the
    last merge as ints, any other id as itself. Iterates in the ids' sorted order."""

    __slots__ = ("_keys", "_other", "_recent")

    def __init__(self, ids: Ids = ()) -> None:
        self._keys: Any = NO_KEYS
        self._recent: set[int] = set()
        self._other: set[str] = set()
        self.update(ids)

    def add(self, pid: str) -> None:
        if not HEX_ID.fullmatch(pid):
            self._other.add(pid)
            return
        self._recent.add(int(pid, 16))
        self._merge_if_many()

    def _merge_if_many(self) -> None:
        if len(self._recent) > min(max(RECENT_MIN, len(self._keys) >> 4), RECENT_MAX):
            self._merge()

    def update(self, ids: Ids) -> None:
        """Add `ids`: a few (a small file's) as recent ids, many merged at once (a pass over the
        sorted ones costs what the set holds, not what is added)."""
        if isinstance(ids, PaperSet):
            if not len(ids._keys):  # (a few: no numpy)
                self._recent |= ids._recent
                self._other |= ids._other
                self._merge_if_many()
                return
            ids._merge()
            keys, other = ids._keys, ids._other
        else:
            ids = ids if isinstance(ids, Collection) else list(ids)
            if len(ids) <= RECENT_MAX:  # (a few: no numpy)
                for pid in ids:
                    self.add(pid)
                return
            found, others = keys_of(ids)
            keys, other = np.unique(found), set(others)
        if len(keys) <= RECENT_MAX:
            self._recent.update(keys.tolist())
            self._merge_if_many()
        else:
            self._merge(keys)
        self._other |= other

    def difference_update(self, ids: Ids) -> None:
        drop = ids if isinstance(ids, PaperSet) else PaperSet(ids)
        if not len(self._keys) and not len(drop._keys):
            self._recent -= drop._recent
            self._other -= drop._other
            return
        self._merge()
        drop._merge()
        if len(self._keys) and len(drop._keys):
            self._keys = self._keys_without(drop)
        self._other -= drop._other

    def _keys_without(self, drop: PaperSet) -> np.ndarray:
        """The sorted keys (merged) that `drop`'s (merged) do not hold, looked up a part at a time."""
        held = _held(drop._keys, self._keys)
        return _array(self._keys)[np.logical_not(held, out=held)]

    def _merge(self, sorted_keys: np.ndarray | None = None) -> None:
        """Merge the recent ids (and `sorted_keys`, sorted and unique) into the sorted ones."""
        if self._recent:
            recent = np.sort(np.fromiter(self._recent, np.uint64, len(self._recent)))
            self._recent = set()
            self._insert(recent)
        if sorted_keys is not None and len(sorted_keys):
            self._insert(sorted_keys)

    def _insert(self, sorted_keys: np.ndarray) -> None:
        """Insert keys (sorted and unique) into the sorted ones."""
        if not len(self._keys):  # (a copy, or the first keys: nothing to look up)
            self._keys = sorted_keys.copy()
            return
        found, places = _found(self._keys, sorted_keys)
        if not found.all():
            self._keys = np.insert(self._keys, places[~found], sorted_keys[~found])

    def members(self, ids: list[str]) -> set[str]:
        """Those of `ids` in the set (one search for them all)."""
        if not len(self._keys):
            return {pid for pid in ids if pid in self}
        keys, other = keys_of(ids)
        found, _ = _found(self._keys, keys)
        hexes = (pid for pid in ids if HEX_ID.fullmatch(pid))
        held = {pid for pid, f in zip(hexes, found.tolist(), strict=True) if f or int(pid, 16) in self._recent}
        return held | self._other.intersection(other)

    def __contains__(self, pid: object) -> bool:
        if not isinstance(pid, str) or not HEX_ID.fullmatch(pid):
            return pid in self._other
        key = int(pid, 16)
        if key in self._recent:
            return True
        if not len(self._keys):
            return False
        place = int(self._keys.searchsorted(np.uint64(key)))
        return place < len(self._keys) and int(self._keys[place]) == key

    def __len__(self) -> int:
        if not len(self._keys):
            return len(self._recent) + len(self._other)
        self._merge()
        return len(self._keys) + len(self._other)

    def __bool__(self) -> bool:
        return bool(len(self._keys) or self._recent or self._other)

    def __iter__(self) -> Iterator[str]:
        ordered: Iterable[str]
        if not len(self._keys):  # (16 lower-case hex digits sort as their numbers do)
            ordered = sorted(f"{key:016x}" for key in self._recent)
        else:
            self._merge()
            keys = self._keys
            ordered = (
                pid for start in range(0, len(keys), AS_STRINGS) for pid in strings_of(keys[start : start + AS_STRINGS])
            )
        return heapq.merge(ordered, sorted(self._other)) if self._other else iter(ordered)

    def copy(self) -> PaperSet:
        out = PaperSet()
        out.update(self)
        return out

    def __or__(self, other: Ids) -> PaperSet:
        out = self.copy()
        out.update(other)
        return out

    def __ior__(self, other: Ids) -> PaperSet:
        self.update(other)
        return self

    def __sub__(self, other: Ids) -> PaperSet:
        drop = other if isinstance(other, PaperSet) else PaperSet(other)
        if not len(self._keys) and not len(drop._keys):
            out = self.copy()
            out.difference_update(drop)
            return out
        self._merge()
        drop._merge()
        out = PaperSet()  # (the kept keys picked at once: no copy of them all first)
        out._keys = self._keys_without(drop)
        out._other = self._other - drop._other
        return out

    def __and__(self, other: Ids) -> PaperSet:
        theirs = other if isinstance(other, PaperSet) else PaperSet(other)
        if not len(self._keys) and not len(theirs._keys):
            out = PaperSet()
            out._recent = self._recent & theirs._recent
            out._other = self._other & theirs._other
            return out
        self._merge()
        theirs._merge()
        small, large = sorted((_array(self._keys), _array(theirs._keys)), key=len)
        out = PaperSet()
        out._keys = small[_held(large, small)]  # (the fewer looked up among the more: a small file's among a load's)
        out._other = self._other & theirs._other
        return out

    def __le__(self, other: Ids) -> bool:
        if isinstance(other, PaperSet):
            return not self - other
        return all(pid in other for pid in self)  # (a container of strings)

    def __repr__(self) -> str:
        return f"PaperSet({len(self)} ids)"


def in_order(ids: Ids) -> Collection[str]:
    """`ids` in sorted order: a `PaperSet` as it iterates, anything else sorted."""
    return ids if isinstance(ids, PaperSet) else sorted(ids)


class PaperMarks:
    """A number per paper id (below 2**128; each id given one once): for ids of 16 hex digits,
    sorted uint64 keys and the number's two 64-bit halves (24 bytes a paper, where a dict of
    strings and ints takes about 150); any other id in a dict."""

    __slots__ = ("_high", "_keys", "_low", "_other", "_recent")

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._keys = self._high = self._low = NO_KEYS
        self._recent: dict[int, int] = {}
        self._other: dict[str, int] = {}

    def __setitem__(self, pid: str, mark: int) -> None:
        if not HEX_ID.fullmatch(pid):
            self._other[pid] = mark
            return
        self._recent[int(pid, 16)] = mark
        if len(self._recent) > min(max(RECENT_MIN, len(self._keys) >> 4), RECENT_MAX):
            self._merge()

    def _merge(self) -> None:
        if not self._recent:
            return
        keys = np.fromiter(self._recent, np.uint64, len(self._recent))
        marks = list(self._recent.values())
        high = np.array([mark >> 64 for mark in marks], np.uint64)
        low = np.array([mark & 0xFFFF_FFFF_FFFF_FFFF for mark in marks], np.uint64)
        self._recent = {}
        order = keys.argsort()
        stored = _array(self._keys)
        places = stored.searchsorted(keys[order])
        self._keys = np.insert(stored, places, keys[order])
        self._high = np.insert(_array(self._high), places, high[order])
        self._low = np.insert(_array(self._low), places, low[order])

    def get(self, pid: str) -> int | None:
        return self.get_many([pid])[0]

    def get_many(self, ids: list[str]) -> list[int | None]:
        """The numbers of `ids` (None for an id not given one), found in one search (the sorted
        keys and the recent ones hold no id twice)."""
        if not len(self._keys):
            return [self._recent.get(int(pid, 16)) if HEX_ID.fullmatch(pid) else self._other.get(pid) for pid in ids]
        keys, _ = keys_of(ids)
        found, places = _found(self._keys, keys)
        at = places[found]
        marks = iter(
            [high << 64 | low for high, low in zip(self._high[at].tolist(), self._low[at].tolist(), strict=True)]
        )
        hexed = iter(found.tolist())
        out: list[int | None] = []
        for pid in ids:
            if not HEX_ID.fullmatch(pid):
                out.append(self._other.get(pid))
            else:
                out.append(next(marks) if next(hexed) else self._recent.get(int(pid, 16)))
        return out

    def keys(self) -> PaperSet:
        out = PaperSet(self._other)
        if not len(self._keys):
            out._recent = set(self._recent)
            out._merge_if_many()
            return out
        self._merge()
        out._merge(self._keys)
        return out

    def __len__(self) -> int:
        return len(self._keys) + len(self._recent) + len(self._other)
