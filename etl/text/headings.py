"""The headings PDF extraction leaves in an abstract, dropped: an `Abstract` heading at its start
(`Abstract: Human actions ...`, `Abstract—This paper ...`, `Abstract.Deep learning ...`,
`Abstract-In this paper ...`, `Abstract We propose ...`) and a list of keywords at its end
(`... learning theory. Keywords: Algorithms and architectures, learning theory.`, `... Index
Terms—...`), which `trailing_keywords` reads as the authors' keywords of a record that gives none.
Pure; each rule reads a bounded part of the text (its first words, its last `TAIL` characters).

Measured on the 90,999 records of the paperlists catalogue (reader6, item 13): 21 headings (14 with
a mark after `Abstract`, 7 with a space and a sentence) and 20 keyword lists; the abstracts that
begin with the term `Abstract Meaning Representation`, `Abstract dialectical frameworks` or
`Abstractive summarization` keep it, as does a `keyword-based` method in a last sentence.
"""

from __future__ import annotations

import re

# `Abstract` and a mark (`:`, `.`, a dash; a hyphen before a capital: `Abstract-based` is a word),
# or a space before a sentence: a capitalised word and a lowercase one (`Abstract In this paper`;
# not `Abstract Meaning Representation`).
_HEADING = re.compile(r"(?:Abstract|ABSTRACT)(?:\s*[:.—–]\s*|-(?=[A-Z])|\s+(?=([A-Z][a-z]*)\s+[a-z]))")
# A keyword list's heading: `Keywords`, `Key Words`, `Index Terms` (capitalised) and a colon or a
# dash, or `keywords:`; after a space or a sentence's end, with a footnote's number before it
# (`sum-product. 1 Keywords: ...`) and `Some` (`Some Key Words:`).
_KEYWORDS = re.compile(
    r"(?:(?<=[\s.;,)])|^)(?:\d\s+)?(?:Some\s+)?"
    r"(?:(?:Keywords|Key\s+[Ww]ords|KEYWORDS|KEY\s+WORDS|Index\s+Terms|INDEX\s+TERMS)\s*(?::|[—–]|-(?=\s*\w))"
    r"|keywords\s*:)\s*"
)
# A word each heading of `_KEYWORDS` holds: a tail without any has no keyword list (the regex tries
# its lookbehind at every character: a quarter of the catalogue's abstracts 0.40 -> 0.06 s of CPU).
_KEYWORD_WORDS = ("Key", "KEY", "key", "Index", "INDEX")
TAIL = 400  # the most characters a keyword list takes at the end of an abstract (the catalogue's longest: 270)
MIN_TEXT = 100  # the fewest characters of abstract before a keyword list
_MAX_KEYWORD_WORDS = 8  # a longer item of the list is a sentence the PDF's text ran on into, no keyword


def abstract_heading_dropped(text: str) -> str:
    """An abstract less an `Abstract` heading at its start: `Abstract: Human actions` -> `Human
    actions`, `Abstract We propose` -> `We propose`; `Abstract Meaning Representation (AMR) is`
    and `Abstract Interpretation is ... abstract interpretation` (the two words again later: a
    term) stay. Again while that changes something."""
    while (match := _HEADING.match(text)) and match.end() < len(text):
        word = match.group(1)
        if word and f"abstract {word.casefold()}" in text[match.end() :].casefold():
            break
        text = text[match.end() :]
    return text


def _keyword_list(text: str) -> re.Match | None:
    """The heading of the keyword list that ends `text` (the first within its last `TAIL` characters)."""
    start = max(MIN_TEXT, len(text) - TAIL)
    if len(text) <= start or not any(word in text[start:] for word in _KEYWORD_WORDS):
        return None
    return _KEYWORDS.search(text, start)


def keyword_list_dropped(text: str) -> str:
    """An abstract less the list of keywords that ends it: `... clustering algorithms. Keywords:
    Algorithms and architectures, learning theory.` -> `... clustering algorithms.`"""
    match = _keyword_list(text)
    return text[: match.start()].rstrip() if match else text


def trailing_keywords(text: str) -> str:
    """The list of keywords that ends an abstract, as written (its separators kept; a last period,
    and an item that is longer than a keyword or holds a sentence's end or a colon, dropped): `... Keywords: microrobot, magnetostrictive,
    bimorph.` -> `microrobot, magnetostrictive, bimorph`; "" when there is none."""
    match = _keyword_list(text)
    if not match:
        return ""
    listed = text[match.end() :].strip().rstrip(".").strip()
    separator = ";" if ";" in listed else ","
    items = [
        item
        for item in listed.split(separator)
        if 0 < len(item.split()) <= _MAX_KEYWORD_WORDS and ": " not in item and ". " not in item
    ]
    return separator.join(items).strip()


def headings_dropped(text: str) -> str:
    """An abstract less its `Abstract` heading and its trailing keyword list."""
    return keyword_list_dropped(abstract_heading_dropped(text))
