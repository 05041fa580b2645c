"""Error pages for requests Datasette cannot answer: a client's mistake is a 4xx page, and the
server's log gets one line for it.

Datasette raises its own 'Cannot sort table by ...' and SQLite's DataError ('string or blob too
big', from the limits in `limits`) or ProgrammingError ('You can only execute one statement at a
time', from `?_where=`) as 500s. Anything else still goes to Datasette's own handling: a real bug
stays a 500 with its traceback. Datasette's own handler runs too, whatever this one answers: it
prints no traceback for its own errors, but does for SQLite's (`internals`, items 1 and 2).
"""

from __future__ import annotations

import json
import sqlite3
import sys
from urllib.parse import parse_qsl, urlencode

from datasette import Response
from markupsafe import Markup

from .internals import Base400, DatasetteError
from .site import DATABASE

# SQLite errors a request's own SQL or parameters cause, and what parsing its values raises.
CLIENT_ERRORS = (sqlite3.DataError, sqlite3.ProgrammingError, OverflowError, json.JSONDecodeError)


def client_error(exception: BaseException) -> tuple[int, str | Markup, str | None] | None:
    """(status, message, title) when `exception` is the request's fault, else None."""
    if isinstance(exception, Base400):
        return exception.status, str(exception.args[0]) if exception.args else "", None
    if isinstance(exception, DatasetteError):
        message = Markup(exception.message) if exception.message_is_html else exception.message
        return (400 if exception.status == 500 else exception.status), message, exception.title
    if isinstance(exception, CLIENT_ERRORS):
        return 400, str(exception), "Invalid request"
    return None


# Where to go instead when a view takes longer than the time limit (it grows with the square of the
# papers: pairs of keywords).
INSTEAD = {
    "keyword_pairs": Markup(
        "<p><strong>keyword_pairs</strong> pairs every keyword with every other: on tens of thousands of"
        " papers that takes longer than the time limit, so it is not served (query it with SQLite). The"
        f' <a href="/{DATABASE}/related_keywords">related_keywords</a> query gives the pairs of one keyword at'
        " any size.</p>"
    ),
}


# Views not served, each with the query to go to instead and which of its parameters a filter of the
# view gives (keyword_pairs: 400 'SQL Interrupted' after 5 s on the catalogue; related_keywords gives
# one keyword's pairs in well under a second).
NOT_SERVED = {"keyword_pairs": ("related_keywords", {"keyword_a": "keyword"})}


def not_served(app, database: str):
    """ASGI middleware: a view of `NOT_SERVED` is not served, where it took longer than the time limit
    to say so. Its page redirects to the query it names (a filter's value, `keyword_a=`, as the query's
    parameter); its JSON and CSV are a 400 at once that says where to go (`INSTEAD`)."""
    paths = {f"/{database}/{name}{ext}": name for name in NOT_SERVED for ext in ("", ".json", ".csv")}

    async def wrapped(scope, receive, send):
        name = paths.get(scope.get("path", "")) if scope.get("type") == "http" else None
        if name is None:
            return await app(scope, receive, send)
        query, given = NOT_SERVED[name]
        if scope["path"].endswith((".json", ".csv")):
            error = {"ok": False, "error": INSTEAD[name].striptags(), "status": 400}
            body, start = (
                json.dumps(error).encode(),
                {"status": 400, "headers": [(b"content-type", b"application/json")]},
            )
        else:
            values = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            args = urlencode({to: values[key] for key, to in given.items() if values.get(key)})
            location = f"/{database}/{query}" + (f"?{args}" if args else "")
            body, start = b"", {"status": 302, "headers": [(b"location", location.encode("ascii"))]}
        await send({"type": "http.response.start", **start})
        await send({"type": "http.response.body", "body": body})

    return wrapped


# What a page stopped by the time limit says (Datasette's page showed the whole SQL it ran: a
# search's 120 lines; a reader cannot act on it).
TOO_LONG = Markup(
    "<p>This page took longer than the time limit and was stopped. Narrow it: fewer or rarer words"
    " (a prefix such as <code>quantiz*</code> needs a few letters), a filter, or a smaller page"
    " (<code>_size</code>).</p>"
)

# What an ad-hoc SQL query stopped by the time limit says (the search box's advice above is no help
# to a query written by hand: reader6 item 16).
TOO_LONG_SQL = Markup(
    "<p>This query took longer than the time limit and was stopped. Narrow it: a <code>WHERE</code> on"
    " an indexed column (a paper's <code>id</code>, <code>venue</code> and <code>year</code>, a"
    " keyword's <code>keyword_id</code>), a <code>LIMIT</code>, fewer joins, or the canned queries"
    " and the papers list's filters, which read indexes.</p>"
)


def error_page(datasette, request, exception):
    """The `handle_exception` hook's answer: a 4xx page, or None for Datasette's own handling."""
    found = client_error(exception)
    if found is None:
        return None
    status, message, title = found
    view = request.path.split("?")[0].rsplit("/", 1)[-1].removesuffix(".json")
    if title == "SQL Interrupted":  # (never the SQL: `TOO_LONG`, and where to go instead if there is a place)
        message = TOO_LONG_SQL if request.args.get("sql") else INSTEAD.get(view, Markup("")) + TOO_LONG
    print(f"paperdb: {status} for {request.path}: {str(message)[:200]}", file=sys.stderr)

    async def page():
        info = {"ok": False, "error": message, "status": status, "title": title}
        if request.path.split("?")[0].endswith(".json"):
            return Response.json(info, status=status)
        html = await datasette.render_template([f"{status}.html", "error.html"], info, request=request)
        return Response.html(html, status=status)

    return page
