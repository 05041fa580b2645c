"""Read input files: one reader per format, text in, records out; which files (`discover`), how
globs expand (`globbing`) and what every record must be (`validate`) live beside them."""

from __future__ import annotations

import dataclasses
import io
import os
import re
from typing import BinaryIO

from .bibtex import read_bibtex
from .decode import check_head, decode_utf8
from .discover import (
    INPUT_SUFFIXES,
    SUFFIX_FORMATS,
    Discovery,
    InputFile,
    bundled_listings_dir,
    discover,
    stored_below,
)
from .events import read_events
from .globbing import expand_glob
from .jsonstream import json_records
from .listing import read_listing
from .paperlists import read_paperlists
from .records import ParsedFile, Tally
from .tabular import read_csv, read_jsonl

__all__ = [
    "INPUT_SUFFIXES",
    "READERS",
    "Discovery",
    "InputFile",
    "bundled_listings_dir",
    "detect_format",
    "discover",
    "expand_glob",
    "open_input",
    "read_input",
    "stored_below",
]

HEAD_BYTES = 64 << 10  # what is read of a file to tell its format
# Readers by the input they take: the JSON records of the file, its bytes as a stream, or its text.
JSON_READERS = {"icml-events": read_events, "paperlists": read_paperlists}
STREAM_READERS = {"csv": read_csv, "jsonl": read_jsonl}
TEXT_READERS = {"listing": read_listing, "pmlr-bibtex": read_bibtex}
READERS = {**JSON_READERS, **STREAM_READERS, **TEXT_READERS}  # every format
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


def open_input(
    path: str,
    raw: BinaryIO,
    venue: str | None = None,
    year: int | None = None,
    format: str | None = None,
    tally: Tally | None = None,
) -> ParsedFile:
    """The records of the file open as `raw` (seekable, at its start), or an `InputError` naming the
    file and line. `format` forces a reader; otherwise it is detected from the file's head. JSON,
    JSON lines and CSV files are read as their entries are iterated, in bounded memory; listings
    and BibTeX whole. `tally` counts the records skipped or repaired (and tells its `note` of
    each one skipped, as it is read)."""
    head = raw.read(HEAD_BYTES)
    text = check_head(path, head, whole=len(head) < HEAD_BYTES)
    fmt = format or detect_format(path, text)
    raw.seek(0)
    if fmt in JSON_READERS:
        return JSON_READERS[fmt](path, json_records(path, raw), venue=venue, year=year, tally=tally)
    if fmt in STREAM_READERS:
        return STREAM_READERS[fmt](path, raw, venue=venue, year=year, tally=tally)
    return TEXT_READERS[fmt](path, decode_utf8(path, raw.read()), venue=venue, year=year, tally=tally)


def read_input(
    path: str,
    data: bytes,
    venue: str | None = None,
    year: int | None = None,
    format: str | None = None,
    tally: Tally | None = None,
) -> ParsedFile:
    """Parse one file's bytes into records, all read (see `open_input`)."""
    parsed = open_input(path, io.BytesIO(data), venue, year, format, tally)
    return dataclasses.replace(parsed, entries=tuple(parsed.entries))
