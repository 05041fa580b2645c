"""Revision 0064's frozen copy of `etl.text.short_forms` (read23, 2026-12-07), on revision 0061's
frozen merge and filing keys (`filed_key` below: the key a load files an institution's name under).


The catalogue writes about a hundred institutions both as `X` and as `X (S)` (`Massachusetts
Institute of Technology` and `Massachusetts Institute of Technology (MIT)`), and a few as `S (X)`
(`KAIST (Korea Advanced Institute of Science and Technology)`): each with part of the papers under a
name of its own. The parenthesis is the name's own short form when its letters are the starts of
the name's words, in order (`MIT`, `KAUST`, `TU Wien` of `Technische Universität Wien`), every word
of the name giving at least its first letter but the small words of a name (`of`, `de`, `et`, ...),
which may give one or none; or when it is one of the short forms of other words (the native name's)
the catalogue writes after an English name (`KNOWN_SHORT_FORMS`: `German Aerospace Center (DLR)`).
Then `X (S)` and `S (X)` are filed as `X` (`etl.text.institution_variants.filed_key`). Anything else
in the parenthesis is a part of the name: another institute (`Indian Institute of Technology (BHU)`,
`(ISM)`), a campus (`Hong Kong University of Science and Technology (Guangzhou)`), a short form of
other words (`Technical University of Denmark (DUT)`, `University of Munich (LMU)`), or letters of
words the name does not write (`University of California (UCLA)`: Los Angeles); those stay names of
their own. A word of the name that gives no letter leaves the two apart too (`Beijing National
Research Center for Information Science and Technology (BNRIST)`): a short form that may skip words
would join a name to the short forms of names it starts."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache

from etl.migrations.rules_0061.institution_variants import filing_key, institution_key

# The small words of a name, which a short form may take a letter of or leave out (English, French,
# Spanish, Portuguese, Italian, German, Dutch; `l` and `d` of `l'Énergie`, `d'Informatique`).
SMALL_WORDS = frozenset(
    "of the and for at in on a an to de du la le les l d des et en aux au di del della delle dei degli e y i"
    " da do das dos der die und fur van von zu inc ltd llc gmbh co corp".split()
)
# The short forms of other words (the native name's) the catalogue writes after an institution's
# English name, each with the names it stands for there (as `institution_key` gives them): `German
# Aerospace Center (DLR)` 121 papers beside `German Aerospace Center` 338. Not `Swiss Federal
# Institute of Technology` alone, which is ETH Zurich's name and EPFL's.
KNOWN_SHORT_FORMS = {
    "dlr": ("german aerospace center", "german aerospace centre", "deutsches zentrum fur luft und raumfahrt"),
    "kth": ("royal institute of technology", "kth royal institute of technology"),
    "epfl": ("swiss federal institute of technology in lausanne", "swiss federal institute of technology lausanne"),
    "eth": ("swiss federal institute of technology zurich", "swiss federal institute of technology in zurich"),
    "ethz": ("swiss federal institute of technology zurich", "swiss federal institute of technology in zurich"),
    "eth zurich": ("swiss federal institute of technology zurich", "swiss federal institute of technology in zurich"),
    "cea": ("commissariat a l energie atomique et aux energies alternatives",),
    "unc": ("university of north carolina at chapel hill",),
    "dfki": (
        "german research center for artificial intelligence",
        "german research center for ai",
        "german center for artificial intelligence",
    ),
    "hku": ("university of hong kong",),
    "jst": ("japan science and technology agency",),
    "fau": ("friedrich alexander universitat erlangen nurnberg",),
    "skoltech": ("skolkovo institute of science and technology",),
    "sokendai": ("graduate university for advanced studies",),
    "cnrs": ("french national centre for scientific research", "french national center for scientific research"),
    "ntnu": ("norwegian university of science and technology",),
    "hitsz": ("harbin institute of technology shenzhen",),
    "szu": ("shenzhen university",),
    "postech": ("pohang university of science and technology",),
    # (and two the letters find, which a reader may search by: `TU Wien` is filed as Vienna University
    # of Technology, and `INSERM`'s `et` gives its letter)
    "tu wien": ("technische universitat wien", "vienna university of technology"),
    "inserm": ("institut national de la sante et de la recherche medicale",),
}
_IN_PARENTHESES = re.compile(r"^([^()]+?)\s*\(([^()]{2,100})\)\s*$")
MAX_WORDS = 12  # (a longer name is no institution's; the match stays cheap)


def short_form_of(short: str, name: str) -> bool:
    """Whether `short` is `name`'s own short form (see the module): its letters, spaces and
    punctuation aside, are the starts of the name's words in order, each word giving at least its
    first letter but the small words, which may give none (`KAUST` of `King Abdullah University of
    Science and Technology`, `TU Wien` of `Technische Universität Wien`); False for one word alone."""
    key = institution_key(name)
    if key in KNOWN_SHORT_FORMS.get(institution_key(short), ()):
        return True
    letters = institution_key(short).replace(" ", "")
    words = key.split()
    if len(words) < 2 or len(words) > MAX_WORDS or not 2 <= len(letters) <= 3 * len(words) + 8:
        return False
    return _spelled(letters, tuple(words))


@lru_cache(maxsize=1 << 12)
def _spelled(letters: str, words: tuple[str, ...]) -> bool:
    """Whether `letters` are the starts of `words` in order, each word giving one or more but the
    small words, which may give none."""
    if not words:
        return not letters
    word, rest = words[0], words[1:]
    if word in SMALL_WORDS and _spelled(letters, rest):
        return True
    return any(_spelled(letters[size:], rest) for size in range(1, len(word) + 1) if letters[:size] == word[:size])


def without_own_short_form(name: str) -> str:
    """The name an institution is filed under when its parenthesis is its own short form (see the
    module): `Indian Institute of Science (IISc)` and `KAIST (Korea Advanced Institute of Science and
    Technology)` -> the name written out; any other name as it is."""
    found = _IN_PARENTHESES.match(name) if name.endswith(")") else None
    if not found:
        return name
    outside, inside = found[1].strip(), found[2].strip()
    if short_form_of(inside, outside):
        return outside
    if short_form_of(outside, inside):
        return inside
    return name


def known_long_forms(short: str, key_of: Callable[[str], str]) -> str:
    """The keys (`key_of` each: the filing key) of the names `KNOWN_SHORT_FORMS` has a short form
    stand for, as a JSON array (`DLR`: `["deutsches zentrum fur luft und raumfahrt", "german aerospace
    center", ...]`), `[]` for any other text."""
    return json.dumps(sorted({key_of(name) for name in KNOWN_SHORT_FORMS.get(institution_key(short), ())}))


def filed_key(name: str) -> str:
    """The key a load of this release files an institution's name under (`etl.text.institution_variants`)."""
    return filing_key(institution_key(without_own_short_form(name)))
