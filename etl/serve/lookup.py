"""Which paper an id names, whatever the id: its `papers.id` (or one it had before), or an id a
source gave it (`paper_ids`: an OpenReview forum id, an arXiv id, a DOI, an ACL Anthology id, an
IEEE Xplore article number),
as `/-/paper/<id>` takes them: as written (OpenReview ids are case-sensitive: `ryQu7f-RZ`), or
with the prefix or address a reader copies (`arXiv:1602.02255v2`, `doi:10.1145/...`,
`https://doi.org/10.1145/...`, `https://openreview.net/forum?id=...`, `https://arxiv.org/pdf/....pdf`,
`https://aclanthology.org/.../`, `https://proceedings.mlr.press/v13/kaelin10a.html`,
`https://dl.acm.org/doi/...`, `https://ieeexplore.ieee.org/document/9196718`: `etl.text.paper_ids.id_forms`);
or the address of its page its own page shows (`papers.url`, by its index: a NeurIPS, CVF, ECVA,
IJCAI, AAAI or RSS page, ICML's and NeurIPS' virtual sites), at `http` or `https`, with or without
`www.` and a final `/`, and CVF's, RSS's and IJCAI's PDFs for their pages (`address_forms`); a bare
OpenReview forum id names the paper whose address is that forum (`forum_address`: WWW 2024)."""

from __future__ import annotations

import json
import re

from ..extract.keywords import normalise_keyword
from ..text.paper_ids import address_forms, forum_address, id_forms
from .site import DATABASE

PAPER_ID = re.compile(r"^[0-9a-fA-F]{16}$")
# The paper with this key, or that had it before a change of the normalisation.
BY_KEY = """SELECT pk FROM papers WHERE id = :key
UNION ALL SELECT p.pk FROM paper_former_ids f JOIN papers p ON p.id = f.paper_id WHERE f.former_id = :key"""
# The papers a source gave one of these ids (through the (scheme, value) index), by scheme; DOIs in
# any case, as DOIs match. An id two papers share (a volume's DOI given for its chapters) names neither.
BY_SOURCE_ID = """SELECT DISTINCT i.scheme, p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id
WHERE i.scheme IN (SELECT DISTINCT scheme FROM paper_ids) AND i.value IN (SELECT value FROM json_each(:forms))
ORDER BY i.scheme, p.pk LIMIT 100"""
# The paper whose own address (`papers.url`, its index) is one of these.
BY_URL = """SELECT pk FROM papers WHERE url IN (SELECT value FROM json_each(:urls)) ORDER BY pk LIMIT 2"""
BY_DOI = """SELECT DISTINCT i.scheme, p.pk FROM paper_ids i JOIN papers p ON p.id = i.paper_id
WHERE i.scheme = 'doi' AND lower(i.value) IN (SELECT lower(value) FROM json_each(:forms)) ORDER BY p.pk LIMIT 100"""


def one_paper(rows: list[tuple[str, int]]) -> int | list[int] | None:
    """Of (scheme, pk) rows ordered by scheme, the pk of the paper the first scheme names; its pks
    where it names more than one paper; None for no rows."""
    if not rows:
        return None
    pks = [pk for scheme, pk in rows if scheme == rows[0][0]]
    return pks[0] if len(pks) == 1 else pks


async def find_paper(datasette, text: str) -> int | list[int] | None:
    """The `pk` of the paper `text` names (see the module), the pks of the papers it names where
    several share it, or None."""
    db = datasette.get_database(DATABASE)
    if PAPER_ID.match(text.strip()):
        rows = await db.execute(BY_KEY, {"key": text.strip().lower()})
        if rows.rows:
            return rows.first()[0]
    urls = address_forms(text) or forum_address(text)
    if urls:  # (an address the site shows for a paper: its page at NeurIPS, CVF, ECVA, IJCAI, AAAI, RSS ...)
        pks = [r[0] for r in await db.execute(BY_URL, {"urls": json.dumps(urls)})]
        if len(pks) == 1:
            return pks[0]
    forms = id_forms(text)
    for sql in (BY_SOURCE_ID, BY_DOI):
        found = one_paper([(r[0], r[1]) for r in await db.execute(sql, {"forms": json.dumps(forms)})])
        if found is not None:
            return found
    return None


