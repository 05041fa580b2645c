"""What a source's status word says of a paper (its decision, presentation and track), by the
registry `etl/registries/statuses.csv`; pure."""

from __future__ import annotations

import csv
import re
from functools import cache, lru_cache
from typing import NamedTuple

from ..settings import package_folder


class Status(NamedTuple):
    """What one status word says: each part None where the word does not say it."""

    decision: str | None = None
    presentation: str | None = None
    track: str | None = None


UNKNOWN = Status()
_ACCEPT_AS = re.compile(r"^accept(?:ed)?\s*[(:-]\s*([^)]*)\)?$")


def registry_text() -> str:
    """The registry as bundled (a revision that decides stored papers again freezes a copy)."""
    return (package_folder("etl") / "registries" / "statuses.csv").read_text(encoding="utf-8")


def word_key(word: str) -> str:
    """A status word as the registry lists it: lower case, `-` and `_` as spaces, spacing aside."""
    return " ".join(word.casefold().replace("_", " ").replace("-", " ").split())


@cache
def statuses() -> dict[str, Status]:
    """Every word of the registry -> what it says."""
    rows = csv.DictReader(line for line in registry_text().splitlines() if not line.startswith("#"))
    return {
        word_key(row["word"]): Status(row["decision"] or None, row["presentation"] or None, row["track"] or None)
        for row in rows
    }


@lru_cache(maxsize=1 << 12)  # (a few hundred words, asked of every record)
def status_of(word: str) -> Status:
    """What a status word says: `Oral` is (accepted, oral), `Reject` (rejected), `Accept
    (Spotlight)` (accepted, spotlight), COLING's `Industry` (accepted, track industry); a word
    the registry does not know says nothing (`UNKNOWN`)."""
    key = word_key(word)
    known = statuses().get(key)
    if known is not None:
        return known
    m = _ACCEPT_AS.match(key)
    if m:
        named = m.group(1).strip()
        return Status("accepted", statuses().get(named, UNKNOWN).presentation or named or None)
    return UNKNOWN


def decision_of(word: str) -> tuple[str | None, str | None]:
    """(decision, presentation) of a status word (see `status_of`)."""
    return status_of(word)[:2]
