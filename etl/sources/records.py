"""Frozen records that flow through the pipeline: readers produce them, the loader writes them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Entry:
    """One paper as found in an input file: always an abstract; exports add the rest, as written
    (titles and names keep their markup; cleaning happens when they are stored)."""

    abstract: str
    line: int  # 1-based line where the entry starts
    position: int  # 1-based order of the entry in its file
    title: str | None = None
    authors: tuple[str, ...] = ()
    ids: tuple[tuple[str, str], ...] = ()  # (scheme, value): icml_poster, openreview, pmlr, arxiv, doi
    url: str | None = None
    venue: str | None = None  # when the entry names its own venue and year (CSV, BibTeX)
    year: int | None = None
    status: str | None = None  # the decision or presentation as the source writes it: Oral, Reject, Findings
    track: str | None = None  # main, Datasets and Benchmarks, ...
    keywords: tuple[str, ...] = ()  # the authors' keywords, as written
    links: tuple[str, ...] = ()  # the paper's own code and project links the source gives (field texts)
    # per author (as in `authors`): the (institution, country or None) pairs the source gives
    affiliations: tuple[tuple[tuple[str, str | None], ...], ...] = ()
    extra: str | None = None  # JSON object of the source's other fields, so nothing is lost


@dataclass(frozen=True, slots=True)
class Event:
    """A programme event that is not a paper: a workshop, tutorial or invited talk."""

    type: str
    title: str
    speakers: str
    url: str | None
    abstract: str
    line: int
    position: int


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """What a reader makes of one file: its papers in order, and any other events."""

    format: str  # listing, icml-events, pmlr-bibtex, paperlists, csv or jsonl
    venue: str | None
    year: int | None
    entries: tuple[Entry, ...] = field(default_factory=tuple)
    events: tuple[Event, ...] = field(default_factory=tuple)
    without_abstract: int = 0  # records passed over because they have no abstract to identify them
