"""What every paperdb MCP tool reads through: the `papers` database as Datasette serves it (its
read-only connections, its SQL time limit, paperdb's SQL functions), its failures as tool errors,
rows capped with a word that they were, answers kept until the next load, and the address of a
paper's page (`/-/paper/<id>`, which takes every id a paper has)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any

from datasette.database import QueryInterrupted
from mcp.server.mcpserver.exceptions import ToolError

DATABASE = "papers"
# What changes whenever a load, a removal or a rescore has committed: the newest run (a rebuilt
# file starts its runs again, so its time too).
LOAD_MARK = "SELECT id, finished_at FROM etl_runs ORDER BY id DESC LIMIT 1"


class Catalogue:
    """The database the tools answer from, and what they keep of it until the next load."""

    def __init__(self, datasette):
        self.datasette = datasette
        self._kept: dict[str, tuple[object, Any]] = {}

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
        mark = tuple((await self.rows(LOAD_MARK) or [{}])[0].values())
        found = self.catalogue._kept.get(name)
        if found is not None and found[0] == mark:
            return found[1]
        answer = await compute()
        self.catalogue._kept[name] = (mark, answer)
        return answer

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
