"""What every paperdb MCP tool reads through: the `papers` database as Datasette serves it (its
read-only connections, its SQL time limit, paperdb's SQL functions), its failures as tool errors,
rows capped with a word that they were, answers kept until the next load, and the address of a
paper's page (`/-/paper/<id>`, which takes every id a paper has)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from typing import Any
from weakref import WeakKeyDictionary

from datasette.database import QueryInterrupted
from mcp.server.mcpserver.exceptions import ToolError

from ...errors import PaperdbError

DATABASE = "papers"
WARM_WAIT_S = 30  # that a tool waits for `warm`'s answer at most, then reads it itself
# What changes whenever a load, a removal or a rescore has committed: the newest run (a rebuilt
# file starts its runs again, so its time too).
LOAD_MARK = "SELECT id, finished_at FROM etl_runs ORDER BY id DESC LIMIT 1"


class Catalogue:
    """The database the tools answer from, and what they keep of it until the next load."""

    def __init__(self, datasette):
        self.datasette = datasette
        self._kept: dict[str, tuple[object, Any]] = {}
        self.warming: dict[str, threading.Event] = {}  # answers `warm` is reading, set once read

    def keep(self, name: str, mark: tuple, answer: Any) -> None:
        self._kept[name] = (mark, answer)

    def database(self):
        database = self.datasette.databases.get(DATABASE)
        if database is None:
            raise ToolError("paperdb has no `papers` database here: run `paperdb load`, then serve it")
        return database


class Reader:
    """One tool call's access to the catalogue; `site` is the address pages are under ("" over stdio)."""

    def __init__(self, catalogue: Catalogue, site: str = ""):
        self.catalogue = catalogue
        self.site = site.rstrip("/")

    async def rows(self, sql: str, params: dict | None = None) -> list[dict]:
        """The rows of one query, as dicts; a query over the time limit, or one SQLite refuses, is a
        tool error that says so (never a traceback)."""
        database = self.catalogue.database()
        try:
            results = await database.execute(sql, params or {}, log_sql_errors=False)
        except QueryInterrupted:
            limit = self.catalogue.datasette.setting("sql_time_limit_ms") / 1000
            raise ToolError(f"the query took longer than the time limit ({limit:g} s): narrow it") from None
        except sqlite3.Error as exc:
            raise ToolError(f"the database could not answer: {exc}") from None
        return [dict(row) for row in results.rows]

    async def value(self, sql: str, params: dict | None = None):
        rows = await self.rows(sql, params)
        return next(iter(rows[0].values())) if rows else None

    async def kept(self, name: str, compute: Callable[[], Awaitable[Any]]) -> Any:
        """`compute()`'s answer, computed once per load: `name`'s answer is kept until a run commits."""
        warming = self.catalogue.warming.get(name)
        if warming is not None and not warming.is_set():  # (rather than read it twice at once)
            await asyncio.to_thread(warming.wait, WARM_WAIT_S)
        mark = tuple((await self.rows(LOAD_MARK) or [{}])[0].values())
        found = self.catalogue._kept.get(name)
        if found is not None and found[0] == mark:
            return found[1]
        answer = await compute()
        self.catalogue.keep(name, mark, answer)
        return answer

    async def kept_read(self, name: str, read: Callable[[sqlite3.Connection], Any]) -> Any:
        """`read(connection)`'s answer (on a connection of Datasette's), computed once per load."""

        async def compute():
            try:
                return await self.catalogue.database().execute_fn(read)
            except sqlite3.Error as exc:
                raise ToolError(f"the database could not answer: {exc}") from None

        return await self.kept(name, compute)

    def page(self, paper_id: str) -> str:
        """The address of a paper's page on the site (a path when the site's address is unknown)."""
        return f"{self.site}/-/paper/{paper_id}"


def capped(rows: list, limit: int) -> tuple[list, bool]:
    """The first `limit` rows and whether there were more (queries ask for `limit + 1`)."""
    return rows[:limit], len(rows) > limit


def names(authors_json: str | None, most: int = 8) -> list[str]:
    """A paper's authors (its `authors` JSON array), the first `most` and `… (N authors)` after them."""
    found = json.loads(authors_json or "[]")
    return found if len(found) <= most else [*found[:most], f"… ({len(found)} authors)"]


def share(part: int | None, whole: int | None) -> float | None:
    """`part / whole` rounded to 4 places (None for nothing of nothing)."""
    return round(part / whole, 4) if whole else None


_catalogues: WeakKeyDictionary = WeakKeyDictionary()


def catalogue_of(datasette) -> Catalogue:
    """The one `Catalogue` of a Datasette: its tools over HTTP and over stdio keep answers together."""
    found = _catalogues.get(datasette)
    if found is None:
        found = _catalogues[datasette] = Catalogue(datasette)
    return found


def warm(catalogue: Catalogue, path: str | None, slow: dict[str, Callable[[sqlite3.Connection], Any]]) -> None:
    """Read the `slow` answers (name -> what reads it on a connection) in a thread of their own, once, so that the
    first call of a tool that needs one does not pay for it (a scan of every paper takes a second on
    the catalogue), and import what comparing a text needs. (A daemon thread, on a connection of its
    own: a server that stops does not wait for it.)"""
    if not path:
        return
    read_now = {name: catalogue.warming.setdefault(name, threading.Event()) for name in slow}

    def read() -> None:
        from ...store.access import connect_read_only

        try:
            con = connect_read_only(path)
        except (sqlite3.Error, OSError, PaperdbError):
            for event in read_now.values():
                event.set()
            return
        try:
            con.row_factory = sqlite3.Row
            con.execute("BEGIN")  # (one snapshot: the mark and the answers of the same load)
            mark = tuple(con.execute(LOAD_MARK).fetchone() or ())
            for name, read_one in slow.items():
                catalogue.keep(name, mark, read_one(con))
                read_now[name].set()
        except sqlite3.Error:  # (not migrated yet, or the file went: the tool reads it when called)
            pass
        finally:
            con.close()
            for event in read_now.values():
                event.set()
        from ...extract.similar import scoring  # noqa: F401  (numpy and scipy, for the first text compared)

    threading.Thread(target=read, name="paperdb-mcp-warm", daemon=True).start()
