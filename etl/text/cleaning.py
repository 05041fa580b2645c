"""Display text for titles and author names: LaTeX, BibTeX and HTML markup removed; pure."""

from __future__ import annotations

import html
import re
import unicodedata

from .latex import latex_to_text, strip_commands

# BibTeX accents: {\"u} -> ü, \'{e} -> é, {\c c} -> ç
_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
    "k": "\u0328",
}
_ACCENT = re.compile(r"\\([\"'`^~=.]|[cvuHk](?=[\s{]))\s*\{?\s*([A-Za-z]|\\i|\\j)\s*\}?")
_LETTERS = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "aa": "å",
    "AA": "Å",
    "i": "ı",
}
_LETTER = re.compile(r"\\(ss|o|O|l|L|ae|AE|oe|aa|AA|i)(?![A-Za-z])\s*")
_MATH = re.compile(r"\$([^$]{1,200})\$")
_TAG = re.compile(r"</?[A-Za-z][^<>]{0,100}>")


def _accent(m: re.Match) -> str:
    letter = {"\\i": "i", "\\j": "j"}.get(m.group(2), m.group(2))
    return unicodedata.normalize("NFC", letter + _ACCENTS[m.group(1)])


def clean_text(raw: str) -> str:
    """`QuIP$\\#$: Even {B}etter` -> `QuIP#: Even Better`; `{I}nfer{C}ept` -> `InferCept`;
    `$\\bf{\\Phi}_\\textrm{Flow}$` -> `ΦFlow`; `Schölkopf` from `Sch{\\"o}lkopf`; HTML tags dropped."""
    text = html.unescape(_TAG.sub("", raw))
    text = _ACCENT.sub(_accent, text)
    text = _LETTER.sub(lambda m: _LETTERS[m.group(1)], text)
    text = _MATH.sub(lambda m: latex_to_text(m.group(1)), text)
    text = strip_commands(text)
    text = text.replace("{", "").replace("}", "").replace("~", " ").replace("--", "–")
    return " ".join(text.split())


def clean_name(raw: str) -> str:
    """An author's name for display: markup removed, an ALL-CAPS name in title case
    (`PAUL DUETTING` -> `Paul Duetting`)."""
    name = clean_text(raw)
    letters = [c for c in name if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 3:
        name = " ".join(part.capitalize() if len(part) > 2 else part for part in name.split())
        name = re.sub(r"(?<=-)([a-z])", lambda m: m.group(1).upper(), name)
    return name


def name_key(name: str) -> str:
    """The merge key of an author: accents and case folded, nicknames in parentheses and
    punctuation dropped (`Sung Min (Sam) Park` -> `sung min park`)."""
    name = re.sub(r"\([^)]*\)", " ", clean_text(name))
    name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w\s-]", " ", name.casefold()).replace("-", " ").split())


def institution_key(name: str) -> str:
    """The merge key of an institution: accents and case folded, `&` as `and`, punctuation and a
    leading `the` dropped (`The University of Texas at Austin`, `University of Texas at Austin`)."""
    name = "".join(c for c in unicodedata.normalize("NFKD", clean_text(name)) if not unicodedata.combining(c))
    words = re.sub(r"[^\w\s]", " ", name.casefold().replace("&", " and ")).split()
    if words[:1] == ["the"]:
        words = words[1:]
    return " ".join(words)
