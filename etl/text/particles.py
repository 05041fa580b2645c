"""The particles of a name: the words that start its family name (`van der` of `Mihaela van der
Schaar`, `De la` of `Fernando De la Torre`); pure.

Reading lists write the family name with them (`van der Schaar, Mihaela`: `citation_names`); the
merge key of an author leaves them out (`authors.name_key`), because some sources drop them (PMLR's
AISTATS 2018 writes `Mihaela Schaar`, NeurIPS `Hado Hasselt`, ICML 2018 `Aaron Oord`), and the
name shown is a spelling with them (`etl.load.people`).
"""

from __future__ import annotations

import unicodedata

# Words of a name that start its family name (`Vincent van Gogh` is `van Gogh, Vincent`).
PARTICLES = frozenset("van von der den de del della di da dos das du le la ter ten zu al el bin ibn".split())
# Capitalised, they do too inside a name (`Luc Van Gool`, `Valentin De Bortoli`, `Nicolas Le Roux`,
# `Laurent El Ghaoui`), but not before an East Asian family name, where they are given names (`Minh
# Van Nguyen`, `Phi Le Nguyen`, `Jin Da Tan`).
CAPITAL_PARTICLES = frozenset(w.capitalize() for w in PARTICLES - {"bin", "ibn"})
EAST_ASIAN_FAMILY_NAMES = frozenset(
    "nguyen tran le pham hoang huynh phan vu vo dang bui do ho ngo duong ly dinh truong lam"
    " tan xu li lee wang zhang liu chen yang huang zhao wu zhou sun ma zhu hu guo lin he gao luo"
    " kim park choi jung kang cho yoon jang lim".split()
)
# Words after a name that are not a name: `Cox, Jr., Louis`, `Martin Luther King Jr.`.
SUFFIXES = frozenset("jr jr. sr sr. ii iii iv v vi phd ph.d. md m.d.".split())


def is_particle(word: str, family: str) -> bool:
    """Whether `word`, inside a name whose family name ends in `family`, starts that family name."""
    capital = word in CAPITAL_PARTICLES or (word.isupper() and word.capitalize() in CAPITAL_PARTICLES)  # (`DE LA`)
    return word in PARTICLES or (capital and family.casefold() not in EAST_ASIAN_FAMILY_NAMES)


def family_start(words: list[str], end: int) -> int:
    """Where the family name with its particles starts in `words[:end]` (the last of them the family
    name itself): never at the first word (`Van Jacobson`: a given name), nor at one word alone."""
    start = end - 1
    while start > 1 and is_particle(words[start - 1], words[end - 1]):
        start -= 1
    return start


def name_end(words: list[str]) -> int:
    """The words of a name before its suffix (`Martin Luther King Jr.`: the first three)."""
    return len(words) - 1 if len(words) > 2 and words[-1].casefold().rstrip(",") in SUFFIXES else len(words)


def without_particles(name: str) -> str:
    """The words of a display name less the particles of its family name, for its merge key
    (`Mihaela van der Schaar` -> `Mihaela Schaar`, `Fernando De la Torre` -> `Fernando Torre`,
    `Martin van Buren Jr.` -> `Martin Buren Jr.`), a hyphen read as the key reads it, a space
    (`Sahar El-Khoury` and `Sahar El Khoury` -> `Sahar Khoury`, `P. Gonzalez-de-Santos` -> `P.
    Gonzalez Santos`). A given name stays: the first word (`Van Jacobson`), a word after a hyphen
    in a given name (`Wei-Di Chang`), one before a family name that may be East Asian (`Minh Van
    Nguyen`, `Chris van der Lee`); so does a family name alone (`Soham De`)."""
    words = name.split()
    end = name_end(words)
    parts = [(_folded(part), k) for k, word in enumerate(words[:end]) for part in word.split("-") if part]
    if len(parts) < 3 or parts[-1][0].casefold() in EAST_ASIAN_FAMILY_NAMES:
        return name
    family, start = parts[-1][0], len(parts) - 1
    while start > 1 and (k := parts[start - 1][1]) > 0 and is_particle(parts[start - 1][0], family):
        if k < end - 1 and not _folded(words[k]).startswith(parts[start - 1][0]):
            break  # (a given name's part after a hyphen)
        start -= 1
    if start == len(parts) - 1:
        return name
    return " ".join([*(part for part, _ in parts[:start]), family, *words[end:]])


def _folded(word: str) -> str:
    """A word without its accents, as the merge key reads it (`Lê-Huu` and `Le-Huu` alike)."""
    if word.isascii():
        return word
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


# Lower-case words of a name that stay so when a name written all in lower case is shown with
# capitals: the particles and the joining words of Spanish, Catalan, French and Dutch names
# (`Ortega y Gasset`, `Bermudez i Badia`, `Alexandre dit Sandretto`, `uit de Bos`).
LOWER_WORDS = PARTICLES | frozenset(("y", "e", "i", "und", "dit", "zur", "zum", "uit", "het"))


def capitalised(name: str) -> str:
    """A name of two words or more whose first word a source wrote in lower case (`mengmeng Ge`,
    `shenghao zhang`, `hala skaf-molli`: 75 of the catalogue's 104 names that start in lower case)
    with each word of lower-case letters capitalised, hyphenated parts too (`Hala Skaf-Molli`),
    particles kept (`LOWER_WORDS`); any other name as written: a first word with a capital inside
    (`andYunhong Wang`, `cRaffaello D'Andrea`: debris of the record, no certain repair), one word
    (`zhuben`, `ecprice`: a user name), a name that starts with a particle (`van der Maaten`), and
    a lower-case word after a capitalised first one (`Hugo Van hamme` writes it so)."""
    words = name.split(" ")
    if len(words) < 2 or not words[0][:1].islower() or words[0] in LOWER_WORDS:
        return name
    return " ".join(w if w in LOWER_WORDS else "-".join(map(_capital, w.split("-"))) for w in words)


def _capital(part: str) -> str:
    return part[:1].upper() + part[1:] if part.isalpha() and part.islower() else part
