"""What paperdb relies on in Datasette 0.65 that Datasette does not document, all of it here.

The rest of `etl.serve` uses only documented API: plugin hooks (the canned queries too, through
`canned_queries`, where the metadata held them), each acting on paperdb's database only
(`site.is_ours`), the `datasette`, `Database`,
`Request`, `Response` and `Results` objects, `datasette.urls`, templates (`default:` inheritance,
a `_table.html` looping over `display_rows` with `row["column"]` and `row.display("column")`),
and a plugin's own `templates/` and `static/`. Each item below has a test in
`tests/test_datasette_internals.py` that fails, naming the item, when a release changes it.

1. `quiet_default_error_handler()`: Datasette's own `handle_exception` hook runs for every error,
   even one that paperdb's hook answered, and when `rich` can be imported (import-linter brings
   it) prints a traceback with locals for each, 404s included; outside an `except` block that
   printing fails and the page becomes a bare 500. The module's `rich` is set to None, so it
   prints tracebacks of real 500s only; set when paperdb's Datasette is made (the plugin's
   `asgi_wrapper`), never by a Datasette over another database (tests/test_plugin_scope.py). On a
   page `FileDatabase.execute` makes SQLite's `ProgrammingError` (`_where=$null`) a 400 and logs no SQL.
2. `Base400`, `DatasetteError`: the class of Datasette's 4xx exceptions (`.status`) and of its
   other errors (`.status`, `.message`, `.message_is_html`, `.title`), which `failures` answers.
3. `expanded_foreign_key(value)`: `render_cell` receives a foreign key that Datasette expanded
   with its label as `{"value": ..., "label": ...}` (the documented values are scalars).
4. `facet_configs`, `facet_database`, `path_with_added_args`, `path_with_removed_args`: a Facet
   subclass's configuration (`Facet.get_configs()`) and database (`.database`), and the helpers
   the documented facet example uses for toggle links without documenting them.
5. `new_datasette(metadata, settings)`: the constructor's `settings=` (documented: `metadata=`;
   `settings=` is `datasette serve --setting` in the constructor).
6. `use_row_factory(conn, factory)`: Datasette sets `conn.row_factory = sqlite3.Row` before the
   `prepare_connection` hook runs, so a hook may replace it with a factory of `sqlite3.Row`s.
7. `COLUMN_DESCRIPTIONS`: the class of the list in which Datasette's table page shows a table's
   column descriptions (`<dl class="column-descriptions">`); `plugin/static/paperdb.css` hides
   it where paperdb shows them folded (`plugin/templates/_column_descriptions.html`).

8. `FileDatabase`: `Database.connect(write)` opens `f"file:{path}?mode=ro"` as a URI, so a path
   holding `?`, `#` or `%` opened another file (`h#1.db` made an empty `h`); the subclass opens
   the same connections (`mode=ro`, `nolock`, `immutable=1`, kept in `_all_file_connections`) by
   a URI that names the path exactly. Datasette keeps one read connection per thread for the
   server's life (`execute_fn`); the subclass hands `execute_fn`'s function a new connection
   (prepared by `Datasette._prepare_connection`) once the file at the path is another (deleted
   and rebuilt), where the kept one would read the deleted file until a restart; and it
   interrupts the queries of every connection when the server stops.
9. `new_datasette` hands Datasette the metadata as `shared(metadata)`, whose dicts and lists
   deep-copy as themselves: Datasette 0.65.5 deep-copies every metadata source on each check of
   a table's permission (`_table_permission_allows`), several per page and one per table listed,
   1.5 ms each with paperdb's 60 KB of metadata: most of the index and database pages' time. It
   merges its sources into new dicts, the local metadata (paperdb's) last (`_metadata_sources`),
   so it never merges another into paperdb's; what it writes into the metadata itself (canned
   queries' names, the database's license and source copied into a table's) is the same on
   every request.
10. `size_queries()`: a query's page (canned or not) returns every row up to `max_returned_rows`
   whatever its `?_size=`, which cuts a table's page (simonw/datasette#1200, open): the search's CSV
   with `_size=20` had 100 rows. `QueryView.data` (what a canned query's page, JSON and CSV are
   made from) returns `(data, extra_template, templates[, status])`, the rows in `data["rows"]` and
   the page's in `extra_template()["display_rows"]`; the wrapper cuts both to `_size` (a number;
   `max` or anything else: every row) and marks the result truncated, as the fix proposed upstream
   (simonw/datasette#2720) does. The hook that could (none of Datasette 0.65's) would replace it.

11. `sorted_page(table)` and `FileDatabase.execute`: Datasette's table page orders its first
   page by the sort column alone (`select ... from papers order by rating_avg desc limit 51`) and
   its next pages by the column and then the primary key, from the `_next` token (the column's
   value and the key of the last row), so rows with equal values were skipped or repeated from
   one page to the next (the rating_avg index gives ties by key descending, the next page by key
   ascending); a view's pages are `offset`s of an order by the column alone, whose ties SQLite
   may break differently on each page.
   While a request for a table's or view's page runs (`sorted_page`), the SQL of that shape gets
   the primary key (the rowid of a table without one; a view's key, `View.key`, or every column)
   after the sort column, as the next pages have it: each row is on exactly one page.

12. `nulls_last` and `FileDatabase.execute`: SQLite orders rows without a value first in an
   ascending sort, so a table sorted by citations ascending opened on the 9,640 papers with no
   count (descending, they are last already); Datasette's next-page clauses assume that order.
   While a request for a table's or view's page runs, an ascending page's SQL orders by
   `<column> nulls last` (the column's index serves it as before) and its next-page clauses
   follow that order, so rows without a value come last either way, each on exactly one page.

13. `FileDatabase.execute`: a view's page counts it as `select count(*) from <view> `, which a view's
   `count_sql` replaces; a page past its end asks for no rows (`counts.counted_view`).

Templates extend Datasette's with `{% extends "default:row.html" %}` and fill its `title` and
`content` blocks (the documented example fills `content`); a test checks the blocks are there.
"""

