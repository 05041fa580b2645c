"""Read listing files: a `<VENUE> <YEAR> <words>` header, then one abstract per paragraph."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import EmptyFile, InputError
from .formats import LISTING
from .records import Entry, ParsedFile, Tally
from .validate import settled

# "ICML 2024 Papers", "ICML 2024 论文列表", "NeurIPS 2023 Papers", "ICML 2024": a short line whose
# venue is one to four words without digits, then a year, then at most a few words.
HEADER = re.compile(
    r"""^(?P<venue>[^\W\d_][\w&.+\-]*(?:\ [^\W\d_][\w&.+\-]*){0,3})
        \ +(?P<year>(?:19|20)\d\d)
        (?:\ +(?P<rest>\S+(?:\ \S+){0,5}))?$""",
    re.VERBOSE,
)
MAX_HEADER_CHARS = 80


def parse_header(line: str) -> tuple[str, int] | None:
    """`(venue, year)` if `line` is a listing header, else None."""
    line = " ".join(line.split())
    if len(line) > MAX_HEADER_CHARS:
        return None
    m = HEADER.match(line)
    if not m:
        return None
    return m["venue"], int(m["year"])


def paragraphs(lines: list[str], start: int = 0) -> Iterator[tuple[int, str]]:
    """Yield `(line_number, text)` for each blank-line separated paragraph from `lines[start:]`.

    Lines are stripped of surrounding whitespace and hard-wrapped lines joined by one space.
    """
    chunk: list[str] = []
    first = 0
    for index in range(start, len(lines)):
        stripped = lines[index].strip()
        if stripped:
            if not chunk:
                first = index + 1
            chunk.append(stripped)
        elif chunk:
            yield first, " ".join(chunk)
            chunk = []
    if chunk:
        yield first, " ".join(chunk)


def read_listing(
    path: str, text: str, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """Parse a listing file's text. `venue`/`year` override the header and stand in for a missing one.

    Raises `InputError` naming the line for an empty file or a missing header; a paragraph that is
    no abstract (a placeholder, or too large to be one: are the blank lines between abstracts
    missing?) is skipped and counted. A header alone is a listing of no papers.
    """
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise EmptyFile(path)
    header = parse_header(lines[first])
    if header is None and (venue is None or year is None):
        raise InputError(
            path,
            "no header line like 'ICML 2024 Papers'; add one or give --venue and --year",
            first + 1,
        )
    start = first + 1 if header else first
    tally = Tally() if tally is None else tally
    entries: list[Entry] = []
    for line_no, abstract in paragraphs(lines, start):
        entry = settled(Entry(abstract=abstract, line=line_no, position=len(entries) + 1), tally, escaped=False)
        if entry is not None:
            entries.append(entry)
    return ParsedFile(
        format=LISTING.name,
        venue=venue or header[0],  # type: ignore[index]
        year=year or header[1],  # type: ignore[index]
        entries=tuple(entries),
        tally=tally,
    )
