"""What every reader's records become before they are stored, whatever the format: placeholders
(`TBD`, `-`) read as missing values, text without NUL characters or lone surrogates, abstracts of a
bounded size. A record left with neither an abstract nor a title is skipped, and so are front
matter (`Preface`, `Plenary talks`: `etl.text.front_matter`) and a session's listing of a paper
whose own record is another (ICCV 2015's `[From Oral 1A] ...`); one that needed a repair is stored and counted. A record's content never stops a load."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..text.front_matter import is_front_matter, listed_from_session
from ..text.placeholders import is_placeholder, is_usable_abstract
from .fields import MAX_FIELD_CHARS
from .records import Entry, Tally

MAX_ABSTRACT_CHARS = MAX_FIELD_CHARS


def settled(entry: Entry, tally: Tally, escaped: bool = True, repaired: bool = False) -> Entry | None:
    """`entry` as it is stored, or None (counted as skipped) when it has no abstract and no title.
    `escaped` says whether its text may hold escaped characters (`\\u0000`, `\\ud800`) at all:
    records read from JSON without a `\\u` escape need no look. `repaired`: the reader already
    left a field out."""
    changes: dict[str, Any] = _without_bad_characters(entry) if escaped else {}
    left_out, repaired = repaired, repaired or bool(changes)
    given = abstract = changes.get("abstract", entry.abstract)
    given_title = title = changes.get("title", entry.title)
    if abstract is not None and len(abstract) > MAX_ABSTRACT_CHARS:  # (no abstract: a whole file, more likely)
        abstract, repaired = None, True
    if abstract is not None and not is_usable_abstract(abstract, title):
        abstract = None
    if title is not None and is_placeholder(title):
        title = None
    if title is not None and is_front_matter(title):  # (`Preface`, `Plenary talks`: no paper)
        tally.skip(entry.line, f"front matter ({_quoted(title)}), no paper", dataclasses.replace(entry, **changes))
        return None
    if title is not None and listed_from_session(title, abstract):  # (`[From Oral 1A] ...`: its own record another)
        why = f"a session's listing of a paper ({_quoted(title)}), its own record another"
        tally.skip(entry.line, why, dataclasses.replace(entry, **changes))
        return None
    if abstract is None and not title:  # (an id alone is no paper a reader could see)
        why = _why_skipped(given_title, given) + (" (a field of the wrong type or size left out)" if left_out else "")
        tally.skip(entry.line, why, dataclasses.replace(entry, **changes))
        return None
    if repaired:
        tally.repaired += 1
    changes |= {"abstract": abstract, "title": title}
    if all(changes[name] is getattr(entry, name) for name in changes):
        return entry
    return dataclasses.replace(entry, **changes)


def _why_skipped(title: str | None, abstract: str | None) -> str:
    """Why a record with neither a usable title nor a usable abstract is skipped, as given."""
    said = "no title" if not title else f"placeholder title ({_quoted(title)})"
    if not abstract:
        return f"{said} and no abstract"
    if len(abstract) > MAX_ABSTRACT_CHARS:
        return f"{said} and an abstract over {MAX_ABSTRACT_CHARS:,} characters (left out)"
    return f"{said} and placeholder abstract ({_quoted(abstract)})"


def _quoted(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return f'"{text[:limit]}..."' if len(text) > limit else f'"{text}"'


def _without_bad_characters(entry: Entry) -> dict[str, object]:
    """The text fields of `entry` that hold a NUL or a lone surrogate, without them."""
    changes = {}
    for field in dataclasses.fields(entry):
        value = getattr(entry, field.name)
        fixed = _fixed(value)
        if fixed is not value:
            changes[field.name] = fixed
    return changes


def _fixed(value: object) -> object:
    """`value` (text, or tuples of text) without NULs and lone surrogates; the same object when
    there were none."""
    if isinstance(value, str):
        if "\x00" not in value:
            try:
                value.encode("utf-8")
                return value
            except UnicodeEncodeError:
                pass
        return value.replace("\x00", "").encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, tuple):
        items = [_fixed(v) for v in value]
        return value if all(a is b for a, b in zip(items, value, strict=True)) else tuple(items)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):  # (a Review)
        fixed = {f.name: _fixed(getattr(value, f.name)) for f in dataclasses.fields(value)}
        changed = {name: v for name, v in fixed.items() if v is not getattr(value, name)}
        return dataclasses.replace(value, **changed) if changed else value
    return value
