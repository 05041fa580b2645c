"""Error pages for requests Datasette cannot answer: a client's mistake is a 4xx page, and the
server's log gets one line for it, not a traceback.

Datasette raises its own 'Cannot sort table by ...' and SQLite's DataError ('string or blob too
big', from the limits in `limits`) or ProgrammingError ('You can only execute one statement at a
time', from `?_where=`) as 500s, and prints a traceback for every error, 404s included (with
`rich` installed, its printing fails outside an `except` block and the page itself becomes a
bare 500). Anything else still goes to Datasette's own handling: a real bug stays a 500 with
its traceback.
"""

from __future__ import annotations

import json
import sqlite3
import sys

import datasette.handle_exception as default_handler
from datasette.utils.asgi import Base400, Response
from datasette.views.base import DatasetteError
from markupsafe import Markup

# Datasette's own handler runs for every error even when ours answers, and with `rich`
# installed (import-linter brings it) prints a traceback for each, 404s included, failing
# outside an `except` block; without it, the handler prints tracebacks of real 500s only.
default_handler.rich = None

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


def error_page(datasette, request, exception):
    """The `handle_exception` hook's answer: a 4xx page, or None for Datasette's own handling."""
    found = client_error(exception)
    if found is None:
        return None
    status, message, title = found
    print(f"paperdb: {status} for {request.path}: {str(message)[:200]}", file=sys.stderr)

    async def page():
        info = {"ok": False, "error": message, "status": status, "title": title}
        if request.path.split("?")[0].endswith(".json"):
            return Response.json(info, status=status)
        html = await datasette.render_template([f"{status}.html", "error.html"], info, request=request)
        return Response.html(html, status=status)

    return page
