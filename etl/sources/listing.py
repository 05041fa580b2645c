"""Read listing files: a `<VENUE> <YEAR> <words>` header, then one abstract per paragraph."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import InputError
from ..text.placeholders import is_usable_abstract
from .records import Entry, ParsedFile

MAX_ABSTRACT_CHARS = 100_000  # real abstracts are under 5,000; anything larger is not an abstract

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


def read_listing(path: str, text: str, venue: str | None = None, year: int | None = None) -> ParsedFile:
    """Parse a listing file's text. `venue`/`year` override the header and stand in for a missing one.

    Raises `InputError` naming the line for a missing header, a file with no abstracts, or a
    paragraph too large to be an abstract.
    """
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise InputError(path, "empty file")
    header = parse_header(lines[first])
    if header is None and (venue is None or year is None):
        raise InputError(
            path,
            "no header line like 'ICML 2024 Papers'; add one or give --venue and --year",
            first + 1,
        )
    start = first + 1 if header else first
    entries, missing = [], 0
    for line_no, abstract in paragraphs(lines, start):
        if len(abstract) > MAX_ABSTRACT_CHARS:
            raise InputError(
                path,
                f"paragraph longer than {MAX_ABSTRACT_CHARS:,} characters; not an abstract"
                " (are the blank lines between abstracts missing?)",
                line_no,
            )
        if not is_usable_abstract(abstract):  # `TBD`, `-`: a placeholder, counted and passed over
            missing += 1
            continue
        entries.append(Entry(abstract=abstract, line=line_no, position=len(entries) + 1))
    if not entries and not missing:
        raise InputError(path, "no abstracts after the header", first + 1)
    return ParsedFile(
        format="listing",
        venue=venue or header[0],  # type: ignore[index]
        year=year or header[1],  # type: ignore[index]
        entries=tuple(entries),
        without_abstract=missing,
    )
