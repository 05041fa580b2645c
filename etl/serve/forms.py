"""A canned query's form: the order it asks for its parameters (what is wanted first, then which
page), and what each must be (a wrong one is said at once)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from urllib.parse import parse_qsl

_NOT_PARAMETERS = re.compile(r"--[^\n]*|'[^']*'|\"[^\"]*\"")  # (comments and quoted text, as Datasette skips them)
_PARAMETER = re.compile(r"(?<![\w:]):(\w+)")
LAST_PARAMETERS = ("page",)


def parameters(sql: str) -> list[str]:
    """A query's named parameters in the order its form asks for them: as they first appear in its
    SQL (Datasette's order), but the page last (a paged query reads it first, in its first line)."""
    found = list(dict.fromkeys(_PARAMETER.findall(_NOT_PARAMETERS.sub("", sql))))
    return [p for p in found if p not in LAST_PARAMETERS] + [p for p in found if p in LAST_PARAMETERS]


# What a parameter must be, by name, in every canned query that takes it (a test of the value, a
# match or a truth; an empty value is the query's default): a wrong one is said at once, where the
# query would run to the time limit (`min_papers=x`: 5 s, then "SQL Interrupted") or answer
# nothing or nonsense without a word.
_NUMBER = re.compile(r"^\d{1,9}$")
_YEAR = re.compile(r"^\d{4}$")
_PERIOD = re.compile(r"^\d{4}(?:\s*-\s*\d{4})?$")
CHECKS: dict[str, tuple[Callable[[str], object], str]] = {
    "min_papers": (_NUMBER.match, "a whole number of papers (5 if empty)"),
    "page": (_NUMBER.match, "a page number: 1, 2, ... (the first if empty)"),
    "year": (_YEAR.match, "a year such as 2017 (every year if empty)"),
    "first": (_PERIOD.match, "a year such as 2017 or a range of years such as 2013-2016"),
    "second": (_PERIOD.match, "a year such as 2017 or a range of years such as 2013-2016"),
    "what": (lambda v: v.lower() in ("keywords", "authors", "institutions"), "keywords, authors or institutions"),
}


def wrong_parameters(taken: list[str], values: dict[str, str]) -> list[str]:
    """What is wrong with the `values` given for a query that takes the parameters `taken`, one
    sentence each (none when all is well)."""
    wrong = []
    for name in taken:
        value = (values.get(name) or "").strip()
        if value and name in CHECKS and not CHECKS[name][0](value):
            wrong.append(f"{name} must be {CHECKS[name][1]}, not {value[:40]!r}")
    return wrong


def with_checks(app, datasette, taken: dict[str, list[str]], database: str):
    """ASGI middleware: a canned query's page, JSON or CSV asked with a wrong parameter (`wrong_parameters`;
    `taken`: each query's parameters) is a 400 page of the site that says what is wrong."""
    paths = {f"/{database}/{name}{ext}": name for name in taken for ext in ("", ".json", ".csv")}

    async def wrapped(scope, receive, send):
        name = paths.get(scope.get("path", "")) if scope.get("type") == "http" else None
        wrong = name and wrong_parameters(
            taken[name], dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        )
        if not wrong:
            return await app(scope, receive, send)
        message = "; ".join(wrong) + "."
        if scope["path"].endswith((".json", ".csv")):
            body, kind = json.dumps({"ok": False, "error": message, "status": 400}).encode(), b"application/json"
        else:
            info = {"ok": False, "error": message, "status": 400, "title": "Invalid parameter"}
            body, kind = (await datasette.render_template("error.html", info)).encode(), b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": 400, "headers": [(b"content-type", kind)]})
        await send({"type": "http.response.body", "body": body})

    return wrapped
