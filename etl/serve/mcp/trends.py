"""The MCP tools about change over the years: a keyword's (or topic's) share of each year's
papers, what emerged and faded between two periods (the site's `compare_periods` query), and a
venue-year's landscape: its top topics and keywords, and how each grew since the year before."""

from __future__ import annotations

from functools import cache

from mcp.server.mcpserver.exceptions import ToolError

from . import arguments, periods
from .papers import keyword_id
from .reader import Reader, share
from .venues import venue_years

# Papers with the keyword per venue and year, each paper once: the counts a load keeps of the ways
# a paper's text gives it (one way per paper), and the papers whose authors alone give it.
KEYWORD_PAPERS = """SELECT venue, year, sum(papers) AS papers FROM keyword_trend_counts
WHERE keyword_id = :keyword_id AND kind != 'author' GROUP BY venue, year
UNION ALL
SELECT p.venue, p.year, count(*) FROM paper_keywords a JOIN papers p ON p.id = a.paper_id
WHERE a.keyword_id = :keyword_id AND a.kind = 'author' AND NOT EXISTS (
    SELECT 1 FROM paper_keywords b WHERE b.paper_id = a.paper_id AND b.keyword_id = a.keyword_id AND b.kind != 'author')
GROUP BY p.venue, p.year"""
# The same of a keyword counted as one with another (an acronym's short form and its long form:
# `keyword_partners`), each paper once whichever form and way it has; none for any other keyword.
PAIR_PAPERS = """SELECT p.venue, p.year, count(DISTINCT p.id) AS papers FROM keyword_partners j
JOIN keyword_partners o ON o.joined_id = j.joined_id JOIN paper_keywords pk ON pk.keyword_id = o.keyword_id
JOIN papers p ON p.id = pk.paper_id WHERE j.keyword_id = :keyword_id GROUP BY p.venue, p.year"""
JOINED = """SELECT k.label, j.other_forms FROM keyword_partners j JOIN keywords k ON k.id = j.joined_id
WHERE j.keyword_id = :keyword_id"""
# Papers whose text has every word (in a singular or plural form) per venue and year: for words
# that are no keyword.
TEXT_PAPERS = """SELECT p.venue, p.year, count(*) AS papers
FROM papers_fts_words f JOIN papers p ON p.pk = f.rowid
WHERE papers_fts_words MATCH search_words(:q) GROUP BY p.venue, p.year"""
VENUES_SHOWN = 10  # venues of a keyword's trend by venue, most papers first
WHAT = ("keywords", "authors", "institutions")


async def keyword_trend(
    reader: Reader, keyword: str, venue=None, year_from=None, year_to=None, by_venue: bool = False
) -> dict:
    wanted = arguments.text(keyword, "keyword", 200)
    venue = await arguments.venue(reader, venue)
    first, last = await arguments.years(reader)
    start = await arguments.year(reader, year_from, "year_from") or first
    end = await arguments.year(reader, year_to, "year_to") or last
    if start > end:  # (as compare_periods says of a period that is none, not an empty trend: reader6 item 16)
        raise ToolError(f"`year_from` {start} is after `year_to` {end}: the years end before they start")
    try:
        found = await keyword_id(reader, wanted)
        mine = {"keyword_id": found["id"]}
        counts = await reader.rows(PAIR_PAPERS, mine) or await reader.rows(KEYWORD_PAPERS, mine)
        answer = {"keyword": found["label"], "kind": found["kind"], "counted": "papers with the keyword or topic"}
        for joined in await reader.rows(JOINED, mine):  # (UAVs: unmanned aerial vehicles, with UAVs)
            answer |= {"keyword": joined["label"], "other_forms": joined["other_forms"]}
            answer["counted"] = "papers with the keyword or topic, or its other forms"
    except ToolError:
        counts = await reader.rows(TEXT_PAPERS, {"q": wanted})
        answer = {"keyword": wanted, "counted": "papers whose title, abstract or keywords have every word"}
    totals = {(r["venue"], r["year"]): r["papers"] for r in await venue_years(reader)}
    counts = [c for c in counts if start <= c["year"] <= end and venue in (None, c["venue"])]
    all_years = sorted({y for (v, y) in totals if start <= y <= end and venue in (None, v)})
    answer["years"] = _series(counts, totals, all_years, venue)
    if by_venue:
        per_venue: dict[str, int] = {}
        for c in counts:
            per_venue[c["venue"]] = per_venue.get(c["venue"], 0) + c["papers"]
        shown = sorted(per_venue, key=lambda v: (-per_venue[v], v))[:VENUES_SHOWN]
        answer["venues"] = [
            {
                "venue": v,
                "years": _series(
                    [c for c in counts if c["venue"] == v], totals, sorted(y for (w, y) in totals if w == v), v
                ),
            }
            for v in shown
        ]
        answer["venues_truncated"] = len(per_venue) > VENUES_SHOWN
    return answer


