"""Frozen records that flow through the pipeline: readers produce them, the loader writes them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# What a load notes of a record it cannot use as it is, or of a file it passes over (`Issue.kind`).
RECORD_SKIPPED = "record skipped"
UNKNOWN_STATUS = "unknown status"
ABSTRACT_OF_ANOTHER = "abstract of another record"
FILE_SKIPPED = "file skipped"
FILE_FAILED = "file failed"


@dataclass(frozen=True, slots=True)
class Entry:
    """One paper as found in an input file: an abstract, a title or an id to tell it by, and
    what else the source gives, as written (titles and names keep their markup; cleaning
    happens when they are stored)."""

    abstract: str | None  # as written; None when the record gives none (or a placeholder such as `TBD`)
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
    # the (institution, country or None) pairs the source gives for the paper without saying whose
    # (its list does not line up with the authors); none where `affiliations` places them
    institutions: tuple[tuple[str, str | None], ...] = ()
    extra: str | None = None  # JSON object of the source's other fields, so nothing is lost
    review: Review | None = None  # what reviews and readers say of it, where the source gives it


@dataclass(frozen=True, slots=True)
class Review:
    """Scores a source gives a paper (paperlists): mean rating and confidence of its reviews,
    citations counted (None: unknown), the primary area and the authors' TL;DR."""

    rating_avg: float | None = None
    confidence_avg: float | None = None
    citations: int | None = None
    primary_area: str | None = None
    tldr: str | None = None


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
class Issue:
    """Something a load notes of one record or file, for its report and `etl_run_issues`: its
    `kind` (`RECORD_SKIPPED`, ...), what went wrong (the reason, or the status word), and where."""

    kind: str
    detail: str
    line: int | None = None  # 1-based line where the record starts
    position: int | None = None  # the record's position among the file's stored records (paper_sources)
    title: str | None = None  # the record's title as written, placeholder or not
    record_id: str | None = None  # an id the record gives (`doi:...`, `openreview:...`), else its URL


@dataclass
class Tally:
    """What a reader made of a file's records beyond its entries, counted as they are read:
    records it could not use (skipped) and records it used after a repair (a NUL removed, a field
    of the wrong type or size left out). `note` is told of each record skipped, as it is."""

    skipped: int = 0
    repaired: int = 0
    note: Callable[[Issue], None] | None = None

    def skip(self, line: int, why: str, entry: Entry | None = None) -> None:
        """Count a record the reader cannot use (starting on `line`; `entry`: what it made of it),
        and say why."""
        self.skipped += 1
        if self.note is not None:
            title, given = (entry.title, record_id(entry)) if entry else (None, None)
            self.note(Issue(RECORD_SKIPPED, why, line, None, title, given))


def record_id(entry: Entry) -> str | None:
    """The first id a record gives, as `scheme:value`, else its URL: what tells it apart in a report."""
    if entry.ids:
        return ":".join(entry.ids[0])
    return entry.url


@dataclass(frozen=True)
class ParsedFile:
    """What a reader makes of one file: its papers in order (read as they are iterated, for a
    large file), and any other events (complete once the entries are)."""

    format: str  # listing, icml-events, pmlr-bibtex, paperlists, csv or jsonl
    venue: str | None
    year: int | None
    entries: Iterable[Entry] = ()
    events: list[Event] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
