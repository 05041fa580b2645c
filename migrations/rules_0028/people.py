"""A paper's people as revision 0028 resolves them from its records: the authors and affiliations
part of etl/extract/bibliography.resolve as it was then (a frozen copy; see the package)."""

from __future__ import annotations

from collections.abc import Iterable

from .authors import institution_name, people
from .cleaning import institution_key

PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
Record = tuple[str, str, int, tuple[str, ...], tuple]  # (format, path, position, names, affiliations)


def resolve_people(records: Iterable[Record]) -> tuple[list[tuple], list[tuple]]:
    """(authors: (display name, merge key, as written), affiliations: (author position, order,
    institution, its merge key, country)) from the first record in the bibliography's order that
    lists any authors, each person once, with the affiliations that record gives them."""
    ordered = sorted((r for r in records if r[0] in PRIORITY), key=lambda r: (PRIORITY[r[0]], r[1], r[2]))
    with_authors = next((r for r in ordered if r[3]), None)
    raw_names, given = (with_authors[3], with_authors[4]) if with_authors else ((), ())
    authors, affiliations = [], []
    for i, name, key in people(raw_names):
        authors.append((name, key, raw_names[i]))
        for order, (institution, country) in enumerate(given[i] if i < len(given) else (), 1):
            label = institution_name(institution)
            affiliations.append((len(authors), order, label, institution_key(label), country))
    return authors, [a for a in affiliations if a[3]]
