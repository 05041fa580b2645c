"""Words PDF extraction broke at a line end and left so in an abstract (`Hier- archical`, `pro-
posed`, `self- supervised`), written whole as the catalogue writes them (`etl/data/line_breaks.txt`,
built by `scripts/build_line_breaks.py`); pure, linear in the text."""

from __future__ import annotations

import re
from importlib.resources import files as package_files
from pathlib import Path

LINE_BREAKS_FILE = Path(str(package_files("etl") / "data" / "line_breaks.txt"))
# A word, a hyphen, a space and lower-case letters: a word broken at a line end, or not.
BROKEN = re.compile(r"\b([A-Za-z]+)- ([a-z]+)\b")


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
    return match.group()


def joined_line_breaks(text: str) -> str:
    """`Hier- archical Directed` -> `Hierarchical Directed`, `pro- posed` -> `proposed`,
    `self- supervised` -> `self-supervised`; `pre- and post-processing`, and a pair the catalogue
    does not write whole, as written."""
    return BROKEN.sub(_whole, text) if "- " in text else text
