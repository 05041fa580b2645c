"""The MCP tool about one author over the years: their papers, venues, keywords and topics by
year, their most frequent co-authors and the institutions their papers give."""

from __future__ import annotations

from mcp.server.mcpserver.exceptions import ToolError

from . import arguments
from .reading import Reader, capped

AUTHOR = "SELECT id, name, papers FROM authors WHERE normalised = author_key(:name) OR name = :name LIMIT 1"
# Names that start as the one given did (its merge key's beginning), most papers first.
NEARBY = """SELECT name, papers FROM authors
WHERE normalised >= author_key(:name) AND normalised < author_key(:name) || char(1114111)
ORDER BY papers DESC, name LIMIT 5"""
PAPERS = """SELECT p.id, p.title, p.venue, p.year, p.decision, p.presentation, p.citations
FROM paper_authors pa JOIN papers p ON p.id = pa.paper_id WHERE pa.author_id = :id
GROUP BY p.id ORDER BY p.year DESC, p.venue, p.title"""
VENUES = "SELECT year, venue, papers FROM author_trend_counts WHERE author_id = :id ORDER BY year, papers DESC, venue"
# Each year's three keywords most of the author's papers have (topics apart), and their topics.
KEYWORDS = """WITH theirs AS (SELECT DISTINCT p.id, p.year FROM paper_authors pa JOIN papers p ON p.id = pa.paper_id
                         WHERE pa.author_id = :id),
counted AS (
    SELECT t.year, k.kind = 'topic' AS topic, k.keyword, count(DISTINCT t.id) AS papers
    FROM theirs t JOIN paper_keywords k ON k.paper_id = t.id GROUP BY t.year, k.kind = 'topic', k.keyword_id
),
ranked AS (SELECT *, row_number() OVER (PARTITION BY year, topic ORDER BY papers DESC, keyword) AS r FROM counted)
SELECT year, topic, keyword, papers FROM ranked WHERE r <= 3 ORDER BY year, topic, r"""
COAUTHORS = """SELECT o.name, count(DISTINCT o.paper_id) AS papers
FROM paper_authors pa JOIN paper_authors o ON o.paper_id = pa.paper_id AND o.author_id != pa.author_id
WHERE pa.author_id = :id GROUP BY o.author_id ORDER BY papers DESC, o.name LIMIT 10"""
INSTITUTIONS = """SELECT i.name, i.country, min(p.year) AS first_year, max(p.year) AS last_year, count(DISTINCT p.id) AS papers
FROM paper_authors pa JOIN paper_affiliations a ON a.paper_id = pa.paper_id AND a.position = pa.position
JOIN institutions i ON i.id = a.institution_id JOIN papers p ON p.id = pa.paper_id
WHERE pa.author_id = :id GROUP BY i.id ORDER BY last_year DESC, papers DESC, i.name LIMIT 10"""


async def trajectory(reader: Reader, author: str, limit: int = 30) -> dict:
    name = arguments.text(author, "author", 200)
    limit = arguments.limit(limit, 200)
    found = await reader.rows(AUTHOR, {"name": name})
    if not found:
        nearby = await reader.rows(NEARBY, {"name": name})
        hint = "; names that start so: " + ", ".join(n["name"] for n in nearby) if nearby else ""
        raise ToolError(f"no author named {name!r} (names are matched in any case and accents){hint}")
    person = found[0]
    params = {"id": person["id"]}
    years: dict[int, dict] = {}
    for row in await reader.rows(VENUES, params):
        entry = years.setdefault(row["year"], {"year": row["year"], "papers": 0, "venues": {}})
        entry["papers"] += row["papers"]
        entry["venues"][row["venue"]] = row["papers"]
    for row in await reader.rows(KEYWORDS, params):
        entry = years.setdefault(row["year"], {"year": row["year"], "papers": 0, "venues": {}})
        entry.setdefault("topics" if row["topic"] else "keywords", []).append(row["keyword"])
    papers, truncated = capped(await reader.rows(PAPERS, params), limit)
    return {
        "author": person["name"],
        "papers": person["papers"],
        "years": [years[y] for y in sorted(years)],
        "coauthors": await reader.rows(COAUTHORS, params),
        "institutions": [
            {k: v for k, v in i.items() if v is not None} for i in await reader.rows(INSTITUTIONS, params)
        ],
        "recent_papers": [
            {**{k: v for k, v in p.items() if v is not None}, "page": reader.page(p["id"])} for p in papers
        ],
        "truncated": truncated,
    }
