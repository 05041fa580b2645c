"""Reading lists on every page whose rows are papers (a table, view or canned query with a `paper_id`
column, or the papers' `id`): `.bib`, `.ris` and `.csljson` beside JSON and CSV (Datasette's
`register_output_renderer`), of the rows the page shows with its filters, in its order: up to
`max_returned_rows` (`exports`); a list cut there says so (a `Link: rel="next"` header, and a
BibTeX `@comment` at the top)."""

from __future__ import annotations

import json
import re

from datasette import Response

from ..store.citations import IDS, OWN, PAPERS, citations
from ..text.citations import FORMATS
from .site import DATABASE

PAPER_ID = re.compile(r"^[0-9a-f]{16}$")
WHERE = "p.id IN (SELECT value FROM json_each(:ids))"


def paper_column(columns: list[str], table: str | None) -> str | None:
    """The column whose values are papers.id: `paper_id`, or `id` of papers and of a query (whose
    paper lists name their papers so); None for pages of other things (sources, keywords, runs)."""
    if "paper_id" in columns:
        return "paper_id"
    if "id" in columns and table in (None, "papers"):
        return "id"
    return None


def paper_ids(columns: list[str], rows, table: str | None) -> list[str]:
    """The papers of a page's rows, each once, in the page's order."""
    column = paper_column(list(columns), table)
    if column is None:
        return []
    at = list(columns).index(column)
    return list(dict.fromkeys(r[at] for r in rows if isinstance(r[at], str) and PAPER_ID.match(r[at])))


def renderers() -> list[dict]:
    """Datasette's output renderers, one per reading-list format (`etl.text.citations.FORMATS`)."""
    return [
        {"extension": extension, "render": _render(fmt), "can_render": _can_render}
        for fmt, (_, extension, _) in FORMATS.items()
    ]


def _can_render(columns, table, database):
    return database == DATABASE and paper_column(list(columns or []), table) is not None


def _render(fmt: str):
    write, extension, media = FORMATS[fmt]

    async def render(datasette, columns, rows, database, table, query_name, data=None):
        ids = paper_ids(columns, rows, table)
        db = datasette.get_database(database)
        params = {"ids": json.dumps(ids)}
        found = [(await db.execute(sql.format(where=WHERE), params)).rows for sql in (PAPERS, IDS, OWN)]
        by_id = {c.paper_id: c for c in citations(*found)}
        body = "".join(write(by_id[pid] for pid in ids if pid in by_id))
        name = f"{table or query_name or database}.{extension}"
        headers = {"content-disposition": f'inline; filename="{name}"'}
        cut = (data or {}).get("next_url")
        if cut:  # (more papers than one request gives: said, in the file where it can be, and in a header)
            headers["link"] = f'<{cut}>; rel="next"'
            if fmt == "bibtex":
                body = f"@comment{{paperdb: the first {len(ids):,} papers of the list; the rest from {cut}}}\n\n" + body
        return Response(body, status=200, headers=headers, content_type=media)

    return render
