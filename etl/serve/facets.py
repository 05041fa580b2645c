"""Facets of our own: a faster one for JSON arrays that hold each value at most once, such as
`papers.topics`, and one that lists a column's values newest first (the year facet)."""

from __future__ import annotations

from urllib.parse import parse_qsl

from datasette.database import QueryInterrupted
from datasette.facets import Facet

from .filters import PARAMETERS
from .internals import facet_configs, facet_database, path_with_added_args, path_with_removed_args
from .site import is_ours


def _column_sql(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


class _CountedFacet(Facet):
    """A facet whose values one query counts (`_sql`), each made a value with its link (`_value`),
    with Datasette's time limit for facets; a facet that runs out of time is reported as such."""

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        if not is_ours(self.ds, facet_database(self)):  # (registered for every Datasette: counts only paperdb's)
            return results, timed_out
        size = self.get_facet_size()
        pairs = parse_qsl(self.request.query_string, keep_blank_values=True)
        database = self.ds.get_database(facet_database(self))
        for source_and_config in facet_configs(self):
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            try:
                rows = await database.execute(
                    self._sql(column, size + 1),
                    self.params,
                    truncate=False,
                    custom_time_limit=self.ds.setting("facet_time_limit_ms"),
                )
            except QueryInterrupted:
                timed_out.append(column)
                continue
            results.append(
                {
                    "name": column,
                    "type": self.type,
                    "results": [self._value(column, row["value"], row["count"], pairs) for row in rows.rows[:size]],
                    "hideable": source_and_config["source"] != "metadata",
                    "toggle_url": self.ds.urls.path(
                        path_with_removed_args(self.request, {f"_facet_{self.type}": column})
                    ),
                    "truncated": len(rows.rows) > size,
                }
            )
        return results, timed_out

    def _sql(self, column: str, limit: int) -> str:
        raise NotImplementedError

    def _value(self, column: str, value, count: int, pairs: list[tuple[str, str]]) -> dict:
        raise NotImplementedError

    def _toggled(self, arg: dict[str, str], count: int, pairs: list[tuple[str, str]], shown) -> dict:
        """A value of the facet whose link adds `arg` to the address, or removes it if there."""
        selected = next(iter(arg.items())) in pairs
        path = path_with_removed_args(self.request, arg) if selected else path_with_added_args(self.request, arg)
        return {
            "value": shown,
            "label": shown,
            "count": count,
            "toggle_url": self.ds.absolute_url(self.request, path),
            "selected": selected,
        }


class DistinctArrayFacet(_CountedFacet):
    """Datasette's `array` facet for JSON arrays that hold each value at most once. The built-in
    facet removes repeated items with a DISTINCT over every column of every row, which takes
    seconds on a large table; this one counts the items directly (and reads an indexed column
    from its index). On the papers list its links filter through indexed tables (`_topic=`,
    `_keyword=`, `_author=`: `filters`), elsewhere with `column__arraycontains=` as the built-in
    facet does. (A facet class through the `register_facet_classes` hook; see `internals`.)"""

    type = "distinct_array"

    def _sql(self, column: str, limit: int) -> str:
        return (
            f"WITH facet_rows AS ({self.sql}) SELECT item.value AS value, count(*) AS count"
            f" FROM facet_rows JOIN json_each(facet_rows.{_column_sql(column)}) AS item"
            f" GROUP BY item.value ORDER BY count DESC, value LIMIT {limit}"
        )

    def _value(self, column: str, value, count: int, pairs: list[tuple[str, str]]) -> dict:
        """One value of the facet: its count and the link that adds or removes its filter (the
        indexed filter of `filters` where the papers list has one)."""
        value = str(value)
        indexed = self.table == "papers" and column in PARAMETERS
        arg = {PARAMETERS[column]: value} if indexed else {f"{column}__arraycontains": value}
        return self._toggled(arg, count, pairs, value)


class NewestFirstFacet(_CountedFacet):
    """A column's values in descending order rather than by count: the papers list's year facet
    reads 2025, 2024, 2023, ... (Datasette's column facet puts the year with most papers first).
    Its links filter as the column facet's do (`year=2024`)."""

    type = "newest_first"

    def _sql(self, column: str, limit: int) -> str:
        return (
            f"SELECT {_column_sql(column)} AS value, count(*) AS count FROM ({self.sql})"
            f" WHERE {_column_sql(column)} IS NOT NULL GROUP BY value ORDER BY value DESC LIMIT {limit}"
        )

    def _value(self, column: str, value, count: int, pairs: list[tuple[str, str]]) -> dict:
        return self._toggled({column: str(value)}, count, pairs, value)
