"""Input files read once per load: a file read early (its abstracts go to keyword extraction while
the load starts up) is kept until the load reaches it, then released."""

from __future__ import annotations

import os
import stat

from ..errors import InputError
from ..settings import max_file_bytes
from ..sources import InputFile, read_input
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
    """A regular file's bytes, at most `max_file_bytes()`: a FIFO, device or directory is refused
    without blocking on it (opened non-blocking, checked before any read), and so is a larger file."""
    limit = max_file_bytes()
    try:
        fd = os.open(input_file.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(input_file.path, exc.strerror or str(exc)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(input_file.path, "not a regular file (a directory, FIFO or device); only files are read")
        if st.st_size > limit:
            raise InputError(
                input_file.path,
                f"file of {st.st_size:,} bytes is larger than the limit of {limit:,} ($PAPERDB_MAX_FILE_MB)",
            )
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise InputError(input_file.path, exc.strerror or str(exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # (it grew while being read)
        raise InputError(input_file.path, f"file is larger than the limit of {limit:,} bytes ($PAPERDB_MAX_FILE_MB)")
    return data
