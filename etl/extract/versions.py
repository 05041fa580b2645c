"""One work in several venues or years, pure: whether two papers that share an author are versions
of one work (a resubmission after a rejection, a workshop paper that became a conference paper, a
retitled version), how much text they share, and how they relate (which came first, and the
decision on each).

Two papers of different venues or years are versions when they share an author and either have
the same normalised title (`papers.title_key`) or share most of their text: the resemblance of
their word triples (shingles; Broder 1997) over title and abstract is at least `RESEMBLANCE`, or
one's triples are nearly all in the other's (`CONTAINMENT`: an abstract cut or extended). Which
pairs are compared at all comes from an index (similar papers' distinctive terms, or equal
titles), never from all pairs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

RESEMBLANCE = 0.5  # shared word triples over all of both papers' (Jaccard)
CONTAINMENT = 0.8  # shared word triples over the smaller paper's
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


def same_work(a: Version, b: Version, shared_authors: int) -> float | None:
    """The resemblance of two papers if they are versions of one work, else None."""
    if shared_authors < 1 or (a.venue, a.year) == (b.venue, b.year):
        return None
    jaccard, contained = resemblance(shingles(a.text), shingles(b.text))
    same_title = a.title_key is not None and a.title_key == b.title_key
    if same_title or jaccard >= RESEMBLANCE or contained >= CONTAINMENT:
        return round(jaccard, 4)
    return None


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
