"""paperdb's Datasette plugin: readable abstracts, highlighted search snippets, SQL helpers and a
faster facet for JSON arrays of distinct values."""

from __future__ import annotations

from datasette import hookimpl
from datasette.database import QueryInterrupted
from datasette.facets import ArrayFacet
from datasette.utils import escape_sqlite, path_with_added_args, path_with_removed_args
from markupsafe import Markup

from ..extract.keywords import normalise_keyword
from .render import render_abstract, render_snippet

DATABASE = "papers"


def fts_query(text: str | None) -> str:
    """A user's search words as an FTS5 query that cannot be a syntax error: each word quoted,
    all required; a trailing `*` keeps prefix search (`quant*`). Blank input matches nothing."""
    terms = []
    for word in (text or "").split():
        prefix = word.endswith("*") and len(word) > 1
        word = word.rstrip("*").replace('"', '""')
        if word:
            terms.append(f'"{word}"' + ("*" if prefix else ""))
    return " ".join(terms) or '""'


@hookimpl
def prepare_connection(conn):
    conn.create_function("fts_query", 1, fts_query, deterministic=True)
    conn.create_function("normalise_keyword", 1, normalise_keyword, deterministic=True)


@hookimpl
def render_cell(value, column, table, database, datasette):
    if database != DATABASE or not isinstance(value, str):
        return None
    if column == "abstract":
        return Markup(render_abstract(value))
    if column == "snippet":
        return Markup(render_snippet(value))
    return None


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
