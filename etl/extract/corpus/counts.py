"""One process's share of a corpus: document frequencies and defined acronyms counted in bounded
memory (spilled as sorted runs), each paper's terms spilled to a file, and the shares merged into
compact arrays (`frequencies.KeyCounts`) that ranking reads a chunk of papers' keys at a time."""

from __future__ import annotations

import heapq
import io
import marshal
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from itertools import chain, groupby
from operator import itemgetter
from typing import IO, Any, NamedTuple, Protocol

from ...iterables import chunks
from ..keywords import (
    Keyphraseness,
    Keyword,
    Meanings,
    Taxonomy,
    Terms,
    extract_terms,
    label_of,
    normalise_keyword,
    rank_keywords,
    titled_topics,
)
from ..keywords.labels import most_written, relabelled, same_number, shown_label
from ..keywords.meanings import other_definitions
from .frequencies import DICT_KEYS, KeyCounts

RUN_RECORD = 1_000  # (key, count) pairs per record of a spilled run: merging reads one record of each run at a time
COUNTS_IN_MEMORY = 100_000  # distinct keys a process counts in memory before it spills them (about 10 MB)
MERGE_IN_MEMORY = 200_000  # keys of all workers the parent adds up in a dictionary rather than as sorted streams

Paper = tuple[str, str, str | None]  # (paper id, abstract, title)


class Stored(NamedTuple):
    """What ranking takes from the stored papers rather than from the papers fed: the titles that
    differ from the ones fed (paper id -> title or None), the corpus's author keywords (key ->
    papers whose authors chose it) and each paper's own (paper id -> keys), which its ranking
    leaves out."""

    titles: Mapping[str, str | None] = {}
    chosen: Mapping[str, int] = {}
    own: Mapping[str, Sequence[str]] = {}


Retitled = Stored  # (the name the worker pool passes it under)
LOOKUP_CHUNK = 10_000  # keys looked up in the reference statistics at a time
RANK_CHUNK = 200  # spilled papers whose keys are looked up in the corpus counts at once (`KeyCounts.preload`)


class Labelled(dict):
    """Meanings (`Meanings`: short form -> long form's key -> (label, papers)), each label the one
    ranking reads (the smallest its papers write, as stored in `keyword_meanings`), and `shown`:
    such a label -> the one most of its papers write, where the two are shown apart (`Long-Short
    term memory` -> `long Short-Term memory`, shown `long short-term memory`). The ranked keywords
    take the shown one (`labels.relabelled`) once ranked: their keys and ranks are the same."""

    def __init__(self, meanings: Meanings):
        super().__init__(meanings)
        self.shown: dict[str, str] = {}
        self.others: dict[str, Counter[str]] = {}  # (short forms' definitions that spell no meaning: `Others`)


class Reference(Protocol):
    """The statistics of papers ranked before, that new papers are ranked against as well (a
    database's last rescore): its size, the acronyms it defined and its document frequencies."""

    n: int
    meanings: Meanings

    def counts(self, keys: Sequence[str]) -> Mapping[str, int]:
        """The papers using each of `keys` (those only one paper used may be missing)."""
        ...


# Told the corpus statistics once they are known: (document frequencies, papers, acronyms).
StatisticsSink = Callable[[KeyCounts, int, Meanings], None]


