"""The fields of records in JSON and CSV exports: text where text is meant, and of bounded size.

An abstract may be 100,000 characters (real ones are under 5,000); any other field as much,
a title 2,000 (real ones are under 300) and a list of names or keywords 10,000 items. A record
beyond these, or with a number, object or `true` where text belongs, stops its file with one
line: what a reader keeps of it would be garbage (`{'a': 1}` as an abstract) or cost memory
out of all proportion to the file (a million-name author field).
"""

from __future__ import annotations

import re

from ..errors import InputError

MAX_FIELD_CHARS = 100_000
MAX_TITLE_CHARS = 2_000
MAX_ITEMS = 10_000


def json_kind(value: object) -> str:
    """What a JSON value is, in words: `a number`, `a list`, `an object`, `true or false`."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def text_field(
    path: str,
    value: object,
    name: str,
    line: int | None,
    where: str = "",
    *,
    numbers: bool = False,
    limit: int = MAX_FIELD_CHARS,
) -> str:
    """The text of field `name` ("" for null): a string (or, with `numbers`, a number written
    as text), at most `limit` characters; else the one-line error naming it (`where`: `item 3: `)."""
    if value is None:
        return ""
    if isinstance(value, str) or (numbers and isinstance(value, (int, float)) and not isinstance(value, bool)):
        text = value if isinstance(value, str) else str(value)
        if len(text) > limit:
            if name == "abstract":  # (as every format says it)
                raise InputError(path, f"abstract longer than {limit:,} characters; not an abstract", line)
            raise InputError(path, f"{where}`{name}` is longer than {limit:,} characters", line)
        return text
    raise InputError(path, f"{where}`{name}` is {json_kind(value)}, not text", line)


def text_items(path: str, value: object, name: str, line: int | None, where: str = "") -> str | list[str]:
    """Field `name` that may be text or a list of texts (authors, keywords), bounded in size."""
    if not isinstance(value, list):
        return text_field(path, value, name, line, where)
    if len(value) > MAX_ITEMS:
        raise InputError(path, f"{where}`{name}` has more than {MAX_ITEMS:,} items", line)
    items = [text_field(path, item, name, line, where, numbers=True) for item in value]
    if sum(map(len, items)) > MAX_FIELD_CHARS:
        raise InputError(path, f"{where}`{name}` is longer than {MAX_FIELD_CHARS:,} characters", line)
    return items


_YEAR = re.compile(r"[12][0-9]{3}")  # ASCII digits only: `²` and `٢٠٢٤` are no year here


def year_field(path: str, value: object, line: int) -> int | None:
    """A row's year: four ASCII digits (1000-2999), an empty cell None, anything else an error."""
    text = str(value if value is not None else "").strip()
    if isinstance(value, float) and value.is_integer():
        text = str(int(value))
    if not text:
        return None
    if not _YEAR.fullmatch(text):
        raise InputError(path, f"year {text[:40]!r} is not a year (four digits)", line)
    return int(text)
