"""JSON records read from a file in chunks: the values of a top-level array, or the values of a
JSON lines file, each with the line it starts on. Memory holds a chunk and one record, whatever
the size of the file; every step is linear in the text."""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from typing import BinaryIO

from ..errors import EmptyFile, InputError

CHUNK_BYTES = 1 << 20
MAX_RECORD_CHARS = 64 << 20  # a record larger than this is no paper's record
_WHITESPACE = " \t\n\r"
_DECODER = json.JSONDecoder(parse_constant=lambda _: None)  # (NaN and Infinity read as null)
# (line, value, whether its text holds a `\u` escape: only then can it hold a NUL or a lone surrogate)
JsonRecords = Iterator[tuple[int, object, bool]]


class JsonStream:
    """The text of a binary file, decoded as UTF-8 in chunks, with a read position and its line."""

    def __init__(self, path: str, raw: BinaryIO, first: bytes = b"", chunk: int = CHUNK_BYTES):
        self.path, self.raw, self.chunk = path, raw, chunk
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.text, self.pos, self.line = "", 0, 1
        self.bytes_read, self.eof = 0, False
        self._pending = first

    def more(self, at_least: int = 0) -> bool:
        """Read the next chunk (at least `at_least` bytes); False at the end of the file."""
        if self.eof:
            return False
        data = self._pending or self.raw.read(max(self.chunk, at_least))
        self._pending = b""
        if self.pos > self.chunk:  # drop what was read
            self.text, self.pos = self.text[self.pos :], 0
        try:
            decoded = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as exc:
            line = self.line + self.text.count("\n", self.pos) + exc.object.count(b"\n", 0, exc.start)
            byte = exc.object[exc.start]
            raise InputError(self.path, f"not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8", line) from None
        if "\x00" in decoded:
            line = self.line + self.text.count("\n", self.pos) + decoded.count("\n", 0, decoded.index("\x00"))
            raise InputError(self.path, "binary file (NUL byte); expected UTF-8 text", line)
        self.bytes_read += len(data)
        self.eof = not data
        self.text += decoded
        return bool(data)

    def skip_space(self) -> str:
        """The next character that is not white space ('' at the end of the file), not consumed."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in _WHITESPACE:
                if self.text[self.pos] == "\n":
                    self.line += 1
                self.pos += 1
            if self.pos < len(self.text) or not self.more():
                return self.text[self.pos : self.pos + 1]

    def advance(self, end: int) -> None:
        self.line += self.text.count("\n", self.pos, end)
        self.pos = end

    def value(self, what: str) -> tuple[object, bool]:
        """Decode the JSON value at the read position, reading on as far as it reaches; and
        whether its text holds a `\\u` escape."""
        needed = self.chunk
        while True:
            try:
                value, end = _DECODER.raw_decode(self.text, self.pos)
            except json.JSONDecodeError as exc:
                if not self.eof and len(self.text) - self.pos < MAX_RECORD_CHARS:
                    self.more(needed)
                    needed *= 2  # (each retry parses the record again: grow geometrically)
                    continue
                if len(self.text) - self.pos >= MAX_RECORD_CHARS:
                    raise InputError(
                        self.path, f"a {what} longer than {MAX_RECORD_CHARS:,} characters", self.line
                    ) from None
                line = self.line + self.text.count("\n", self.pos, exc.pos)
                column = exc.pos - (self.text.rfind("\n", 0, exc.pos) + 1) + 1
                raise InputError(self.path, f"malformed JSON: {exc.msg} (column {column})", line) from None
            except RecursionError:
                raise InputError(self.path, f"JSON nested too deeply to read ({what})", self.line) from None
            except ValueError as exc:  # e.g. an integer of more than 4,300 digits
                raise InputError(self.path, f"unreadable JSON ({what}): {exc}", self.line) from None
            if end == len(self.text) and not self.eof and isinstance(value, (int, float)):
                self.more()  # (a number at the end of the text read so far may go on)
                continue
            escaped = self.text.find("\\u", self.pos, end) >= 0
            self.advance(end)
            return value, escaped


def json_kind(value: object) -> str:
    """What a JSON value is, as a report names it: `a list`, `a string`, `null`, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    kinds = ((str, "a string"), ((int, float), "a number"), (list, "a list"), (dict, "an object"))
    return next(name for kind, name in kinds if isinstance(value, kind))


def json_records(path: str, raw: BinaryIO, first: bytes = b"") -> JsonRecords:
    """`(line, value, escaped)` for each value of the top-level JSON array the file holds, or, when it
    does not start with `[`, for each value of its JSON lines (values separated by white space).
    `first` is what was read of the file already. Malformed JSON is an `InputError` naming the
    line: the file is unreadable from there."""
    stream = JsonStream(path, raw, first)
    start = stream.skip_space()
    if start == "":
        raise EmptyFile(path)
    if start != "[":
        while stream.skip_space():
            line = stream.line
            yield line, *stream.value("record")
        return
    stream.advance(stream.pos + 1)
    if stream.skip_space() == "]":
        stream.advance(stream.pos + 1)
    else:
        while True:
            stream.skip_space()
            line = stream.line
            yield line, *stream.value("record")
            after = stream.skip_space()
            stream.advance(stream.pos + 1)
            if after == "]":
                break
            if after != ",":
                found = repr(after) if after else "the end of the file"
                raise InputError(path, f"malformed JSON: ',' or ']' expected after a record, not {found}", stream.line)
    if stream.skip_space():
        raise InputError(path, "malformed JSON: more after the array's closing ']'", stream.line)