class Counts:
    """Document frequencies and defined acronyms of some papers, in bounded memory: at most
    `COUNTS_IN_MEMORY` keys are counted in memory, more are spilled as runs sorted by key."""

    def __init__(self) -> None:
        self.df: Counter[str] = Counter()
        self.runs: list[IO[bytes]] = []  # counts spilled when `df` grew too large, each sorted by key
        self.n = 0
        self.meanings: Meanings = {}
        # (long form's key, its label as a paper writes it) -> the papers defining a short form so:
        # a meaning's label is the one most write (`most_written`), chosen when the counts are read
        self.labels: Counter[tuple[str, str]] = Counter()
        self.others: Counter[tuple[str, str]] = Counter()  # (short, long's key) -> papers: `other_definitions`

    def add(
        self,
        n: int,
        meanings: Meanings,
        pairs: Iterable[tuple[str, int]],
        labels: Mapping[tuple[str, str], int] = {},
        others: Mapping[tuple[str, str], int] = {},
    ) -> None:
        """Add the counts of another share of papers: `n` papers, their acronyms, (key, papers),
        the labels their acronyms' long forms are written with ((key, label) -> papers), and their
        definitions that spell no meaning ((short, long's key) -> papers)."""
        self.n += n
        self.others.update(others)
        for short, keys in meanings.items():
            for key, (label, papers) in keys.items():
                _add_meaning(self.meanings, short, key, label, papers)
        self.labels.update(labels)
        for part in chunks(pairs, COUNTS_IN_MEMORY):
            self.df.update(dict(part))  # (counted in C)
            if len(self.df) >= COUNTS_IN_MEMORY:
                self._spill_counts()

    def _spill_counts(self) -> None:
        # (unbuffered but while it is written: a buffer of each run, 64 KiB, was held until the
        # ranking merged them, and a large load spills one run per 5,000-6,000 papers)
        run = tempfile.TemporaryFile(buffering=0, prefix="paperdb-counts-")  # noqa: SIM115 (kept open in self.runs; unnamed)
        pairs = sorted(self.df.items())
        out = io.BufferedWriter(run)
        for record in chunks(pairs, RUN_RECORD):
            _write_record(out, record)
        out.flush()
        out.detach()  # (the buffer goes, the file stays open)
        self.runs.append(run)
        self.df = Counter()

    def take_back(self, records: Iterable[tuple], gone: Set[str], others: Iterable[tuple]) -> None:
        """Take out of the counts the papers of `gone` among the spill `records` (as `Extraction`
        writes them): their keys, and the acronyms they defined, recounted from the `others`
        (every spill record, read only when a paper taken back defined one)."""
        defined: set[tuple[str, str]] = set()
        for pid, _, *fields in records:
            if pid in gone:
                terms = Terms(*fields)
                self.add(-1, {}, ((key, -1) for key in terms.document_keys()))
                defined.update((normalise_keyword(short), key) for key, (_, short, _) in terms.acronyms.items())
                self.labels.subtract((key, label_of(long.split())) for key, (long, _, _) in terms.acronyms.items())
                self.others.subtract(other_definitions(terms))
        if not defined:
            return
        for short, key in defined:
            del self.meanings[short][key]
            if not self.meanings[short]:
                del self.meanings[short]
        for pid, _, _, acronyms, *_ in others:  # (label and papers: the papers left's)
            if pid not in gone:
                for key, (long, short, _) in acronyms.items():
                    if (normalise_keyword(short), key) in defined:
                        _add_meaning(self.meanings, normalise_keyword(short), key, label_of(long.split()))

    @property
    def spilled(self) -> bool:
        return bool(self.runs)

    def counts(self, in_order: bool = True) -> tuple[int, Meanings, Iterator[tuple[str, int]]]:
        """(papers, defined acronyms, (key, papers using it)): sorted by key if `in_order` (to be
        merged as streams; spilled counts always are), else in the order counted."""
        meanings = self._labelled()
        if in_order or self.spilled:
            return self.n, meanings, self._sorted_counts()
        pairs, self.df = self.df.items(), Counter()
        return self.n, meanings, iter(pairs)

    def _labelled(self) -> Labelled:
        """The meanings, with the label most of each one's defining papers write (`most_written`, its
        last word in the number of the label ranking reads, `same_number`) where it is shown
        otherwise than that label (`Labelled.shown`)."""
        written: dict[str, dict[str, int]] = {}
        for (key, label), papers in self.labels.items():
            if papers > 0:
                written.setdefault(key, {})[label] = papers
        meanings = Labelled(self.meanings)
        for (short, long), papers in ((pair, n) for pair, n in self.others.items() if n > 0):
            meanings.others.setdefault(short, Counter())[long] = papers
        for keys in self.meanings.values():
            for key, (label, _) in keys.items():
                if key in written and label not in meanings.shown:
                    most = same_number(most_written(written[key]), label)
                    if shown_label(most) != shown_label(label):
                        meanings.shown[label] = most
        return meanings

    def _sorted_counts(self) -> Iterator[tuple[str, int]]:
        current = sorted(self.df.items())
        self.df = Counter()
        streams = [chain.from_iterable(read_records(run)) for run in self.runs] + [iter(current)]
        yield from _add_up(heapq.merge(*streams, key=itemgetter(0)))
        for run in self.runs:
            run.close()
        self.runs = []


