"""Every sorted page of a table or view shows each of its rows once: ASGI middleware that marks
the request of a table's or view's page (`internals.sorted_page`), whose sorted SQL then breaks
ties by the primary key, as Datasette's next pages do (`internals`, item 11).

Facets are the list's, on its first page: Datasette 0.65 counts a later page's facets over the
rows after the page's `_next` token (on the catalogue sorted by citations, page 2's `accepted`
89,037 where the list has 89,135), each facet reading the table through the token's `OR`, which
no index serves (3.5 s of the 5.8 s of a page under load). A later page (`_next`) that asks for
no facet by name is answered with `_nofacet=1` (a table's CSV, which shows none: `exports`).
"""

from __future__ import annotations

from .exports import names_facets, query_keys, with_args
from .internals import sorted_page
from .people import by_year
from .urls import page_table


def without_facets(path: str, query: bytes) -> bytes:
    """`query` with `_nofacet=1` for a later page of a list (`path`), as the module says."""
    keys = query_keys(query)
    return with_args(query, [b"_nofacet=1"] if "_next" in keys and not names_facets(keys) else [])


def paged(app):
    """ASGI middleware: the app answers the page of a table or view within `sorted_page(table)`,
    a later page without facets."""

    async def wrapped(scope, receive, send):
        table = page_table(scope.get("path", "")) if scope.get("type") == "http" else None
        if table is not None:
            query = scope.get("query_string") or b""
            lighter = without_facets(scope["path"], by_year(query) if table == "papers" else query)
            if lighter is not query:
                scope = dict(scope, query_string=lighter)
        with sorted_page(table):
            await app(scope, receive, send)

    return wrapped
