"""paperdb's Datasette plugin: readable abstracts, highlighted search snippets, SQL helpers."""

from __future__ import annotations

from datasette import hookimpl
from markupsafe import Markup

from .keywords import normalise_keyword
from .render import render_abstract, render_snippet

DATABASE = "papers"


def fts_query(text: str | None) -> str:
    """A user's search words as an FTS5 query that cannot be a syntax error: each word quoted,
    all required; a trailing `*` keeps prefix search (`quant*`). Blank input matches nothing."""
    terms = []
    for word in (text or "").split():
        prefix = word.endswith("*") and len(word) > 1
        word = word.rstrip("*").replace('"', '""')
        if word:
            terms.append(f'"{word}"' + ("*" if prefix else ""))
    return " ".join(terms) or '""'


@hookimpl
def prepare_connection(conn):
    conn.create_function("fts_query", 1, fts_query, deterministic=True)
    conn.create_function("normalise_keyword", 1, normalise_keyword, deterministic=True)


@hookimpl
def render_cell(value, column, table, database, datasette):
    if database != DATABASE or not isinstance(value, str):
        return None
    if column == "abstract":
        return Markup(render_abstract(value))
    if column == "snippet":
        return Markup(render_snippet(value))
    return None