class Extraction(Counts):
    """One share of the corpus: its counts in memory (see `Counts`), its papers' terms spilled to
    `spill`, to be ranked once the corpus counts are known."""

    def __init__(self, taxonomy: Taxonomy, spill: IO[bytes]):
        super().__init__()
        self.taxonomy = taxonomy
        self.spill = spill

    def extract(self, papers: Iterable[Paper]) -> None:
        df, meanings = self.df, self.meanings
        for pid, abstract, title in papers:
            terms = extract_terms(abstract, self.taxonomy)
            if abstract == title:  # (a paper no source gives an abstract: its text is its title)
                terms.topic_terms = None
            df.update(terms.document_keys())  # (counted in C)
            for key, (long, short, _) in terms.acronyms.items():
                label = label_of(long.split())
                _add_meaning(meanings, normalise_keyword(short), key, label)
                self.labels[key, label] += 1
            self.others.update(other_definitions(terms))
            record = (
                pid,
                title,
                terms.methods,
                terms.acronyms,
                terms.phrases,
                terms.topics,
                terms.long_forms,
                terms.defined,
                terms.topic_terms,
                terms.heads,
                terms.measures,
            )
            _write_record(self.spill, record)
            self.n += 1
            if len(df) >= COUNTS_IN_MEMORY:
                self._spill_counts()
                df = self.df

    def ranked(self, df: KeyCounts, n: int, meanings: Meanings, stored: Stored) -> Iterator[tuple[str, list[Keyword]]]:
        """Each spilled paper's keywords, ranked against the corpus counts, its title (the one
        fed, unless `stored` has another) and the other papers' author keywords."""
        return rank_spilled(self.spill, df, n, meanings, stored, self.taxonomy)


def rank_spilled(
    spill: IO[bytes], df: KeyCounts, n: int, meanings: Meanings, stored: Stored, taxonomy: Taxonomy
) -> Iterator[tuple[str, list[Keyword]]]:
    """Each paper of a spill file, ranked against the corpus counts, its title (the one fed,
    unless `stored` has another: the topics it names are added here, `titled_topics`) and the
    other papers' author keywords (never its own). The keys of `RANK_CHUNK` papers are looked up
    in `df` at once."""
    titles, chosen, own = stored.titles or {}, stored.chosen or {}, stored.own or {}
    shown = getattr(meanings, "shown", None)  # (`Labelled`: the labels most papers write)
    nobody: frozenset[str] = frozenset()
    for part in chunks(read_records(spill), RANK_CHUNK):
        papers = [(pid, title, Terms(*fields)) for pid, title, *fields in part]
        df.preload(key for _, _, terms in papers for key in terms.document_keys())
        for pid, title, terms in papers:
            if pid in titles:
                title = titles[pid]
            terms.topics = titled_topics(terms, title, taxonomy)
            keyphraseness = Keyphraseness(chosen, frozenset(own[pid]) if pid in own else nobody, df)
            ranked = rank_keywords(terms, df, n, title, meanings, keyphraseness)
            yield pid, relabelled(ranked, shown) if shown else ranked


