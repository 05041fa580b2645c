"""Turn raw file bytes into text, refusing what is not UTF-8 with an error that names the line."""

from __future__ import annotations

import codecs
import json

from ..errors import InputError

_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _looks_utf16(data: bytes) -> bool:
    """BOM-less UTF-16 of mostly ASCII text: NUL in nearly every other byte, hardly ever between."""
    sample = data[:400]
    if len(sample) < 4:
        return False
    even, odd = sample[0::2], sample[1::2]
    nul_even, nul_odd = even.count(0) / len(even), odd.count(0) / len(odd)
    return (nul_even > 0.7 and nul_odd < 0.1) or (nul_odd > 0.7 and nul_even < 0.1)


def decode_utf8(path: str, data: bytes) -> str:
    """Decode `data` as UTF-8 (a leading BOM is dropped) or raise `InputError` saying why not.

    Line endings are normalised to `\\n`.
    """
    if not data.strip():
        raise InputError(path, "empty file")
    if data.startswith(_UTF32_BOMS):
        raise InputError(path, "file is UTF-32; save it as UTF-8")
    if data.startswith(_UTF16_BOMS) or _looks_utf16(data):
        raise InputError(path, "file is UTF-16; save it as UTF-8")
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputError(path, "binary file (NUL byte); expected UTF-8 text", _line_of(data, nul))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = _line_of(data, exc.start)
        byte = data[exc.start]
        raise InputError(path, f"not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8", line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def join_lines(text: str) -> str:
    """Text as one paragraph: lines stripped, blank ones dropped, the rest joined by one space
    (how a hard-wrapped abstract is stored)."""
    if "\n" not in text and "\r" not in text:
        return text.strip()
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def parse_json(path: str, text: str, line: int | None = None, what: str = "JSON") -> object:
    """`text` parsed as JSON, or an `InputError` naming the file and line: malformed, nested too
    deeply, a number too long to read, or a string that holds a lone surrogate escape (`\\ud800`,
    which is no text). NaN and Infinity, which JSON does not allow, read as null."""
    try:
        data = json.loads(text, parse_constant=lambda _: None)
    except json.JSONDecodeError as exc:
        raise InputError(
            path, f"malformed {what}: {exc.msg} (column {exc.colno})", (line or 1) + exc.lineno - 1
        ) from None
    except RecursionError:
        raise InputError(path, f"{what} nested too deeply to read", line) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise InputError(path, f"unreadable {what}: {exc}", line) from None
    if "\\u" in text and _has_lone_surrogate(data):
        raise InputError(path, f"a {what} string holds a lone surrogate escape (\\ud800-\\udfff): not text", line)
    return data


def _has_lone_surrogate(data: object) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