from __future__ import annotations

import inspect
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from contextvars import ContextVar

from datasette.database import Database
from datasette.utils import escape_sqlite, path_with_added_args, path_with_removed_args
from datasette.utils.asgi import Base400
from datasette.views.base import DatasetteError

from ..store.access import file_uri
from .counts import VIEW_KEYS, counted_view
from .sql_errors import executed

__all__ = [
    "COLUMN_DESCRIPTIONS",
    "Base400",
    "DatasetteError",
    "FileDatabase",
    "expanded_foreign_key",
    "facet_configs",
    "facet_database",
    "new_datasette",
    "path_with_added_args",
    "path_with_removed_args",
    "quiet_default_error_handler",
    "size_queries",
    "sorted_page",
    "tie_broken",
    "use_row_factory",
]

COLUMN_DESCRIPTIONS = "column-descriptions"


def quiet_default_error_handler() -> None:
    """Datasette's default error page without `rich`'s traceback printing (item 1)."""
    import datasette.handle_exception  # (imported here: importing it loads the plugins, this one too)

    datasette.handle_exception.rich = None


def size_queries() -> None:
    """`?_size=N` cuts a query's rows to N, as it cuts a table's page (item 10); once per process."""
    from datasette.views.database import QueryView

    if getattr(QueryView.data, "sized", False):
        return
    unsized = QueryView.data

    async def data(self, request, sql, *args, **kwargs):
        answer = await unsized(self, request, sql, *args, **kwargs)
        size = request.args.get("_size", "")
        if not size.isdigit() or not isinstance(answer, tuple) or len(answer[0].get("rows") or []) <= int(size):
            return answer
        cut, extra = int(size), answer[1]

        async def extra_cut() -> dict:
            context = extra() if callable(extra) else extra
            context = await context if inspect.isawaitable(context) else context
            return {**context, "display_rows": context["display_rows"][:cut]}

        return ({**answer[0], "rows": answer[0]["rows"][:cut], "truncated": True}, extra_cut, *answer[2:])

    data.sized = True  # type: ignore[attr-defined]  # (the mark that it is patched: once per process)
    QueryView.data = data


def expanded_foreign_key(value) -> tuple[object, object] | None:
    """(value, label) of a foreign key cell Datasette expanded with its label, else None (item 3)."""
    if isinstance(value, dict) and "value" in value and "label" in value:
        return value["value"], value["label"]
    return None


