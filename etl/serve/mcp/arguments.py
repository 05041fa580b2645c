"""The MCP tools' arguments checked against the catalogue: each wrong one is a tool error that
says what was wrong and what would do (a venue's spelling, the years loaded, an id's forms),
before any query runs."""

from __future__ import annotations

import re

from mcp.server.mcpserver.exceptions import ToolError

from ..lookup import find_paper
from .reader import Reader

DECISIONS = ("accepted", "rejected", "withdrawn")
QUERY_CHARS = 500  # a search: a few words or a title
TEXT_CHARS = 5_000  # a text to find similar papers of: an abstract
_PERIOD = re.compile(r"^\s*(\d{1,6})\s*(?:(?:-|–|to|\.\.)\s*(\d{1,6}))?\s*$")


def text(value: str | None, name: str, most: int) -> str:
    """`value` stripped; empty, or longer than `most` characters, is a tool error."""
    found = (value or "").strip()
    if not found:
        raise ToolError(f"`{name}` is empty: give the words to look for")
    if len(found) > most:
        raise ToolError(f"`{name}` has {len(found):,} characters; at most {most:,} are taken")
    return found


def limit(value: int, most: int) -> int:
    if not 1 <= value <= most:
        raise ToolError(f"`limit` must be 1 to {most}, not {value}")
    return value


def decision(value: str | None) -> str | None:
    if value is None or not value.strip():
        return None
    found = value.strip().lower()
    if found not in DECISIONS:
        raise ToolError(f"`decision` {value!r} is not one of {', '.join(DECISIONS)}")
    return found


async def venues(reader: Reader) -> list[str]:
    """The venues loaded, by name."""

    async def read() -> list[str]:
        return [r["venue"] for r in await reader.rows("SELECT DISTINCT venue FROM papers ORDER BY venue")]

    return await reader.kept("venues", read)


async def venue(reader: Reader, value: str | None) -> str | None:
    """The venue loaded that `value` names (any case), None for none; an unknown one is a tool error."""
    if value is None or not value.strip():
        return None
    loaded = await venues(reader)
    by_key = {v.casefold(): v for v in loaded}
    found = by_key.get(value.strip().casefold())
    if found is None:
        raise ToolError(f"no venue {value.strip()!r} is loaded; the venues are: {', '.join(loaded)}")
    return found


async def years(reader: Reader) -> tuple[int, int]:
    """The first and last year of the papers loaded."""

    async def read() -> tuple[int, int]:
        found = (await reader.rows("SELECT min(year) AS first, max(year) AS last FROM papers"))[0]
        if found["first"] is None:
            raise ToolError("no papers are loaded yet: run `paperdb load`")
        return found["first"], found["last"]

    return await reader.kept("years", read)


async def year(reader: Reader, value: int | None, name: str = "year") -> int | None:
    """`value` if papers of that year may be loaded (None for none); else a tool error naming the years."""
    if value is None:
        return None
    first, last = await years(reader)
    if not first <= value <= last:
        raise ToolError(f"`{name}` {value} is outside the years loaded: {first} to {last}")
    return value


async def period(reader: Reader, value: str, name: str) -> tuple[int, int]:
    """A year (`2017`) or a range of years (`2013-2016`) within the years loaded: (first, last)."""
    m = _PERIOD.match(value or "")
    if not m:
        raise ToolError(f"`{name}` {value!r} is not a year (2017) or a range of years (2013-2016)")
    start, end = int(m[1]), int(m[2] or m[1])
    if start > end:
        raise ToolError(f"`{name}` {value!r} ends before it starts")
    await year(reader, start, name)
    await year(reader, end, name)
    return start, end


async def paper(reader: Reader, value: str) -> dict:
    """The paper an id names (its papers.id, a former one, an OpenReview, arXiv, DOI, PMLR or ACL
    Anthology id, as `/-/paper/<id>` takes them): its row; else a tool error."""
    wanted = text(value, "paper_id", 300)
    pk = await find_paper(reader.catalogue.datasette, wanted)
    if isinstance(pk, list):
        raise ToolError(f"{len(pk)} papers share the id {wanted!r}, so it names none: give the id paperdb shows")
    if pk is None:
        raise ToolError(
            f"no paper has the id {wanted!r}: give the id paperdb shows (16 hex digits) or an id a source"
            " gave it (OpenReview forum id, arXiv id, DOI, PMLR key, ACL Anthology id, IEEE Xplore article number,"
            " NeurIPS proceedings key) or the address of its page"
        )
    return (await reader.rows("SELECT * FROM papers WHERE pk = :pk", {"pk": pk}))[0]
