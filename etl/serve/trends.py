"""A keyword's share of the papers of each year: on its page (`templates/row-papers-keywords.html`)
the numbers and a line chart drawn on the server as SVG (no script, readable without one); on the
dashboard, a chart of it (or of the largest topics) for datasette-dashboards (`shares_chart`)."""

from __future__ import annotations

import math
from html import escape

from .filters import LISTED, SHORT_AND_LONG, filter_url, keyword_page_url, keyword_params
from .site import DATABASE

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 140, 12, 28  # margins: the y axis left, the legend right, the years below
COLOURS = ("#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df", "#0a7d8c")
KEYWORD = "SELECT id, label, kind, papers, normalised FROM keywords WHERE id = ?"
# Papers per year of the keyword, as each kind (its papers of every venue), and all papers of each year.
SHARES = """SELECT c.year, c.kind, sum(c.papers) AS papers FROM keyword_trend_counts c
WHERE c.keyword_id = ? GROUP BY c.year, c.kind ORDER BY c.kind, c.year"""
YEARS = "SELECT year, count(*) AS papers FROM papers WHERE year IS NOT NULL GROUP BY year ORDER BY year"
# Its papers in each way they have it: as a topic, the count of its chip, the papers' topic facet,
# topic_counts and the dashboard (a paper's topics); keywords.papers counts a paper that has it in any way.
WAYS = "SELECT kind, count(*) AS papers FROM paper_keywords WHERE keyword_id = ? GROUP BY kind ORDER BY count(*) DESC, kind"
# The keyword an acronym's short form or long form names beside this one (`filters.SHORT_AND_LONG`:
# `SLAM` on the page of `simultaneous localization and mapping`), and the papers its chip lists.
PARTNERS = f"""SELECT id, label, kind, papers FROM keywords
WHERE id IN ({SHORT_AND_LONG.format(p="k")}) AND id != :id ORDER BY papers DESC"""
KIND_NAMES = {
    "method": "as a method",
    "acronym": "as an acronym",
    "phrase": "in abstracts",
    "topic": "as a topic",
    "author": "chosen by authors",
}


async def keyword_page(datasette, pk: str) -> dict | None:
    """The template variables of the page of the keyword whose id is `pk`; None if there is none."""
    db = datasette.get_database(DATABASE)
    found = await db.execute(KEYWORD, [pk])
    if not found.rows:
        return None
    keyword = dict(found.first())
    totals = dict((await db.execute(YEARS)).rows)
    series = filled([tuple(row) for row in (await db.execute(SHARES, [pk])).rows], totals)
    return {
        "keyword": keyword,
        "partners": await partners(db, keyword),
        "ways": ways((await db.execute(WAYS, [pk])).rows),
        "series": {KIND_NAMES.get(kind, kind): points for kind, points in series.items()},
        "chart": share_chart({KIND_NAMES.get(kind, kind): points for kind, points in series.items()}),
        "venues_url": f"/{DATABASE}/keyword_trends?keyword_id={keyword['id']}&_sort=year",
        "stable_url": keyword_page_url(keyword["label"]),
    }


async def partners(db, keyword: dict) -> dict | None:
    """The keywords this one's chip lists beside it (`PARTNERS`: `SLAM`, the short form's keyword, on
    the page of `simultaneous localization and mapping`), each with its page, and the papers the
    chip's list holds (`?_keyword=<label>`): None where it lists this keyword's alone."""
    mine = {"k": keyword["normalised"], "id": keyword["id"]}
    others = [dict(row) for row in (await db.execute(PARTNERS, mine)).rows]
    if not others:
        return None
    label = keyword["label"]
    listed = (await db.execute(LISTED, keyword_params(label, keyword["normalised"]))).first()[0]
    for other in others:
        other["url"] = keyword_page_url(other["label"])
    return {"keywords": others, "papers": listed, "url": filter_url("keywords", label)}


def ways(counts) -> list[tuple[str, int]]:
    """How a keyword's papers have it, as its page says it: (`as a topic`, papers), most first, from
    (kind, papers); none when they have it in one way only (its papers say it all)."""
    said = [(KIND_NAMES.get(kind, kind), papers) for kind, papers in counts]
    return said if len(said) > 1 else []


def filled(found: list[tuple[int, str, int]], totals: dict[int, int]) -> dict[str, list[tuple[int, int, int]]]:
    """Each kind's (year, papers, all papers of the year) from `found` (year, kind, papers), with a 0 in
    every year of papers (`totals`) between the keyword's first year and its last that the kind has no
    paper in: a point at 0, not a line drawn across the gap (as the dashboard's chart has it)."""
    years = [year for year, _, _ in found if totals.get(year)]
    if not years:
        return {}
    span = [year for year in sorted(totals) if min(years) <= year <= max(years) and totals[year]]
    papers = {(year, kind): n for year, kind, n in found}
    kinds = dict.fromkeys(kind for _, kind, _ in found)
    return {kind: [(year, papers.get((year, kind), 0), totals[year]) for year in span] for kind in kinds}


def round_ticks(top: float) -> list[float]:
    """The y axis's marks for shares up to `top`: 0 and two to five round steps (1, 2 or 5 times a power
    of ten of a percent: 0%, 0.5%, 1%, not the 0.69% that half the highest point happened to be)."""
    if top <= 0:
        return [0.0]
    power = 10 ** math.floor(math.log10(top / 2))
    step = next(power * m for m in (1, 2, 5, 10) if top / (power * m) <= 5)
    count = int(top / step + 1e-9)
    return [round(step * i, 12) for i in range(count + 1)]


