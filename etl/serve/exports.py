"""Exports that give every row they claim, or say plainly where they stop (ASGI middleware).

Datasette's CSV link of a list (`papers.csv?_size=max`) gave its first `max_returned_rows`
(2,000 of 90,525 papers) and said nothing; its reading lists (`.bib`, `.ris`, `.csljson`) gave
the page's 50 rows (50 of a keyword's 1,326 papers). A table's or view's CSV asked for at
`_size=max` is streamed whole (`_stream=on`, as its "stream all rows" box asks: `max_csv_mb` is
set above the largest table, so the stream ends where the rows do), and counts no facets (a CSV
shows none; Datasette counted them for each streamed page); a reading list without a `_size` is
of up to `max_returned_rows` papers, and one cut there says so (`reading_lists`).
"""

from __future__ import annotations

from urllib.parse import parse_qsl

READING_LISTS = (".bib", ".ris", ".csljson")


def query_keys(query: bytes) -> set[str]:
    """The parameters a query string names."""
    return {key for key, _ in parse_qsl(query.decode("latin-1"), keep_blank_values=True)}


def names_facets(keys: set[str]) -> bool:
    """Whether a request asks for facets, or for none, by name (`_facet*`, `_nofacet`)."""
    return any(key.startswith(("_facet", "_nofacet")) for key in keys)


def with_args(query: bytes, added: list[bytes]) -> bytes:
    """`query` with `added` after it (the rest byte for byte); `query` itself when nothing is added."""
    if not added:
        return query
    return b"&".join([query, *added] if query else added)


def whole_query(path: str, query: bytes, table: bool) -> bytes:
    """The query string of a request for `path`, rewritten as the module says (`table`: the path
    is a table's or view's page, not a canned query's)."""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    keys = {key for key, _ in pairs}
    added = []
    if path.endswith(".csv") and table:
        if ("_size", "max") in pairs and not keys & {"_stream", "_next"}:
            added.append(b"_stream=on")
        if not names_facets(keys):
            added.append(b"_nofacet=1")
    elif path.endswith(READING_LISTS) and "_size" not in keys:
        added.append(b"_size=max")
    return with_args(query, added)


def whole_exports(app, is_table):
    """ASGI middleware: `whole_query` on every request; `is_table(path)` says whether `path` is a
    table's or view's page."""

    async def wrapped(scope, receive, send):
        if scope.get("type") == "http":
            path = scope.get("path", "")
            if path.endswith((".csv", *READING_LISTS)):
                query = scope.get("query_string") or b""
                rewritten = whole_query(path, query, is_table(path))
                if rewritten is not query:
                    scope = dict(scope, query_string=rewritten)
        await app(scope, receive, send)

    return wrapped
