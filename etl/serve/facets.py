"""Facets of our own: a faster one for JSON arrays that hold each value at most once, such as
`papers.topics`, and one that lists a column's values newest first (the year facet)."""

from __future__ import annotations

from urllib.parse import parse_qsl

from datasette.database import QueryInterrupted
from datasette.facets import Facet

from .filters import PARAMETERS
from .internals import facet_configs, facet_database, path_with_added_args, path_with_removed_args


def _column_sql(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


class DistinctArrayFacet(Facet):
    """Datasette's `array` facet for JSON arrays that hold each value at most once. The built-in
    facet removes repeated items with a DISTINCT over every column of every row, which takes
    seconds on a large table; this one counts the items directly (and reads an indexed column
    from its index). On the papers list its links filter through indexed tables (`_topic=`,
    `_keyword=`, `_author=`: `filters`), elsewhere with `column__arraycontains=` as the built-in
    facet does. (A facet class through the `register_facet_classes` hook; see `internals`.)"""

    type = "distinct_array"

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        size = self.get_facet_size()
        pairs = parse_qsl(self.request.query_string, keep_blank_values=True)
        database = self.ds.get_database(facet_database(self))
        for source_and_config in facet_configs(self):
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            sql = (
                f"WITH facet_rows AS ({self.sql}) SELECT item.value AS value, count(*) AS count"
                f" FROM facet_rows JOIN json_each(facet_rows.{_column_sql(column)}) AS item"
                f" GROUP BY item.value ORDER BY count DESC, value LIMIT {size + 1}"
            )
            try:
                rows = await database.execute(
                    sql, self.params, truncate=False, custom_time_limit=self.ds.setting("facet_time_limit_ms")
                )
            except QueryInterrupted:
                timed_out.append(column)
                continue
            results.append(
                {
                    "name": column,
                    "type": self.type,
                    "results": [
                        self._value(column, str(row["value"]), row["count"], pairs) for row in rows.rows[:size]
                    ],
                    "hideable": source_and_config["source"] != "metadata",
                    "toggle_url": self.ds.urls.path(
                        path_with_removed_args(self.request, {f"_facet_{self.type}": column})
                    ),
                    "truncated": len(rows.rows) > size,
                }
            )
        return results, timed_out

    def _value(self, column: str, value: str, count: int, pairs: list[tuple[str, str]]) -> dict:
        """One value of the facet: its count and the link that adds or removes its filter (the
        indexed filter of `filters` where the papers list has one)."""
        indexed = self.table == "papers" and column in PARAMETERS
        arg = {PARAMETERS[column]: value} if indexed else {f"{column}__arraycontains": value}
        selected = next(iter(arg.items())) in pairs
        path = path_with_removed_args(self.request, arg) if selected else path_with_added_args(self.request, arg)
        return {
            "value": value,
            "label": value,
            "count": count,
            "toggle_url": self.ds.absolute_url(self.request, path),
            "selected": selected,
        }


class NewestFirstFacet(Facet):
    """A column's values in descending order rather than by count: the papers list's year facet
    reads 2025, 2024, 2023, ... (Datasette's column facet puts the year with most papers first).
    Its links filter as the column facet's do (`year=2024`)."""

    type = "newest_first"

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        size = self.get_facet_size()
        pairs = parse_qsl(self.request.query_string, keep_blank_values=True)
        database = self.ds.get_database(facet_database(self))
        for source_and_config in facet_configs(self):
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            sql = (
                f"SELECT {_column_sql(column)} AS value, count(*) AS count FROM ({self.sql})"
                f" WHERE {_column_sql(column)} IS NOT NULL GROUP BY value ORDER BY value DESC LIMIT {size + 1}"
            )
            try:
                rows = await database.execute(
                    sql, self.params, truncate=False, custom_time_limit=self.ds.setting("facet_time_limit_ms")
                )
            except QueryInterrupted:
                timed_out.append(column)
                continue
            values = []
            for row in rows.rows[:size]:
                arg = {column: str(row["value"])}
                selected = (column, str(row["value"])) in pairs
                path = (
                    path_with_removed_args(self.request, arg) if selected else path_with_added_args(self.request, arg)
                )
                values.append(
                    {
                        "value": row["value"],
                        "label": row["value"],
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