def share_chart(series: dict[str, list[tuple[int, int, int]]]) -> str:
    """An SVG line chart of each series' share of papers per year, from (year, papers, all papers)."""
    points = [(year, papers / total) for values in series.values() for year, papers, total in values if total]
    if not points:
        return ""
    first, last = min(y for y, _ in points), max(y for y, _ in points)
    top = max(share for _, share in points) * 1.1 or 1.0
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(year: int) -> float:
        return LEFT + (inner_w * (year - first) / (last - first) if last > first else inner_w / 2)

    def y(share: float) -> float:
        return TOP + inner_h * (1 - share / top)

    parts = [
        f'<svg class="share-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="Share of papers per year">',
        f'<line x1="{LEFT}" y1="{TOP + inner_h}" x2="{LEFT + inner_w}" y2="{TOP + inner_h}" class="axis"/>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + inner_h}" class="axis"/>',
    ]
    for tick in round_ticks(top):
        parts.append(
            f'<text x="{LEFT - 4}" y="{y(tick) + 4:.1f}" text-anchor="end" class="tick">{100 * tick:g}%</text>'
        )
    step = max(1, round((last - first) / 8))
    for year in range(first, last + 1, step):
        parts.append(f'<text x="{x(year):.1f}" y="{HEIGHT - 8}" text-anchor="middle" class="tick">{year}</text>')
    for i, (name, values) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        line = " ".join(f"{x(year):.1f},{y(papers / total):.1f}" for year, papers, total in values if total)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for year, papers, total in values:
            tip = f"{year}: {papers:,} of {total:,} papers ({100 * papers / total:.2f}%), {escape(name)}"
            parts.append(
                f'<circle cx="{x(year):.1f}" cy="{y(papers / total):.1f}" r="3" fill="{colour}"><title>{tip}</title></circle>'
            )
        # the legend: a stroke of the line's colour and its name in that colour (the axes' grey is theirs)
        key_x, key_y = LEFT + inner_w + 8, TOP + 14 + 16 * i
        parts.append(
            f'<line x1="{key_x}" y1="{key_y - 4}" x2="{key_x + 14}" y2="{key_y - 4}" stroke="{colour}" stroke-width="3" class="key"/>'
            f'<text x="{key_x + 18}" y="{key_y}" fill="{colour}" class="legend">{escape(name)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


# A keyword's share of each year's papers (every venue, or the one chosen: `all venues` is none), a line per way papers
# have it, from its first year to its last (0 in a year without it); with no keyword, the eight topics most papers have.
DASHBOARD_SHARES = """
WITH years AS (SELECT p.year, count(*) AS papers FROM papers p WHERE 1 = 1 [[ AND (:venue = 'all venues' OR p.venue = :venue) ]]
               GROUP BY p.year),
chosen AS (
    SELECT id FROM keywords WHERE normalised = normalise_keyword(nullif(trim(:keyword), ''))
    UNION ALL
    SELECT id FROM (SELECT id FROM keywords WHERE kind = 'topic' ORDER BY papers DESC, id LIMIT 8)
    WHERE nullif(trim(:keyword), '') IS NULL
),
found AS (
    SELECT c.year, k.label || CASE WHEN nullif(trim(:keyword), '') IS NULL THEN '' ELSE ' (' || c.kind || ')' END AS keyword,
           round(100.0 * sum(c.papers) / y.papers, 2) AS percent
    FROM chosen JOIN keyword_trend_counts c ON c.keyword_id = chosen.id JOIN keywords k ON k.id = c.keyword_id
    JOIN years y ON y.year = c.year
    WHERE (nullif(trim(:keyword), '') IS NOT NULL OR c.kind = 'topic') [[ AND (:venue = 'all venues' OR c.venue = :venue) ]]
    GROUP BY c.year, c.keyword_id, c.kind, k.label, y.papers
)
SELECT y.year, s.keyword, coalesce(f.percent, 0) AS percent  -- (0 in a year of papers without it: a point, not a gap)
FROM years y CROSS JOIN (SELECT DISTINCT keyword FROM found) s LEFT JOIN found f ON f.year = y.year AND f.keyword = s.keyword
WHERE y.year BETWEEN (SELECT min(year) FROM found) AND (SELECT max(year) FROM found)
ORDER BY y.year, s.keyword
"""


def shares_chart(database: str) -> dict:
    """The dashboard's chart of a keyword's (or the largest topics') share of each year's papers."""
    return {
        "title": "Share of each year's papers: a keyword, or the largest topics (%)",
        "db": database,
        "query": DASHBOARD_SHARES,
        "library": "vega-lite",
        "display": {
            "mark": {"type": "line", "point": True, "tooltip": True},
            "encoding": {
                # (years as numbers: an axis of evenly spaced years, none left out; as names, Vega-Lite
                # dropped every other label where they did not fit, 2009 and 2012 among them)
                "x": {
                    "field": "year",
                    "type": "quantitative",
                    "title": "year",
                    "scale": {"zero": False, "nice": False},
                    "axis": {"format": "d", "tickMinStep": 1},
                },
                "y": {"field": "percent", "type": "quantitative", "title": "% of the year's papers"},
                # (the legend names each line whole: `graph neural networks (acronym)`, not `... (acron…`)
                "color": {"field": "keyword", "type": "nominal", "title": None, "legend": {"labelLimit": 320}},
            },
        },
    }
