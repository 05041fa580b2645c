"""paperdb's Datasette plugin: readable cells (see `cells`), a page for each paper (`paper`), the
papers list as cards (`cards`), reading lists of any page of papers (`reading_lists`), SQL helpers, folded column descriptions and a faster facet for
JSON arrays of distinct values (`facets`). Its `templates/` and `static/` are the plugin's own,
which Datasette finds beside this module (registered as `etl.serve.plugin`, pyproject.toml)."""

from __future__ import annotations

from datasette import Response, hookimpl

from ...store.functions import register
from .. import cells
from ..app import query_examples
from ..cards import column_descriptions, list_context
from ..examples import with_examples
from ..facets import DistinctArrayFacet, NewestFirstFacet
from ..failures import error_page
from ..filters import paper_filters
from ..internals import quiet_default_error_handler, size_queries
from ..limits import limit_connection
from ..lookup import find_paper
from ..paging import paged
from ..paper import paper_page, row_pk
from ..ranked import best_matches
from ..reading_lists import renderers
from ..trends import keyword_page
from ..urls import Schema, safe_queries

DATABASE = "papers"
PLUGIN = "paperdb"  # the name Datasette serves `static/` under: the distribution's

quiet_default_error_handler()


@hookimpl
def prepare_connection(conn):
    register(conn)
    limit_connection(conn)  # ad-hoc SQL cannot build gigabytes (the time limit cannot stop one call)


@hookimpl(tryfirst=True)
def handle_exception(datasette, request, exception):
    return error_page(datasette, request, exception)


@hookimpl
def asgi_wrapper(datasette):
    """Every URL is answered: URLs over the bounds are refused and query strings Datasette cannot
    take made harmless (`urls`); a canned query's page opens with its example (`examples`); a
    sorted page shows each row once (`paging`)."""
    known = {}

    def schema() -> Schema | None:  # (read once the database is there: not yet when the app is made)
        if "schema" not in known:
            database = datasette.databases.get(DATABASE)
            if database is None or not database.path:
                return None
            known["schema"] = Schema(database.path)
        return known["schema"]

    def faceted(table: str) -> set[str]:  # (the default facets' columns)
        configs = datasette.table_metadata(DATABASE, table).get("facets") or []
        return {c if isinstance(c, str) else next(iter(c.values())) for c in configs}

    size_queries()  # (`?_size=` on a query's page, JSON and CSV; here, once Datasette's views are imported)
    examples = query_examples()
    return lambda app: safe_queries(with_examples(paged(app), examples, DATABASE), schema, faceted)


@hookimpl
def filters_from_request(request, database, table, datasette):
    """`_topic`, `_keyword` and `_author` on the papers list, through indexed tables (`filters`)."""
    if database != DATABASE or table != "papers":
        return None
    from datasette.filters import FilterArguments

    async def inner():
        clauses, params, says = await paper_filters(request.args, datasette.get_database(database))
        return FilterArguments(clauses, params, says)

    return inner


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if database != DATABASE:
        return None
    return cells.render(row, value, column, table, datasette)


@hookimpl
def register_routes():
    return [(r"^/-/paper/(?P<paper_id>.+)$", _paper_redirect)]  # (a DOI holds slashes)


async def _paper_redirect(datasette, request):
    """`/-/paper/<id>`: the page (its row page, by the integer key) of the paper with this
    `papers.id`, former id, OpenReview, arXiv, DOI or other id (`lookup`)."""
    wanted = request.url_vars["paper_id"]
    pk = await find_paper(datasette, wanted)
    if pk is None:
        return Response.text(
            f"No paper with id {wanted.strip()!r}: give its papers.id (16 hex digits), or an id a source"
            " gave it (OpenReview, arXiv, DOI, ACL Anthology: paper_ids)",
            status=404,
        )
    return Response.redirect(datasette.urls.row(DATABASE, "papers", str(pk)))


@hookimpl
def extra_template_vars(view_name, table, database, request, datasette):
    if database != DATABASE or request is None:
        return {}
    if view_name == "row" and table == "papers":

        async def inner():
            return {"paperdb": await paper_page(datasette, row_pk(request))}

        return inner
    if view_name == "row" and table == "keywords":  # (its share of each year's papers: `trends`)

        async def keyword_inner():
            return {"paperdb_keyword": await keyword_page(datasette, row_pk(request))}

        return keyword_inner
    if view_name == "table":  # (the column descriptions, folded, in `templates/_column_descriptions.html`)
        found = {"paperdb_column_descriptions": column_descriptions(table)}
        if table != "papers":
            return found

        async def inner():  # (the papers list, and its best matches when it is searched: `ranked`)
            best = await best_matches(datasette, request, DATABASE)
            return found | {"paperdb_list": list_context(datasette, request), "best_matches": best}

        return inner
    return {}


@hookimpl(trylast=True)  # (after datasette-mcp's own tools: `register_tools` removes the one that writes)
def register_mcp_tools(datasette, mcp):
    """paperdb's tools on datasette-mcp's `/-/mcp` (`etl.serve.mcp`)."""
    from ..mcp import register_tools

    register_tools(datasette, mcp)


@hookimpl
def extra_css_urls(datasette):
    return [datasette.urls.static_plugins(PLUGIN, "paperdb.css")]


@hookimpl
def register_output_renderer(datasette):
    """`.bib`, `.ris` and `.csljson` of every page whose rows are papers (`reading_lists`)."""
    return renderers()


@hookimpl
def register_facet_classes():
    return [DistinctArrayFacet, NewestFirstFacet]
