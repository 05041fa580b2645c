"""Debris of PDF extraction and of wrong decodings, repaired for display and search: `(cid:NNN)`
glyph codes, mojibake (`McDonaldâ€™s`), invisible format characters; pure, linear in the text."""

from __future__ import annotations

import re

# Invisible format characters (Unicode category Cf, as of Unicode 15), listed rather than looked up so
# that what they change never depends on the Python version: soft hyphen, zero-width space and
# joiners, direction marks and embeddings, word joiner, invisible operators, byte-order mark, ...
FORMAT_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
FORMAT = re.compile(f"[{FORMAT_CHARACTERS}]")
# Zero-width (non-)joiners shape Arabic and Indic script and emoji: kept there, dropped beside ASCII.
_JOINERS = "\u200c\u200d"
_OTHER_FORMAT = FORMAT_CHARACTERS.replace("\u200b-\u200f", "\u200b\u200e\u200f")
_DISPLAY_FORMAT = re.compile(f"[{_OTHER_FORMAT}]|(?<=[\\x00-\\x7f])[{_JOINERS}]|[{_JOINERS}](?=[\\x00-\\x7f])")
# C0 and C1 control characters other than tab and line breaks: never text (left over from mojibake).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

# UTF-8 read as Latin-1 or Windows-1252: a lead byte and its continuation bytes as those characters.
# Two-byte sequences (`Ã©` for é, `Å‚` for ł) are read whole; three-byte ones only where they spell
# punctuation, symbols and ligatures (`â€™` for ’, `ï¬` for ﬁ): after `à`-`é`, two such characters
# are as likely French or Italian (`perché…”`) as CJK mojibake.
_CONTINUATION = (
    "\x80-\xbf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a"
    "\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
_LEAD_BYTE = re.compile("[\u00c2-\u00df\u00e2\u00ef\u00f0-\u00f4]")
_MOJIBAKE = re.compile(
    f"[\u00c2-\u00df][{_CONTINUATION}]|[\u00e2\u00ef][{_CONTINUATION}]{{2}}|[\u00f0-\u00f4][{_CONTINUATION}]{{3}}"
)

# `(cid:NNN)`: a glyph a PDF font did not map to text, by its code. 173 is the hyphen of Latin fonts
# (at a line break, a hyphenated word's halves are joined); codes of the ligatures of TeX fonts
# (OT1, 8r) and Mac Roman are letters when they touch a lowercase letter (`classi(cid:12)cation`);
# 128-255 are Windows-1252 letters and quotes; any other code is a glyph we cannot know (math
# symbols of varying fonts), shown as U+FFFD.
_CID = re.compile(r"\(cid:(\d{1,5})\)")
_CID_HYPHEN = re.compile(r"\(cid:173\)\s*(?=(.?))")
LIGATURES = {2: "fi", 3: "fl", 11: "ff", 12: "fi", 13: "fl", 14: "ffi", 15: "ffl", 222: "fi", 223: "fl"}
UNKNOWN_GLYPH = "\ufffd"
# Unicode's Latin ligatures (`efﬁcient`, as PDF text extraction of old papers writes it): letters, so
# that the word reads, is searched and is counted as the one word it is.
LIGATURE_LETTERS = str.maketrans({"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"})
# (a text holding none of them is not translated: `str.translate` with a dict looks up every
# character of a non-ASCII text, 0.06 ms an abstract, where this search takes a fifteenth of it)
_LIGATURE = re.compile(f"[{''.join(map(chr, LIGATURE_LETTERS))}]")


def _mojibake(match: re.Match) -> str:
    run = match.group()
    try:
        raw = bytes(ord(c) if ord(c) < 256 else c.encode("cp1252")[0] for c in run)
        return raw.decode("utf-8")
    except (UnicodeError, ValueError):
        return run


def _hyphen(match: re.Match) -> str:
    following = match.group(1)
    # a word hyphenated at a line break, or the end of a cut text; else a hyphen (`Kullback-Leibler`)
    return "" if following.islower() or not following else "-"


def _cid(text: str, match: re.Match) -> str:
    code = int(match.group(1))
    before = text[match.start() - 1] if match.start() else ""
    after = text[match.end()] if match.end() < len(text) else ""
    if code in LIGATURES and (before.islower() or after.islower()):
        return LIGATURES[code]
    if 128 <= code <= 255 and code != 173:
        char = bytes([code]).decode("cp1252", errors="replace")
        return char if char.isalpha() or char in "“”‘’" else UNKNOWN_GLYPH
    return UNKNOWN_GLYPH


def repair_cid(text: str) -> str:
    """`learn(cid:173) ing` -> `learning`, `Kullback(cid:173) Leibler` -> `Kullback-Leibler`,
    `classi(cid:12)cation` -> `classification`, `(cid:147)x(cid:148)` -> `“x”`, others U+FFFD."""
    if "(cid:" not in text:
        return text
    text = _CID_HYPHEN.sub(_hyphen, text)
    return _CID.sub(lambda m: _cid(text, m), text)


def repair_mojibake(text: str) -> str:
    """UTF-8 that was decoded as Latin-1 or Windows-1252, decoded right: `DaumÃ©` -> `Daumé`,
    `McDonaldâ€™s` -> `McDonald’s`. A run is replaced only when it is valid UTF-8."""
    if text.isascii() or not _LEAD_BYTE.search(text):
        return text
    return _MOJIBAKE.sub(_mojibake, text)


def _invisible(text: str) -> str:
    """Invisible format characters (beside ASCII, see `_DISPLAY_FORMAT`) and control characters
    other than tab and line breaks dropped."""
    if text.isprintable():
        return text
    if not text.isascii() and FORMAT.search(text):
        text = _DISPLAY_FORMAT.sub("", text)
    return _CONTROL.sub("", text)


def repair(text: str) -> str:
    """Every repair of this module, for display and search: `(cid:NNN)` codes read, mojibake
    decoded, invisible and control characters dropped, ligatures written as letters; again while
    that changes something (a character dropped may join mojibake, a decoded one be invisible,
    mojibake be twice encoded), so that no repair changes a repaired text."""
    if text.isascii():  # (most text: only PDF codes and control characters to look for)
        text = repair_cid(text)
        if text.isascii():
            return text if text.isprintable() else _CONTROL.sub("", text)
    for _ in range(3):
        fixed = _invisible(repair_mojibake(repair_cid(text)))
        if _LIGATURE.search(fixed):
            fixed = fixed.translate(LIGATURE_LETTERS)
        if fixed == text:
            break
        text = fixed
    return text
