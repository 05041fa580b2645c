"""The papers table's search box, ranked: when the papers list is searched (and nothing else
narrows it), the list opens with the best matches in the `search` query's ranking, of the papers
the list holds (the box's index, `papers_fts`, needs every word as typed, `is` and `all` too; the
search does not: a best match outside the list was a paper the list and its facets did not have);
below them is Datasette's filter, every match in table order, for the facets to narrow. (Datasette 0.65 has no
way to order a table's rows by relevance: simonw/datasette#268.)"""

from __future__ import annotations

from functools import cache
from urllib.parse import urlencode

from .render import render_snippet, render_title

BEST = 5  # matches shown above the list
NARROWING = ("_where", "_through", "_search_title", "_search_abstract", "_search_keywords")  # (filters are the rest)


@cache
def search_sql() -> str:
    from .app import canned_queries

    return canned_queries()["search"]["sql"]


async def best_matches(datasette, request, database: str) -> dict | None:
    """The best `BEST` matches of the page's `_search` (with their snippets as HTML) and the
    link to all of them ranked; None when the list is not searched, is narrowed by anything else
    (a facet, a filter), or on its later pages."""
    search = (request.args.get("_search") or "").strip()
    narrowed = any(not key.startswith("_") or key in NARROWING for key in request.args)
    if not search or narrowed or request.args.get("_next"):
        return None
    rows = await datasette.get_database(database).execute(
        f"SELECT id, title, venue, year, decision, snippet FROM ({search_sql()}) AS found"
        " WHERE EXISTS (SELECT 1 FROM papers_fts WHERE papers_fts MATCH escape_fts(:q)"  # (as the list: in it)
        f" AND rowid = (SELECT pk FROM papers WHERE id = found.id)) LIMIT {BEST}",
        {"q": search},
    )
    matches = [
        dict(row) | {"snippet": render_snippet(row["snippet"] or ""), "title_html": render_title(row["title"] or "")}
        for row in rows
    ]
    return {"matches": matches, "all": f"/{database}/search?{urlencode({'q': search})}"}
