"""Venues an abstract cites: a conference the venue registry (`etl/registries/venues.csv`) names,
written before a year (`proposed at NIPS 2008 and AISTATS 2013`, `the second paradigm, proposed at
ICML 2014`, `benchmarked since CVPR 2011`, `placed first in the ICRA 2011 Solutions in
Perception challenge`, `(COLT, 2023)`), is a reference to other work, no keyword of the citing
paper: neither the venue and its year (`ICML 2014`, a name by its version number) nor the venue's
name alone (`ICRA`, `CVPR`) where the abstract so cites it. A name the abstract defines as its own
short form stays (`the Extended COCO Validation (ECCV) Caption dataset`), and so does a venue the
abstract names without a year (`the ACL anthology`, `ACL reconstruction`). Issue #36 (kwdebris25)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from ...sources.venue_names import short_names
from .normalise import normalise_keyword

# A year (`2008`, `'18`), and a venue's name right before it: `NIPS 2008`, `ICML-2014`, `(COLT, 2023)`,
# `NeurIPS'18`, `ICCV’19`. The years are found first and the name looked for in the BEFORE characters
# before one: most abstracts write no year, or one no venue precedes (`2000 images`). A pattern for
# each of a year's first characters, looked for only in a text that has them (`str.find`'s search):
# one pattern of the four (`(?:19|20)\d\d(?!\d)|['’]\d\d(?!\d)`) was tried at every character, 5 % of
# the extraction's instructions (the same years: no two can overlap; kwdebris26).
_YEARS = tuple((start, re.compile(start + r"\d\d(?!\d)")) for start in ("19", "20", "'", "’"))
BEFORE = 24


@cache
def _names() -> frozenset[str]:
    return frozenset(name.casefold() for name in short_names())


def cited_venues(text: str) -> set[str]:
    """The keys (`normalise_keyword`) of the venues `text` cites, alone and with each year it
    writes after them (`ICML 2014`: `icml`, `icml 2014`); a name written in lower case is no
    venue's (`5 mm 2019`)."""
    keys: set[str] = set()
    for year in (year for start, pattern in _YEARS if start in text for year in pattern.finditer(text)):
        at = year.start()
        if at and (text[at - 1].isdigit() or text[at - 1] == "."):  # (`12019`, `0.2019`)
            continue
        words = text[max(0, at - BEFORE) : at].rstrip(" ,-\t\n").split()
        for name in (" ".join(words[-2:]), words[-1] if words else ""):
            name = name.lstrip("([")
            if name.casefold() in _names() and not name.islower():
                keys.add(normalise_keyword(name))
                keys.add(normalise_keyword(f"{name} {year.group().lstrip(chr(39) + '’')}"))
                break
    return keys


def drop_cited_venues(
    text: str, methods: dict[str, tuple[str, float]], phrases: dict[str, list], defined: Mapping[str, str]
) -> None:
    """Take the venues `text` cites (`cited_venues`) out of its `methods` and `phrases` (keyed by
    `normalise_keyword`), but for a short form the abstract defines (in `defined`)."""
    cited = cited_venues(text)
    if not cited:
        return
    for key in cited - defined.keys():
        methods.pop(key, None)
        phrases.pop(key, None)
