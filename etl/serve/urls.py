"""Query strings Datasette cannot take, made harmless before it sees them (ASGI middleware).

Datasette answers some query strings with an error page and a traceback in the server log
(`?_sort=nonexistent`, `?year__in=[`, `?_search=%00`), and some with work that grows with the
square of their length (a thousand `_facet=title`). The middleware rewrites such a query
string so that every URL is answered: control characters are dropped from every value (NUL
ends SQL text); an unbalanced `"` in a full-text search is read as a space (a lone `"` as `""`, a search for
nothing, which `escape_fts` makes one that matches nothing: Datasette's was the whole table, or a
syntax error for `""`); a search or
`_where` left blank, search words beyond the 32nd, a repeated parameter, facets beyond `MAX_FACETS`, a sort or column that
the table does not have, `__in` or `_through` that is no JSON it can use, a facet of a column
the table does not have or shows a facet of already (`?_facet=venue` on papers: the facet
twice), or whose configuration is not a JSON object naming a column (`?_facet={"a":1}`), a `_timelimit` that is not a number of
milliseconds, and a filter's integer beyond SQLite's are dropped (a canned query's parameters are
text: `forms` says which are wrong). An ordinary query string passes byte
for byte. A request that would change something (POST, PUT, PATCH, DELETE) is answered 405 outside
Datasette's own `/-/` pages: nothing else takes one (Datasette's answer was a 500).

Before any of that, a URL longer than `MAX_URL_BYTES` is answered 414 and a query string of more
than `MAX_PARAMETERS` parameters 400: Datasette parses the whole query string again each time a
page reads a parameter, and a table's page reads each filter, so its work grew with the square of
their number, on the server's one event loop (5,000 unknown columns, `?a0=0&a1=1...`, held every
page for 44 s). A `_next` on a view's page is the offset of its first row: one that is not a
number is dropped (Datasette's `int()` of it was a 500).
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections.abc import Callable, Set
from urllib.parse import parse_qsl, unquote, urlencode

from ..store.access import connect_immutable
from ..store.functions import MAX_SEARCH_TERMS

MAX_FACETS = 20
# (path and query string, ad-hoc SQL in `?sql=` included: as much as uvicorn's h11 takes of a request's head)
MAX_URL_BYTES = 16_384
MAX_PARAMETERS = 100  # a page's filters, facets and options: the longest the site makes has 20
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_TABLE_PATH = re.compile(r"^/[^/]+/([^/]+?)(?:\.(?:json|csv))?$")
_BIG_INTEGER = re.compile(r"-?[0-9]{19,}")  # beyond SQLite's 64-bit integers
_COLUMN_PARAMETERS = ("_sort", "_sort_desc", "_col", "_nocol")

Facets = Callable[[str], "set[str]"]  # table -> the columns it is faceted by already
_TIME_LIMIT = re.compile(r"[0-9]{1,9}")
_OFFSET = re.compile(r"[0-9]{1,15}")  # a view's `_next`
CHANGES = {"POST", "PUT", "PATCH", "DELETE"}


def _facet_column(value: str) -> str | None:
    """The column a `_facet*` value names: the value, or a JSON object's `simple` or `column`
    (None: no column, which Datasette cannot take)."""
    if not value.lstrip().startswith("{"):
        return value
    try:
        config = json.loads(value)
    except ValueError:
        return None
    column = config.get("simple", config.get("column")) if isinstance(config, dict) else None
    return column if isinstance(column, str) else None


def _kept(
    key: str, value: str, columns: set[str] | None, faceted: Set[str] = frozenset(), view: bool = False
) -> str | None:
    """The value to keep for `key`, or None to drop the pair."""
    value = _CONTROL.sub("", value)
    if key == "_next" and view and not _OFFSET.fullmatch(value):
        return None
    if key.startswith("_facet") and key != "_facet_size":
        column = _facet_column(value)
        if column is None or column in faceted or (columns is not None and column not in columns):
            return None
    if key == "_timelimit" and not _TIME_LIMIT.fullmatch(value.strip()):
        return None
    searching = key == "_search" or key.startswith("_search_")
    if searching and value.count('"') % 2:
        value = value.replace('"', " ") if value.replace('"', " ").strip() else '""'  # (`"`: a search of nothing)
    if searching and len(words := value.split()) > MAX_SEARCH_TERMS:
        value = " ".join(words[:MAX_SEARCH_TERMS])  # (FTS5 works past the time limit on more)
    if (searching or key == "_where") and not value.strip():
        return None
    if key in _COLUMN_PARAMETERS and columns is not None and value not in columns:
        return None
    if key.endswith("__in") and value.lstrip().startswith("["):
        try:
            json.loads(value)
        except ValueError:
            return None
    if key == "_through":
        try:
            through = json.loads(value)
        except ValueError:
            return None
        if not isinstance(through, dict) or not {"table", "column", "value"} <= through.keys():
            return None
    if not key.startswith("_") and columns is not None and _BIG_INTEGER.fullmatch(value.strip()):
        return None  # (a table's filter; a canned query takes its values as text and says what is wrong)
    return value


def safe_query_string(
    query: bytes, columns: set[str] | None = None, faceted: Set[str] = frozenset(), view: bool = False
) -> bytes:
    """`query` rewritten as the module says; `columns` are those of the table the request is for,
    `faceted` those it shows facets of without being asked, `view` whether it is a view."""
    if not query:
        return query
    text = query.decode("latin-1")
    pairs = parse_qsl(text, keep_blank_values=True, encoding="utf-8", errors="surrogateescape")
    safe, seen, facets = [], set(), 0
    for key, value in pairs:
        key = _CONTROL.sub("", key)
        kept = _kept(key, value, columns, faceted, view)
        if kept is None or (key, kept) in seen:
            continue
        if key.startswith("_facet"):
            facets += 1
            if facets > MAX_FACETS:
                continue
        seen.add((key, kept))
        safe.append((key, kept))
    if safe == pairs:
        return query
    return urlencode(safe, encoding="utf-8", errors="surrogateescape").encode("ascii")


class Columns:
    """The columns of each table and view of a database file, and which are views: read once,
    when first asked (the file may not be migrated yet when the server starts)."""

    def __init__(self, db_file: str):
        self.db_file = db_file
        self.known: dict[str, set[str]] = {}
        self.views: set[str] = set()

    def _read(self) -> bool:
        if not self.known:
            try:
                con = connect_immutable(self.db_file)
                try:
                    found = con.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')")
                    for name, kind in found.fetchall():
                        self.known[name] = {row[1] for row in con.execute(f'PRAGMA table_info("{name}")')} | {"rowid"}
                        if kind == "view":
                            self.views.add(name)
                finally:
                    con.close()
            except sqlite3.Error:
                return False
        return True

    def columns(self, table: str) -> set[str] | None:
        return self.known.get(table) if self._read() else None

    def is_view(self, table: str) -> bool:
        return self._read() and table in self.views


def page_table(path: str) -> str | None:
    """The table or view whose page (HTML, JSON or CSV) `path` is, if it is one."""
    match = _TABLE_PATH.match(path)
    return unquote(match[1]) if match else None


def safe_queries(app, schema: Callable[[], Columns | None] | None = None, facets: Facets | None = None):
    """ASGI middleware: a URL over the bounds answered 414 or 400, every other request's query
    string through `safe_query_string`; a request that would change something answered 405
    outside `/-/`. `schema()` is the served database's `Columns` (None until it can be read)."""

    async def wrapped(scope, receive, send):
        if scope.get("type") != "http":
            return await app(scope, receive, send)
        if scope.get("method") in CHANGES and not scope.get("path", "").startswith("/-/"):
            return await _refuse(scope, send)
        query = scope.get("query_string") or b""
        refused = _over_bounds(scope.get("raw_path") or scope.get("path", "").encode(), query)
        if refused:
            return await _answer(scope, send, *refused)
        if query:
            table = page_table(scope.get("path", ""))
            known = schema() if table and schema else None
            columns = known.columns(table) if known else None
            faceted = facets(table) if table and facets else frozenset()
            safe = safe_query_string(query, columns, faceted, bool(known and known.is_view(table)))
            if safe is not query:
                scope = dict(scope, query_string=safe)
        await app(scope, receive, send)

    return wrapped


def _over_bounds(path: bytes, query: bytes) -> tuple[int, str] | None:
    """(status, what is wrong) of a URL over the bounds, else None: counted, not parsed."""
    if len(path) + len(query) > MAX_URL_BYTES:
        return 414, f"the address is longer than {MAX_URL_BYTES:,} bytes"
    if query.count(b"&") >= MAX_PARAMETERS:
        return 400, f"the address has more than {MAX_PARAMETERS} parameters"
    return None


async def _refuse(scope, send) -> None:
    message = f"{scope['method']} is not allowed here: paperdb's pages are read-only"
    await _answer(scope, send, 405, message, [(b"allow", b"GET, HEAD")])


async def _answer(scope, send, status: int, message: str, headers: list | None = None) -> None:
    """A one-line plain-text answer, and one line in the server's log."""
    path = scope.get("path", "")[:200].encode("unicode_escape").decode("ascii")  # (a newline cannot forge a line)
    print(f"paperdb: {status} for {scope.get('method', 'GET')} {path}: {message}", file=sys.stderr)
    headers = [(b"content-type", b"text/plain; charset=utf-8"), *(headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": f"{message}\n".encode()})
