"""A canned query's page opened without parameters opens with its example (the `-- Example:` line
of its .sql file, `app.query_examples`): a redirect to the page with them (ASGI middleware), so the
form shows them, the results answer something and the address keeps both. Datasette 0.65 has no
default values for a query's parameters (simonw/datasette#1258). Its bare JSON and CSV open with the
example too (they answered 200 with no rows where the page showed the example's: one address, one
answer); a page with any parameter, an empty one included (`?keyword=`: the reader cleared it), is
left alone."""

from __future__ import annotations

from urllib.parse import urlencode


def example_urls(examples: dict[str, dict[str, str]], database: str) -> dict[str, str]:
    """Each canned query's page (`/papers/search`), JSON and CSV, and the address of its example."""
    return {
        f"/{database}/{name}{ext}": f"/{database}/{name}{ext}?{urlencode(params)}"
        for name, params in examples.items()
        for ext in ("", ".json", ".csv")
    }


def with_examples(app, examples: dict[str, dict[str, str]], database: str):
    """ASGI middleware: a GET of a canned query's page with no query string is redirected to its example."""
    urls = example_urls(examples, database)

    async def wrapped(scope, receive, send):
        if (
            scope.get("type") == "http"
            and scope.get("method") in ("GET", "HEAD")
            and not scope.get("query_string")
            and scope.get("path") in urls
        ):
            headers = [(b"location", urls[scope["path"]].encode("ascii")), (b"content-type", b"text/plain")]
            await send({"type": "http.response.start", "status": 302, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        await app(scope, receive, send)

    return wrapped
