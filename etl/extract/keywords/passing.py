"""What an abstract names only in passing, inside a list of the areas its work applies to
(`fields including robotics and computer vision`, `applications, e.g., in finance, healthcare, and
autonomous driving`, `which include robotics, warehouse management, ...`); pure.

A topic's specific term written there is an example of where the work might be used, not its
subject: topic matching (`etl/extract/keywords/topics.py`) counts it as a suggestive term. A list
starts after a cue (`such as`, `including`, `include`, `e.g.`, `for example`, `for instance`,
`ranging from`, or an area word followed by `of`, `in`, `to`, `like`: `applications in`, `fields
like`) and runs within one sentence over at most LIST_WINDOW words, up to a word that starts a
clause (`that`, `which`, `we`, `is`, `using`, ...); it is a list only if it names several items
(a comma, `and`, `or`, `as well as`): `such as autonomous driving` alone may be the paper's setting.
"""

from __future__ import annotations

import re

from .phrases import phrase_candidates
from .prose import matches_from

LIST_WINDOW = 15  # words read after the cue (`e.g., in finance, healthcare, and autonomous driving`)
_AREA = r"(?:applications?|fields?|domains?|areas?|disciplines?|industries|sectors?)"
_CUE = re.compile(
    rf"(?:\bsuch\s+as|\binclud(?:ing|es?)|\be\.\s?g\.|\bfor\s+(?:example|instance)|\branging\s+from"
    rf"|\b{_AREA}\s+(?:of|in|to|like))[\s,:]",
    re.IGNORECASE,
)
# what ends a list: a sentence's or a clause's punctuation, or a word that starts a clause
_END = re.compile(
    r"[.;:!?()\[\]]|\b(?:that|which|where|when|while|whose|who|we|our|this|these|it|its|is|are|was|were|be|been"
    r"|being|has|have|had|can|could|will|would|may|might|must|should|do|does|did|using|via|through|by|with"
    r"|without|from|than|since|because|although|though|however|thus|therefore|hence|but|yet|remains?"
    r"|requires?|poses?|makes?|enables?)\b",
    re.IGNORECASE,
)
_ITEMS = re.compile(r",|\b(?:and|or|as\s+well\s+as)\b", re.IGNORECASE)
_WORD = re.compile(r"\S+")
# Where a cue can start, in lower case: `_CUE` is tried only there (searched over a whole abstract,
# its alternatives at every place took 38 us an abstract, half of what finding the lists cost).
_CUE_STARTS = (
    *("such", "includ", "e.", "for", "ranging"),
    *("application", "field", "domain", "area", "disciplin", "industries", "sector"),
)


def passing_mentions(text: str) -> dict[str, int]:
    """Lower-case words and normalised phrases (the keys topic matching counts) -> how often the
    text writes them inside a list of application areas. `text` is the cleaned abstract."""
    lists = application_lists(text)
    if not lists:
        return {}
    found: dict[str, int] = {}
    for items in lists:
        words, phrases = phrase_candidates(items)
        for key, count in words.items():
            found[key] = found.get(key, 0) + count
        for key, entry in phrases.items():
            if " " in key:
                found[key] = found.get(key, 0) + entry[0]
    return found


def application_lists(text: str) -> list[str]:
    """The lists of application areas in `text`, each as written after its cue."""
    lists = []
    for cue in _cues(text):
        rest = text[cue.end() :]
        end = _END.search(rest)
        span = rest[: end.start()] if end else rest
        words = _WORD.findall(span)[:LIST_WINDOW]
        if words and words[0].lower() in {"in", "to", "of"}:  # `e.g., in finance, ...`
            words = words[1:]
        items = " ".join(words)
        if _ITEMS.search(items.strip(" ,")):
            lists.append(items)
    return lists


def _cues(text: str) -> list[re.Match]:
    """`_CUE`'s matches in `text`, as `finditer` gives them (left to right, none overlapping), tried
    only where one of `_CUE_STARTS` is written."""
    return matches_from(_CUE, text, _CUE_STARTS)
