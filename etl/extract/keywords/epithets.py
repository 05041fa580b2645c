"""The second word of a species' binomial (`Pleurosira laevis`, `C. elegans`): a one-word candidate
that is no term alone (`mark_epithets`, read with the pieces of longer terms, `pieces`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .phrases import HEADLESS
from .termhood import TERMHOOD
from .wordlists import COMMON_WORDS

# The second word of a species' binomial (`Pleurosira laevis`, `C. elegans`) is no term alone: a
# one-word candidate in lower case that the abstract writes only right after a capitalised word or
# an initial, and after an initial at least once (`C. elegans`) or that no counted phrase of the
# catalogue is (no `termhood` count, no common word: `laevis`), is that name's piece
# (`phrases.HEADLESS`: no keyword unless authors choose it). A word the catalogue writes as a term
# stays after any capitalised word (`Bayesian meta-learning`, `Conro quadrupeds`). Issue #36
# (kwname21: `laevis`, ICRA 2011, both judges of sample-2106).
_FULL_STOP_LOWER = re.compile(r"\. [a-z]")  # (`_writes_initial`)


def _names_before(text: str, word: str) -> list[str] | None:
    """The word before each place `text` writes `word` (a whole word), where every one is a
    capitalised word or an initial (`Pleurosira`, `C.`); else None. String searches alone: most
    candidates fail at their first place, and a pattern over the whole text cost 6 % of extraction."""
    found, at = [], text.find(word)
    while at != -1:
        end = at + len(word)
        rest = text[end : end + 3]  # (the word, or its plural: `monocopters` of `monocopter`)
        plural = (rest[:1] == "s" and not rest[1:2].isalnum()) or (rest[:2] == "es" and not rest[2:3].isalnum())
        if (at == 0 or not text[at - 1].isalnum()) and (plural or not (rest[:1].isalnum() or rest[:1] == "-")):
            if at < 2 or text[at - 1] != " ":
                return None
            space = text.rfind(" ", 0, at - 1)
            before = text[space + 1 : at - 1]
            initial = len(before) == 2 and before[1] == "."
            if not before[:1].isupper() or not (initial or (before[1:].isalpha() and before[1:].islower())):
                return None
            if not initial and (
                space < 1 or text[space - 1] in ".!?:"
            ):  # (a sentence's first word: `Small monocopters`)
                return None
            found.append(before)
        at = text.find(word, end)
    return found or None


def mark_epithets(text: str, phrases: Mapping[str, list]) -> None:
    """Mark headless the candidates of `phrases` that are a binomial's second word (above)."""
    initials = _writes_initial(text)  # (most abstracts write none: only unknown words are looked at)
    counts = TERMHOOD.counts
    for key, entry in phrases.items():
        if " " in key or (not initials and (key in COMMON_WORDS or key in counts)):
            continue
        written = entry[2]
        if not written.islower() or entry[3] == HEADLESS:
            continue
        unknown = not initials or (key not in COMMON_WORDS and key not in counts)
        before = _names_before(text, written)
        if before is not None and (unknown or any(b.endswith(".") for b in before)):
            entry[3] = HEADLESS


def _writes_initial(text: str) -> bool:
    """Whether `text` writes an initial before a word in lower case (`C. elegans`: a capital A-Z, a
    full stop, a space, a letter a-z). The pattern `[A-Z]\\. [a-z]` was tried at each place of the
    text (a third of `mark_epithets`' time); one that opens with `. ` is found by a search for that
    string, and few full stops are followed by a word in lower case (4.5x less time)."""
    for match in _FULL_STOP_LOWER.finditer(text):
        at = match.start()
        if at and "A" <= text[at - 1] <= "Z":
            return True
    return False
