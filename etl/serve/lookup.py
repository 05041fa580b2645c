"""Which paper an id names, whatever the id: its `papers.id` (or one it had before), or an id a
source gave it (`paper_ids`: an OpenReview forum id, an arXiv id, a DOI, an ACL Anthology id),
as `/-/paper/<id>` takes them: as written (OpenReview ids are case-sensitive: `ryQu7f-RZ`), or
with the prefix or address a reader copies (`arXiv:1602.02255v2`, `doi:10.1145/...`,
`https://doi.org/10.1145/...`)."""

from __future__ import annotations

import json
import re

from ..text.paper_ids import id_forms
from .site import DATABASE

PAPER_ID = re.compile(r"^[0-9a-fA-F]{16}$")
# The paper with this key, or that had it before a change of the normalisation.
BY_KEY = """SELECT pk FROM papers WHERE id = :key
UNION ALL SELECT p.pk FROM paper_former_ids f JOIN papers p ON p.id = f.paper_id WHERE f.former_id = :key"""
# The paper a source gave one of these ids (through the (scheme, value) index); DOIs in any case,
# as DOIs match.
BY_SOURCE_ID = """SELECT p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id
WHERE i.scheme IN (SELECT DISTINCT scheme FROM paper_ids) AND i.value IN (SELECT value FROM json_each(:forms))
ORDER BY i.scheme, p.pk LIMIT 1"""
BY_DOI = """SELECT p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id
WHERE i.scheme = 'doi' AND lower(i.value) IN (SELECT lower(value) FROM json_each(:forms)) ORDER BY p.pk LIMIT 1"""


async def find_paper(datasette, text: str) -> int | None:
    """The `pk` of the paper `text` names (see the module), or None."""
    db = datasette.get_database(DATABASE)
    if PAPER_ID.match(text.strip()):
        rows = await db.execute(BY_KEY, {"key": text.strip().lower()})
        if rows.rows:
            return rows.first()[0]
    forms = id_forms(text)
    for sql in (BY_SOURCE_ID, BY_DOI):
        rows = await db.execute(sql, {"forms": json.dumps(forms)})
        if rows.rows:
            return rows.first()[0]
    return None


WHAT_TO_GIVE = (
    "give its papers.id (16 hex digits), or an id a source gave it (OpenReview, arXiv, DOI, ACL"
    " Anthology: paper_ids), as in /-/paper/SJU4ayYgl or /-/paper/arXiv:1703.03055"
)


async def paper_page_of(datasette, request):
    """`/-/paper/<id>`: a redirect to the page (its row page, by the integer key) of the paper with
    this id (`find_paper`), or a page of the site that says there is none and what to give."""
    from html import escape

    from datasette import Response
    from markupsafe import Markup

    wanted = request.url_vars["paper_id"]
    pk = await find_paper(datasette, wanted) if wanted.strip() else None
    if pk is not None:
        return Response.redirect(datasette.urls.row(DATABASE, "papers", str(pk)))
    said = f"No paper with id {wanted.strip()!r}" if wanted.strip() else "Which paper?"
    error = Markup(escape(f"{said}: {WHAT_TO_GIVE}.", quote=False))  # (the id as typed: its quotes as quotes)
    info = {"ok": False, "error": error, "status": 404, "title": "No such paper"}
    return Response.html(await datasette.render_template("error.html", info, request=request), status=404)