def _add_meaning(meanings: Meanings, short: str, key: str, label: str, papers: int = 1) -> None:
    known = meanings.setdefault(short, {})
    if key not in known:
        known[key] = (label, papers)
    else:  # the same label whichever paper came first (the one ranking reads: `Labelled` has the shown one)
        had, counted = known[key]
        known[key] = (min(label, had), counted + papers)


def merge_counts(
    parts: Iterable[tuple[int, Meanings, Iterable[tuple[str, int]]]],
    in_order: bool = True,
    reference: Reference | None = None,
) -> tuple[KeyCounts, int, Meanings]:
    """Add up the counts of several shares, each `(papers, acronyms, (key, count))`, and of the
    `reference` statistics if any, keeping only keys more than one paper uses (ranking reads a
    missing key as one paper: the paper's own), in key order, as compact arrays. With `in_order`
    the pairs come sorted by key and are merged as streams, in bounded memory; otherwise (for at
    most `MERGE_IN_MEMORY` keys in all) they are added up in one dictionary. A reference adds only
    to the keys the shares have."""
    n = reference.n if reference else 0
    meanings = Labelled({short: dict(keys) for short, keys in reference.meanings.items()} if reference else {})
    streams = []
    for part_n, part_meanings, pairs in parts:
        n += part_n
        meanings.shown.update(getattr(part_meanings, "shown", {}))
        for short, longs in getattr(part_meanings, "others", {}).items():
            meanings.others.setdefault(short, Counter()).update(longs)  # (added up)
        for short, keys in part_meanings.items():
            for key, (label, papers) in keys.items():
                _add_meaning(meanings, short, key, label, papers)
        streams.append(pairs)
    few = False  # (a few keys, added up here, stay a dict: see `DICT_KEYS`)
    if in_order:
        summed: Iterable[tuple[str, int]] = _add_up(heapq.merge(*streams, key=itemgetter(0)))
    else:
        total: dict[str, int] = {}
        get = total.get
        for pairs in streams:
            for key, count in pairs:
                total[key] = get(key, 0) + count
        summed, few = sorted(total.items()), len(total) <= DICT_KEYS
    if reference is None:
        return KeyCounts(((key, count) for key, count in summed if count > 1), few), n, meanings
    return KeyCounts(_with_reference(summed, reference), few), n, meanings


def _with_reference(summed: Iterable[tuple[str, int]], reference: Reference) -> Iterator[tuple[str, int]]:
    """The counts with the reference's added, of the keys more than one paper uses."""
    for part in chunks(summed, LOOKUP_CHUNK):
        known = reference.counts([key for key, count in part if count > 0])  # (0: only papers taken back had it)
        for key, count in part:
            count += known.get(key, 0)
            if count > 1:
                yield key, count


def in_order_needed(spilled: bool, keys: int) -> bool:
    """Whether counts must be merged as sorted streams (bounded memory) rather than added up in
    one dictionary: when some were spilled, or there are more than `MERGE_IN_MEMORY` keys."""
    return spilled or keys > MERGE_IN_MEMORY


def _add_up(pairs: Iterable[tuple[str, int]]) -> Iterator[tuple[str, int]]:
    """Sum the counts of equal keys in a stream sorted by key."""
    for key, group in groupby(pairs, key=itemgetter(0)):
        yield key, sum(count for _, count in group)


def _write_record(fh: IO[bytes], value: Any) -> None:
    """Append `value` to a spill file: its length, then its marshal form."""
    record = marshal.dumps(value)
    fh.write(len(record).to_bytes(4, "little"))
    fh.write(record)


def read_records(fh: IO[bytes]) -> Iterator:
    """Every value of a spill file, from the start."""
    fh.flush()
    fh.seek(0)
    while size := fh.read(4):
        yield marshal.loads(fh.read(int.from_bytes(size, "little")))
