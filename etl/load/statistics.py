"""When keywords are rescored, and the statistics a load between rescores ranks against.

A *rescore* ranks every paper against the whole corpus and keeps what it ranked against in
`keyword_stats`, `keyword_meanings` and `keyword_scoring`. A later load ranks only the papers
it adds or changes, against those statistics plus its own papers' counts, and leaves every
other paper's keywords as they are, until the papers added, changed or removed since the
rescore exceed `RESCORE_SHARE` of the papers it scored, the keyword rules, word lists or topic
taxonomy change, or `paperdb rescore` (`load --rescore`) asks: then the load rescores. A
rescore depends only on the set of papers, never on the order or number of loads that built it.
"""

from __future__ import annotations

import contextlib
import heapq
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..extract.keywords import Meanings
from ..iterables import chunks
from .memory import trim_heap
from .rules import fingerprint
from .summary import utcnow

if TYPE_CHECKING:  # (the corpus package imports the keyword rules: a removal holds none of them)
    from ..extract.corpus.frequencies import KeyCounts
    from ..store.writer import Writer

RESCORE_SHARE = 0.2  # papers changed since the last rescore, as a share of those it scored, that make a load rescore
# The corpus's author keywords are kept beside the document frequencies, each key under this
# prefix (no candidate term has a colon); AUTHOR_END bounds the range (`;` follows `:`).
AUTHOR_PREFIX, AUTHOR_END = "author:", "author;"


@dataclass(frozen=True)
class Scoring:
    """The last rescore: papers it scored, papers changed since, and its fingerprint."""

    papers: int
    changed: int
    fingerprint: str


def last_rescore(writer: Writer) -> Scoring | None:
    row = writer.execute("SELECT papers, changed, fingerprint FROM keyword_scoring WHERE id = 1").fetchone()
    return None if row is None else Scoring(*row)


def needs_rescore(writer: Writer, changing: int) -> bool:
    """Whether a load that adds, changes or removes `changing` papers must rescore them all
    (else it ranks only its own against the stored statistics)."""
    last = last_rescore(writer)
    if last is None or last.fingerprint != fingerprint():
        return True
    return last.changed + changing > RESCORE_SHARE * last.papers


def count_changes(writer: Writer, changing: int) -> None:
    """Record that `changing` more papers were ranked against the statistics, or removed."""
    writer.execute("UPDATE keyword_scoring SET changed = changed + :changing WHERE id = 1", {"changing": changing})


class StoredStatistics:
    """The statistics of the last rescore, read from the database as ranking asks for them."""

    def __init__(self, writer: Writer):
        self.writer = writer
        last = last_rescore(writer)
        self.n = last.papers if last else 0
        self.meanings: Meanings = {}
        for short, key, label, papers in writer.execute("SELECT short, keyword, label, papers FROM keyword_meanings"):
            self.meanings.setdefault(short, {})[key] = (label, papers)

    def author_choices(self) -> dict[str, int]:
        """The papers whose authors chose each key, at the last rescore."""
        rows = self.writer.execute(
            "SELECT term, papers FROM keyword_stats WHERE term >= :start AND term < :end",
            {"start": AUTHOR_PREFIX, "end": AUTHOR_END},
        )
        return {term[len(AUTHOR_PREFIX) :]: papers for term, papers in rows}

    def counts(self, keys: Sequence[str]) -> Mapping[str, int]:
        return dict(self.writer.select_in("keyword_stats", ("term", "papers"), "term", keys))


def save_statistics(
    writer: Writer, df: KeyCounts, n: int, meanings: Meanings, chosen: Mapping[str, int] | None = None
) -> None:
    """Keep what a rescore ranked against, replacing the last rescore's: the document frequencies
    `df`, and the author keywords `chosen` (under `AUTHOR_PREFIX`)."""
    writer.execute("DELETE FROM keyword_stats")
    writer.execute("DELETE FROM keyword_meanings")
    authors = sorted((AUTHOR_PREFIX + key, papers) for key, papers in (chosen or {}).items())
    # (in key order, streamed: appends to the B-tree, and no list of every key beside the counts)
    for part in chunks(heapq.merge(df.items_in_order(), authors), 10_000):
        writer.insert("keyword_stats", part)
    writer.insert(
        "keyword_meanings",
        sorted((short, key, *meaning) for short, keys in meanings.items() for key, meaning in keys.items()),
    )
    writer.execute(
        "INSERT INTO keyword_scoring (id, papers, changed, fingerprint, rescored_at)"
        " VALUES (1, :papers, 0, :fingerprint, :now) ON CONFLICT (id) DO UPDATE SET papers = excluded.papers,"
        " changed = 0, fingerprint = excluded.fingerprint, rescored_at = excluded.rescored_at",
        {"papers": n, "fingerprint": fingerprint(), "now": utcnow()},
    )
    trim_heap()  # (what counting left free, before the ranking workers are forked beside it)


def file_sizes(paths: Sequence[str]) -> list[int]:
    """The size of each input file (0 for any that cannot be read: the load reports those)."""
    sizes = []
    for path in paths:
        size = 0
        with contextlib.suppress(OSError):
            size = os.stat(path).st_size
        sizes.append(size)
    return sizes
