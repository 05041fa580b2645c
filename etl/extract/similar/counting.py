"""Document frequencies of the similar papers' terms, counted batch by batch in bounded memory (for
`blocks`): a term two papers of a batch have is kept at once, by name; a term one paper of a batch
has is spilled by hash, with its name, to one of `PARTS` temporary files, and the parts are added up
one at a time at the end, keeping the terms two papers or more have. What the counting holds grows
with the kept vocabulary, not with the terms of one paper (ten a record in a growing corpus)."""

from __future__ import annotations

import marshal
import tempfile
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO

import numpy as np

PARTS = 16  # files the terms of one paper are spilled to, by hash: the last count holds one at a time
PART = 65_536  # kept terms named at a time (`done`)
Known = Callable[[np.ndarray], np.ndarray]  # which of some hashes (unique, sorted) are the kept terms'


@dataclass
class Postings:
    """Some papers' terms as CSR parts: the words and keywords, then the pairs of words (hashes,
    int64; counts, uint16; row ends, int64)."""

    words: np.ndarray
    word_counts: np.ndarray
    word_ends: np.ndarray
    pairs: np.ndarray
    pair_counts: np.ndarray
    pair_ends: np.ndarray
    # Their distinct hashes (sorted) and how many papers have each, if the gathering counted them
    # (`Gathering.take`; not spilled: postings read again have none)
    counted: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False)

    @property
    def papers(self) -> int:
        return len(self.word_ends) - 1


class Frequencies:
    """Document frequencies counted batch by batch: the terms two papers or more of one batch have
    (sorted hashes, their counts and names), and the terms of one paper in a batch spilled with
    their names to `PARTS` temporary files by hash, added up part by part at the end (`done`): so
    what the counting holds grows with the kept vocabulary, not with the terms of one paper."""

    def __init__(self) -> None:
        self.papers = 0
        self.hashes = np.empty(0, np.int64)  # of the terms kept so far, sorted
        self.df = np.empty(0, np.int64)
        self.names = NameBuffer()  # (the kept terms' names, in the order they were kept)
        self.place = np.empty(0, np.int64)  # (each kept term's place in `names`, in the order of `hashes`)
        self.once: list[IO[bytes]] = []  # per part: (hashes, names) of the terms one paper of a batch has

    def add(self, postings: Postings, names: Mapping[int, str]) -> None:
        """Count a batch's papers (`names`: of the terms not kept before, by hash)."""
        self.papers += postings.papers
        unique, papers = postings.counted or np.unique(
            np.concatenate([postings.words, postings.pairs]), return_counts=True
        )
        at, known = lookup(self.hashes, unique)  # (a paper has a term once: a hash's postings are its papers)
        self.df[at[known]] += papers[known]
        kept = ~known & (papers >= 2)
        self._keep(unique[kept], papers[kept], names)
        self._spill(unique[~known & (papers < 2)], names)

    def _keep(self, hashes: np.ndarray, df: np.ndarray, names: Mapping[int, str]) -> None:
        """Keep new terms (`hashes`, not kept before) with their counts and names."""
        start = len(self.names)
        self.names.extend(map(names.__getitem__, hashes.tolist()))
        merged = np.concatenate([self.hashes, hashes])
        by_hash = np.argsort(merged, kind="stable")
        self.hashes, self.df = merged[by_hash], np.concatenate([self.df, df])[by_hash]
        self.place = np.concatenate([self.place, np.arange(start, len(self.names), dtype=np.int64)])[by_hash]

    def known(self, hashes: np.ndarray) -> np.ndarray:
        """Whether each of `hashes` is a kept term's (its name then known: a batch need not give it)."""
        return member(self.hashes, hashes)

    def _spill(self, alone: np.ndarray, names: Mapping[int, str]) -> None:
        """Spill the terms one paper of the batch has, each to the part of its hash."""
        if not self.once:
            self.once = [tempfile.TemporaryFile(prefix="paperdb-similar-once-") for _ in range(PARTS)]  # noqa: SIM115 (closed in `done`)
        part_of = alone % PARTS
        for part, spill in enumerate(self.once):
            hashes = alone[part_of == part]
            np.save(spill, hashes)
            spilled = marshal.dumps([names[h] for h in hashes.tolist()])
            spill.write(len(spilled).to_bytes(8, "little") + spilled)

    def _add_spilled(self) -> None:
        """Add up each part's spilled terms: a term kept meanwhile counts them, a term more than one
        paper has is kept."""
        for spill in self.once:
            end = spill.seek(0, 2)
            spill.seek(0)
            parts, named = [], []  # (each batch's hashes, and where its names are)
            while spill.tell() < end:
                parts.append(np.load(spill))
                named.append(spill.tell() + 8)
                spill.seek(int.from_bytes(spill.read(8), "little"), 1)
            hashes = np.concatenate(parts) if parts else np.empty(0, np.int64)
            at, known = lookup(self.hashes, hashes)
            self.df += np.bincount(at[known], minlength=len(self.hashes))
            unique, count = np.unique(hashes[~known], return_counts=True)
            kept = unique[count >= 2]
            if not len(kept):
                continue
            names: dict[int, str] = {}
            for batch, offset in zip(
                parts, named, strict=True
            ):  # (each kept term's name, from a batch that spilled it)
                if len(found := np.flatnonzero(member(kept, batch))):
                    spill.seek(offset)
                    spilled = marshal.load(spill)
                    names.update((h, spilled[i]) for h, i in zip(batch[found].tolist(), found.tolist(), strict=True))
            self._keep(kept, count[count >= 2], names)
        for spill in self.once:
            spill.close()
        self.once = []

    def done(self) -> Kept:
        """The kept terms, named in the order of their hashes; lets the spilled terms of one paper
        go. Through the counting their names are held as they were kept, in one buffer with each
        one's place (47 bytes a term with the hashes and counts, where a dictionary by hash held
        91: tests/test_similar_blocks.py), about 60,000 more terms a 100,000 records of the curve file."""
        self._add_spilled()
        names, place = self.names, self.place
        self.names, self.place = NameBuffer(), np.empty(0, np.int64)
        at = (p for start in range(0, len(place), PART) for p in place[start : start + PART].tolist())
        kept = Kept(Names(map(names.__getitem__, at)), self.hashes, self.df)
        self.hashes, self.df = np.empty(0, np.int64), np.empty(0, np.int64)
        return kept


