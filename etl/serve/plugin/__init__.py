"""paperdb's Datasette plugin: readable cells (see `cells`), a page for each paper (`paper`), the
papers list as cards (`cards`), reading lists of any page of papers (`reading_lists`), SQL helpers, folded column descriptions and a faster facet for
JSON arrays of distinct values (`facets`). Its `templates/` and `static/` are the plugin's own,
which Datasette finds beside this module (registered as `etl.serve.plugin`, pyproject.toml)."""

from __future__ import annotations

import copy
from functools import cache

from datasette import hookimpl

from ...store.functions import register
from .. import cells
from ..app import canned_queries as read_canned_queries
from ..app import query_examples
from ..cards import column_descriptions, list_context
from ..examples import with_examples
from ..exports import whole_exports
from ..facets import DistinctArrayFacet, NewestFirstFacet
from ..failures import error_page, not_served
from ..filters import indexed_filters, keyword_pages, paper_filters
from ..forms import LAST_PAGES, parameters, with_checks
from ..institutions import QUERY as INSTITUTION_QUERY
from ..institutions import institution_header
from ..internals import quiet_default_error_handler, size_queries
from ..keyword_papers import QUERY as KEYWORD_QUERY
from ..keyword_papers import keyword_header
from ..limits import limit_connection
from ..lookup import author_page_of, keyword_page_of, paper_of_search, paper_page_of
from ..not_loaded import linked, not_loaded
from ..paging import paged
from ..paper import paper_page, row_pk
from ..people import author_page, authors_named, only_the_author, people_perhaps, the_author
from ..ranked import best_matches
from ..reading_lists import renderers
from ..site import DATABASE, PLUGIN, home_page, is_ours, renamed_query_routes
from ..trends import keyword_page
from ..urls import Columns, page_table, safe_queries

# Installed through an entry point, the plugin is loaded by every Datasette of the environment:
# each hook acts only where `is_ours` (paperdb's Datasette, its database), and what paperdb patches
# in Datasette (`internals`) is patched only once a Datasette of paperdb's is made.


# The canned queries headed with what they list (their query -> its argument, the template's variable,
# the header's maker): an institution's papers (`institutions`), a keyword's (`keyword_papers`).
HEADED = {
    INSTITUTION_QUERY: ("institution", "paperdb_institution", institution_header),
    KEYWORD_QUERY: ("keyword", "paperdb_keyword", keyword_header),
}


@hookimpl(trylast=True)  # (after Datasette's own, so that paperdb's `escape_fts` replaces its)
def prepare_connection(conn, database, datasette):
    if not is_ours(datasette, database):
        return
    register(conn)
    limit_connection(conn)  # ad-hoc SQL cannot build gigabytes (the time limit cannot stop one call)


@hookimpl(tryfirst=True)
def handle_exception(datasette, request, exception):
    if not is_ours(datasette):
        return None
    return error_page(datasette, request, exception)


@hookimpl
def asgi_wrapper(datasette):
    """Every URL is answered: URLs over the bounds are refused and query strings Datasette cannot
    take made harmless (`urls`); a canned query's page opens with its example (`examples`); a
    sorted page shows each row once (`paging`)."""
    if not is_ours(datasette):
        return None
    quiet_default_error_handler()
    known = {}

    def schema() -> Columns | None:  # (read once the database is there: not yet when the app is made)
        if "schema" not in known:
            database = datasette.databases.get(DATABASE)
            if database is None or not database.path:
                return None
            known["schema"] = Columns(database.path)
        return known["schema"]

    def faceted(table: str) -> set[str]:  # (the default facets' columns)
        configs = datasette.table_metadata(DATABASE, table).get("facets") or []
        return {c if isinstance(c, str) else next(iter(c.values())) for c in configs}

    size_queries()  # (`?_size=` on a query's page, JSON and CSV; here, once Datasette's views are imported)
    examples = query_examples()
    canned = read_canned_queries()
    taken = {name: parameters(query["sql"]) for name, query in canned.items()}
    # (the queries paged to the end of their results: a page past it is said; search_pages's pages stop)
    ends = {name: query["sql"] for name, query in canned.items() if "page" in taken[name] and name not in LAST_PAGES}

    def is_table(path: str) -> bool:  # (a table's or view's page, not a canned query's)
        table, known = page_table(path), schema()
        return table is not None and known is not None and known.columns(table) is not None

    return lambda app: not_served(
        safe_queries(
            whole_exports(
                with_checks(
                    with_examples(indexed_filters(paged(app), DATABASE), examples, DATABASE),
                    datasette,
                    taken,
                    DATABASE,
                    examples,
                    ends,
                ),
                is_table,
            ),
            schema,
            faceted,
        ),
        DATABASE,
    )