# A search's words that may be an id or an address (`SJU4ayYgl`, `1609.02907`, `10.1609/aaai.v36i4.20316`,
# `https://openreview.net/forum?id=...`): one word (no space) with a digit, a mark of an id or address
# (`:`, `/`, `.`) or a capital after its first letter; a word of prose (`transformer`, `Burgard`) is
# looked up as no id. (Two linear searches: one pattern for both backtracked, 0.4 s of CPU on the
# 16,000 characters of `aB` and a last word a URL may hold.)
_SPACE = re.compile(r"\s")
_ID_MARK = re.compile(r"[0-9:/.]|\S[A-Z]")
SAID = "SELECT title, venue, year FROM papers WHERE pk = :pk"


async def paper_of_search(datasette, text: str) -> dict | None:
    """The paper a search's text names as an id or address (`find_paper`, as `/-/paper/<text>` finds
    it), with its title, venue, year and page, for the search page to name (a librarian pastes an id
    into the search box: the words' search finds nothing); None for words or an id of no one paper."""
    written = text.strip()
    if not written or _SPACE.search(written) or not _ID_MARK.search(written):
        return None
    pk = await find_paper(datasette, written)
    if not isinstance(pk, int):
        return None
    row = (await datasette.get_database(DATABASE).execute(SAID, {"pk": pk})).first()
    return {
        "title": row["title"],
        "venue": row["venue"],
        "year": row["year"],
        "url": datasette.urls.row(DATABASE, "papers", str(pk)),
    }


def requested_id(path_part: str, query_string: str) -> str:
    """The id asked for by `/-/paper/<id>`, whole: the path after `/-/paper/` and, where the id is an
    address with a query of its own (`https://openreview.net/forum?id=SJU4ayYgl`: the browser sends
    `?id=...` as the request's query), that query after it."""
    return f"{path_part}?{query_string}" if query_string else path_part


WHAT_TO_GIVE = (
    "give its papers.id (16 hex digits), or an id a source gave it (OpenReview, arXiv, DOI, PMLR, ACL"
    " Anthology, IEEE Xplore, a NeurIPS proceedings key: paper_ids) or its page's address, as in /-/paper/SJU4ayYgl, /-/paper/arXiv:1703.03055 or /-/paper/v13/kaelin10a"
)
# What an address of no known kind is told: the addresses whose ids the database holds.
ADDRESSES_KNOWN = (
    "the addresses read are the page address a paper's own page shows, a paper's page or PDF at openreview.net, arxiv.org, aclanthology.org,"
    " proceedings.mlr.press, ieeexplore.ieee.org, papers.nips.cc, doi.org or a publisher's address holding its DOI (dl.acm.org/doi/..., link.springer.com/...);"
    " for another site's address, search the papers by title: /papers/search?q=<its title>"
)


async def paper_page_of(datasette, request):
    """`/-/paper/<id>`: a redirect to the page (its row page, by the integer key) of the paper with
    this id (`find_paper`), or a page of the site that says there is none and what to give."""
    from html import escape

    from datasette import Response
    from markupsafe import Markup

    wanted = requested_id(request.url_vars["paper_id"], request.query_string)
    pk = await find_paper(datasette, wanted) if wanted.strip() else None
    if isinstance(pk, int):
        return Response.redirect(datasette.urls.row(DATABASE, "papers", str(pk)))
    if isinstance(pk, list):
        said = f"{len(pk)}{'+' if len(pk) >= 100 else ''} papers share the id {wanted.strip()!r} (a volume's DOI?), so it names none"
    else:
        said = f"No paper with id {wanted.strip()!r}" if wanted.strip() else "Which paper?"
    advice = (
        ADDRESSES_KNOWN if "://" in wanted or wanted.lower().startswith(("http:", "https:", "www.")) else WHAT_TO_GIVE
    )
    error = Markup(escape(f"{said}: {advice}.", quote=False))  # (the id as typed: its quotes as quotes)
    info = {"ok": False, "error": error, "status": 404, "title": "No such paper"}
    return Response.html(await datasette.render_template("error.html", info, request=request), status=404)


