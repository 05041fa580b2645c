"""Every paper's vectors in bounded memory, block by block, the same to the last bit as the
computation over the whole corpus at once (kept as the tests' reference: tests/similar_reference.py):
a term one paper of a batch has is spilled by hash (and name) to a temporary file, and held by name
only once two papers have it (the ones that are kept), so what the computation holds grows with the
shared vocabulary and the distinctive postings, not with every word of the corpus.

Two passes over the papers' postings (a paper's terms as hashes and counts, in the order the
reference's `Corpus.add` lays them: words and keywords by name, then pairs by name). The first
counts document frequencies batch by batch (`Frequencies`); the second (`Space`, `weights`) gives
each block of papers its TF-IDF weights, with a term of one paper in the vector's length as the
reference counts it. Term hashes are Python's `hash` of the term (64 bits, within one process):
two terms of one hash would be counted as one (about one chance in 10^6 at ten million distinct
terms).
"""

from __future__ import annotations

import tempfile
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from .batch import RARE_MAX, TOPIC_SAMPLE, TOPIC_TERMS, TOPICS, idf_weights, row_sums, topic_basis, unit_topics
from .counting import Frequencies, Kept, Known, Postings, lookup
from .paged import Paged, PagedRows
from .select import Vectors
from .words import is_pair


class Gathering:
    """Papers' postings gathered one paper at a time (`add`: its words and keywords, and its pairs,
    each kind's names and counts in name order appended to the batch's lists of that kind), laid
    out as `Postings` and hashed all at once (`take`), with the names of the terms not `known` yet
    (`Frequencies.known`: the kept terms so far): no Python step per term."""

    def __init__(self, known: Known) -> None:
        self.known = known
        self.kinds = (_Kind(), _Kind())  # (words and keywords, pairs)

    def add(self, terms: Counter[str], pairs: Counter[str] | None = None) -> None:
        """A paper's terms: its words and keywords, and its pairs of words (`WordTerms.parts`), or
        all in one (`WordTerms.of`: told apart here, `is_pair`)."""
        if pairs is None:
            pairs = Counter({name: n for name, n in terms.items() if is_pair(name)})
            terms = Counter({name: n for name, n in terms.items() if name not in pairs})
        for kind, counted in zip(self.kinds, (terms, pairs), strict=True):
            kind.add(counted)

    def __len__(self) -> int:
        return len(self.kinds[0].ends) - 1

    def take(self) -> tuple[Postings, dict[int, str]]:
        """The postings gathered (each paper's words and keywords, then its pairs, each in name
        order) and the names of their terms not known before, and a fresh start. The postings carry
        their distinct hashes and how many papers have each (`Postings.counted`: the counting's)."""
        (words, word_counts, word_ends), (pairs, pair_counts, pair_ends) = (kind.arrays() for kind in self.kinds)
        names = self.kinds[0].names + self.kinds[1].names
        unique, first, papers = np.unique(np.concatenate([words, pairs]), return_index=True, return_counts=True)
        new = ~self.known(unique)
        fresh = dict(zip(unique[new].tolist(), map(names.__getitem__, first[new].tolist()), strict=True))
        postings = Postings(words, word_counts, word_ends, pairs, pair_counts, pair_ends, (unique, papers))
        self.__init__(self.known)  # type: ignore[misc]
        return postings, fresh


class _Kind:
    """One kind of a batch's terms: names and counts, paper by paper, and where each paper's end."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.counts = array("q")
        self.ends = array("q", [0])

    def add(self, terms: Counter[str]) -> None:
        names = sorted(terms)  # (terms in one order whatever the hash seed, as the reference's `Corpus.add`)
        self.names += names
        self.counts.extend(map(terms.__getitem__, names))
        self.ends.append(len(self.names))

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The postings' hashes, counts and paper ends (`Postings`' parts of this kind)."""
        hashes = np.fromiter(map(hash, self.names), np.int64, len(self.names))
        counts = np.minimum(np.frombuffer(self.counts, dtype=np.int64), 65_535).astype(np.uint16)
        return hashes, counts, np.frombuffer(self.ends, dtype=np.int64)


