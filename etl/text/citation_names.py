"""Names in reading lists: a display name split into family name, given names and suffix, as the
BibTeX written from the columns writes it (`name_parts`, `last_first`) or as a source's own entry
splits it (`source_splits`, `split_name`), so that every format splits a name alike; pure."""

from __future__ import annotations

import re
import unicodedata

from .bibtex_entries import BibEntry, escaped, field_text
from .markup import latex_text
from .particles import family_start, name_end


def name_parts(name: str) -> tuple[str, str, str]:
    """(family name with its particles, given names, suffix) of a display name: `Vincent van Gogh`
    -> (`van Gogh`, `Vincent`, ``), `Martin Luther King Jr.` -> (`King`, `Martin Luther`, `Jr.`);
    one word is a family name alone."""
    words = name.split()
    suffix = words.pop() if name_end(words) < len(words) else ""
    if len(words) <= 1:
        return " ".join(words), "", suffix
    start = family_start(words, len(words))  # (its particles: `particles`)
    return " ".join(words[start:]), " ".join(words[:start]), suffix.rstrip(",")


# `and` between two names of a BibTeX name list, a comma between the parts of one name (neither
# inside braces: `{Barnes and Noble}`, `{Smith, Inc.}`).
_NAME_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_NAME_COMMA = re.compile(r"\s*,\s*")


def _outside_braces(text: str, separator: re.Pattern) -> list[str]:
    """`text` split at the matches of `separator` that are not inside braces."""
    depth, cuts, pos = 0, [], 0
    for m in separator.finditer(text):
        depth += text.count("{", pos, m.start()) - text.count("}", pos, m.start())
        pos = m.start()
        if depth == 0:
            cuts.append(m)
    bounds = [0, *(x for m in cuts for x in (m.start(), m.end())), len(text)]
    return [text[bounds[i] : bounds[i + 1]] for i in range(0, len(bounds), 2)]


def _plain(tex: str) -> str:
    return " ".join(latex_text(tex).replace("{", "").replace("}", "").split())


_NAME_WORD = re.compile(r"\w+")


def _folded(name: str) -> str:
    """A name's words without case, accents and punctuation (`O’Sullivan` and `O'Sullivan` alike)."""
    if not name.isascii():
        name = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return " ".join(_NAME_WORD.findall(name.casefold()))


def source_splits(own: BibEntry | None) -> dict[str, tuple[str, str, str]]:
    """How the source's own entry splits the names it writes as BibTeX's `Last, First` or `Last,
    Jr., First` (`Oveis Gharan, Shayan`, `{de la Concha Duarte}, Alejandro`): (family, given,
    suffix) as plain text, by the name's words (`_folded`, given names first). A name written `First
    Last` is left to `name_parts`."""
    written = next((value for name, value in own.fields if name == "author"), None) if own else None
    if written is None or "," not in written:
        return {}
    splits = {}
    for name in _outside_braces(" ".join(field_text(written).split()), _NAME_AND):
        parts = [_plain(part) for part in _outside_braces(name, _NAME_COMMA)]
        if len(parts) not in (2, 3) or not all(parts):
            continue
        family, suffix, given = (parts[0], "", parts[1]) if len(parts) == 2 else parts
        splits[_folded(f"{given} {family} {suffix}")] = (family, given, suffix)
    return splits


def split_name(name: str, splits: dict[str, tuple[str, str, str]]) -> tuple[str, str, str]:
    """(family, given, suffix) of a display name as its source's own entry splits it (`splits`,
    `source_splits`: the split BibTeX reads from the .bib, in the display name's own spelling),
    else as `name_parts` does."""
    words = name.split()
    if splits and len(words) > 2:  # (two words split one way only)
        found = splits.get(_folded(name))
        if found is not None:
            family, given = _folded(found[0]), _folded(found[1])
            end = len(words) - len(found[2].split())
            for k in range(1, end):
                if _folded(" ".join(words[k:end])) == family and _folded(" ".join(words[:k])) == given:
                    return " ".join(words[k:end]), " ".join(words[:k]), " ".join(words[end:])
    return name_parts(name)


def last_first(name: str) -> str:
    """A name as BibTeX's `Last, First` (`Last, Jr., First`); a name with a comma or an `and` in it
    (an organisation) in braces, as one name."""
    if "," in name or " and " in f" {name.casefold()} ":
        return "{" + escaped(name) + "}"
    family, given, suffix = name_parts(name)
    return ", ".join(escaped(part) for part in (family, suffix, given) if part)
