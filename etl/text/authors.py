"""Author fields as people: one field split into names, each name's display form and merge key
(`Smith, Alice and Jones, Bob`, `Alice Smith, Bob Jones and Carol White`, `Munos, Rémi`); pure.

Every reader splits with `split_authors` and keeps the names as written; the loader shows
`clean_name` and merges by `name_key`, so `Munos, Rémi`, `REMI MUNOS` and `Rémi Munos` are one
author whichever source wrote them, and lists each person of a paper once (`people`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .cleaning import clean_text
from .diacritics import compose_diacritics
from .name_repairs import is_institution, is_name_suffix, repair_name
from .particles import PARTICLES, SUFFIXES, capitalised, without_particles
from .placeholders import is_placeholder

# Fields list names with these between them (CJK lists with the ideographic and full-width commas).
LIST_SEPARATORS = ";；|、，\n"
# Parts of a name after a comma that are not a first name: `Cox, Jr., Louis`, `Google, Inc.` (`SUFFIXES`).
ORGANISATION_SUFFIXES = frozenset("inc inc. ltd ltd. llc corp corp. co co. gmbh ag sa s.a. plc lab labs".split())
# What BibTeX and others write for `and more` (`Smith, Alice and others`): no author.
NO_AUTHOR = frozenset(("others", "et al", "et al.", "etal", "and others"))
_TOKEN = re.compile(r"[{}]| (?:(?:and|&) )+")  # (`Alice Smith and and Bob Jones`: one separator)
_JOINERS = frozenset(("and", "&"))
# `Alice Smith, Bob Jones et al.`: the list goes on, but no name is `Bob Jones et al.` (the
# look-behind keeps the search linear on a run of commas).
_ET_AL = re.compile(r"(?:^|(?<![ ,])[ ,]+)(?:et(?:\. ?| )al\.?|and others|& others|etc\.)$", re.IGNORECASE)
_LIST_TOKEN = re.compile(f"[{{}}{LIST_SEPARATORS}]")
_INITIALS = re.compile(r"(?:[A-Z]\.?(?:-[A-Z]\.?)?\s?){1,4}")
_NICKNAME = re.compile(r"\([^()]{0,100}\)")
_PUNCTUATION = re.compile(r"[^\w\s-]")
_NOTE_MARKS = "*†‡§¶#⁰¹²³⁴⁵⁶⁷⁸⁹"  # (superscript digits: `Bingbing Ni⁴`, `Xianbin Cao ²`)
_GLUED_NUMBER = re.compile(r"(?<=[^\W\d_])\d{1,2}$")  # `Ömer Morgül1`: an affiliation's number
# Letters NFKD does not take apart, folded as their accents are (`Michał`, `Thorbjørn`, `Saranlı`).
_FOLDED_LETTERS = str.maketrans({"ı": "i", "ø": "o", "ł": "l", "đ": "d", "æ": "ae", "œ": "oe", "ß": "ss"})
# A field without any of these is one name as it stands (most fields of a `;`-separated list):
# braces, list separators, commas, `&`; and one with the word `and` in it is not either.
_PLAIN_FIELD = re.compile(f"[{{}},&{LIST_SEPARATORS}]")
_AND_WORD = re.compile(r"(?:^| )and(?: |$)")
_ET_AL_ENDINGS = ("al", "al.", "etc.", "others")  # (where `_ET_AL` may end one: the whole rule decides)


def _split_outside_braces(text: str, token: re.Pattern) -> list[str]:
    """`text` cut at each match of `token` that is not inside braces (`{Barnes and Noble}`)."""
    parts, depth, start = [], 0, 0
    for m in token.finditer(text):
        if m.group() == "{":
            depth += 1
        elif m.group() == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            parts.append(text[start : m.start()])
            start = m.end()
    parts.append(text[start:])
    return parts


def _alphabetic(text: str) -> bool:
    """Whether every letter is Latin, Greek or Cyrillic: scripts whose names put the family name
    last unless a comma says otherwise."""
    return all(ord(c) < 0x0530 or 0x1E00 <= ord(c) <= 0x1FFF for c in text if c.isalpha())


def _is_suffix(part: str) -> bool:
    return part.strip().casefold() in SUFFIXES | ORGANISATION_SUFFIXES


def _last_first(left: str, right: str) -> bool:
    """Whether `left, right` is one name written family name first (`Smith, Alice`, `De Sa,
    Christopher`, `van der Berg, Jan Willem`, `Smith, J. R.`) rather than two names (`Alice
    Smith, Bob Jones`)."""
    if not (_alphabetic(left) and _alphabetic(right)):
        return False
    left_words, right_words = left.split(), right.split()
    return (
        len(left_words) == 1
        or len(right_words) == 1
        or left_words[0] in PARTICLES
        or bool(_INITIALS.fullmatch(right.strip()))
    )


def _with_suffixes(parts: list[str]) -> list[str]:
    """Comma-separated parts with each suffix (`Jr.`, `Inc.`) joined to the part before it."""
    out: list[str] = []
    for part in parts:
        if out and _is_suffix(part):
            out[-1] = f"{out[-1]}, {part}"
        elif part:
            out.append(part)
    return out


def _comma_names(chunk: str) -> list[str]:
    """One chunk between `and`s: a list of names, or one name written `Last, First`."""
    parts = _with_suffixes([p.strip() for p in _split_outside_braces(chunk, re.compile(r"[{},]"))])
    if len(parts) == 2 and _last_first(parts[0], parts[1].split(",")[0]):
        return [f"{parts[0]}, {parts[1]}"]
    if len(parts) >= 4 and len(parts) % 2 == 0 and all(_INITIALS.fullmatch(p) for p in parts[1::2]):
        return [f"{last}, {first}" for last, first in zip(parts[::2], parts[1::2], strict=True)]  # APA style
    return parts


def _has_name_comma(chunk: str) -> bool:
    parts = [p.strip() for p in chunk.split(",")]
    return len(parts) > 1 and not all(_is_suffix(p) for p in parts[1:] if p)


def _kept_whole(piece: str) -> tuple[str, set[str]]:
    """A piece with each institution between its commas in braces, so that no `and` or `&` splits
    it (`Hong Kong University of Science and Technology`: one name, which `people` drops), and
    the names braced."""
    parts, braced = piece.split(","), set()
    for k, part in enumerate(parts):
        name = part.strip()
        if "{" not in part and "}" not in part and is_institution(name):
            parts[k] = f"{part[: len(part) - len(part.lstrip())]}{{{name}}}"
            braced.add(name)
    return ",".join(parts), braced


def _split_piece(piece: str) -> list[str]:
    """A piece between list separators: names between `and`, `&` and commas (an institution's
    name is kept whole: `_kept_whole`)."""
    if is_institution(piece):
        kept, braced = _kept_whole(piece)
        return [name[1:-1] if name[1:-1] in braced and name[:1] == "{" else name for name in _split_braced(kept)]
    return _split_braced(piece)


def _split_braced(piece: str) -> list[str]:
    words = _ET_AL.sub("", piece.strip(" ,")).split(" ")
    while words and words[0] in _JOINERS:
        del words[0]
    while words and words[-1] in _JOINERS:
        del words[-1]
    piece = " ".join(words).strip(" ,")
    chunks = [c.strip(" ,") for c in _split_outside_braces(piece, _TOKEN)]
    chunks = [c for c in chunks if c]
    if len(chunks) > 1 and _has_name_comma(chunks[-1]):
        return chunks  # BibTeX: `Smith, Alice and Jones, Bob`; each chunk one name
    return [name for chunk in chunks for name in _comma_names(chunk)]


def split_authors(value: str | Iterable[str] | None) -> tuple[str, ...]:
    """The names in an author field, each as written (spaces collapsed), in order.

    `;`, `|` and new lines separate names, so do `and`, `&` and commas, except where a comma
    joins one name written family name first: `Alice Smith, Bob Jones and Carol White` is three
    names, `Smith, Alice and Jones, Bob` (BibTeX) two, `Smith, Alice` one (`Cox, Jr., Louis`
    too); braces keep `and` in a name (`{Barnes and Noble}`). A list holds one name per item.
    Placeholders (`N/A`, `Anonymous`) and `others` are no author, nor is a bullet point's
    sentence before the names (`• A novel ... algorithm. Visibility is solved ... in time., Carl
    Johan Gribel, ...`: SIGGRAPH 2011's program put a paper's blurb there).
    """
    if value is None:
        return ()
    if isinstance(value, str) and value.lstrip().startswith("•"):
        value = value.partition("., ")[2]
    if isinstance(value, str) and _PLAIN_FIELD.search(value) is None:
        name = " ".join(value.split())  # (one name: nothing in it separates names)
        folded = name.casefold()
        # (`and` looked for as a substring first: the word regex tries every place of the name)
        if ("and" in name and _AND_WORD.search(name) is not None) or folded.endswith(_ET_AL_ENDINGS):
            return _split_names(value)
        return (name,) if name and folded not in NO_AUTHOR and not is_placeholder(name) else ()
    return _split_names(value)


def _split_names(value: str | Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        names = [
            name
            for piece in _split_outside_braces(value, _LIST_TOKEN)
            if piece.strip()
            for name in _split_piece(" ".join(piece.split()))
        ]
    else:
        names = [" ".join(str(item).split()) for item in value]
    names = [_without_joiners(name) for name in names]
    return tuple(n for n in names if n and n.casefold() not in NO_AUTHOR and not is_placeholder(n))


def _without_joiners(name: str) -> str:
    """`name` without the joiners a comma or a list item left at its ends (`Alice Smith,and Bob
    Jones`, `Alice Smith, and, Bob Jones`, a list item `and Bob Jones`, `&Bob Jones`)."""
    words = name.split(" ")
    while words and words[0] in _JOINERS:
        del words[0]
    while words and words[-1] in _JOINERS:
        del words[-1]
    return " ".join(words).strip("&, ")


def _strip_marks(name: str) -> str:
    """Footnote and affiliation marks around a name dropped: `1Zoltan Marton`, `Sujith Ravi[2]`,
    `Jianmin Chen*`, `Ze Liu(†)`, `Bingbing Ni⁴`, `Ömer Morgül1`; a nickname in parentheses stays (`Jake Zhao (Junbo)`)."""
    name = name.strip(_NOTE_MARKS + " ")
    while name.endswith((")", "]")):
        cut = name.rfind("(" if name[-1] == ")" else "[")
        inside = name[cut + 1 : -1]
        if cut <= 0 or not inside or not all(c.isdigit() or c in _NOTE_MARKS + ", " for c in inside):
            break
        name = name[:cut].rstrip(_NOTE_MARKS + " ")
    if name[:1].isdigit() and any(c.isalpha() for c in name):
        name = name.lstrip("0123456789, ")
    if name[-1:].isdigit():
        name = _GLUED_NUMBER.sub("", name)
    return name


def _reorder(name: str) -> str:
    """`Last, First[, Jr.]` as `First Last Jr.`; an organisation (`Google, Inc.`) as written."""
    parts = [p.strip() for p in name.split(",")]
    core = [p for p in parts if p and not _is_suffix(p)]
    suffixes = [p for p in parts if p and _is_suffix(p)]
    if any(p.casefold() in ORGANISATION_SUFFIXES for p in parts) or not 1 <= len(core) <= 2 or not _alphabetic(name):
        return name
    return " ".join([*core[::-1], *suffixes])


@lru_cache(maxsize=1 << 16)  # (authors repeat across papers)
def clean_name(raw: str) -> str:
    """An author's name for display: markup removed (`clean_text`), the accents PDF extraction
    spaced out put back (`Daniel Go¨hring` -> `Daniel Göhring`, `compose_diacritics`), footnote
    marks dropped, a name written family name first in the usual order (`Munos, Rémi` -> `Rémi
    Munos`), an ALL-CAPS name in title case (`PAUL DUETTING` -> `Paul Duetting`), one whose first word
    is in lower case with capitals (`mengmeng Ge` -> `Mengmeng Ge`: `particles.capitalised`); what is
    certainly no part of it repaired (`name_repairs.repair_name`: `Linh KU+000E4stner` -> `Linh
    Kästner`, `Thomas Auzinger@ist.ac.at` -> `Thomas Auzinger`, an e-mail address alone: empty)."""
    name = _strip_marks(compose_diacritics(repair_name(clean_text(raw))))
    if "," in name:
        name = _reorder(name)
    if name[:1].islower():  # (`mengmeng Ge` -> `Mengmeng Ge`)
        name = capitalised(name)
    if name.isascii() and not name.isupper():  # (a lower-case letter, or no letter: most names, left as they are)
        return name
    letters = [c for c in name if c.isalpha()]
    if letters and all(c.isupper() for c in letters) and len(letters) > 3:
        name = " ".join(part.capitalize() if len(part) > 2 and "." not in part else part for part in name.split())
        name = re.sub(r"(?<=-)([a-z])", lambda m: m.group(1).upper(), name)
    return name


@lru_cache(maxsize=1 << 16)
def name_key(name: str) -> str:
    """The merge key of an author, from any spelling of the name: its display form
    (`clean_name`) with nicknames in parentheses and the particles of its family name dropped,
    accents and case folded and punctuation dropped (`Sung Min (Sam) Park` -> `sung min park`,
    `Munos, Rémi` -> `remi munos`; `Mihaela van der Schaar` and `Mihaela Schaar`, which PMLR's
    AISTATS 2018 writes, -> `mihaela schaar`: `particles.without_particles`)."""
    name = without_particles(_NICKNAME.sub(" ", clean_name(name)))
    if not name.isascii():  # (ASCII has no accents to take off)
        name = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        name = name.casefold().translate(_FOLDED_LETTERS)
    return " ".join(_PUNCTUATION.sub(" ", name.casefold()).replace("-", " ").replace("_", " ").split())


def without_repeated_tail(names: Sequence[str]) -> tuple[str, ...]:
    """A list less the run of names at its end that are each listed before it (the SIGGRAPH
    program's lists name the paper's presenters after its authors: `Chuankun Zheng, ..., Hujun Bao,
    Chuankun Zheng`; `..., Felix Heide, Noah Walsh, Ilya Chugunov, Zheng Shi`), compared by merge
    key; any other list as it is."""
    keys = [name_key(name) for name in names]
    left = Counter(keys)
    end = len(keys)
    while end > 1 and left[keys[end - 1]] > 1:
        end -= 1
        left[keys[end]] -= 1
    return tuple(names[:end])


def first_copy(names: Sequence[str]) -> tuple[str, ...]:
    """A list written twice or more in a row, once (`A;B;C;A;B;C` -> `A;B;C`: how the catalogue's
    IROS and ICRA records list their authors); any other list as it is. Linear: the list's
    shortest period, from the longest border of each prefix (Knuth-Morris-Pratt)."""
    n = len(names)
    border = [0] * n  # border[i]: the longest proper prefix of names[: i + 1] that is also its suffix
    for i in range(1, n):
        k = border[i - 1]
        while k and names[i] != names[k]:
            k = border[k - 1]
        border[i] = k + (names[i] == names[k])
    period = n - border[-1] if n else 0
    return tuple(names[:period]) if period < n and n % period == 0 else tuple(names)


def people(names: Iterable[str]) -> list[tuple[int, str, str]]:
    """The people of a paper's author list (names as written): (index in the list, display name,
    merge key) of each, in order; a name that cleans to nothing, or is an institution's
    (`is_institution`: `University of Bath`), is no one, and a suffix listed as a name (`Guy L.
    Steele;Jr`) is part of the name just before it (`Guy L. Steele Jr`; alone, no one). A list the
    source writes twice or more (`A;B;C;A;B;C`: IROS and ICRA; `Xi Chen;Xi Chen`) is its first copy
    (`first_copy`, on the merge keys), and a name written again right after itself is one person
    (NeurIPS 2016: `Peng Lin; Peng Lin`; IROS 2018 gives both the same author id); any other list
    keeps everyone, two people of one name too (COLING 2020: `...; Bing Liu; Pararth Shah; Bing
    Liu; Philip Yu`, of Facebook and of UIC), and two people who only share a family name (`J.
    Smith`, `A. Smith`) stay two; a name written with initials where the list spells it out too
    (`K. Tahara` beside `Kenji Tahara`: `_initialled`) is that person, at the spelt-out place."""
    out: list[tuple[int, str, str]] = []
    for i, raw in enumerate(names):
        name, key, suffix = _person(raw)
        if suffix:
            if out and out[-1][0] == i - 1:  # (the name before it, kept: the suffix completes it)
                joined = f"{out[-1][1]} {name}"
                out[-1] = (i - 1, joined, name_key(joined))
        elif name:
            out.append((i, name, key))
    once = out[: len(first_copy([key for _, _, key in out]))]
    kept = [person for n, person in enumerate(once) if not n or person[2] != once[n - 1][2]]
    spelt = {short for _, _, key in kept if (short := _initialled(key)) != key}
    return [person for person in kept if person[2] not in spelt]


def _initialled(key: str) -> str:
    """The merge key `key` with its given names as initials (`kenji tahara` -> `k tahara`): a name
    that key is, written where the list spells it out too, is that person (IROS 2008: `Kenji Tahara;
    Suguru Arimoto; K. Tahara; S. Arimoto`, IROS 2014: `S. Farokh Atashzar; ...; S.F. Atashzar`, the
    IEEE record naming each author twice in two spellings); one set of them, so a list of any length
    is read in one pass. `J. Smith` beside `A. Smith` or `S.M. Oh` beside `S.H. Oh` is no such pair."""
    *given, family = key.split(" ")
    return " ".join([*(name[:1] for name in given), family]) if given else key


def _person(raw: str) -> tuple[str, str, bool]:
    """A name's display form, merge key and whether it is only a suffix (`Jr`); all empty for no
    person (a name that cleans to nothing, an institution's). Not cached: its parts are, and a
    cache of 65,536 more tuples raised the catalogue's peak from 391 to 425 MB (the loader's
    pages, written while the keyword workers forked from it hold copies: no CPU measured back)."""
    name = clean_name(raw)
    if not name or is_institution(name):
        return "", "", False
    return name, name_key(name), is_name_suffix(name)


@lru_cache(maxsize=1 << 14)  # (institutions repeat across papers)
def institution_name(raw: str) -> str:
    """An author's institution as shown: markup removed (`clean_text`) and the accents PDF
    extraction spaced out put back (`Universit´e de Montr´eal` -> `Université de Montréal`)."""
    return compose_diacritics(clean_text(raw))
