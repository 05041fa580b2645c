"""What the table templates need besides Datasette's rows: the papers list as cards (sort links,
the switch to the plain table, headings and previews) and each table's column descriptions,
shown folded above its rows (`plugin/templates/`)."""

from __future__ import annotations

from functools import cache
from urllib.parse import parse_qsl, urlencode

from markupsafe import Markup

from .paper import NO_ABSTRACT_CODE, NO_LINK_CODE, abstract_text, heading_html
from .render import preview
from .site import DATABASE

# The columns the papers list sorts by, with their labels; the measures sort highest first (a
# reader sorting by rating wants the best rated on top).
SORTS = [
    ("title", "title"),
    ("year", "year"),
    ("venue", "venue"),
    ("decision", "decision"),
    ("code_status", "code status"),
    ("added_at", "date added"),
    ("rating_avg", "rating"),
    ("confidence_avg", "confidence"),
    ("citations", "citations"),
]
DESCENDING = {"rating_avg", "confidence_avg", "citations"}
# What a card says of each measure it has (its value given): the sorted one is always shown,
# citations otherwise only when there are some (most papers of a venue without them have 0).
MEASURES = [
    ("rating_avg", lambda v: f"rating {v:.2f}"),
    ("confidence_avg", lambda v: f"confidence {v:.2f}"),
    ("citations", lambda v: f"{v:,} citation{'s' if v != 1 else ''}"),
]


def path_with(request, **changes: str | None) -> str:
    """The request's path and query string with `changes` made (None removes a parameter), as
    Datasette's own table links make them."""
    kept = [(key, value) for key, value in parse_qsl(request.query_string) if key not in changes]
    kept += [(key, value) for key, value in changes.items() if value is not None]
    query = urlencode(kept)
    return request.path + (f"?{query}" if query else "")


def list_context(datasette, request) -> dict:
    """The papers list's template variables (`paperdb_list`)."""
    sort = request.args.get("_sort") or request.args.get("_sort_desc")

    def link(**changes: str | None) -> str:
        return datasette.urls.path(path_with(request, **changes))

    return {
        # (a choice of columns, `_col` or `_nocol`, is the table's: a card needs the columns it shows)
        "table_view": request.args.get("_view") == "table" or "_col" in request.args or "_nocol" in request.args,
        "link": link,
        "no_abstract_code": NO_ABSTRACT_CODE,
        "no_link_code": NO_LINK_CODE,
        "as_list": link(_view=None, _col=None, _nocol=None),
        "as_table": link(_view="table"),
        # (label, link), no link for the current sort
        "sort_links": [
            (label, None if column == sort else link(**_sorted_by(column), _next=None)) for column, label in SORTS
        ],
        "sort_arrow": "▼" if request.args.get("_sort_desc") else "▲",
        "measures": lambda row: measures(row, sort),
        "row_url": lambda pk: datasette.urls.row(DATABASE, "papers", str(pk)),
        "heading": lambda row: Markup(
            heading_html(_cell(row, "title"), _cell(row, "title_raw"), _cell(row, "abstract"))
        ),
        "preview": lambda row: Markup(preview(_cell(row, "abstract") or "")),
        "text": abstract_text,
    }


def _sorted_by(column: str) -> dict[str, str | None]:
    way = "_sort_desc" if column in DESCENDING else "_sort"
    return {way: column, "_sort" if way == "_sort_desc" else "_sort_desc": None}


def measures(row, sort: str | None) -> list[tuple[str, bool]]:
    """(what a card says of each measure the paper has, whether the page is sorted by it)."""
    shown = []
    for column, say in MEASURES:
        value = _cell(row, column)
        if value is None or (column == "citations" and not value and column != sort):
            continue
        shown.append((say(value), column == sort))
    return shown


def _cell(row, column: str):
    """A row's stored value, None where the page left the column out (`?_col=`)."""
    try:
        return row[column]
    except (KeyError, IndexError):
        return None


@cache
def _descriptions() -> dict[str, dict[str, str]]:
    from .app import table_metadata

    return {name: dict(meta.get("columns") or {}) for name, meta in table_metadata().items()}


def column_descriptions(table: str | None) -> dict[str, str]:
    """Each column of `table` with what it means (as the metadata gives Datasette)."""
    return _descriptions().get(table or "", {})
