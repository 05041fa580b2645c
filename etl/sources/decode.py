"""Turn raw file bytes into text, refusing what is not UTF-8 with an error that names the line."""

from __future__ import annotations

import codecs

from ..errors import EmptyFile, InputError

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


def check_head(path: str, head: bytes, whole: bool) -> str:
    """The text of the start of a file (`whole`: all of it), once it can be UTF-8 text; else the
    one-line error that says what it is (empty, UTF-16 or UTF-32, binary, not UTF-8)."""
    if whole and not head.strip():
        raise EmptyFile(path)
    if head.startswith(_UTF32_BOMS):
        raise InputError(path, "file is UTF-32; save it as UTF-8")
    if head.startswith(_UTF16_BOMS) or _looks_utf16(head):
        raise InputError(path, "file is UTF-16; save it as UTF-8")
    nul = head.find(b"\x00")
    if nul >= 0:
        raise InputError(path, "binary file (NUL byte); expected UTF-8 text", _line_of(head, nul))
    try:
        text = codecs.getincrementaldecoder("utf-8-sig")().decode(head, final=whole)
    except UnicodeDecodeError as exc:
        byte = head[exc.start]
        raise InputError(
            path, f"not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8", _line_of(head, exc.start)
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_utf8(path: str, data: bytes) -> str:
    """Decode `data` as UTF-8 (a leading BOM is dropped) or raise `InputError` saying why not.

    Line endings are normalised to `\\n`.
    """
    return check_head(path, data, whole=True)


def join_lines(text: str) -> str:
    """Text as one paragraph: lines stripped, blank ones dropped, the rest joined by one space
    (how a hard-wrapped abstract is stored)."""
    if "\n" not in text and "\r" not in text:
        return text.strip()
    return " ".join(line.strip() for line in text.splitlines() if line.strip())
