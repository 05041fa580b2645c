"""Reading lists on every page whose rows are papers (a table, view or canned query with a `paper_id`
column, or the papers' `id`): `.bib`, `.ris` and `.csljson` beside JSON and CSV (Datasette's
`register_output_renderer`), of the rows the page shows with its filters, in its order: up to
`max_returned_rows` (`exports`); a list cut there says so (a `Link: rel="next"` header, and a
BibTeX `@comment` at the top). A canned query's list of papers comes 100 a page (`page`; search's
best 100 continue as `search_pages`): its reading list reads on from the page asked, page after page,
up to `max_returned_rows` papers, and one cut there says so the same way (it gave the first page,
100 of a keyword's 1,326 papers, without a word). A page of other things (keywords, venues, runs,
counts) answers its reading lists with a 400 that says so (it gave an empty list: reader6 item 12)."""

from __future__ import annotations

import json
import re
from urllib.parse import urlencode

from datasette import Response
from datasette.utils.asgi import BadRequest

from ..store.citations import IDS, OWN, PAPERS, citations
from ..text.citations import FORMATS
from .forms import LAST_PAGES, parameters, rest_of_pages
from .site import DATABASE

PAPER_ID = re.compile(r"^[0-9a-f]{16}$")
PAGE = 100  # rows of a page of a paged canned query (its `LIMIT 100 OFFSET (page - 1) * 100`)
PAGES = "_pages"  # a query's paged twin: search -> search_pages
WHERE = "p.id IN (SELECT value FROM json_each(:ids))"


def paper_column(columns: list[str], table: str | None) -> str | None:
    """The column whose values are papers.id: `similar_id` (the papers a paper's similar papers are:
    `similar_papers?paper_id=...` lists them, not the paper), `paper_id`, or `id` of papers and of a
    query (whose paper lists name their papers so); None for pages of other things (sources,
    keywords, runs)."""
    if "similar_id" in columns:
        return "similar_id"
    if "paper_id" in columns:
        return "paper_id"
    if "id" in columns and table in (None, "papers"):
        return "id"
    return None


def paper_ids(columns: list[str], rows, table: str | None) -> list[str]:
    """The papers of a page's rows, each once, in the page's order."""
    column = paper_column(list(columns), table)
    if column is None:
        return []
    at = list(columns).index(column)
    return list(dict.fromkeys(r[at] for r in rows if isinstance(r[at], str) and PAPER_ID.match(r[at])))


def renderers() -> list[dict]:
    """Datasette's output renderers, one per reading-list format (`etl.text.citations.FORMATS`)."""
    return [
        {"extension": extension, "render": _render(fmt), "can_render": _can_render}
        for fmt, (_, extension, _) in FORMATS.items()
    ]


def _can_render(columns, table, database):
    return database == DATABASE and paper_column(list(columns or []), table) is not None


def _render(fmt: str):
    write, extension, media = FORMATS[fmt]

    async def render(datasette, columns, rows, database, table, query_name, request=None, data=None):
        # (Datasette renders any page's reading list: `can_render` only decides whether it is linked)
        if paper_column(list(columns or []), table) is None:
            page = table or query_name or database
            raise BadRequest(
                f"{page}.{extension}: this page's rows are not papers (a reading list is offered on"
                " pages of papers: papers, their views and the queries that list papers)"
            )
        ids = paper_ids(columns, rows, table)
        db = datasette.get_database(database)
        cut = (data or {}).get("next_url")
        if query_name and request is not None and len(rows) == PAGE:
            args, bound = dict(request.args), datasette.max_returned_rows
            more, cut = await later_pages(datasette, database, query_name, args, bound, extension)
            ids = list(dict.fromkeys(ids + more))
        params = {"ids": json.dumps(ids)}
        found = [(await db.execute(sql.format(where=WHERE), params)).rows for sql in (PAPERS, IDS, OWN)]
        by_id = {c.paper_id: c for c in citations(*found)}
        body = "".join(write(by_id[pid] for pid in ids if pid in by_id))
        name = f"{table or query_name or database}.{extension}"
        headers = {"content-disposition": f'inline; filename="{name}"'}
        if cut:  # (more papers than one request gives: said, in the file where it can be, and in a header)
            headers["link"] = f'<{cut}>; rel="next"'
            if fmt == "bibtex":
                rest = "every paper with the words (the search's pages stop here)" if "?_search=" in cut else "the rest"
                body = f"@comment{{paperdb: the first {len(ids):,} papers of the list; {rest} from {cut}}}\n\n" + body
        return Response(body, status=200, headers=headers, content_type=media)

    return render


async def paged_query(datasette, database: str, name: str) -> tuple[str, str] | None:
    """The name and SQL of the paged query whose pages continue `name`'s rows (itself when it takes a
    `page`, its `_pages` twin when it has one); None for a query that gives all its rows at once."""
    for candidate in (name, name + PAGES):
        query = await datasette.get_canned_query(database, candidate, None)
        if query and "page" in parameters(query["sql"]):
            return candidate, query["sql"]
    return None


async def later_pages(
    datasette, database: str, name: str, args: dict[str, str], bound: int, extension: str
) -> tuple[list[str], str | None]:
    """The papers of the pages after the one asked (`args`; a query without a `page` gave the first),
    read until a page is not full, `bound` papers are read or the query's pages stop (`LAST_PAGES`);
    and the address of the rest as a reading list (`extension`) when they are cut there: the next
    page, or where the pages stop the papers table's search for the words (None when the pages ran out)."""
    paged = await paged_query(datasette, database, name)
    if paged is None:
        return [], None
    paged_name, sql = paged
    taken = parameters(sql)
    values = {key: args.get(key, "") for key in taken}
    page = int(values["page"]) if name == paged_name and values["page"].isdigit() else 1
    db = datasette.get_database(database)
    found: list[str] = []
    read = PAGE
    last = LAST_PAGES.get(paged_name)
    while read < bound and (last is None or page < last):
        page += 1
        result = await db.execute(sql, dict(values, page=str(page)))
        found += paper_ids(list(result.columns), result.rows, None)
        read += len(result.rows)
        if len(result.rows) < PAGE:
            return found, None
    if last is not None and page >= last:  # (its pages stop there: the rest, the table's search lists them)
        return found, datasette.urls.path(rest_of_pages(values, f".{extension}"))
    query = urlencode({k: v for k, v in dict(values, page=str(page + 1)).items() if v})
    return found, datasette.urls.path(f"/{database}/{paged_name}.{extension}?{query}")
