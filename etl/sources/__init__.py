"""Read input files: one reader per format (the registry: `formats`), text in, records out; which
files (`discover`), how globs expand (`globbing`) and what every record must be (`validate`) live
beside them."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Iterator, Mapping
from typing import BinaryIO

from .decode import check_head, decode_utf8
from .discover import (
    Discovery,
    InputFile,
    bundled_listings_dir,
    discover,
    stored_below,
)
from .formats import BY_NAME, INPUT_SUFFIXES, NAMES, detect_format, reader_of
from .globbing import expand_glob
from .jsonstream import json_records
from .records import ParsedFile, Tally

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


class _Readers(Mapping[str, Callable]):
    """Every format's reader by name (`formats`), its module imported when the reader is first
    asked for: a load of JSON files never imports the BibTeX reader's parser and LaTeX library
    (4 MB of its memory)."""

    def __getitem__(self, name: str) -> Callable:
        if name not in BY_NAME:
            raise KeyError(name)
        return reader_of(name)

    def __iter__(self) -> Iterator[str]:
        return iter(NAMES)

    def __len__(self) -> int:
        return len(NAMES)


READERS = _Readers()


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
    fmt = BY_NAME[format or detect_format(path, text)]
    raw.seek(0)
    given: object
    if fmt.takes == "json":
        given = json_records(path, raw)
    elif fmt.takes == "stream":
        given = raw
    else:
        given = decode_utf8(path, raw.read())
    return READERS[fmt.name](path, given, venue=venue, year=year, tally=tally)


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
