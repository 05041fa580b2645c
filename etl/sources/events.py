"""Read the ICML virtual-site events export: a JSON list of posters, workshops, tutorials, talks."""

from __future__ import annotations

import re

from ..errors import InputError
from ..text.authors import split_authors
from ..text.placeholders import is_placeholder, is_usable_abstract
from .decode import join_lines, parse_json
from .fields import MAX_ITEMS, MAX_TITLE_CHARS, text_field
from .records import Entry, Event, ParsedFile

PAPER_TYPES = {"poster", "oral", "spotlight", "spotlight poster", "oral poster"}
# https://ICML.cc//virtual/2024/poster/34755: upper-case host, a double slash, year, kind, id
_EVENT_URL = re.compile(
    r"^https?://(?P<host>[^/]+)/+virtual/(?P<year>[0-9]{4})/(?P<kind>[a-z-]+)/(?P<id>[0-9]+)", re.IGNORECASE
)


def looks_like_events(data: object) -> bool:
    return isinstance(data, list) and bool(data) and isinstance(data[0], dict) and "virtualsite_url" in data[0]


def object_lines(text: str) -> list[int]:
    """1-based line on which each top-level object of a JSON array starts, in one pass."""
    lines: list[int] = []
    depth, line, in_string, escaped = 0, 1, False, False
    for char in text:
        if char == "\n":
            line += 1
        elif in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth == 2 and char == "{":
                lines.append(line)
        elif char in "]}":
            depth -= 1
    return lines


def parse_event_url(url: str) -> tuple[str, int, str, str] | None:
    """(venue, year, kind, id) from a virtual-site URL, e.g. ('ICML', 2024, 'poster', '34755')."""
    m = _EVENT_URL.match(url.strip())
    if not m:
        return None
    venue = m["host"].split(".")[0].upper()
    return venue, int(m["year"]), m["kind"].lower(), m["id"]


def canonical_event_url(url: str) -> str:
    """The URL with a lower-case host and single slashes: https://icml.cc/virtual/2024/poster/34755."""
    m = re.match(r"^(https?)://([^/]+)/+(.*)$", url.strip())
    return f"{m[1].lower()}://{m[2].lower()}/{re.sub('/+', '/', m[3])}" if m else url.strip()


def _people(path: str, people: object, index: int, line: int) -> tuple[str, ...]:
    """`speakers/authors`: comma-separated text, or a list of names (or of objects with a name)."""
    if isinstance(people, list) and len(people) > MAX_ITEMS:
        raise InputError(path, f"item {index + 1}: `speakers/authors` has more than {MAX_ITEMS:,} items", line)
    if isinstance(people, str):
        text_field(path, people, "speakers/authors", line, f"item {index + 1}: ")
        return split_authors(people)
    if isinstance(people, list):
        names = []
        for person in people:
            if isinstance(person, dict):
                person = person.get("fullname") or person.get("name") or ""
            if not isinstance(person, str):
                raise InputError(
                    path, f"item {index + 1}: `speakers/authors` holds a {type(person).__name__}, not a name", line
                )
            names.append(person)
        text_field(path, ", ".join(names), "speakers/authors", line, f"item {index + 1}: ")
        return split_authors(names)
    raise InputError(path, f"item {index + 1}: `speakers/authors` is a {type(people).__name__}, not names", line)


def read_events(path: str, text: str, venue: str | None = None, year: int | None = None) -> ParsedFile:
    """Posters (and orals, spotlights) become paper entries; other events are returned apart."""
    data = parse_json(path, text)
    if not looks_like_events(data):
        raise InputError(
            path,
            "not an ICML events export (a JSON list of objects with virtualsite_url)"
            " nor a paperlists export (objects with title and status); --format forces one",
        )
    lines = object_lines(text)
    entries, events, without_abstract = [], [], 0
    file_venue, file_year = venue, year
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise InputError(path, f"item {index + 1} is not an object")
        line = lines[index] if index < len(lines) else 1
        where = f"item {index + 1}: "
        kind = text_field(path, item.get("type"), "type", line, where, limit=200).strip()
        title = text_field(path, item.get("name"), "name", line, where, limit=MAX_TITLE_CHARS).strip()
        url = text_field(path, item.get("virtualsite_url"), "virtualsite_url", line, where).strip() or None
        people = item.get("speakers/authors") or ""
        abstract = text_field(path, item.get("abstract"), "abstract", line, where).strip()
        parsed = parse_event_url(url) if url else None
        if parsed:
            file_venue = file_venue or parsed[0]
            file_year = file_year or parsed[1]
        if kind.lower() not in PAPER_TYPES:
            events.append(
                Event(
                    kind or "Event",
                    title,
                    ", ".join(_people(path, people, index, line)),
                    url and canonical_event_url(url),
                    abstract,
                    line,
                    len(events) + 1,
                )
            )
            continue
        if not is_usable_abstract(abstract, title):
            without_abstract += 1
            continue
        ids = (("icml_poster", parsed[3]),) if parsed else ()
        authors = _people(path, people, index, line)
        entries.append(
            Entry(
                abstract=join_lines(abstract),
                line=line,
                position=len(entries) + 1,
                title=None if is_placeholder(title) else title,
                authors=authors,
                ids=ids,
                url=url and canonical_event_url(url),
                venue=venue or (parsed[0] if parsed else None),
                year=year or (parsed[1] if parsed else None),
                status=kind or None,
            )
        )
    if not entries and not events:
        raise InputError(path, "no events in the export")
    return ParsedFile("icml-events", file_venue, file_year, tuple(entries), tuple(events), without_abstract)
