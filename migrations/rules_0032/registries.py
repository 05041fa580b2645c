"""Venue names and status words as revision 0032 reads them (frozen copies; see the package)."""

from __future__ import annotations

import csv
import re
from functools import cache
from importlib.resources import files as package_files

_ACCEPT_AS = re.compile(r"^accept(?:ed)?\s*[(:-]\s*([^)]*)\)?$")
Status = tuple[str | None, str | None, str | None]  # (decision, presentation, track)
UNKNOWN: Status = (None, None, None)


def _rows(name: str) -> list[dict[str, str]]:
    text = (package_files("etl.migrations.rules_0032") / name).read_text(encoding="utf-8")
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


@cache
def _aliases() -> dict[str, str]:
    aliases: dict[str, str] = {}
    for row in _rows("venues.csv"):
        for written in (row["venue"], row["alias"]):
            aliases.setdefault(_name_key(written), row["venue"])
    return aliases


def canonical_venue(name: str) -> str:
    """The canonical name of the venue `name` names; a name not in the registry, stripped."""
    return _aliases().get(_name_key(name), name.strip())


def _word_key(word: str) -> str:
    return " ".join(word.casefold().replace("_", " ").replace("-", " ").split())


@cache
def _statuses() -> dict[str, Status]:
    return {
        _word_key(r["word"]): (r["decision"] or None, r["presentation"] or None, r["track"] or None)
        for r in _rows("statuses.csv")
    }


def status_of(word: str) -> Status:
    """(decision, presentation, track) a status word says; UNKNOWN for a word not in the registry."""
    key = _word_key(word)
    known = _statuses().get(key)
    if known is not None:
        return known
    m = _ACCEPT_AS.match(key)
    if m:
        named = m.group(1).strip()
        return ("accepted", _statuses().get(named, UNKNOWN)[1] or named or None, None)
    return UNKNOWN
