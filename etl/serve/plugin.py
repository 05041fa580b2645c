"""paperdb's Datasette plugin: readable cells (see `cells`), a page for each paper (`paper`), SQL
helpers, folded column descriptions and a faster facet for JSON arrays of distinct values."""

from __future__ import annotations

from datasette import hookimpl
from datasette.database import QueryInterrupted
from datasette.facets import ArrayFacet
from datasette.utils import escape_sqlite, path_with_added_args, path_with_removed_args
from datasette.utils.asgi import Response

from ..store.functions import register
from . import cells
from .failures import error_page
from .limits import limit_connection
from .paper import PAPER_ID, heading, paper_page, paper_pk
from .ranked import MOVE_ABOVE_FACETS, best_matches
from .render import preview
from .urls import safe_queries, table_columns

DATABASE = "papers"


@hookimpl
def prepare_connection(conn):
    register(conn)
    limit_connection(conn)  # ad-hoc SQL cannot build gigabytes (the time limit cannot stop one call)


@hookimpl(tryfirst=True)
def handle_exception(datasette, request, exception):
    return error_page(datasette, request, exception)


@hookimpl
def asgi_wrapper(datasette):
    """Every URL is answered: query strings Datasette cannot take are made harmless (`urls`)."""
    database = datasette.databases.get(DATABASE)
    columns = table_columns(database.path) if database is not None and database.path else None
    return lambda app: safe_queries(app, columns)


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if database != DATABASE:
        return None
    return cells.render(row, value, column, table, datasette)


@hookimpl
def register_routes():
    return [(r"^/-/paper/(?P<paper_id>[^/]*)$", _paper_redirect)]


async def _paper_redirect(datasette, request):
    """`/-/paper/<papers.id>`: the paper's page (its row page, by the integer key)."""
    wanted = request.url_vars["paper_id"].strip().lower()
    pk = await paper_pk(datasette, wanted) if PAPER_ID.match(wanted) else None
    if pk is None:
        return Response.text(f"No paper with id {wanted!r}: ids are 16 hex digits (papers.id)", status=404)
    return Response.redirect(datasette.urls.row(DATABASE, "papers", str(pk)))


@hookimpl
def extra_template_vars(view_name, table, database, request, datasette):
    if database != DATABASE or table != "papers" or view_name not in ("row", "table"):
        return {}

    async def inner():
        if view_name == "row":
            return {"paperdb": await paper_page(datasette, request.url_vars.get("pks", ""))}
        return {
            "cells_of": lambda row: {cell["column"]: cell for cell in row},
            "heading": heading,
            "preview": preview,
            "best_matches": await best_matches(datasette, request, DATABASE),
        }

    return inner


@hookimpl
def extra_css_urls():
    return ["/paperdb-static/paperdb.css"]


@hookimpl
def extra_body_script():
    return FOLD_COLUMN_DESCRIPTIONS + MOVE_ABOVE_FACETS


# Column descriptions fold into one line above a table's rows (they are also in each column's menu).
FOLD_COLUMN_DESCRIPTIONS = """
document.querySelectorAll("dl.column-descriptions").forEach(function (dl) {
  var box = document.createElement("details");
  box.className = "column-descriptions-box";
  var summary = document.createElement("summary");
  summary.textContent = "What the columns mean (" + dl.querySelectorAll("dt").length + ")";
  box.appendChild(summary);
  dl.parentNode.insertBefore(box, dl);
  box.appendChild(dl);
});
"""


class DistinctArrayFacet(ArrayFacet):
    """Datasette's `array` facet for JSON arrays that hold each value at most once, such as
    `papers.topics`. The built-in facet removes repeated items with a DISTINCT over every column
    of every row, which takes seconds on a large table; this one counts the items directly (and
    reads an indexed column from its index). Its links filter with `column__arraycontains=`,
    exactly as the built-in facet does."""

    type = "distinct_array"

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        size = self.get_facet_size()
        pairs = self.get_querystring_pairs()
        for source_and_config in self.get_configs():
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            sql = (
                f"WITH facet_rows AS ({self.sql}) SELECT item.value AS value, count(*) AS count"
                f" FROM facet_rows JOIN json_each(facet_rows.{escape_sqlite(column)}) AS item"
                f" GROUP BY item.value ORDER BY count DESC, value LIMIT {size + 1}"
            )
            try:
                rows = await self.ds.execute(
                    self.database,
                    sql,
                    self.params,
                    truncate=False,
                    custom_time_limit=self.ds.setting("facet_time_limit_ms"),
                )
            except QueryInterrupted:
                timed_out.append(column)
                continue
            values = []
            for row in rows.rows[:size]:
                value = str(row["value"])
                arg = {f"{column}__arraycontains": value}
                selected = (f"{column}__arraycontains", value) in pairs
                path = (
                    path_with_removed_args(self.request, arg) if selected else path_with_added_args(self.request, arg)
                )
                values.append(
                    {
                        "value": value,
                        "label": value,
                        "count": row["count"],
                        "toggle_url": self.ds.absolute_url(self.request, path),
                        "selected": selected,
                    }
                )
            results.append(
                {
                    "name": column,
                    "type": self.type,
                    "results": values,
                    "hideable": source_and_config["source"] != "metadata",
                    "toggle_url": self.ds.urls.path(
                        path_with_removed_args(self.request, {f"_facet_{self.type}": column})
                    ),
                    "truncated": len(rows.rows) > size,
                }
            )
        return results, timed_out


@hookimpl
def register_facet_classes():
    return [DistinctArrayFacet]
