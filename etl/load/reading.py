"""Input files read for one load: a small file read early (its abstracts go to keyword extraction
while the load starts up) is kept until the load reaches it; any other is hashed, then read as
its records are stored, in bounded memory."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import BinaryIO

from ..digests import sha256
from ..errors import InputError
from ..settings import max_file_bytes
from ..sources import InputFile, open_input, read_input
from ..sources.fields import venue_problem, year_problem
from ..sources.files import file_digest, open_regular_file, read_regular_file
from ..sources.records import Issue, ParsedFile, Tally

LIMIT_NAME = "$PAPERDB_MAX_FILE_MB"
EARLY_BYTES = 16 << 20  # files up to this size may be read early and kept; larger ones are streamed


@dataclass(frozen=True)
class Opened:
    """An input file open for the load: its SHA-256, its size and its bytes as a stream."""

    sha256: str
    size: int
    stream: BinaryIO

    def read_so_far(self) -> int:
        """The bytes of the stream read so far (none for a file read early: its stream is not read)."""
        try:
            return self.stream.tell()
        except (OSError, ValueError):
            return 0


class Reader:
    """Reads and parses the input files of one load, each once, with the load's options."""

    def __init__(self, venue: str | None, year: int | None, format: str | None):
        """`venue` and `year` (`--venue`, `--year`) are checked as a file's fields are; a bad one is
        an `InputError` naming the option."""
        for option, problem in (
            ("--venue", venue_problem(venue) if venue is not None else None),
            ("--year", year_problem(year) if year is not None else None),
        ):
            if problem:
                raise InputError(option, problem)
        self.venue, self.year, self.format = venue, year, format
        # path -> the file's bytes, what it holds (or why not) and the issues its reading noted
        self.early: dict[str, tuple[bytes, ParsedFile | InputError, list[Issue]]] = {}

    @property
    def options(self) -> str | None:
        """The options that change what a file means, as `sources.options` keeps them: a JSON
        object of those given, None if none is (a file loaded with other options is changed)."""
        return options_json(self.venue, self.year, self.format)

    def read_early(self, input_file: InputFile) -> ParsedFile | None:
        """Read and parse a small file before the load reaches it, and keep both for it; None if
        the file is large, or cannot be read or parsed (the load reports that when it reaches it)."""
        try:
            if os.stat(input_file.path).st_size > EARLY_BYTES:
                return None
            data = read_regular_file(input_file.path, min(max_file_bytes(), EARLY_BYTES), LIMIT_NAME)
        except (OSError, InputError):
            return None
        noted: list[Issue] = []
        try:
            parsed: ParsedFile | InputError = read_input(
                input_file.path, data, self.venue, self.year, self.format, Tally(note=noted.append)
            )
        except InputError as exc:
            parsed = exc
        self.early[input_file.path] = (data, parsed, noted)
        return parsed if isinstance(parsed, ParsedFile) else None

    @contextmanager
    def opened(self, input_file: InputFile) -> Iterator[Opened]:
        """The file, open (kept from an early read, or opened now); raises InputError."""
        early = self.early.get(input_file.path)
        if early is not None:
            yield Opened(sha256(early[0]).hexdigest(), len(early[0]), io.BytesIO(early[0]))
            return
        limit = max_file_bytes()
        with open_regular_file(input_file.path, limit, LIMIT_NAME) as stream:
            digest, size = file_digest(stream, input_file.path, limit, LIMIT_NAME)
            yield Opened(digest, size, stream)

    def parse(self, input_file: InputFile, opened: Opened, note: Callable[[Issue], None] | None = None) -> ParsedFile:
        """What the file holds (kept from an early read, or read as it is iterated); raises
        InputError. `note` is told of each record skipped (as it is read, or as it was)."""
        early = self.early.pop(input_file.path, None)
        if early is None:
            return open_input(input_file.path, opened.stream, self.venue, self.year, self.format, Tally(note=note))
        _, parsed, noted = early
        if isinstance(parsed, InputError):
            raise parsed
        if note is not None:
            for issue in noted:
                note(issue)
        return parsed


def options_json(venue: str | None, year: int | None, format: str | None) -> str | None:
    given = {name: value for name, value in (("format", format), ("venue", venue), ("year", year)) if value is not None}
    return json.dumps(given, ensure_ascii=False, sort_keys=True) if given else None
