"""Each author's affiliations as a paper lists them: the institution each names, filed where an
address or a department alone says it is; pure.

A source's affiliation may be a whole address (`Department of Electrical and Computer Engineering,
Carnegie Mellon University, Pittsburgh, PA, USA`): it is filed under the institution it names
(`etl.text.institution_parts.institution_part`). One that is only a department, school or key
laboratory (`Department of Aeronautics and Astronautics`) names no institution by itself: it is
filed under the institution the same record writes it with in an address (`Department of ECE` of
one author, `Department of ECE, Rice University` of another), else under the first university or
company its author gives beside it (not an institute or centre: `Computer Science Department` beside
`Center for the Neural Basis of Cognition` is no unit of that centre); else it stays as written, an institution of its own that no other
department of the name joins: its merge key is the name's with the key of the author who gives it
(`school of computer science (toan tran)`: the same person's papers share it, nobody else's do;
the paper's first author for the institutions a record does not place by author). An institution's
key is its filing key (`etl.text.institution_variants`: `Albert-Ludwigs-Universität Freiburg` and
`University of Freiburg` are one), the name the source writes kept; one institution written twice
(`University of Freiburg, Albert-Ludwigs-Universität Freiburg`) is filed as its first part. An
affiliation whose institution is none (`Independent Researcher`, `University Affiliation Not
Specified`, `Independent Researcher, Boston, MA`: `etl.text.placeholders.is_placeholder_affiliation`)
is filed nowhere, counted for no institution and no country, and hosts no department; the record
keeps it as written, and the others keep their order."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ..text.authors import institution_name
from ..text.institution_parts import (
    address_units,
    institution_part,
    read_lost_escapes,
    unit_only,
    university_or_company,
)
from ..text.institution_variants import filed_key, parts_of_one
from ..text.placeholders import is_placeholder_affiliation
from ..text.places import institution_country

# (author position, the (institution, country) pairs a source gives that author, the author's key)
Given = tuple[int, Sequence[tuple[str, str | None]], str]
# (author position, order, institution, its merge key, country, the affiliation as written where it
# names the institution otherwise, else None)
Filed = tuple[int, int, str, str, str | None, str | None]


@lru_cache(maxsize=1 << 14)  # (institutions repeat across papers)
def named(label: str) -> tuple[str, str, bool, bool, tuple[str, ...]]:
    """What an affiliation (cleaned) names: the institution, its merge key, whether it is a unit
    alone, whether a university or company, and the keys of the units its address names."""
    institution = institution_part(read_lost_escapes(label))
    institution = parts_of_one(institution, filed_key) or institution
    units = tuple(filed_key(unit) for unit in address_units(label))
    return institution, filed_key(institution), unit_only(institution), university_or_company(institution), units


def filed_affiliations(given: Iterable[Given]) -> list[Filed]:
    """Each affiliation as filed (see the module), in the order given, with the text as the source
    writes it (cleaned: `etl.text.authors.institution_name`) where it names the institution otherwise;
    the country is the source's, or Taiwan where the affiliation as written places it there
    (`etl.text.places`)."""
    read = [
        (position, order, label, country, owner)
        for position, pairs, owner in given
        for order, (raw, country) in enumerate(pairs, 1)
        if not is_placeholder_affiliation(named(label := institution_name(raw))[0])
    ]
    hosts: dict[str, str] = {}  # a unit's key -> the institution an address of the record names with it
    own: dict[int, str] = {}  # an author's first university or company
    for position, _order, label, _country, _owner in read:
        institution, _key, _unit, named_by_itself, units = named(label)
        for unit_key in units:
            hosts.setdefault(unit_key, institution)
        if named_by_itself:
            own.setdefault(position, institution)
    out = []
    for position, order, label, country, owner in read:
        institution, key, alone, _named_by_itself, _units = named(label)
        if alone:
            host = hosts.get(key) or own.get(position)
            if host:
                institution, key = host, filed_key(host)
            elif key:
                key = f"{key} ({owner})"
        written = label if label != institution else None
        out.append((position, order, institution, key, institution_country(label, country), written))
    return out
