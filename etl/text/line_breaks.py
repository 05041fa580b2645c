"""Words PDF extraction broke at a line end and left so in an abstract (`Hier- archical`, `pro-
posed`, `self- supervised`), written whole as the catalogue writes them (`etl/data/line_breaks.txt`,
built by `scripts/build_line_breaks.py`); pure, linear in the text.

Two more shapes of a hyphen beside the wrong space (read27): a negation's `non- viable` (`non` is no
word alone, so `non-viable` whatever the catalogue's counts: 10 abstracts), and a hyphen glued
to the next word, `end -effector`, `real -world`, `large -scale` (7 in 6 abstracts), written as the
list writes the pair. Every other ` -x` of the catalogue's abstracts stays: mostly math the source
lost (`an -accurate` of an ε, `k -sum`) or a dash (`ellipsoids -that prove`)."""

from __future__ import annotations

import re

from ..settings import package_folder

LINE_BREAKS_FILE = package_folder("etl") / "data" / "line_breaks.txt"
# A word, a hyphen, a space and lower-case letters: a word broken at a line end, or not.
BROKEN = re.compile(r"\b([A-Za-z]+)- ([a-z]+)\b")
# A word, a space, a hyphen and lower-case letters: a hyphenated word whose hyphen went to the next.
GLUED = re.compile(r"\b([A-Za-z]+) -([a-z]+)\b")
# What follows a suspended `non-` (`non- and semi-parametric`): the pair of two words sharing an end.
_SHARED_END = frozenset(("and", "or", "nor", "to", "versus", "vs"))


def _forms() -> frozenset[str]:
    lines = LINE_BREAKS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


WHOLE = _forms()


def _whole(match: re.Match) -> str:
    first, second = match.group(1), match.group(2)
    joined = first + second
    if joined.casefold() in WHOLE:
        return joined
    if f"{first}-{second}".casefold() in WHOLE:
        return f"{first}-{second}"
    if first.casefold() == "non" and second not in _SHARED_END:  # (`non- viable`: never a word alone)
        return f"{first}-{second}"
    return match.group()


def _hyphenated(match: re.Match) -> str:
    first, second = match.group(1), match.group(2)
    if f"{first}-{second}".casefold() in WHOLE:
        return f"{first}-{second}"
    if (first + second).casefold() in WHOLE:
        return first + second
    return match.group()


def joined_line_breaks(text: str) -> str:
    """`Hier- archical Directed` -> `Hierarchical Directed`, `pro- posed` -> `proposed`,
    `self- supervised` -> `self-supervised`, `non- viable` -> `non-viable`, `end -effector` ->
    `end-effector`; `pre- and post-processing`, and a pair the catalogue does not write whole, as
    written."""
    if "- " in text:
        text = BROKEN.sub(_whole, text)
    return GLUED.sub(_hyphenated, text) if " -" in text else text
