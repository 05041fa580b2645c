"""A ranked keyword of one paper."""

from __future__ import annotations

from typing import NamedTuple


class Keyword(NamedTuple):
    """A ranked keyword of one paper (a named tuple: cheap to send between processes)."""

    normalised: str
    label: str
    kind: str  # method, acronym, phrase or topic
    score: float
    aliases: tuple[str, ...] = ()