def none_known(hashes: np.ndarray) -> np.ndarray:
    """`Frequencies.known` of a process that keeps no terms (a helper names every term of its batch)."""
    return np.zeros(len(hashes), dtype=bool)


@dataclass
class Kept:
    """The terms two papers or more have, in the order of their hashes: names, hashes (sorted,
    int64) and document frequencies (int64)."""

    names: Names
    hashes: np.ndarray
    df: np.ndarray


class Names:
    """Strings by place, as one buffer of their UTF-8 bytes and where each ends: about 21 bytes a
    kept term of the curve file, where a list of them held 69 (the terms' names are read once the
    space is made, to number them and at the step's end, and a large corpus keeps hundreds of
    thousands: about 400,000 at 1,000,000 records)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        text, ends = bytearray(), array("q", [0])
        for name in names:
            text += name.encode("utf-8", "surrogatepass")
            ends.append(len(text))
        self.text: bytes | bytearray = bytes(text)
        self.ends = ends

    def __len__(self) -> int:
        return len(self.ends) - 1

    def __getitem__(self, at: int) -> str:
        if not -len(self) <= at < len(self):
            raise IndexError(at)
        at %= len(self)
        return self.text[self.ends[at] : self.ends[at + 1]].decode("utf-8", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        return map(self.__getitem__, range(len(self)))


class NameBuffer(Names):
    """`Names` that grow (`extend`): the buffer and the ends as they are appended to."""

    def __init__(self) -> None:
        super().__init__()
        self.text = bytearray()

    def extend(self, names: Iterable[str]) -> None:
        text, ends = self.text, self.ends
        assert isinstance(text, bytearray)
        for name in names:
            text += name.encode("utf-8", "surrogatepass")
            ends.append(len(text))


def member(sorted_values: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Whether each of `values` is in `sorted_values`."""
    return lookup(sorted_values, values)[1]


def lookup(sorted_values: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each of `values`' place in `sorted_values` (`np.searchsorted`'s), and whether it is there.
    The values are looked up in their sorted order: random hashes into a large array are then one
    walk through it, not a cache miss each (2-3x faster on the catalogue's terms)."""
    if not len(sorted_values):
        return np.zeros(len(values), dtype=np.intp), np.zeros(len(values), dtype=bool)
    if len(values) < 2 or (values[1:] >= values[:-1]).all():  # (sorted already: a batch's distinct hashes)
        at = np.searchsorted(sorted_values, values)
    else:
        order = np.argsort(values)
        at = np.empty(len(values), dtype=np.intp)
        at[order] = np.searchsorted(sorted_values, values[order])
    return at, sorted_values[np.minimum(at, len(sorted_values) - 1)] == values
