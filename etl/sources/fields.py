"""The fields of records in JSON and CSV exports: text where text is meant, numbers where numbers
are, and of bounded size.

An abstract may be 100,000 characters (real ones are under 5,000); any other field as much,
a title 2,000 (real ones are under 300) and a list of names or keywords 10,000 items. A field
beyond these, or with a number, object or `true` where text belongs, is left out of the record
and the record counts as repaired: what a reader kept of it would be garbage (`{'a': 1}` as an
abstract) or cost memory out of all proportion to the file (a million-name author field). So is
a count beyond 1,000,000,000 (`gs_citation` 9223372036854775807, `citations` 1e300): no paper
is cited so often (the catalogue's most cited, 269,257), and no database column holds it all;
and so is an author keyword of over 200 characters (a 50,000-character "keyword" would be a
keyword chip and a URL of its own).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping

MAX_FIELD_CHARS = 100_000
MAX_TITLE_CHARS = 2_000
MAX_ITEMS = 10_000
MAX_COUNT = 1_000_000_000  # (under PostgreSQL's 32-bit integer, 2,147,483,647)
MAX_VENUE_CHARS = 200
MAX_KEYWORD_CHARS = 200  # a keyword, the authors' or extracted (the catalogue's longest: 125)
_YEAR = re.compile(r"[12][0-9]{3}")  # ASCII digits only: `²` and `٢٠٢٤` are no year here
# Characters a venue's name never has, for they are not printed: control characters and line
# breaks, format characters (U+200B zero-width space, U+202E right-to-left override), surrogates,
# private-use and unassigned code points.
_UNPRINTED = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
# Characters a reader sees as a box: U+FFFC, the place of an object pasted into the text (6 NeurIPS
# 2014-2015 titles: `Exchangeable ￼Random Partitions`), read as a space; and private-use code points
# (a PDF font's own glyphs: the catalogue's `Montanuniversit\uf1e9at` is an umlaut's), dropped. The
# record counts as repaired (the tenth reader's item 3).
_BOXES = re.compile("[\ufffc\ue000-\uf8ff]")
# Letters and marks shown as nothing (Unicode's default-ignorable ones that are no format
# character: the Hangul fillers, the combining grapheme joiner, variation selectors) and the
# blank Braille pattern: `--venue $'\u3164'` named a venue no one sees
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)


def venue_problem(venue: str) -> str | None:
    """What is wrong with a venue's name (a field, or `--venue`), or None: it names something, in
    at most `MAX_VENUE_CHARS` characters, every one of them printed."""
    if not venue.strip():
        return "names no venue"
    if len(venue) > MAX_VENUE_CHARS:
        return f"a venue of over {MAX_VENUE_CHARS} characters"
    unprinted = next((c for c in venue if unicodedata.category(c) in _UNPRINTED or _INVISIBLE.match(c)), None)
    if unprinted is not None:
        named = unicodedata.name(unprinted, "a control character").lower()
        return f"a venue with U+{ord(unprinted):04X} ({named}), a character that is not printed"
    if all(c.isspace() or unicodedata.category(c).startswith("M") for c in venue):
        return "a venue of combining marks alone, with no character they mark"
    return None


def year_problem(year: int) -> str | None:
    """What is wrong with a year (`--year`), or None: a year is one a field may give, 1000-2999."""
    if isinstance(year, bool) or not isinstance(year, int) or not _YEAR.fullmatch(str(year)):
        return f"{str(year)[:20]!r} is no year (1000-2999)"
    return None


class RecordFields:
    """One record's fields (a JSON object or a CSV row), each read as what it should be. A field
    that is not is left out, and `repaired` says so."""

    def __init__(self, values: Mapping[str, object]):
        self.values = values
        self.repaired = False

    def _drop(self) -> str:
        self.repaired = True
        return ""

    def text(self, name: str, *, numbers: bool = False, limit: int = MAX_FIELD_CHARS) -> str:
        """The text of field `name` ("" for none): a string (or, with `numbers`, a number written
        as text) of at most `limit` characters."""
        value = self.values.get(name)
        if value is None:
            return ""
        if isinstance(value, str):
            return self._unboxed(value) if len(value) <= limit else self._drop()
        if numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        return self._drop()

    def items(self, name: str) -> str | list[str]:
        """Field `name` that may be text or a list of texts (authors, keywords), bounded in size."""
        value = self.values.get(name)
        if not isinstance(value, list):
            return self.text(name)
        items = [
            self._unboxed(item) if isinstance(item, str) else str(item)
            for item in value
            if isinstance(item, (str, int))
        ]
        if len(items) != len(value) or len(items) > MAX_ITEMS or sum(map(len, items)) > MAX_FIELD_CHARS:
            return self._drop()
        return items

    def _unboxed(self, text: str) -> str:
        """`text` without the characters a reader sees as boxes (`_BOXES`), the record repaired."""
        if text.isascii() or not _BOXES.search(text):
            return text
        self.repaired = True
        return _BOXES.sub(lambda box: " " if box.group() == "\ufffc" else "", text)

    def bounded(self, items: tuple[str, ...], limit: int) -> tuple[str, ...]:
        """`items` without those of over `limit` characters, each left out as a field too large is."""
        kept = tuple(item for item in items if len(item) <= limit)
        if len(kept) != len(items):
            self.repaired = True
        return kept

    def number(self, name: str, *, pair: bool = False) -> float | None:
        """A finite number (a numeric text too); with `pair`, also the mean of `[mean, std]`."""
        value = self.values.get(name)
        if pair and isinstance(value, list) and value:
            value = value[0]
        if isinstance(value, str) and value.strip():
            try:
                value = float(value)
            except ValueError:
                self._drop()
                return None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            if value not in (None, "", []):
                self._drop()
            return None
        return float(value) if math.isfinite(value) else None

    def count(self, name: str) -> int | None:
        """A count (citations): a whole number up to `MAX_COUNT`, fractions dropped; a negative one
        says unknown (paperlists writes -1): None. A larger one is left out, as a field of the
        wrong type is."""
        value = self.number(name)
        if value is None or value < 0:
            return None
        if value > MAX_COUNT:
            self._drop()
            return None
        return int(value)

    def venue(self, name: str = "venue") -> str | None:
        """A venue's name, stripped (None for none); one `venue_problem` finds wrong is left out."""
        text = self.text(name, limit=MAX_VENUE_CHARS).strip()
        if text and venue_problem(text):
            self._drop()
            return None
        return text or None

    def year(self, name: str = "year") -> int | None:
        """A year: four ASCII digits (1000-2999); an empty field None, anything else left out."""
        value = self.values.get(name)
        text = str(value if value is not None else "").strip()
        if isinstance(value, float) and value.is_integer():
            text = str(int(value))
        if not text:
            return None
        if not _YEAR.fullmatch(text):
            self._drop()
            return None
        return int(text)