class Space:
    """What the second pass weighs papers with: the kept terms by hash (document frequency, number
    as `similar_terms` numbers them, inverse document frequency, where a word first came, place
    among the topic terms or -1), the papers counted and the topic terms and basis."""

    def __init__(self, papers: int, kept: Kept):
        self.papers, self.hashes, self.terms, self.df = papers, kept.hashes, kept.names, kept.df
        terms = self.terms
        by_name = sorted(range(len(terms)), key=terms.__getitem__)
        self.numbers = np.empty(len(terms), np.int32)
        self.numbers[by_name] = np.arange(len(terms), dtype=np.int32)
        # Per kept term, and one more at the end for a term of one paper (`find`'s -1), so that
        # these are never empty: the inverse document frequency, whether distinctive, where a
        # word first came (pairs: -1), its place among the topic terms (-1: none).
        self.idf = idf_weights(papers, np.append(self.df, 1))
        self.rare = np.append((self.df >= 2) & (self.df <= RARE_MAX), False)
        self.first = np.full(len(terms) + 1, -1, dtype=np.int64)
        self.topic_column = np.full(len(terms) + 1, -1, dtype=np.int64)
        self.topic_terms: list[str] = []
        self.dimensions = 0
        self.basis = np.zeros((0, 1), np.float32)

    def find(self, hashes: np.ndarray) -> np.ndarray:
        """Each hash's place among the kept terms, -1 for a term of one paper."""
        at, found = lookup(self.hashes, hashes)
        return np.where(found, at, -1)

    def note_first(self, found: np.ndarray, offset: int) -> None:
        """Note where each kept word of a block first came (`found`: its word postings' places, `find`;
        `offset`: the word postings before the block). Only the postings of words not noted before
        are sorted (a block's words are mostly noted by the blocks before it)."""
        fresh = np.flatnonzero(found >= 0)
        fresh = fresh[self.first[found[fresh]] < 0]
        unique, first = np.unique(found[fresh], return_index=True)
        self.first[unique] = offset + fresh[first]

    def choose_topics(self) -> None:
        """The words and keywords the topics are made of, as the reference's `topic_vectors` chooses them
        among the terms numbered as they first came (the most frequent, ties: the first come), in
        that order, once every block's first words are noted."""
        words = np.flatnonzero(self.first >= 0)
        words = words[np.argsort(self.first[words], kind="stable")]
        frequent = words[np.sort(np.argsort(-self.df[words], kind="stable")[:TOPIC_TERMS])]
        self.topic_column[frequent] = np.arange(len(frequent))
        self.topic_terms = [self.terms[i] for i in frequent.tolist()]
        self.dimensions = min(TOPICS, len(frequent) - 1, self.papers - 1)


Found = tuple[np.ndarray, np.ndarray]  # a block's word and pair postings' places in `Space` (`find`)


@dataclass
class Weights:
    """A block of papers' TF-IDF weights, each row of length 1 (float32): the words' and the
    kept pairs' (CSR parts), and each posting's kept term (place in `Space`, -1 for one paper's)."""

    words: np.ndarray
    word_ends: np.ndarray
    word_terms: np.ndarray
    pairs: np.ndarray
    pair_ends: np.ndarray
    pair_terms: np.ndarray


def weights(postings: Postings, space: Space, found: Found | None = None) -> Weights:
    """The block's weights, as the reference's `tf_idf` computes them for the whole corpus (sublinear term
    frequency, smoothed IDF, every term in the length; a pair of one paper left out; each row's
    length summed alone, `batch.row_sums`); `found`: its postings' places in `space` if looked up before."""
    word_terms, pair_terms = found or (space.find(postings.words), space.find(postings.pairs))
    kept = pair_terms >= 0
    before = np.concatenate(([0], np.cumsum(kept, dtype=np.int64)))
    pair_ends, pair_terms = before[postings.pair_ends], pair_terms[kept]
    parts = [
        (postings.word_counts, postings.word_ends, space.idf[word_terms]),
        (postings.pair_counts[kept], pair_ends, space.idf[pair_terms]),
    ]
    squares = np.zeros(postings.papers)
    data = []
    for counts, ends, idf in parts:
        values = counts.astype(np.float32)
        np.log(values, out=values)
        values += 1
        values *= idf.astype(np.float32)
        squares += row_sums(values**2, ends)
        data.append(values)
    scale = (1 / np.maximum(np.sqrt(squares), 1e-12)).astype(np.float32)
    for values, (_, ends, _) in zip(data, parts, strict=True):
        values *= np.repeat(scale, np.diff(ends))
    return Weights(data[0], postings.word_ends, word_terms, data[1], pair_ends, pair_terms)


