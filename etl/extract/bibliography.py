"""Choose a paper's title, authors and their affiliations, ids, URL, decision and track from what
its sources say; pure.

The rule (documented in docs/inputs.md): a paper's records are ordered by source format (PMLR
BibTeX, then the ICML virtual-site export, then paperlists, then CSV / JSON lines), then by
source path, then by position in the file. The title and URL come from the first record that
has one; the authors, with the affiliations that record gives them, from the first that lists
any, each person once (`etl.text.authors.people`); the decision and presentation from the first
whose status is a known word (`etl.extract.statuses`), the track from that word when it names one,
else from the first record that gives one; the author keywords from the first that gives them;
the ids and the links sources give as the paper's own (code, project page) are the union of all
records'. Every source's title is kept in `paper_sources` (and the `paper_titles` view). The
result depends only on the set of records, never on the order in which files were loaded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from ..sources.formats import TITLE_PRIORITY
from ..sources.records import Review
from ..text.authors import people
from ..text.cleaning import clean_text, clean_title
from ..text.identity import normalise_abstract
from ..text.placeholders import is_placeholder
from .affiliations import filed_affiliations
from .keywords.normalise import normalise_keyword
from .links import Link, extract_links, source_link_text
from .made_up import made_up
from .statuses import UNKNOWN, status_of

NO_REVIEW = Review()
REVIEW_FIELDS = tuple(f.name for f in fields(Review))


@dataclass(frozen=True, slots=True)
class Record:
    """What one source says about a paper (a row of paper_sources with its source)."""

    source_id: int
    format: str
    path: str
    position: int
    title: str | None
    authors: tuple[str, ...]
    ids: tuple[tuple[str, str], ...]
    url: str | None
    status: str | None = None
    track: str | None = None
    keywords: tuple[str, ...] = ()
    links: tuple[str, ...] = ()  # link field texts: the paper's own code and project pages
    affiliations: tuple = ()  # per author: ((institution, country), ...)
    institutions: tuple = ()  # the paper's, not placed by author: ((institution, country), ...)
    review: Review = NO_REVIEW
    year: int | None = None  # the paper's year as the record gives it


@dataclass(frozen=True, slots=True)
class Resolved:
    title: str | None
    title_raw: str | None
    title_key: str | None
    title_source_id: int | None
    url: str | None
    authors: tuple[tuple[str, str, str], ...]  # (display name, merge key, as written)
    ids: tuple[tuple[str, str, int], ...]  # (scheme, value, source id)
    decision: str | None = None
    presentation: str | None = None
    track: str | None = None
    keywords: tuple[str, ...] = ()  # the authors' keywords
    links: tuple[tuple[Link, int], ...] = ()  # (link, source id): every source's own links, each once
    # (author position, order, institution, its merge key, country, the affiliation as written where
    # it names the institution otherwise, else None) from the source of the authors;
    # position 0 for the institutions that source gives for the paper without saying whose
    affiliations: tuple[tuple[int, int, str, str, str | None, str | None], ...] = ()
    review: Review = NO_REVIEW  # each score from the first record that gives it


def _distinct_keywords(keywords: Iterable[str]) -> tuple[str, ...]:
    """Author keywords cleaned for display, each once under the keyword normalisation (the first
    spelling of `Few-Shot Learning; few-shot learning` stays)."""
    seen: dict[str, str] = {}
    for raw in keywords:
        label = clean_text(raw)
        key = normalise_keyword(label)
        if key:
            seen.setdefault(key, label)
    return tuple(seen.values())


def given_links(record: Record) -> list[Link]:
    """The links a record's link fields give as its paper's own; none when one of them is made up
    (a placeholder account, a code host younger than the paper: `made_up`), since a record that
    makes up one link made up the others it gives with it (`example-project.com` beside
    `github.com/example-paper`)."""
    links = [link for text in record.links for link in extract_links(source_link_text(text))]
    return [] if any(made_up(link, record.year) for link in links) else links


def resolve(records: Iterable[Record]) -> Resolved:
    ordered = sorted(
        (r for r in records if r.format in TITLE_PRIORITY),
        key=lambda r: (TITLE_PRIORITY[r.format], r.path, r.position),
    )
    titled = next((r for r in ordered if r.title and not is_placeholder(r.title)), None)
    with_authors = next((r for r in ordered if r.authors), None)
    title = clean_title(titled.title) if titled and titled.title else None
    authors, given_by_author = [], []
    given = with_authors.affiliations if with_authors else ()
    raw_names = with_authors.authors if with_authors else ()
    for i, name, key in people(raw_names):  # (each person once, with the affiliations of that place)
        authors.append((name, key, raw_names[i]))
        given_by_author.append((len(authors), given[i] if i < len(given) else (), key))
    if authors and with_authors and not any(pairs for _, pairs, _ in given_by_author):
        given_by_author = [(0, with_authors.institutions, authors[0][1])]
    affiliations = filed_affiliations(given_by_author)
    status = next((s for r in ordered if r.status and (s := status_of(r.status)) != UNKNOWN), UNKNOWN)
    decision, presentation = status.decision, status.presentation
    tracked = status.track or next((r.track for r in ordered if r.track), None)
    keywords = next((r.keywords for r in ordered if r.keywords), ())
    links: dict[str, tuple[Link, int]] = {}
    for r in ordered:
        for link in given_links(r):
            links.setdefault(link.key, (link, r.source_id))
    ids: dict[tuple[str, str], int] = {}
    for r in ordered:
        for scheme, value in r.ids:
            ids.setdefault((scheme, value), r.source_id)
    return Resolved(
        title=title,
        title_raw=titled.title if titled else None,
        title_key=normalise_abstract(title) if title else None,
        title_source_id=titled.source_id if titled else None,
        url=next((r.url for r in ordered if r.url), None),
        authors=tuple(authors),
        ids=tuple((scheme, value, source) for (scheme, value), source in sorted(ids.items())),
        decision=decision,
        presentation=presentation,
        track=tracked,
        keywords=_distinct_keywords(keywords),
        links=tuple(links.values()),
        affiliations=tuple(a for a in affiliations if a[3]),
        review=_first_scores(ordered),
    )


def _first_scores(ordered: list[Record]) -> Review:
    """Each review score from the first record (in the order titles are chosen) that gives it."""
    if len(ordered) == 1:  # (a new paper's one record: its scores as they are)
        return ordered[0].review
    scores = {}
    for name in REVIEW_FIELDS:
        scores[name] = next((value for r in ordered if (value := getattr(r.review, name)) is not None), None)
    return Review(**scores)
