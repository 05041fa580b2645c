"""Store each paper's chosen title, authors, ids, URL, decision, author keywords and source links
(see etl/extract/bibliography.py for the rule)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from ..extract.bibliography import REVIEW_FIELDS, Record, resolve
from ..iterables import chunks
from ..sources.records import Review
from ..sources.reviews import PAPER_COLUMNS, ReviewCounts, paper_values
from ..store.writer import IDS_PER_QUERY, Writer
from .affiliations import store_affiliations
from .people import note_people
from .reviews import refresh_reviews
from .rows import ids_of
from .source_links import refresh_source_links

_COLUMNS = (
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
    ps.track, ps.keywords, ps.links, ps.affiliations, s.format, s.resolved_path,
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
                review=Review(*r[-len(REVIEW_FIELDS) :]),
            )
        )
    return out


def refresh_bibliography(writer: Writer, touched: Iterable[str], reviews: ReviewCounts | None = None) -> set[str]:
    """Redo title, authors, ids, URL, decision, author keywords and review scores (the `reviews`
    table, counted into `reviews`) of the `touched` papers that still exist; returns the papers whose keywords need
    redoing (title or author keywords changed). Their authors and institutions, before and after,
    are noted for `recount_people`."""
    ids = sorted(touched)
    rekeyed = set()
    for part in chunks(ids, IDS_PER_QUERY):
        rekeyed |= _refresh_chunk(writer, part, reviews)
    return rekeyed


def _refresh_chunk(writer: Writer, ids: list[str], reviews: ReviewCounts | None) -> set[str]:
    records = _records(writer, ids)
    current = {row[0]: row[1:] for row in writer.select_in("papers", ("id", *_COLUMNS), "id", ids)}
    resolved = {pid: resolve(records.get(pid, ())) for pid in current}
    scored = refresh_reviews(writer, list(current), reviews)
    refresh_source_links(writer, resolved)
    changed = []
    for pid, r in resolved.items():
        values = (
            r.title,
            r.title_raw,
            r.title_key,
            r.title_source_id,
            r.url,
            json.dumps([name for name, _, _ in r.authors], ensure_ascii=False),
            r.decision,
            r.presentation,
            r.track,
            *paper_values(r.review, scored.get(pid)),
            json.dumps(list(r.keywords), ensure_ascii=False),
        )
        if values != current[pid]:
            changed.append(dict(zip(_COLUMNS, values, strict=True), id=pid))
    # keyword ranking weighs title words; author keywords are stored with the keywords
    rekeyed = {
        row["id"]
        for row in changed
        if (row["title"], row["author_keywords"]) != (current[row["id"]][0], current[row["id"]][-1])
    }
    writer.update("papers", changed, _COLUMNS)
    note_people(writer, ids)  # (the authors and institutions they had)
    writer.delete_in("paper_authors", "paper_id", ids)
    writer.delete_in("paper_ids", "paper_id", ids)
    keys = {key: name for r in resolved.values() for name, key, _ in r.authors}
    if keys:
        writer.insert_missing(
            "authors",
            [(name, key, 0) for key, name in sorted(keys.items())],
            ("name", "normalised", "papers"),
            "normalised",
        )
        author_ids = dict(writer.select_in("authors", ("normalised", "id"), "normalised", sorted(keys)))
        writer.insert(
            "paper_authors",
            [
                (pid, n, author_ids[key], name, raw)
                for pid, r in resolved.items()
                for n, (name, key, raw) in enumerate(r.authors, 1)
            ],
        )
    store_affiliations(writer, resolved)
    note_people(writer, ids)  # (and the ones they have now)
    writer.insert(
        "paper_ids", [(pid, scheme, value, source) for pid, r in resolved.items() for scheme, value, source in r.ids]
    )
    return rekeyed