def topic_rows(block: Weights, space: Space) -> sparse.csr_matrix:
    """The block's weights of the topic terms (columns: their places)."""
    column = np.where(block.word_terms >= 0, space.topic_column[block.word_terms], -1)
    kept = column >= 0
    ends = np.concatenate(([0], np.cumsum(kept, dtype=np.int64)))[block.word_ends]
    shape = (len(ends) - 1, len(space.topic_terms))
    return sparse.csr_matrix((block.words[kept], column[kept].astype(np.int32), ends), shape=shape)


def find_basis(space: Space, sample: sparse.csr_matrix) -> None:
    """The topic basis of the sample (every k-th paper's `topic_rows`), as the reference's `topic_vectors` finds it."""
    if space.dimensions >= 1:
        space.basis = topic_basis(sample, space.dimensions)


def topics(block: Weights, space: Space) -> np.ndarray:
    """The block's topic vectors (length 1 or 0)."""
    if space.dimensions < 1:
        return np.zeros((len(block.word_ends) - 1, 1), np.float32)
    return unit_topics(np.asarray(topic_rows(block, space) @ space.basis, dtype=np.float32))


def distinctive(block: Weights, space: Space) -> sparse.csr_matrix:
    """The block's weights of the terms 2 to `RARE_MAX` papers have, a row's words before its pairs
    (columns: the terms' numbers)."""
    rows, data, columns = [], [], []
    for values, ends, terms in (
        (block.words, block.word_ends, block.word_terms),
        (block.pairs, block.pair_ends, block.pair_terms),
    ):
        rare = space.rare[terms]
        rows.append(np.repeat(np.arange(len(ends) - 1), np.diff(ends))[rare])
        data.append(values[rare])
        columns.append(space.numbers[terms[rare]])
    row = np.concatenate(rows)
    order = np.argsort(row, kind="stable")  # (a row's words, then its pairs, each in their order)
    ends = np.concatenate(([0], np.cumsum(np.bincount(row, minlength=len(block.word_ends) - 1))))
    shape = (len(ends) - 1, len(space.hashes))
    return sparse.csr_matrix((np.concatenate(data)[order], np.concatenate(columns)[order], ends), shape=shape)


def vectors(
    frequencies: Frequencies, postings: Callable[[], Iterable[Postings]], paged: Paged | None = None
) -> tuple[Space, Vectors]:
    """The kept terms and every paper's vectors, from the papers' postings counted in `frequencies`
    and read again, block by block, from `postings()` (three times: first words, weights and the
    topics' sample, topic vectors). The vectors are written block by block to `paged`'s files and
    mapped from them (`etl.extract.similar.paged`: not held in memory; by default files of their own)."""
    paged = Paged() if paged is None else paged
    space = Space(frequencies.papers, frequencies.done())
    with tempfile.TemporaryFile(prefix="paperdb-similar-found-") as places:
        offset = 0
        for block in postings():
            found = space.find(block.words), space.find(block.pairs)
            space.note_first(found[0], offset)
            offset += len(block.words)
            for part in found:
                np.save(places, part.astype(np.int32))
        space.choose_topics()

        def weighed() -> Iterator[tuple[Postings, Weights]]:
            """Each block's postings and weights, its postings' places read again from `places`."""
            places.seek(0)
            for block in postings():
                found = np.load(places).astype(np.intp), np.load(places).astype(np.intp)
                yield block, weights(block, space, found)

        step = max(1, -(-space.papers // TOPIC_SAMPLE))  # (every k-th paper, as the reference's `topic_vectors`)
        samples, row = [], 0
        matrix = PagedRows(paged, "distinctive", len(space.hashes))
        for block, weighed_block in weighed():
            picked = np.flatnonzero((row + np.arange(block.papers)) % step == 0)
            samples.append(topic_rows(weighed_block, space)[picked])
            matrix.add(distinctive(weighed_block, space))
            row += block.papers
        if not row:
            empty = sparse.csr_matrix((0, len(space.hashes)), dtype=np.float32)
            return space, Vectors(empty, np.zeros((0, 1), np.float32))
        find_basis(space, sparse.vstack(samples, format="csr"))
        del samples
        for _, weighed_block in weighed():
            paged.append("topics", topics(weighed_block, space))
    return space, Vectors(matrix.done(), paged.mapped("topics"))
