"""Venue names, by the registry `etl/registries/venues.csv`: the canonical name a venue's
papers are stored under, whichever of its names a source writes."""

from __future__ import annotations

import csv
from functools import cache, lru_cache

from ..settings import package_folder


def registry_text() -> str:
    """The registry as bundled (a revision that re-canonicalises stored papers freezes a copy)."""
    return (package_folder("etl") / "registries" / "venues.csv").read_text(encoding="utf-8")


def name_key(name: str) -> str:
    """What two spellings of one name share: case and spacing aside."""
    return " ".join(name.casefold().split())


@cache
def _registry() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    """(every name's key -> canonical name, the (key, canonical name) of full names in file order)."""
    rows = csv.DictReader(line for line in registry_text().splitlines() if not line.startswith("#"))
    aliases: dict[str, str] = {}
    names: list[tuple[str, str]] = []
    for row in rows:
        venue = row["venue"]
        for written in (venue, row["alias"]):
            key = name_key(written)
            if aliases.setdefault(key, venue) != venue:
                raise ValueError(f"venues.csv: {written!r} names both {aliases[key]} and {venue}")
        if row["kind"] == "name":
            names.append((name_key(row["alias"]), venue))
    return aliases, tuple(names)


@lru_cache(maxsize=4096)  # (a load asks once per file and per record: few distinct names)
def canonical_venue(name: str) -> str:
    """The canonical name of the venue `name` names (`NIPS`, `neurips`, `Neural Information
    Processing Systems` -> `NeurIPS`); a name the registry does not know, stripped, as written."""
    return _registry()[0].get(name_key(name), name.strip())


def known_venue(name: str) -> str | None:
    """The canonical name of a venue the registry knows by `name`, else None."""
    return _registry()[0].get(name_key(name))


def venue_named_in(title: str) -> str | None:
    """The venue whose full name a longer title holds (`Proceedings of the 41st International
    Conference on Machine Learning` -> `ICML`), the registry's first such; None for none."""
    key = name_key(title)
    return next((venue for name, venue in _registry()[1] if name in key), None)


@cache
def short_names() -> frozenset[str]:
    """Every venue's canonical name and the short names the registry lists for it, as written
    there (`NeurIPS`, `nips`, `SIGGRAPH Asia`): matched case aside, a citation's names."""
    rows = csv.DictReader(line for line in registry_text().splitlines() if not line.startswith("#"))
    names: set[str] = set()
    for row in rows:
        names.add(row["venue"])
        if row["kind"] == "short":
            names.add(row["alias"])
    return frozenset(names)
