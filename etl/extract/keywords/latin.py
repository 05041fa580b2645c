"""The Latin expressions whose first word is a stop word (`roles.LATIN`: `in situ`, `a priori`) as
alternatives of the word pattern (`phrases._WORD_OR_BREAK`), which reads each as one word, written
so that the regex engine enters them only where a word starts with their letters (kwdebris26)."""

from __future__ import annotations

import re

from .roles import LATIN


def latin_alternatives() -> str:
    """The Latin expressions as alternatives of the word pattern, one a first word, whose letters
    and tails' first letters stand in case-sensitive classes (`[Aa] (?:[Pp](?i:osteriori|riori))`):
    the regex engine skips an alternative whose first class the character misses without entering
    it, and leaves one at the first word's end (`and`, `an`) or the tail's first letter (`in the`);
    a case-blind `(?i:a priori|in situ|...)` it tried at every word's start, 4 % of the
    extraction's instructions (kwdebris26). A class holds what `(?i:)` matches (`_cases`)."""
    tails: dict[str, dict[str, list[str]]] = {}
    for expression in sorted(LATIN):
        first, tail = expression.split(" ", 1)
        tails.setdefault(first, {}).setdefault(tail[0], []).append(tail[1:])
    return "|".join(
        "".join(f"[{_cases(c)}]" for c in first)
        + " (?:"
        + "|".join(f"[{_cases(c)}](?i:{'|'.join(rests)})" for c, rests in by_letter.items())
        + r")(?![\w-])"
        for first, by_letter in tails.items()
    )


def _cases(letter: str) -> str:
    """The characters a case-blind pattern matches for an ASCII `letter` (`Ss`, `Iiİı`, `Kk` and the Kelvin sign)."""
    return "".join(
        sorted(c for c in {letter, letter.upper(), "İ", "ı", "ſ", "\u212a"} if re.fullmatch(f"(?i:{letter})", c))
    )