@hookimpl
def canned_queries(datasette, database, actor):
    """The canned queries of queries/ (read once per process), on paperdb's database only."""
    if not is_ours(datasette, database):
        return None
    return copy.deepcopy(_queries())  # (Datasette writes each query's name into what it is given)


@cache
def _queries() -> dict[str, dict]:
    return read_canned_queries()


@hookimpl
def filters_from_request(request, database, table, datasette):
    """`_topic`, `_keyword` and `_author` on the papers list, through indexed tables (`filters`)."""
    if not is_ours(datasette, database) or table != "papers":
        return None
    from datasette.filters import FilterArguments

    async def inner():
        clauses, params, says = await paper_filters(request.args, datasette.get_database(database))
        return FilterArguments(clauses, params, says)

    return inner


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if not is_ours(datasette, database):
        return None
    return cells.render(row, value, column, table, datasette)


@hookimpl
def register_routes(datasette):
    if not is_ours(datasette):
        return []
    return [
        (r"^/-/paper/?(?P<paper_id>.*)$", paper_page_of),  # (a DOI holds slashes; none: say what to give)
        (r"^/-/keyword/?(?P<keyword>.*)$", keyword_page_of),  # (a keyword's stable address: its text)
        (r"^/-/author/?(?P<name>.*)$", author_page_of),  # (a person's page by their name)
        *renamed_query_routes(),
    ]


@hookimpl
def extra_template_vars(view_name, table, database, request, datasette):
    if not is_ours(datasette, database) or request is None:
        return {}
    if view_name == "index":  # (the home page: a search box, the papers first: templates/index.html)
        return {"paperdb_home": home_page(datasette)}
    if request.path.rstrip("/") == f"/{DATABASE}/search":  # (people the words may name: `people`)

        async def search_inner():
            said = request.args.get("q") or ""
            return {
                "paperdb_authors": await authors_named(datasette.get_database(DATABASE), said),
                "paperdb_paper": await paper_of_search(datasette, said),  # (an id pasted: its paper)
            }

        return search_inner
    headed = HEADED.get(request.path.rstrip("/").removeprefix(f"/{DATABASE}/"))
    if headed:  # (a canned query headed with what it lists: its total and pages)
        argument, variable, header = headed

        async def headed_inner():
            said = request.args.get(argument) or ""
            database = datasette.get_database(DATABASE)
            return {variable: await header(database, said, request.args.get("page"))}

        return headed_inner
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
            pages = await keyword_pages(request.args, datasette.get_database(DATABASE))
            context = {"paperdb_list": list_context(datasette, request), "best_matches": best, "keyword_pages": pages}
            missing = await not_loaded(datasette.get_database(DATABASE), request.args)  # (a venue or year not held)
            context["not_loaded"] = missing and linked(missing, context["paperdb_list"]["link"])
            return found | context | await _author_context(datasette, request)

        return inner
    return {}


async def _author_context(datasette, request) -> dict:
    """An author's page (`people`): headed with the person's name; when nothing else narrows the
    list, the count and "where by ..." line of Datasette's heading give way to the person's."""
    written = the_author(request.args)
    person = await author_page(datasette.get_database(DATABASE), written) if written else None
    if person is None:  # (nobody of that name: the names it may mean, `Yann LeCunn`)
        perhaps = await people_perhaps(datasette.get_database(DATABASE), written) if written else []
        return {"paperdb_perhaps": {"written": written, "people": perhaps}} if perhaps else {}
    metadata = dict(datasette.table_metadata(DATABASE, "papers"), title=person["name"])
    context: dict[str, object] = {"paperdb_author": person, "metadata": metadata}
    if only_the_author(request.args):
        context |= {"filtered_table_rows_count": None, "human_description_en": None}
    return context


@hookimpl(trylast=True)  # (after datasette-mcp's own tools: `register_tools` removes the one that writes)
def register_mcp_tools(datasette, mcp):
    """paperdb's tools on datasette-mcp's `/-/mcp` (`etl.serve.mcp`)."""
    if not is_ours(datasette):
        return
    from ..mcp import register_tools

    register_tools(datasette, mcp)


@hookimpl
def extra_css_urls(datasette):
    if not is_ours(datasette):
        return []
    return [datasette.urls.static_plugins(PLUGIN, "paperdb.css")]


@hookimpl
def register_output_renderer(datasette):
    """`.bib`, `.ris` and `.csljson` of every page whose rows are papers (`reading_lists`)."""
    if not is_ours(datasette):
        return []
    return renderers()


@hookimpl
def register_facet_classes():
    return [DistinctArrayFacet, NewestFirstFacet]
