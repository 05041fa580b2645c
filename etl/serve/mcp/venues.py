"""The MCP tools about venues: what the catalogue covers (venues, years, papers, and what their
sources gave: abstracts, authors, decisions, ratings, keywords, citations, code links), and one
conference's statistics per year (decisions, presentations, code, ratings, citations, areas)."""

from __future__ import annotations

from mcp.server.mcpserver.exceptions import ToolError

from . import arguments, ratings
from .reading import Reader, share

# Per venue and year: papers, and how many of them each source field filled. (A scan of every
# paper, 0.4 to 1 s on the catalogue: kept until the next load, and read when the server starts,
# `reading.warm`.)
COVERAGE = """SELECT venue, year, count(*) AS papers,
       count(abstract) AS abstracts, count(CASE WHEN authors != '[]' THEN 1 END) AS authors,
       count(decision) AS decisions, count(CASE WHEN decision = 'rejected' THEN 1 END) AS rejections,
       count(presentation) AS presentations, count(rating_avg) AS ratings,
       count(CASE WHEN author_keywords != '[]' THEN 1 END) AS author_keywords, count(citations) AS citations,
       count(CASE WHEN code_status = 'released' THEN 1 END) AS code_links
FROM papers GROUP BY venue, year ORDER BY venue, year"""
GIVEN = ("abstracts", "authors", "decisions", "rejections", "presentations", "ratings", "author_keywords", "citations")

STATS = f"""SELECT year, count(*) AS papers,
       count(CASE WHEN decision = 'accepted' THEN 1 END) AS accepted,
       count(CASE WHEN decision = 'rejected' THEN 1 END) AS rejected,
       count(CASE WHEN decision = 'withdrawn' THEN 1 END) AS withdrawn,
       count(*) - count(decision) AS decision_unknown,
       count(CASE WHEN code_status = 'released' THEN 1 END) AS code_released,
       count(CASE WHEN code_status = 'promised' THEN 1 END) AS code_promised,
       count(citations) AS cited, round(avg(citations), 1) AS mean_citations, max(citations) AS most_citations,
       {ratings.SUMMARY}
FROM papers WHERE venue = :venue AND (:year IS NULL OR year = :year) GROUP BY year ORDER BY year"""
PRESENTATIONS = """SELECT year, presentation, count(*) AS papers FROM papers
WHERE venue = :venue AND (:year IS NULL OR year = :year) AND presentation IS NOT NULL
GROUP BY year, presentation ORDER BY year, papers DESC, presentation"""
AREAS = """SELECT primary_area AS area, count(*) AS papers FROM papers
WHERE venue = :venue AND year = :year AND primary_area IS NOT NULL
GROUP BY primary_area ORDER BY papers DESC, area LIMIT 10"""


def read_coverage(con) -> list[dict]:
    cursor = con.execute(COVERAGE)
    columns = [c[0] for c in cursor.description]
    return [dict(zip(columns, row, strict=True)) for row in cursor]


# Papers per venue and year (from the (venue, year) index alone: 40 ms on the catalogue).
TOTALS = "SELECT venue, year, count(*) AS papers FROM papers GROUP BY venue, year ORDER BY venue, year"


async def venue_years(reader: Reader) -> list[dict]:
    """`TOTALS`' rows, kept until the next load."""
    return await reader.kept("totals", lambda: reader.rows(TOTALS))


def _percents(row: dict, papers: int) -> dict[str, int]:
    """The percent of the papers each field of the sources filled, for the fields any paper has."""
    return {k: round(100 * row[k] / papers) for k in GIVEN if row[k]}


def _years(years: list[int]) -> str:
    """`2013-2016, 2018, 2020-2024`: years as runs."""
    runs: list[list[int]] = []
    for y in sorted(years):
        if runs and y == runs[-1][1] + 1:
            runs[-1][1] = y
        else:
            runs.append([y, y])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


async def coverage(reader: Reader, venue: str | None = None) -> dict:
    venue = await arguments.venue(reader, venue)
    found = await reader.kept_read("coverage", read_coverage)
    rows = [r for r in found if venue is None or r["venue"] == venue]
    if venue is not None:  # each year, with the share of its papers each field of the sources filled
        return {
            "venue": venue,
            "papers": sum(r["papers"] for r in rows),
            "years": [
                {"year": r["year"], "papers": r["papers"], "percent_with": _percents(r, r["papers"])} for r in rows
            ],
        }
    by_venue: dict[str, list[dict]] = {}
    for row in rows:
        by_venue.setdefault(row["venue"], []).append(row)
    venues = []
    for name, found in by_venue.items():
        papers = sum(r["papers"] for r in found)
        venues.append(
            {
                "venue": name,
                "years": _years([r["year"] for r in found]),
                "papers": papers,
                "percent_with": _percents({k: sum(r[k] for r in found) for k in GIVEN}, papers),
            }
        )
    return {
        "papers": sum(v["papers"] for v in venues),
        "venue_years": len(rows),
        "venues": sorted(venues, key=lambda v: -v["papers"]),
        "note": "percent_with: the percent of the papers whose sources gave each field; coverage(venue=...) per year",
    }


async def stats(reader: Reader, venue: str, year: int | None = None) -> dict:
    venue = await arguments.venue(reader, arguments.text(venue, "venue", 100))
    year = await arguments.year(reader, year)
    params = {"venue": venue, "year": year}
    rows = await reader.rows(STATS, params)
    if not rows:
        raise ToolError(f"{venue} has no papers of {year}: coverage(venue={venue!r}) lists its years")
    presentations: dict[int, dict[str, int]] = {}
    for r in await reader.rows(PRESENTATIONS, params):
        presentations.setdefault(r["year"], {})[r["presentation"]] = r["papers"]
    years = []
    for r in rows:
        decided = r["accepted"] + r["rejected"] + r["withdrawn"]
        found = {
            "year": r["year"],
            "papers": r["papers"],
            "decisions": {k: r[k] for k in ("accepted", "rejected", "withdrawn", "decision_unknown") if r[k]},
            # (a source that lists only accepted papers says nothing of the rate)
            "acceptance_rate": share(r["accepted"], decided) if r["rejected"] or r["withdrawn"] else None,
            "presentations": presentations.get(r["year"]),
            "code": {
                "released": r["code_released"],
                "promised": r["code_promised"],
                "share_released": share(r["code_released"], r["papers"]),
            },
            "ratings": ratings.of_papers(r),
            "citations": {k: r[k] for k in ("cited", "mean_citations", "most_citations")} if r["cited"] else None,
        }
        years.append({k: v for k, v in found.items() if v is not None})
    answer = {"venue": venue, "years": years}
    if year is not None:
        answer["primary_areas"] = await reader.rows(AREAS, params) or None
    return {k: v for k, v in answer.items() if v is not None}