def _series(counts: list[dict], totals: dict, years: list[int], venue: str | None) -> list[dict]:
    """Per year: papers with it, all papers (of the venue, or of every venue) and the share."""
    papers: dict[int, int] = {}
    for c in counts:
        papers[c["year"]] = papers.get(c["year"], 0) + c["papers"]
    out = []
    for y in years:
        of = sum(n for (v, year), n in totals.items() if year == y and venue in (None, v))
        out.append({"year": y, "papers": papers.get(y, 0), "of": of, "share": share(papers.get(y, 0), of)})
    return out


@cache
def compare_sql() -> str:
    from ..app import canned_queries

    return canned_queries()["compare_periods"]["sql"]


async def compare(
    reader: Reader, first: str, second: str, venue=None, what: str = "keywords", min_papers: int = 5, limit: int = 10
) -> dict:
    a = await arguments.period(reader, first, "first")
    b = await arguments.period(reader, second, "second")
    venue = await arguments.venue(reader, venue)
    if what not in WHAT:
        raise ToolError(f"`what` {what!r} is not one of {', '.join(WHAT)}")
    if not 1 <= min_papers <= 10_000:
        raise ToolError(f"`min_papers` must be 1 to 10,000, not {min_papers}")
    limit = arguments.limit(limit, 25)
    papers = [r for r in await venue_years(reader) if venue in (None, r["venue"])]
    for name, (start, end) in (("first", a), ("second", b)):
        if not any(start <= r["year"] <= end for r in papers):  # (else everything would have faded)
            where = f"{venue} has" if venue else "there are"
            raise ToolError(f"{where} no papers in `{name}` ({start}-{end}): coverage lists the years of each venue")
    params = {
        "first": f"{a[0]}-{a[1]}" if a[1] > a[0] else str(a[0]),
        "second": f"{b[0]}-{b[1]}" if b[1] > b[0] else str(b[0]),
        "venue": venue or "",
        "what": what,
        "min_papers": str(min_papers),
    }
    answer: dict = {"first": params["first"], "second": params["second"], "what": what}
    if venue:
        answer["venue"] = venue
    if venue is None and what == "keywords" and min_papers >= periods.FLOOR:  # (the query's answer, faster)
        totals: dict[int, int] = {}
        for r in papers:
            totals[r["year"]] = totals.get(r["year"], 0) + r["papers"]
        counts = await reader.kept_read("periods", periods.read_counts)
        rows = periods.compare(counts, totals, a, b, min_papers)
    else:
        rows = await reader.rows(compare_sql(), params)
    truncated = False
    for row in rows:
        found = answer.setdefault(row.pop("status"), [])
        if len(found) < limit:
            found.append({k: v for k, v in row.items() if v is not None})
        else:
            truncated = True
    answer["truncated"] = truncated
    answer["note"] = "percent: of the period's papers; emerged: share at least doubled; faded: at least halved"
    return answer


