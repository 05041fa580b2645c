"""Store each paper's chosen title, authors, ids, URL, decision, author keywords and source links
(see etl/extract/bibliography.py for the rule): a paper new to the database with one record gets
them as its record is saved (`first_bibliography`, written once); any other paper's are chosen
again from its records as stored (`refresh_bibliography`)."""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Iterator

from ..extract.bibliography import NO_REVIEW, REVIEW_FIELDS, Record, Resolved, resolve
from ..iterables import chunks
from ..sources.records import Entry, Review
from ..sources.reviews import PAPER_COLUMNS, PaperReviews, ReviewCounts, paper_values
from ..store.writer import IDS_PER_QUERY, Writer
from .authorship import stage_authorship, store_authorship, unstage
from .idsets import AS_STRINGS, PaperSet, in_order
from .people import note_people
from .reviews import refresh_reviews
from .rows import ids_of
from .source_links import refresh_source_links

# `json.dumps(value, ensure_ascii=False)`, its encoder made once (dumps makes one a call: a fifth
# of a short list's encoding)
_json = json.JSONEncoder(ensure_ascii=False).encode
BIBLIOGRAPHY = (  # papers' columns a paper's records decide
    "title",
    "title_raw",
    "title_key",
    "title_source_id",
    "url",
    "authors",
    "decision",
    "presentation",
    "track",
    *PAPER_COLUMNS,
    "author_keywords",  # (last: see `rekeyed`)
)


# What each source says of the papers asked for (`:ids`), with the source's format and path.
RECORDS = f"""SELECT ps.paper_id, ps.source_id, ps.position, ps.title, ps.authors, ps.ids, ps.url, ps.status,
    ps.track, ps.keywords, ps.links, ps.affiliations, ps.institutions, ps.year, s.format, s.resolved_path,
    {", ".join(f"ps.{name}" for name in REVIEW_FIELDS)}
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.paper_id IN :ids"""


def _records(writer: Writer, ids: list[str]) -> dict[str, list[Record]]:
    out: dict[str, list[Record]] = {}
    for r in writer.execute_in(RECORDS, ids=ids):
        out.setdefault(r.paper_id, []).append(
            Record(
                source_id=r.source_id,
                format=r.format,
                path=r.resolved_path,
                position=r.position,
                title=r.title,
                authors=tuple(json.loads(r.authors)) if r.authors else (),
                ids=ids_of(r.ids),
                url=r.url,
                status=r.status,
                track=r.track,
                keywords=tuple(json.loads(r.keywords)) if r.keywords else (),
                links=tuple(json.loads(r.links)) if r.links else (),
                affiliations=tuple(tuple(tuple(pair) for pair in a) for a in json.loads(r.affiliations))
                if r.affiliations
                else (),
                institutions=tuple(tuple(pair) for pair in json.loads(r.institutions)) if r.institutions else (),
                review=Review(*r[-len(REVIEW_FIELDS) :]),
                year=r.year,
            )
        )
    return out


def record_of(entry: Entry, format: str, path: str, source_id: int, year: int | None = None) -> Record:
    """What a record says of its paper, as `_records` reads it back once it is stored (its ids
    grouped by scheme as `ids_json` keeps them)."""
    return Record(
        source_id=source_id,
        format=format,
        path=path,
        position=entry.position,
        title=entry.title,
        authors=entry.authors,
        ids=grouped_ids(entry.ids),
        url=entry.url,
        status=entry.status,
        track=entry.track,
        keywords=entry.keywords,
        links=entry.links,
        affiliations=entry.affiliations,
        institutions=entry.institutions,
        review=entry.review or NO_REVIEW,
        year=year,
    )


