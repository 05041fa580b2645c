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
import hashlib
import os
import stat
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..extract.keywords import Meanings, taxonomy_path
from ..extract.keywords.topics import MAX_TAXONOMY_BYTES
from ..iterables import chunks
from .summary import utcnow

RESCORE_SHARE = 0.2  # papers changed since the last rescore, as a share of those it scored, that make a load rescore
LOOKUP_CHUNK = 500  # keys per query for the stored document frequencies
# The corpus's author keywords are kept beside the document frequencies, each key under this
# prefix (no candidate term has a colon); AUTHOR_END bounds the range (`;` follows `:`).
AUTHOR_PREFIX, AUTHOR_END = "author:", "author;"

# What keyword scores are a function of, besides the corpus: the rules, the word lists and the
# taxonomy. Any change to these files makes the next load that changes papers rescore them all.
_RULES = ("extract/keywords/*.py", "extract/corpus/counts.py", "load/rows.py", "data/*.txt")


def fingerprint() -> str:
    """SHA-256 of the keyword rules, word lists and topic taxonomy in use."""
    package = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for pattern in _RULES:
        for path in sorted(package.glob(pattern)):
            digest.update(f"{path.relative_to(package)}\0".encode())
            digest.update(path.read_bytes())
    taxonomy = taxonomy_path()
    try:
        st = os.stat(taxonomy)
        if stat.S_ISREG(st.st_mode) and st.st_size <= MAX_TAXONOMY_BYTES:
            digest.update(b"taxonomy\0" + Path(taxonomy).read_bytes())
        else:  # (loading the taxonomy reports what is wrong with it)
            digest.update(b"taxonomy unusable")
    except OSError:
        digest.update(b"taxonomy unreadable")
    return digest.hexdigest()


@dataclass(frozen=True)
class Scoring:
    """The last rescore: papers it scored, papers changed since, and its fingerprint."""

    papers: int
    changed: int
    fingerprint: str


def last_rescore(raw) -> Scoring | None:
    row = raw.execute("SELECT papers, changed, fingerprint FROM keyword_scoring WHERE id = 1").fetchone()
    return None if row is None else Scoring(*row)


def needs_rescore(raw, changing: int) -> bool:
    """Whether a load that adds, changes or removes `changing` papers must rescore them all
    (else it ranks only its own against the stored statistics)."""
    last = last_rescore(raw)
    if last is None or last.fingerprint != fingerprint():
        return True
    return last.changed + changing > RESCORE_SHARE * last.papers


def count_changes(raw, changing: int) -> None:
    """Record that `changing` more papers were ranked against the statistics, or removed."""
    raw.execute("UPDATE keyword_scoring SET changed = changed + ? WHERE id = 1", (changing,))


class StoredStatistics:
    """The statistics of the last rescore, read from the database as ranking asks for them."""

    def __init__(self, raw):
        self.raw = raw
        last = last_rescore(raw)
        self.n = last.papers if last else 0
        self.meanings: Meanings = {}
        for short, key, label in raw.execute("SELECT short, keyword, label FROM keyword_meanings"):
            self.meanings.setdefault(short, {})[key] = label

    def author_choices(self) -> dict[str, int]:
        """The papers whose authors chose each key, at the last rescore (keys more than one chose)."""
        rows = self.raw.execute(
            "SELECT term, papers FROM keyword_stats WHERE term >= ? AND term < ?", (AUTHOR_PREFIX, AUTHOR_END)
        )
        return {term[len(AUTHOR_PREFIX) :]: papers for term, papers in rows}

    def counts(self, keys: Sequence[str]) -> Mapping[str, int]:
        found: dict[str, int] = {}
        for part in chunks(keys, LOOKUP_CHUNK):
            marks = ", ".join("?" * len(part))
            found.update(self.raw.execute(f"SELECT term, papers FROM keyword_stats WHERE term IN ({marks})", part))
        return found


def save_statistics(
    raw, df: dict[str, int], n: int, meanings: Meanings, chosen: Mapping[str, int] | None = None
) -> None:
    """Keep what a rescore ranked against, replacing the last rescore's: the document frequencies
    `df`, and the author keywords `chosen` (under `AUTHOR_PREFIX`)."""
    raw.execute("DELETE FROM keyword_stats")
    raw.execute("DELETE FROM keyword_meanings")
    rows = [*df.items(), *((AUTHOR_PREFIX + key, papers) for key, papers in (chosen or {}).items())]
    for part in chunks(sorted(rows), 10_000):  # (in key order: appends to the B-tree)
        raw.insert_rows("keyword_stats", "term, papers", part)
    raw.insert_rows(
        "keyword_meanings",
        "short, keyword, label",
        sorted((short, key, label) for short, keys in meanings.items() for key, label in keys.items()),
    )
    raw.execute(
        "INSERT INTO keyword_scoring (id, papers, changed, fingerprint, rescored_at) VALUES (1, ?, 0, ?, ?)"
        " ON CONFLICT (id) DO UPDATE SET papers = excluded.papers, changed = 0,"
        " fingerprint = excluded.fingerprint, rescored_at = excluded.rescored_at",
        (n, fingerprint(), utcnow()),
    )


def input_bytes(paths: Sequence[str]) -> int:
    """The size of the input files (0 for any that cannot be read: the load reports those)."""
    total = 0
    for path in paths:
        with contextlib.suppress(OSError):
            total += os.stat(path).st_size
    return total