# Each keyword's papers in the year and the year before, topics apart (one scan of the counts a
# load keeps; the extracted kinds only: a paper has a keyword from its text in one way); an acronym's
# short form and its long form as one (`keyword_partners`), a paper once where it writes both forms
# (`keyword_partner_counts`: `CNN` as an acronym and `convolutional neural networks` as a phrase).
LANDSCAPE = """WITH counts AS (
    SELECT keyword_id, kind = 'topic' AS topic,
           sum(CASE WHEN year = :year THEN papers ELSE 0 END) AS now,
           sum(CASE WHEN year = :before THEN papers ELSE 0 END) AS before
    FROM (SELECT keyword_id, kind, venue, year, papers FROM keyword_trend_counts c
          WHERE NOT EXISTS (SELECT 1 FROM keyword_partners j WHERE j.keyword_id = c.keyword_id)
          UNION ALL SELECT joined_id, kind, venue, year, papers FROM keyword_partner_trends WHERE kind = 'topic'
          UNION ALL SELECT joined_id, 'extracted', venue, year, extracted FROM keyword_partner_counts
          WHERE extracted > 0) t
    WHERE year IN (:year, :before) AND kind != 'author' AND (:venue IS NULL OR venue = :venue)
    GROUP BY keyword_id, kind = 'topic'
),
shares AS (
    SELECT *, 1.0 * now / :papers AS share, CASE WHEN :before_papers > 0 THEN 1.0 * before / :before_papers END AS share_before
    FROM counts
),
chosen AS (
    SELECT 'topics' AS list, * FROM (SELECT * FROM shares WHERE topic ORDER BY now DESC, keyword_id LIMIT :limit)
    UNION ALL
    SELECT 'keywords', * FROM (SELECT * FROM shares WHERE NOT topic ORDER BY now DESC, keyword_id LIMIT :limit)
    UNION ALL
    SELECT 'rising', * FROM (
        SELECT * FROM shares WHERE NOT topic AND now >= :least AND share_before IS NOT NULL
        ORDER BY share - share_before DESC, keyword_id LIMIT :limit)
)
SELECT c.list, k.label AS name, c.now AS papers, round(100 * c.share, 2) AS percent,
       c.before AS papers_before, round(100 * c.share_before, 2) AS percent_before
FROM chosen c JOIN keywords k ON k.id = c.keyword_id
ORDER BY CASE c.list WHEN 'topics' THEN 0 WHEN 'keywords' THEN 1 ELSE 2 END,
         CASE WHEN c.list = 'rising' THEN c.share_before - c.share ELSE -c.now END, c.keyword_id"""


async def landscape(reader: Reader, year: int | None, venue=None, limit: int = 15) -> dict:
    venue = await arguments.venue(reader, venue)
    year = await arguments.year(reader, year)
    limit = arguments.limit(limit, 50)
    totals: dict[int, int] = {}
    for r in await venue_years(reader):
        if venue in (None, r["venue"]):
            totals[r["year"]] = totals.get(r["year"], 0) + r["papers"]
    if year not in totals:
        where = f"{venue} has" if venue else "there are"
        raise ToolError(f"{where} no papers of {year}: coverage lists the years of each venue")
    before = max((y for y in totals if y < year), default=None)
    params = {
        "year": year,
        "before": before,
        "venue": venue,
        "papers": totals[year],
        "before_papers": totals.get(before, 0) if before is not None else 0,
        "limit": limit,
        "least": max(3, totals[year] // 500),  # (a rise of a keyword of two papers is noise)
    }
    answer: dict = {"year": year, "papers": totals[year]}
    if venue:
        answer["venue"] = venue
    if before is not None:
        answer["compared_with"] = {"year": before, "papers": totals[before]}
    for row in await reader.rows(LANDSCAPE, params):
        answer.setdefault(row.pop("list"), []).append({k: v for k, v in row.items() if v is not None})
    return answer