async def keyword_page_of(datasette, request):
    """`/-/keyword/<text>`: a keyword's stable address (its label or normalised text, as
    `filters.keyword_page_url` writes it; `keywords.id` changes with loads): a redirect to its page
    (`filters.address_of`), a page to choose among the keywords the text names where it names
    several (`RL`, `ASR`), a page to choose among those written alike in another case where none is
    written so (`grasp`: `GRASP`, `GRaSP`), with a search for the text, or a page of the site that
    says there is no such keyword and links that search."""
    from html import escape
    from urllib.parse import quote, unquote

    from datasette import Response
    from markupsafe import Markup

    from .filters import address_of, filter_url, keywords_alike, keywords_named

    wanted = unquote(request.url_vars["keyword"]).strip()
    database = datasette.get_database(DATABASE)
    named = await keywords_named(database, wanted) if wanted else []
    found = address_of(named, wanted)
    if found is not None:
        return Response.redirect(datasette.urls.row(DATABASE, "keywords", str(found["id"])))
    search = f"/{DATABASE}/search?q={quote(wanted)}"
    alike = [] if named or not wanted else await keywords_alike(database, wanted)
    if named or alike:
        keywords = [
            {
                **k,
                "page": datasette.urls.row(DATABASE, "keywords", str(k["id"])),
                "list": filter_url("keywords", k["label"]),
            }
            for k in named or alike
        ]
        own = any(k["normalised"] == normalise_keyword(wanted) for k in named)
        info = {"text": wanted, "keywords": keywords, "own": own, "every": filter_url("keywords", wanted)}
        info["listed"] = await chip_lists(database, wanted, named) if own else None
        info |= {"alike": bool(alike), "search": search}
        return Response.html(await datasette.render_template("keyword-choice.html", info, request=request))
    said = f"No keyword {wanted!r}" if wanted else "Which keyword?"
    advice = "give a keyword as its page or chip writes it, as in /-/keyword/large%20language%20models"
    link = f' (<a href="{escape(search)}">search the papers for it</a>)' if wanted else ""
    error = Markup(escape(f"{said}: {advice}", quote=False) + link + ".")
    info = {"ok": False, "error": error, "status": 404, "title": "No such keyword"}
    return Response.html(await datasette.render_template("error.html", info, request=request), status=404)


async def chip_lists(database, text: str, named: list[dict]) -> int | None:
    """How many papers the chip of a keyword's own text lists (`?_keyword=SLAM`) where that is more
    than its keyword's: its long form's too (`filters.SHORT_AND_LONG`); else None."""
    from .filters import LISTED, keyword_params

    own = normalise_keyword(text)
    listed = (await database.execute(LISTED, keyword_params(text, own))).first()[0]
    return listed if listed > max((k["papers"] for k in named if k["normalised"] == own), default=0) else None


async def author_page_of(datasette, request):
    """`/-/author/<name>` (readers guess it from `/-/keyword/` and `/-/paper/`): a redirect to the
    page of the author of that name as the load merges names (any case or accents: `people_named`),
    a page to choose among those of its family name and first initial (`Y. Bengio`), or of its family
    name where it is one word (`Burgard`: `people_of_family`, up to three, most papers first), or a page of
    the site that says there is nobody of that name (Datasette's answer was a 404 of `~20`)."""
    from html import escape
    from urllib.parse import quote, unquote

    from datasette import Response
    from markupsafe import Markup

    from ..text.authors import name_key
    from .people import people_named, people_of_family

    wanted = unquote(request.url_vars["name"]).strip()
    database = datasette.get_database(DATABASE)
    named = await people_named(database, wanted) if wanted else []
    if len(named) == 1 and name_key(named[0]["name"]) == name_key(wanted):
        return Response.redirect(named[0]["url"])
    family = (
        not named and len(wanted.split()) == 1
    )  # (a family name alone: `/-/author/Burgard`, as the search takes it)
    if family:
        named = await people_of_family(database, wanted)
    if named:
        info = {"text": wanted, "people": named, "search": f"/{DATABASE}/search?q={quote(wanted)}", "family": family}
        return Response.html(await datasette.render_template("author-choice.html", info, request=request))
    said = f"No author {wanted!r}" if wanted else "Which author?"
    advice = "give a name as a paper's page writes it, as in /-/author/Max%20Welling, or search the papers for it"
    link = f' (<a href="/{DATABASE}/search?q={quote(wanted)}">search</a>)' if wanted else ""
    error = Markup(escape(f"{said}: {advice}", quote=False) + link + ".")
    info = {"ok": False, "error": error, "status": 404, "title": "No such author"}
    return Response.html(await datasette.render_template("error.html", info, request=request), status=404)
