"""What the papers list says when it is narrowed to a venue or a year the database does not hold.

A researcher asking for `?venue=NeurIPS&year=2023` of a catalogue whose NeurIPS stops at 2017, or
for `?venue=neurips` (the venue registry's other name of NeurIPS, which the list's filter compares
as written), saw "0 records" and the table's SQL, and nothing of what is there. The list now says
which venue it is stored as, which years the venue has and the nearest of them, with links to
those papers and to the `venues` query, which lists every venue and year.
"""

from __future__ import annotations

from ..sources.venue_names import known_venue
from .site import DATABASE

# A venue-year of the list's filter (an index of papers: a few microseconds when it is there).
EXISTS = "SELECT 1 FROM papers WHERE venue = :venue AND year = :year LIMIT 1"
VENUE_EXISTS = "SELECT 1 FROM papers WHERE venue = :venue LIMIT 1"
YEAR_EXISTS = "SELECT 1 FROM papers WHERE year = :year LIMIT 1"
# Up to so many years are named one by one (ICLR: 2013, 2014, 2017), more as a span (NeurIPS: 1987–2017).
FEW = 6
# Every venue-year with its papers (read from the venue and year index: only when one is missing).
VENUE_YEARS = "SELECT venue, year, count(*) AS papers FROM papers GROUP BY venue, year"


def asked(args) -> tuple[str | None, int | None]:
    """The venue and year the list's own filters (`venue=`, `year=`, `__exact`) narrow it to."""
    venue = args.get("venue") or args.get("venue__exact") or None
    written = (args.get("year") or args.get("year__exact") or "").strip()
    year = int(written) if written.isdigit() and len(written) <= 4 else None
    return venue, year


async def not_loaded(database, args) -> dict | None:
    """What to say of a list narrowed to a venue or year no paper has (None when there are papers
    of it: a list empty for another filter): `said`, and `links` of (label, changes to the list's
    filters or None for the `venues` query, papers or None)."""
    venue, year = asked(args)
    if venue is None and year is None:
        return None
    sql, params = (
        (EXISTS, {"venue": venue, "year": year})
        if venue and year is not None
        else ((VENUE_EXISTS, {"venue": venue}) if venue else (YEAR_EXISTS, {"year": year}))
    )
    if (await database.execute(sql, params)).rows:
        return None
    held: dict[str, dict[int, int]] = {}
    for row in (await database.execute(VENUE_YEARS)).rows:
        held.setdefault(row["venue"], {})[row["year"]] = row["papers"]
    return say(held, venue, year)


def say(held: dict[str, dict[int, int]], venue: str | None, year: int | None) -> dict:
    """What to say of `venue` and `year` (either None: not asked) given the papers of every venue
    and year (`held`), as `not_loaded` returns it."""
    every = ("every venue and year", None, None)
    if venue is not None and venue not in held:
        stored = stored_as(venue, held)
        if stored is None:
            return {"said": f"No venue “{venue}” is loaded.", "links": [every]}
        if year is None or year in held[stored]:
            papers = held[stored][year] if year is not None else sum(held[stored].values())
            label = f"{stored} {year}" if year is not None else stored
            said = f"The venue “{venue}” is written {stored} here:"
            return {"said": said, "links": [(label, {"venue": stored}, papers), every]}
        venue = stored
    years = held[venue] if venue is not None else _all_years(held)
    of = f"{venue} papers" if venue is not None else "papers"
    where = f"{venue} has" if venue is not None else "the database has"
    span = f"{min(years)}–{max(years)}" if len(years) > FEW else ", ".join(str(y) for y in sorted(years))
    count = f"{len(years)} year{'s' if len(years) != 1 else ''}"
    said = f"No {of} of {year} are loaded: {where} {count} here, {span}."
    nearest = [
        (f"{venue} {y}" if venue else str(y), {"year": str(y), **({"venue": venue} if venue else {})}, years[y])
        for y in _nearest(years, year)
    ]
    whole = [(f"every {venue} paper", {"venue": venue, "year": None}, sum(years.values()))] if venue else []
    return {"said": said, "links": [*nearest, *whole, every]}


def stored_as(venue: str, held: dict[str, dict[int, int]]) -> str | None:
    """The venue `venue` names as papers are stored: the registry's canonical name of it (`NIPS`,
    `neurips`: NeurIPS), else the stored venue it is in another case (`icra`)."""
    known = known_venue(venue)
    if known in held:
        return known
    folded = " ".join(venue.casefold().split())
    return next((name for name in held if name.casefold() == folded), None)


def _all_years(held: dict[str, dict[int, int]]) -> dict[int, int]:
    years: dict[int, int] = {}
    for of_venue in held.values():
        for year, papers in of_venue.items():
            years[year] = years.get(year, 0) + papers
    return years


def _nearest(years: dict[int, int], year: int | None) -> list[int]:
    """The years held nearest `year`: the last before it and the first after it (the newest for none)."""
    if year is None:
        return [max(years)]
    before = [y for y in years if y < year]
    after = [y for y in years if y > year]
    return [*([max(before)] if before else []), *([min(after)] if after else [])]


def linked(found: dict, link) -> dict:
    """`found` (`not_loaded`'s) with each link's address: `link(changes)` for a change of the list's
    filters (`__exact` ones as the plain), the `venues` query for none."""

    def address(changes: dict[str, str | None] | None) -> str:
        if changes is None:
            return f"/{DATABASE}/venues"
        exact = {f"{key}__exact": None for key in changes}
        return link(**exact, **changes, _next=None)

    links = [{"label": label, "url": address(changes), "papers": papers} for label, changes, papers in found["links"]]
    return {"said": found["said"], "links": links}