def grouped_ids(ids: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A record's (scheme, value) ids as `paper_sources.ids` gives them back (`ids_of(ids_json(ids))`,
    without the JSON): each once, grouped by scheme in the order the schemes first come."""
    if len({scheme for scheme, _ in ids}) == len(ids):  # (most records: a scheme once each)
        return tuple(ids)
    by_scheme: dict[str, list[str]] = {}
    for scheme, value in dict.fromkeys(ids):
        by_scheme.setdefault(scheme, []).append(value)
    return tuple((scheme, value) for scheme, values in by_scheme.items() for value in values)


def bibliography_values(r: Resolved, scored: PaperReviews | None) -> tuple:
    """The `BIBLIOGRAPHY` columns of a paper, from what its records say (and the ratings of the
    review scores they give, `scored`)."""
    return (
        r.title,
        r.title_raw,
        r.title_key,
        r.title_source_id,
        r.url,
        _json([name for name, _, _ in r.authors]),
        r.decision,
        r.presentation,
        r.track,
        *paper_values(r.review, scored),
        _json(list(r.keywords)),
    )


def first_bibliography(writer: Writer, resolved: dict[str, Resolved]) -> None:
    """For papers new to the database, whose papers rows hold their bibliography already: their
    ids, and their authors and affiliations staged (`refresh_bibliography` stores them)."""
    writer.insert(
        "paper_ids", [(pid, scheme, value, source) for pid, r in resolved.items() for scheme, value, source in r.ids]
    )
    stage_authorship(writer, resolved)


def refresh_bibliography(
    writer: Writer,
    touched: Iterable[str],
    reviews: ReviewCounts | None = None,
    written: Collection[str] = frozenset(),
    scored: Collection[str] | None = None,
) -> set[str]:
    """Redo title, authors, ids, URL, decision, author keywords and review scores (the `reviews`
    table, counted into `reviews`) of the `touched` papers that still exist, but for those
    `written` when their record was saved (`first_bibliography`: of them, only the `reviews`
    rows, and only of those `scored`, whose record may hold review scores, if that is given);
    returns the papers whose keywords need redoing (title or author keywords changed).
    Their authors and institutions, before and after, are noted for `recount_people`.
    The papers are read in order as often as needed, not listed (a large load's are every paper)."""
    ids = in_order(touched)
    written = written if isinstance(written, PaperSet) else PaperSet(written)
    rekeyed = set()
    for part in chunks(_those(ids, written, False), IDS_PER_QUERY):
        rekeyed |= _refresh_chunk(writer, part, reviews)
    # (a paper written once whose record holds no scores has no `reviews` row to store: its record
    # is not read back, where every one was: 90,801 records unpacked for the catalogue's 4,565)
    reviewed = written if scored is None else written & scored
    for part in chunks(_those(ids, reviewed, True), IDS_PER_QUERY):
        refresh_reviews(writer, part, reviews)  # (their papers rows have the ratings already)
    store_authorship(writer, ids)
    return rekeyed


def _those(ids: Iterable[str], written: PaperSet, wanted: bool) -> Iterator[str]:
    """The `ids` (in their order) that are `written`, or not (`wanted`), looked up a part at a time."""
    for part in chunks(ids, AS_STRINGS):
        held = written.members(part)
        yield from (pid for pid in part if (pid in held) == wanted)


def _refresh_chunk(writer: Writer, ids: list[str], reviews: ReviewCounts | None) -> set[str]:
    records = _records(writer, ids)
    current = {row[0]: row[1:] for row in writer.select_in("papers", ("id", *BIBLIOGRAPHY), "id", ids)}
    resolved = {pid: resolve(records.get(pid, ())) for pid in current}
    scored = refresh_reviews(writer, list(current), reviews)
    refresh_source_links(writer, resolved)
    changed = []
    for pid, r in resolved.items():
        values = bibliography_values(r, scored.get(pid))
        if values != current[pid]:
            changed.append(dict(zip(BIBLIOGRAPHY, values, strict=True), id=pid))
    # keyword ranking weighs title words; author keywords are stored with the keywords
    rekeyed = {
        row["id"]
        for row in changed
        if (row["title"], row["author_keywords"]) != (current[row["id"]][0], current[row["id"]][-1])
    }
    writer.update("papers", changed, BIBLIOGRAPHY)
    note_people(writer, ids)  # (the authors and institutions they had; `store_authorship` notes the new)
    for name in ("paper_authors", "paper_affiliations", "paper_ids"):
        writer.delete_in(name, "paper_id", ids)
    unstage(writer, ids)  # (a paper written once that has gained a record since)
    first_bibliography(writer, resolved)
    return rekeyed
