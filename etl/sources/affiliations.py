"""Who a paperlists record says its authors are and where they work: the names (`author`, `;`-separated,
also `A, B and C` within), each author's (institution, country) pairs from `aff` and its normalised
fields where they line up with the names, and the institutions of a list that does not, for the paper
as a whole."""

from __future__ import annotations

from ..text.authors import first_copy, split_authors
from ..text.name_repairs import split_institutions

PLACEHOLDERS = frozenset(("unknown institution", "unknown", "n/a", "none"))  # not institutions


def field_text(value: object) -> str:
    """A record's field as text (stripped; anything but a string is none)."""
    return value.strip() if isinstance(value, str) else ""


def _parts(value: object, sep: str = ";") -> list[str]:
    return [part.strip() for part in field_text(value).split(sep)] if field_text(value) else []


def _at(values: list[str], index: str) -> str | None:
    """`values[index]` for an index written in ASCII digits within range; anything else (`²`,
    `-1`, `1.0`, `x`) is no index, so the pair is skipped."""
    index = index.strip()
    if not (index.isascii() and index.isdigit()) or len(index) > 6 or int(index) >= len(values):
        return None
    return values[int(index)]


def affiliations(item: dict, n_authors: int) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """Each author's (institution, country) pairs. `aff` has one entry per author (empty when
    unknown); `aff_unique_index` one per non-empty entry, pointing into `aff_unique_norm` (`0+2`:
    two institutions), and `aff_country_unique_index` likewise into `aff_country_unique`, except
    that it leaves out institutions without a country: when it is shorter, its countries are
    used only if they are all one country (which then cannot land on the wrong author), for the
    authors it covers. Without the normalised names, the `aff` text itself; nothing when the
    fields do not line up (`+` there joins institutions, `1+2` are marks: `split_institutions`).
    Placeholders (`Unknown Institution`) are no institution."""
    given = _parts(item.get("aff"))
    if len(given) != n_authors or not any(given):
        return ()
    names, index = _parts(item.get("aff_unique_norm")), _parts(item.get("aff_unique_index"))
    countries, country_index = _parts(item.get("aff_country_unique")), _parts(item.get("aff_country_unique_index"))
    with_aff = [i for i, text in enumerate(given) if text]
    out: list[tuple[tuple[str, str | None], ...]] = [() for _ in given]
    if names and len(index) == len(with_aff):
        located = len(country_index) == len(with_aff) or (
            len(country_index) < len(with_aff) and len({c for entry in country_index for c in entry.split("+")}) == 1
        )
        for k, i in enumerate(with_aff):
            picks = index[k].split("+")
            where = country_index[k].split("+") if located and k < len(country_index) else []
            if len(where) == 1 and len(picks) > 1 and len(country_index) < len(with_aff):
                where = where * len(picks)  # (one country for all)
            pairs = []
            for j, pick in enumerate(picks):
                name = _at(names, pick) or ""
                country = _at(countries, where[j] if j < len(where) else "")
                if name and name.casefold() not in PLACEHOLDERS:
                    pairs.append((name, country or None))
            out[i] = tuple(dict.fromkeys(pairs))
    else:
        out = [
            tuple((name, None) for name in split_institutions(text) if name.casefold() not in PLACEHOLDERS)
            for text in given
        ]
    return tuple(out) if any(out) else ()


def unplaced_institutions(item: dict, names: tuple[str, ...]) -> tuple[tuple[str, str | None], ...]:
    """The (institution, country) pairs a record gives whose `aff` list does not line up with its
    authors (`affiliations` finds none), for the paper as a whole: WWW and ACM MM 2024 leave out the
    authors without an affiliation (5 entries for 6 authors), SIGGRAPH lists each institution once
    (2 for 5 authors) or an author's two apart. The normalised names (`aff_unique_norm`) with their
    countries where `aff_country_unique_index` lines up with `aff_unique_index`, else the `aff`
    texts; each once, no placeholder, no author's own name (IROS and ICRA's records put it there)."""
    given = [text for text in _parts(item.get("aff")) if text]
    if not given:
        return ()
    names_given, index = _parts(item.get("aff_unique_norm")), _parts(item.get("aff_unique_index"))
    countries, country_index = _parts(item.get("aff_country_unique")), _parts(item.get("aff_country_unique_index"))
    pairs: list[tuple[str, str | None]] = []
    if names_given and index:
        one_country = len({c for entry in country_index for c in entry.split("+")}) == 1
        located = len(country_index) == len(index) or (len(country_index) < len(index) and one_country)
        for k, picks in enumerate(index):
            split = picks.split("+")
            where = country_index[min(k, len(country_index) - 1)].split("+") if located else []
            if len(where) == 1 and len(country_index) < len(index):
                where = where * len(split)  # (one country for all)
            for j, pick in enumerate(split):
                country = _at(countries, where[j]) if j < len(where) else None
                pairs.append((_at(names_given, pick) or "", country or None))
    else:
        pairs = [(name, None) for text in given for name in split_institutions(text)]
    own = {_folded(name) for name in names}
    kept: dict[str, tuple[str, str | None]] = {}
    for name, country in pairs:
        if name and name.casefold() not in PLACEHOLDERS and _folded(name) not in own:
            kept.setdefault(name, (name, country))
    return tuple(kept.values())


def authors_and_affiliations(item: dict, value: str | list[str] | None = None) -> tuple[tuple[str, ...], tuple]:
    """The record's authors (`split_authors`: `;`-separated, also `A, B and C` within) and their
    affiliations. `aff` lines up with the names, or with the `;`-separated parts of `author`
    (`Bowen Zhou and Mingbo Ma` is one part): then each name of a part has the part's; or, when
    the record writes its list twice (`A;B;A;B`: IROS and ICRA), with one copy: then the names of
    the first copy have them. `value` is the `author` field, read as text or a list of texts (by
    default as the record has it)."""
    names, found = _aligned(item, item.get("author") if value is None else value)
    once = first_copy(names)
    if not found and len(once) < len(names):
        found = affiliations(item, len(once))
    return names, found


def without_own_names(names: tuple[str, ...], found: tuple) -> tuple[tuple, int]:
    """Each author's affiliations less an institution that is the author's own name, and how many
    were left out: the catalogue's IROS and ICRA records put the name where the affiliation is
    unknown (`aff`: `Nikolaus Correll; G. Sempo; ...` beside the same `author`), which is no
    institution. An author is compared with their own entry only (the names of the first copy,
    in order); case and runs of spaces do not count."""
    dropped = 0
    kept = []
    for i, pairs in enumerate(found):
        own = _folded(names[i]) if i < len(names) else None
        mine = tuple(pair for pair in pairs if _folded(pair[0]) != own)
        dropped += len(pairs) - len(mine)
        kept.append(mine)
    if not dropped:
        return found, 0
    return (tuple(kept) if any(kept) else ()), dropped


def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _aligned(item: dict, value: object) -> tuple[tuple[str, ...], tuple]:
    """The names and the affiliations that line up with them or with their parts (else none)."""
    if isinstance(value, list):
        names = split_authors(value)
        return names, affiliations(item, len(names))
    parts = [split_authors(part) for part in field_text(value).split(";")]
    parts = [part for part in parts if part]
    names = tuple(name for part in parts for name in part)
    found = affiliations(item, len(names))
    if found or len(parts) == len(names):
        return names, found
    by_part = affiliations(item, len(parts))
    return names, tuple(pairs for part, pairs in zip(parts, by_part, strict=True) for _ in part) if by_part else ()