def facet_configs(facet) -> list[dict]:
    """The configurations of a facet of this type, from the table's metadata and the query string (item 4)."""
    return facet.get_configs()


def facet_database(facet) -> str:
    """The name of the database a facet counts in (item 4)."""
    return facet.database


def new_datasette(metadata: dict, settings: dict):
    """A Datasette with no database yet, these metadata and these settings (items 5, 9)."""
    from datasette.app import Datasette

    return Datasette(metadata=shared(metadata), settings=settings)


def shared(value):
    """`value` with each of its dicts and lists a deep copy of itself (item 9)."""
    if isinstance(value, dict):
        return _SharedDict({key: shared(item) for key, item in value.items()})
    if isinstance(value, list):
        return _SharedList(shared(item) for item in value)
    return value


class _SharedDict(dict):
    __slots__ = ()

    def __deepcopy__(self, memo) -> _SharedDict:
        return self


class _SharedList(list):
    __slots__ = ()

    def __deepcopy__(self, memo) -> _SharedList:
        return self


def use_row_factory(conn: sqlite3.Connection, factory: Callable[[sqlite3.Cursor, tuple], sqlite3.Row]) -> None:
    """Make Datasette's rows on `conn` with `factory` (item 6)."""
    conn.row_factory = factory


# The table or view whose page the request being answered is for (item 11).
_PAGE_OF: ContextVar[str | None] = ContextVar("paperdb_page_of", default=None)
# The end of the SQL of a table's page sorted by one column (`_sort`, `_sort_desc`, a default sort
# of the metadata), from its last ` order by `: `order by <column>[ desc] limit <n>[ offset <m>]`;
# its next pages, which have the key after the column already, do not match (no column is a list).
_SORTED_END = re.compile(r" order by (?P<column>[^,]+?)(?P<desc> desc)? limit \d+(?: offset \d+)?", re.S)


def _sorted_by(sql: str) -> re.Match | None:
    """The end of `sql` if it is the SQL of a page sorted by one column (read from the last
    ` order by ` only: a `_where` of many cannot make it read the SQL again from each)."""
    at = sql.rfind(" order by ")
    return _SORTED_END.fullmatch(sql, at) if at > 0 and sql.startswith("select ") else None


@contextmanager
def sorted_page(table: str | None) -> Iterator[None]:
    """While the request for the page of `table` (None: no table's) is answered (item 11)."""
    token = _PAGE_OF.set(table)
    try:
        yield
    finally:
        _PAGE_OF.reset(token)


def tie_broken(sql: str, table: str, key: list[str]) -> str:
    """`sql` with the columns of `key` after its sort column, if it is the SQL of a sorted page of
    `table` (item 11), else `sql` as it is."""
    match = _sorted_by(sql)
    if not match or f" from {escape_sqlite(table)} " not in sql:
        return sql
    column = match["column"]
    after = [escape_sqlite(name) for name in key if escape_sqlite(name) != column]
    if not after:
        return sql
    end = match.end("desc") if match["desc"] else match.end("column")
    return f"{sql[:end]}, {', '.join(after)}{sql[end:]}"


# The end of the SQL of an ascending page (a first page with its key, a next page, a view's offset):
# `order by <column>, <key columns> limit <n>[ offset <m>]`, each name as `escape_sqlite` writes it.
_NAME = r"(?:\[[^\]]*\]|[A-Za-z_][A-Za-z0-9_]*)"
_ASCENDING_END = re.compile(rf" order by (?P<column>{_NAME})(?P<key>(?:, {_NAME})*) limit \d+(?: offset \d+)?", re.S)


def _ascending(sql: str) -> re.Match | None:
    """The end of `sql` if it is the SQL of an ascending page (read from the last ` order by `)."""
    at = sql.rfind(" order by ")
    return _ASCENDING_END.fullmatch(sql, at) if at > 0 and sql.startswith("select ") else None


