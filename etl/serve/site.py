"""paperdb's site in Datasette: the name its database is served under, defined here only, and
whether a Datasette (or one of its databases) is paperdb's, so that the plugin, installed for
every Datasette of the environment, acts on paperdb's database alone."""

from __future__ import annotations

from typing import Any

DATABASE = "papers"  # the database's name in URLs and metadata, whatever the file is called
PLUGIN = "paperdb"  # the plugin's name: its configuration in the metadata, its static files' URLs
# Canned queries renamed, by their former name: their old addresses (bookmarks, links in notes and
# papers) keep working, redirected with their parameters and format.
RENAMED_QUERIES = {"related_papers": "similar_to_paper"}


def plugin_metadata() -> dict:
    """The plugin's configuration in paperdb's metadata: its presence marks the Datasette as paperdb's."""
    return {PLUGIN: {"database": DATABASE}}


def is_ours(datasette: Any, database: str | None = None) -> bool:
    """Whether `datasette` is paperdb's (its metadata configures the plugin) and, when `database`
    is given, that is paperdb's database; any other Datasette of the environment is left as it is."""
    if datasette is None or not datasette.plugin_config(PLUGIN):
        return False
    return database is None or database == DATABASE


# The tables and views a reader starts from, named first on the home page in this order (Datasette
# names the largest first: similar_papers and paper_keywords before the papers).
HOME_FIRST = ("papers", "papers_with_code", "keywords", "authors", "institutions")


def home_page(datasette: Any) -> dict:
    """The home page's template variables: where its search box searches (the ranked `search`
    query) and which tables it names first (those the database has)."""
    return {
        "database": DATABASE,
        "search": datasette.urls.database(DATABASE) + "/search",
        "first": list(HOME_FIRST),
    }


async def send_redirect(send: Any, location: bytes) -> None:
    """Answer an ASGI request with a temporary redirect (302) to `location` (ASCII)."""
    headers = [(b"location", location), (b"content-type", b"text/plain")]
    await send({"type": "http.response.start", "status": 302, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


def renamed_query_routes() -> list[tuple[str, Any]]:
    """Routes that send a renamed canned query's old address (`/papers/related_papers.json?...`)
    to its new one, permanently."""
    return [(f"^/{DATABASE}/{old}(?P<format>\\.[a-z]+)?$", _redirect_to(new)) for old, new in RENAMED_QUERIES.items()]


def _redirect_to(new: str) -> Any:
    from datasette import Response

    async def redirect(datasette: Any, request: Any) -> Response:
        query = f"?{request.query_string}" if request.query_string else ""
        path = datasette.urls.database(DATABASE) + f"/{new}{request.url_vars.get('format') or ''}{query}"
        return Response.redirect(path, status=301)

    return redirect
