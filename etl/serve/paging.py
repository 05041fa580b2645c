"""Every sorted page of a table or view shows each of its rows once: ASGI middleware that marks
the request of a table's or view's page (`internals.sorted_page`), whose sorted SQL then breaks
ties by the primary key, as Datasette's next pages do (`internals`, item 11)."""

from __future__ import annotations

from .internals import sorted_page
from .urls import page_table


def paged(app):
    """ASGI middleware: the app answers the page of a table or view within `sorted_page(table)`."""

    async def wrapped(scope, receive, send):
        table = page_table(scope.get("path", "")) if scope.get("type") == "http" else None
        with sorted_page(table):
            await app(scope, receive, send)

    return wrapped
