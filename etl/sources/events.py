"""Read the ICML virtual-site events export: a JSON list of posters, workshops, tutorials, talks."""

from __future__ import annotations

import re

from ..errors import EmptyFile, InputError
from ..text.authors import split_authors
from .decode import join_lines
from .fields import MAX_ITEMS, MAX_TITLE_CHARS, RecordFields
from .formats import EVENTS
from .jsonstream import JsonRecords, json_kind
from .records import Entry, Event, ParsedFile, Tally
from .validate import settled
from .venue_names import known_venue

PAPER_TYPES = {"poster", "oral", "spotlight", "spotlight poster", "oral poster"}
# https://ICML.cc//virtual/2024/poster/34755: upper-case host, a double slash, year, kind, id
_EVENT_URL = re.compile(
    r"^https?://(?P<host>[^/]+)/+virtual/(?P<year>[0-9]{4})/(?P<kind>[a-z-]+)/(?P<id>[0-9]+)", re.IGNORECASE
)


def looks_like_events(first: object) -> bool:
    """Whether a JSON array's first record is an ICML virtual-site event."""
    return isinstance(first, dict) and "virtualsite_url" in first


def parse_event_url(url: str) -> tuple[str, int, str, str] | None:
    """(venue, year, kind, id) from a virtual-site URL, e.g. ('ICML', 2024, 'poster', '34755')."""
    m = _EVENT_URL.match(url.strip())
    if not m:
        return None
    prefix = m["host"].split(".")[0]
    venue = known_venue(prefix) or prefix.upper()
    return venue, int(m["year"]), m["kind"].lower(), m["id"]


def canonical_event_url(url: str) -> str:
    """The URL with a lower-case host and single slashes: https://icml.cc/virtual/2024/poster/34755."""
    m = re.match(r"^(https?)://([^/]+)/+(.*)$", url.strip())
    return f"{m[1].lower()}://{m[2].lower()}/{re.sub('/+', '/', m[3])}" if m else url.strip()


def _people(fields: RecordFields) -> tuple[str, ...]:
    """`speakers/authors`: comma-separated text, or a list of names (or of objects with a name)."""
    people = fields.values.get("speakers/authors")
    if not isinstance(people, list):
        return split_authors(fields.text("speakers/authors"))
    names = [(p.get("fullname") or p.get("name") or "") if isinstance(p, dict) else p for p in people]
    if len(names) > MAX_ITEMS or not all(isinstance(name, str) for name in names):
        fields.repaired = True
        return ()
    return split_authors(names)


def read_events(
    path: str, records: JsonRecords, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """Posters (and orals, spotlights) become paper entries; other events are returned apart. (An
    events export is read whole: its first events name the venue and year.)"""
    items = list(records)
    if not items:
        raise EmptyFile(path, "no records (an empty JSON list)")
    if not looks_like_events(items[0][1]):
        raise InputError(
            path,
            "not an ICML events export (a JSON list of objects with virtualsite_url)"
            " nor a paperlists export (objects with title and status); --format forces one",
        )
    tally = Tally() if tally is None else tally
    entries: list[Entry] = []
    events: list[Event] = []
    file_venue, file_year = venue, year
    for line, item, escaped in items:
        if not isinstance(item, dict):
            tally.skip(line, f"not a JSON object but {json_kind(item)}")
            continue
        fields = RecordFields(item)
        kind = fields.text("type", limit=200).strip()
        title = fields.text("name", limit=MAX_TITLE_CHARS).strip()
        url = fields.text("virtualsite_url").strip() or None
        abstract = fields.text("abstract").strip()
        people = _people(fields)
        parsed = parse_event_url(url) if url else None
        if parsed:
            file_venue = file_venue or parsed[0]
            file_year = file_year or parsed[1]
        if kind.lower() not in PAPER_TYPES:
            event = Event(
                kind or "Event",
                title,
                ", ".join(people),
                url and canonical_event_url(url),
                abstract,
                line,
                len(events) + 1,
            )
            events.append(event)
            tally.repaired += fields.repaired
            continue
        entry = Entry(
            abstract=join_lines(abstract) or None,
            line=line,
            position=len(entries) + 1,
            title=title or None,
            authors=people,
            ids=(("icml_poster", parsed[3]),) if parsed else (),
            url=url and canonical_event_url(url),
            venue=venue or (parsed[0] if parsed else None),
            year=year or (parsed[1] if parsed else None),
            status=kind or None,
        )
        kept = settled(entry, tally, escaped, repaired=fields.repaired)
        if kept is not None:
            entries.append(kept)
    return ParsedFile(EVENTS.name, file_venue, file_year, tuple(entries), events, tally)
