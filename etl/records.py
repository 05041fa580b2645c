"""Frozen records that flow through the pipeline: readers produce them, the loader writes them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Entry:
    """One abstract as found in an input file."""

    abstract: str
    line: int  # 1-based line where the paragraph starts
    position: int  # 1-based order of the entry in its file


@dataclass(frozen=True, slots=True)
class Listing:
    """A parsed listing file: the venue and year from its header and its abstracts in order."""

    venue: str
    year: int
    entries: tuple[Entry, ...] = field(default_factory=tuple)
