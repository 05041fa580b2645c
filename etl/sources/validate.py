"""What every reader's records must be, whatever the format: abstracts of a bounded size with
words in them, and text without NUL characters."""

from __future__ import annotations

import dataclasses

from ..errors import InputError
from ..text.identity import has_words
from .listing import MAX_ABSTRACT_CHARS
from .records import ParsedFile


def check_records(path: str, parsed: ParsedFile) -> ParsedFile:
    """`parsed`, if its records are fit to store; else an `InputError` naming the line."""
    for entry in parsed.entries:
        if len(entry.abstract) > MAX_ABSTRACT_CHARS:
            raise InputError(
                path, f"abstract longer than {MAX_ABSTRACT_CHARS:,} characters; not an abstract", entry.line
            )
        if "\x00" in entry.abstract:
            raise InputError(path, "abstract holds a NUL character (\\u0000); not text", entry.line)
        _check_no_nul(path, entry, entry.line)
        if len(entry.abstract) < 400 and not has_words(entry.abstract):  # (longer ones have words)
            # its id would be the empty text's, shared with every other such "abstract"
            raise InputError(path, "abstract has no letters or digits; not an abstract", entry.line)
    for event in parsed.events:
        _check_no_nul(path, event, event.line)
    return parsed


def _check_no_nul(path: str, record, line: int) -> None:
    """No text of a record holds a NUL (a JSON `\\u0000`): no database keeps one the same way
    (PostgreSQL refuses it), so it is bad input, named with its field."""
    for field in dataclasses.fields(record):
        if _holds_nul(getattr(record, field.name)):
            raise InputError(path, f"`{field.name}` holds a NUL character (\\u0000); not text", line)


def _holds_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    return isinstance(value, tuple) and any(_holds_nul(v) for v in value)