def nulls_last(sql: str, table: str, key: Sequence[str] = ()) -> str:
    """`sql` with rows without a value last, if it is the SQL of an ascending page of `table`
    (item 12; `key`: the table's primary key, ordered by as it is), else `sql` as it is: `order by <column> nulls last` (SQLite reads it from the
    column's index all the same), and Datasette's clauses of a next page made to match: after a
    value, the rows without one still follow (`(c > :p or (c = :p and <key after>))` gets `c is
    null or`); after a row without one, only rows without one with a later key do (`(c is not
    null or (c is null and <key after>))` loses `c is not null`)."""
    match = _ascending(sql)
    if not match or f" from {escape_sqlite(table)} " not in sql:
        return sql
    at, column = match.start(), match["column"]
    if column in {escape_sqlite(name) for name in key}:  # (a table's key has a value in every row)
        return sql
    where = re.sub(
        rf"\({re.escape(column)} > (:p\d+) or \({re.escape(column)} = \1 and ",
        lambda m: f"({column} is null or {column} > {m[1]} or ({column} = {m[1]} and ",
        sql[:at],
    ).replace(f"({column} is not null or ({column} is null and ", f"(0 or ({column} is null and ")
    return f"{where} order by {column} nulls last{sql[match.end('column') :]}"


class _Opened(sqlite3.Connection):
    """A connection that knows which file it opened: (device, inode) of the path then."""

    identity: tuple[int, int] | None = None


def _identity(path: str) -> tuple[int, int] | None:
    with suppress(OSError):  # (gone, for now: the connection open keeps reading what it has)
        return (st := os.stat(path)).st_dev, st.st_ino
    return None


class FileDatabase(Database):
    """A database file served by its path whatever characters the path holds, opened anew once
    another file takes its place (item 8)."""

    def __init__(self, ds, path: str, is_mutable: bool = True):
        super().__init__(ds, path=path, is_mutable=is_mutable)
        self._fresh = threading.local()  # the connection of this thread that replaced Datasette's

    def connect(self, write: bool = False):
        query = "mode=ro&nolock=1" if self.ds.nolock else "mode=ro"
        query = "" if write else query if self.is_mutable else "immutable=1"
        identity = _identity(self.path)
        conn = sqlite3.connect(file_uri(self.path, query), uri=True, check_same_thread=False, factory=_Opened)
        conn.identity = identity
        self._all_file_connections.append(conn)
        return conn

    async def execute(self, sql, *args, **kwargs):
        table = _PAGE_OF.get()
        if table is None or not isinstance(sql, str):  # (a query's SQL: a refusal not logged, `sql_errors`)
            return await executed(super().execute, sql, *args, **kwargs)
        if _sorted_by(sql):
            sql = tie_broken(sql, table, await self._unique_key(table))
        if _ascending(sql):
            sql = nulls_last(sql, table, [] if table in await self.view_names() else await self.primary_keys(table))
        sql = await counted_view(sql, table, super().execute)
        try:  # (a page's SQL error is its request's: a 4xx, one line in the log: item 1)
            return await super().execute(sql, *args, **{"log_sql_errors": False, **kwargs})
        except sqlite3.ProgrammingError as error:
            raise DatasetteError(str(error), title="Invalid SQL", status=400) from None

    async def _unique_key(self, table: str) -> list[str]:
        """Columns whose values tell the rows of `table` apart: its primary key, the rowid of a table
        without one, a view's `VIEW_KEYS` or every column (rows alike in all are alike on any page)."""
        if table in await self.view_names():
            return VIEW_KEYS.get(table) or await self.table_columns(table)
        return await self.primary_keys(table) or ["rowid"]

    async def execute_fn(self, fn):
        return await super().execute_fn(lambda conn: fn(self._current(conn)))

    def _current(self, kept: _Opened) -> _Opened:
        """The connection to use in this thread: Datasette's (`kept`), or the one that replaced
        it, unless the file at the path is no longer the one it opened."""
        using = getattr(self._fresh, "conn", None) or kept
        now = _identity(self.path)
        if now is None or now == using.identity:
            return using
        fresh = self.connect()
        self.ds._prepare_connection(fresh, self.name)
        self._fresh.conn = fresh
        using.close()  # (releases the deleted file; Datasette's own is passed here, never used again)
        return fresh

    def interrupt(self) -> None:
        """Stop every query running on the database's connections (the server is stopping)."""
        for conn in list(self._all_file_connections):
            with suppress(sqlite3.ProgrammingError):  # (closed)
                conn.interrupt()
