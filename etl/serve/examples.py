"""A canned query's page opened without parameters opens with its example (the `-- Example:` line
of its .sql file, `app.query_examples`): a redirect to the page with them (ASGI middleware), so the
form shows them, the results answer something and the address keeps both. Datasette 0.65 has no
default values for a query's parameters (simonw/datasette#1258). Its bare JSON and CSV open with the
example too (they answered 200 with no rows where the page showed the example's: one address, one
answer), and so do its reading lists; Datasette's own options (`_shape=array`, `_size`: a name
that starts with `_`) name no parameter, so `search.json?_shape=array` opens the example with them
kept (it answered `[]`). A page with any parameter, an empty one included (`?keyword=`: the reader
cleared it), is left alone."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from .exports import READING_LISTS
from .site import send_redirect


def example_urls(examples: dict[str, dict[str, str]], database: str) -> dict[str, str]:
    """Each canned query's page (`/papers/search`), JSON and CSV, and the address of its example."""
    return {
        f"/{database}/{name}{ext}": f"/{database}/{name}{ext}?{urlencode(params)}"
        for name, params in examples.items()
        for ext in ("", ".json", ".csv", *READING_LISTS)
    }


def names_no_parameter(query: bytes) -> bool:
    """Whether a query string gives no query parameter: nothing, or only Datasette's options (`_...`)."""
    return all(key.startswith("_") for key, _ in parse_qsl(query.decode("latin-1"), keep_blank_values=True))


def with_examples(app, examples: dict[str, dict[str, str]], database: str):
    """ASGI middleware: a GET of a canned query's page that gives no parameter is redirected to its
    example (with the options it gives, after it)."""
    urls = example_urls(examples, database)

    async def wrapped(scope, receive, send):
        if (
            scope.get("type") == "http"
            and scope.get("method") in ("GET", "HEAD")
            and scope.get("path") in urls
            and names_no_parameter(scope.get("query_string") or b"")
        ):
            options = scope.get("query_string") or b""
            await send_redirect(send, urls[scope["path"]].encode("ascii") + (b"&" + options if options else b""))
            return
        await app(scope, receive, send)

    return wrapped
