"""Read input files: one reader per format, text in, records out; which files (`discover`), how
globs expand (`globbing`) and what every record must be (`validate`) live beside them."""

from __future__ import annotations

import os
import re

from .bibtex import read_bibtex
from .decode import decode_utf8
from .discover import INPUT_SUFFIXES, SUFFIX_FORMATS, Discovery, InputFile, bundled_listings_dir, discover
from .events import read_events
from .globbing import expand_glob
from .listing import read_listing
from .paperlists import read_paperlists
from .records import ParsedFile
from .tabular import read_csv, read_jsonl
from .validate import check_records

__all__ = [
    "INPUT_SUFFIXES",
    "READERS",
    "Discovery",
    "InputFile",
    "bundled_listings_dir",
    "detect_format",
    "discover",
    "expand_glob",
    "read_input",
]

READERS = {
    "listing": read_listing,
    "icml-events": read_events,
    "pmlr-bibtex": read_bibtex,
    "paperlists": read_paperlists,
    "csv": read_csv,
    "jsonl": read_jsonl,
}
_BIBTEX_START = re.compile(r"\s*(%[^\n]*\n\s*)*@\s*\w+\s*[{(]")
_PAPERLISTS_FIELD = re.compile(r'"(?:status|track|gs_citation|aff_unique_norm)"\s*:')


def detect_format(path: str, text: str) -> str:
    """The input format from the content where it is unmistakable, else from the file name."""
    head = text.lstrip()[:2000]
    if head.startswith("[") and "virtualsite_url" in head:
        return "icml-events"
    if head.startswith("[") and _PAPERLISTS_FIELD.search(text[:20000]):
        return "paperlists"
    if _BIBTEX_START.match(text[:2000]):
        return "pmlr-bibtex"
    if head.startswith("{"):
        return "jsonl"
    suffix = os.path.splitext(path.lower())[1]
    return SUFFIX_FORMATS.get(suffix, "listing")


def read_input(
    path: str, data: bytes, venue: str | None = None, year: int | None = None, format: str | None = None
) -> ParsedFile:
    """Parse one file's bytes into records, or raise `InputError` naming the file and line.
    `format` forces a reader; otherwise it is detected."""
    text = decode_utf8(path, data)
    fmt = format or detect_format(path, text)
    return check_records(path, READERS[fmt](path, text, venue=venue, year=year))
