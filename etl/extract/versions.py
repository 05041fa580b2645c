"""One work in several venues or years, pure: whether two papers that share an author are versions
of one work (a resubmission after a rejection, a workshop paper that became a conference paper, a
retitled version), how much text they share, and how they relate (which came first, and the
decision on each).

Two papers of different venues or years are versions when they share an author and either have
the same normalised title (`papers.title_key`, an `(Extended Abstract)` at its end left out: the
track that republishes a paper under that suffix), or a near-duplicate title and abstract: at
least `TITLE_RESEMBLANCE` of their title words in common, both with an abstract of `MIN_WORDS`
words or more (a title alone says too little), and the resemblance of the abstracts' word triples
(shingles; Broder 1997) at least `RESEMBLANCE`, or one's triples nearly all in the other's
(`CONTAINMENT`: an abstract cut or extended). Text alone is not enough: a group's next paper often
reuses the last one's abstract nearly word for word under a new title (20 of 50 links of text
alone were such papers in a hand check of the catalogue: docs/evolution.md). Which pairs are
compared at all comes from an index (similar papers' distinctive terms, or equal titles), never
from all pairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RESEMBLANCE = 0.8  # shared word triples over all of both papers' (Jaccard)
CONTAINMENT = 0.95  # shared word triples over the smaller paper's
MIN_WORDS = 30  # of each abstract, for its text to decide
TITLE_RESEMBLANCE = 0.6  # title words in common over all of both titles' (Jaccard), for a retitled version
SUFFIXES = (" extended abstract",)  # (of a normalised title) the same work under another track's name
SHINGLE = 3  # words per shingle
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Version:
    """A paper as versions are judged: its venue, year, decision, presentation, normalised title and text."""

    id: str
    venue: str
    year: int
    decision: str | None
    presentation: str | None
    title_key: str | None
    text: str  # title and abstract
    abstract: str = ""


def shingles(text: str) -> frozenset[str]:
    """The word triples of a text, case folded (its words, if it has fewer than three)."""
    words = _WORD.findall(text.lower())
    if len(words) < SHINGLE:
        return frozenset([" ".join(words)]) if words else frozenset()
    return frozenset(" ".join(words[i : i + SHINGLE]) for i in range(len(words) - SHINGLE + 1))


def resemblance(a: frozenset[str], b: frozenset[str]) -> tuple[float, float]:
    """(Jaccard resemblance, containment of the smaller in the larger) of two shingle sets."""
    if not a or not b:
        return 0.0, 0.0
    shared = len(a & b)
    return shared / len(a | b), shared / min(len(a), len(b))


def work_title(title_key: str | None) -> str | None:
    """The normalised title a work keeps across versions: `papers.title_key` without a suffix such
    as `extended abstract`."""
    if not title_key:
        return None
    for suffix in SUFFIXES:
        if title_key.endswith(suffix) and len(title_key) > len(suffix):
            return title_key[: -len(suffix)]
    return title_key


def same_title(a: Version, b: Version) -> bool:
    return work_title(a.title_key) is not None and work_title(a.title_key) == work_title(b.title_key)


def same_work(a: Version, b: Version, shared_authors: int) -> float | None:
    """The resemblance of two papers if they are versions of one work, else None."""
    if shared_authors < 1 or (a.venue, a.year) == (b.venue, b.year):
        return None
    jaccard, _ = resemblance(shingles(a.text), shingles(b.text))
    if same_title(a, b):
        return round(jaccard, 4)
    if min(len(a.abstract.split()), len(b.abstract.split())) < MIN_WORDS:
        return None
    words_a, words_b = set((work_title(a.title_key) or "").split()), set((work_title(b.title_key) or "").split())
    if not words_a or not words_b or len(words_a & words_b) < TITLE_RESEMBLANCE * len(words_a | words_b):
        return None
    kept, within = resemblance(shingles(a.abstract), shingles(b.abstract))  # (a retitled version's titles differ)
    return round(jaccard, 4) if kept >= RESEMBLANCE or within >= CONTAINMENT else None


def outcome(paper: Version) -> str:
    """What became of a paper: its presentation when accepted (`poster`, `oral`, `workshop`), else
    its decision (`accepted`, `rejected`, `withdrawn`), else `unknown`."""
    if paper.presentation and paper.decision in (None, "accepted"):
        return paper.presentation
    return paper.decision or "unknown"


def ordered(a: Version, b: Version) -> tuple[Version, Version]:
    """The earlier version first: the earlier year; in one year, by venue (then id)."""
    return (a, b) if (a.year, a.venue, a.id) <= (b.year, b.venue, b.id) else (b, a)


def relation(earlier: Version, later: Version) -> str:
    """`rejected → poster`: the decision on each, earlier first; `same year: ...` when they are of one year."""
    if earlier.year == later.year:
        return f"same year: {outcome(earlier)}, {outcome(later)}"
    return f"{outcome(earlier)} → {outcome(later)}"
