"""Input files read once per load: a file read early (its abstracts go to keyword extraction while
the load starts up) is kept until the load reaches it, then released."""

from __future__ import annotations

from ..errors import InputError
from ..settings import max_file_bytes
from ..sources import InputFile, read_input
from ..sources.files import read_regular_file
from ..sources.records import ParsedFile


class Reader:
    """Reads and parses the input files of one load, each once, with the load's options."""

    def __init__(self, venue: str | None, year: int | None, format: str | None):
        self.venue, self.year, self.format = venue, year, format
        self.early: dict[str, tuple[bytes, ParsedFile | InputError]] = {}

    def read_early(self, input_file: InputFile) -> ParsedFile | None:
        """Read and parse a file before the load reaches it, and keep both for it; None if the
        file cannot be read or parsed (the load reports that when it reaches the file)."""
        try:
            data = _read_bytes(input_file)
        except InputError:
            return None
        try:
            parsed: ParsedFile | InputError = read_input(input_file.path, data, self.venue, self.year, self.format)
        except InputError as exc:
            parsed = exc
        self.early[input_file.path] = (data, parsed)
        return parsed if isinstance(parsed, ParsedFile) else None

    def data(self, input_file: InputFile) -> bytes:
        """The file's bytes (kept from an early read, or read now); raises InputError."""
        early = self.early.get(input_file.path)
        return early[0] if early is not None else _read_bytes(input_file)

    def parse(self, input_file: InputFile, data: bytes) -> ParsedFile:
        """What the file holds (kept from an early read, or parsed now); raises InputError."""
        early = self.early.pop(input_file.path, None)
        if early is None:
            return read_input(input_file.path, data, self.venue, self.year, self.format)
        if isinstance(early[1], InputError):
            raise early[1]
        return early[1]


def _read_bytes(input_file: InputFile) -> bytes:
    """A regular file's bytes, at most `max_file_bytes()` (see `read_regular_file`)."""
    return read_regular_file(input_file.path, max_file_bytes(), "$PAPERDB_MAX_FILE_MB")
