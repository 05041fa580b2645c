"""A paper's own page: everything the database knows about one paper, read for the row template
(`templates/row-papers-papers.html`), and the links every other page uses to reach it."""

from __future__ import annotations

import json
import re
from urllib.parse import quote, unquote

from ..extract.similar.select import SIMILARITY_MOST
from ..extract.statuses import decision_of
from ..text.paper_ids import neurips_address, pmlr_address
from ..text.placeholders import is_placeholder_affiliation
from .filters import filter_url, keyword_page_url
from .people import institution_url
from .render import preview, preview_text, render_abstract, render_title
from .site import DATABASE

PAPER_ID = re.compile(r"^[0-9a-f]{16}$")
# Tables that refer to a paper by papers.id, with the label of their rows on the paper's page.
CHILD_TABLES = [
    ("paper_links", "links"),
    ("paper_keywords", "keywords"),
    ("paper_authors", "authors"),
    ("paper_affiliations", "affiliations"),
    ("paper_ids", "ids"),
    ("paper_sources", "sources"),
]
ID_URLS = {
    "openreview": "https://openreview.net/forum?id={}",
    "arxiv": "https://arxiv.org/abs/{}",
    "doi": "https://doi.org/{}",
    "acl_anthology": "https://aclanthology.org/{}/",
    "ieee_article_number": "https://ieeexplore.ieee.org/document/{}/",
}
# Ids whose address is no template of the id (`pmlr-v48-amodei16` is at `.../v48/amodei16.html`).
ID_ADDRESSES = {"pmlr": pmlr_address, "neurips_proceedings": neurips_address}

# What the code status `none` of a paper no source gives the abstract of says (7,722 of the catalogue's
# papers): its code link would be in the abstract, so none was found where nothing was read.
NO_ABSTRACT_CODE = "No source gives this paper's abstract, where a link to its code would be: none was read."
# What `code_status` none says where it is shown ("code: no link found" on a card, the paper's page and
# the facet, the templates): the stored word read as "no code released" (read26: LIO-SAM, 1,964
# citations, its code on GitHub, said "code: none", as 1,088 of IROS 2020's 1,129 papers do); what
# is known is that nothing read links to it.
NO_LINK_CODE = (
    "Neither the abstract nor the source's record links to the paper's code or says it is available"
    " (code_status none): not known to be released; the code may be elsewhere."
)


def id_url(scheme: str, value: str) -> str | None:
    """The page an id of `paper_ids` names at its site, else None (the seventh reader: PMLR keys and
    NeurIPS proceedings keys, 17,387 ids of the catalogue, were the only ones shown unlinked)."""
    if scheme in ID_ADDRESSES:
        return ID_ADDRESSES[scheme](value)
    template = ID_URLS.get(scheme)
    return template.format(quote(value, safe="/")) if template else None


# The paper's ten most similar papers (similar_papers), and the other versions of its work. Their
# similarity, 0 to 1 as a reader expects it (1: the same terms and topics): similar_papers.score over
# its most (`etl.extract.similar.select.similarity`, the number the MCP tools give too).
RELATED = f"""SELECT s.similar_id AS id, p.title, p.title_raw, coalesce(p.abstract_clean, p.abstract) AS abstract, p.venue, p.year, p.decision, p.presentation, s.score / {SIMILARITY_MOST} AS score
    FROM similar_papers s JOIN papers p ON p.id = s.similar_id WHERE s.paper_id = ? ORDER BY s.rank"""
VERSIONS = """SELECT p.id, p.title, p.venue, p.year, p.decision, p.presentation, v.relation, v.similarity
    FROM paper_versions v JOIN papers p ON p.id = v.other_id WHERE v.paper_id = ?1
    UNION
    SELECT p.id, p.title, p.venue, p.year, p.decision, p.presentation, v.relation, v.similarity
    FROM paper_versions v JOIN papers p ON p.id = v.paper_id WHERE v.other_id = ?1"""

# The paper's records: each one's file, line, status and venue-year (the record's, else its file's).
RECORDS = """SELECT s.path, s.format, ps.line, ps.status, coalesce(ps.venue, s.venue) AS venue,
    coalesce(ps.year, s.year) AS year FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
    WHERE ps.paper_id = ? ORDER BY s.path, ps.position"""

# The affiliations of each author its first record that gives them writes (JSON: a list of
# [institution, country] pairs per author), for those filed nowhere (`is_placeholder_affiliation`).
WRITTEN_AFFILIATIONS = """SELECT ps.affiliations FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
    WHERE ps.paper_id = ? AND ps.affiliations IS NOT NULL ORDER BY s.path, ps.position LIMIT 1"""

# Every reviewer's score of the paper (reviews), of its first record that gives any: rating and
# confidence first, then the other fields by name; each in the reviewers' order.
SCORES = """SELECT field, reviewer, score, written, missing, reviewer_name FROM reviews
    WHERE paper_id = ?1 AND (source_id, position) = (SELECT source_id, position FROM reviews WHERE paper_id = ?1
        ORDER BY source_id, position LIMIT 1)
    ORDER BY field != 'rating', field != 'confidence', field, reviewer"""

HEADING_CHARS = 110  # of an untitled paper's first sentence, shown in place of a title
_SENTENCE_END = re.compile(r"(?<=[.!?])\s")


def _first_sentence(abstract: str | None) -> str:
    return _SENTENCE_END.split((abstract or "").strip(), maxsplit=1)[0]


def heading(title: str | None, abstract: str | None) -> str:
    """What a paper is called, as plain text (a page's `<title>`, a tooltip): its title, or
    (listings have none) the opening of its abstract: the first sentence (`*alternating*` without
    its asterisks, a formula as Unicode text), cut at a word after `HEADING_CHARS` characters."""
    if title:
        return title
    return preview_text(_first_sentence(abstract), HEADING_CHARS)


def heading_html(title: str | None, title_raw: str | None, abstract: str | None) -> str:
    """`heading` as HTML, for a page's heading and in lists: formulas drawn (`render_title`, `preview`)."""
    if title:
        return render_title(title, title_raw)
    return preview(_first_sentence(abstract), HEADING_CHARS)


def abstract_text(paper) -> str | None:
    """A paper row's abstract for reading: `abstract_clean` where cleaning changed it, else the
    abstract as written (SQL's `etl.store.views.CLEAN_ABSTRACT`)."""
    return paper["abstract"] if paper["abstract_clean"] is None else paper["abstract_clean"]


def web_url(url: str | None) -> str | None:
    """`url` if it is a web address, else None: a source's `javascript:` or `data:` URL is never a link."""
    return url if url and url.strip().lower().startswith(("https://", "http://")) else None


# What follows a repository's address on a code host when it names a part of the repository (a
# folder or file of a branch, a release): `github.com/google-research/google-research/tree/master/compgen_d2t`.
_REPOSITORY_PART = re.compile(r"^(?:-/)?(?:tree|blob|src|releases/tag)/[^?#\s]+$")


def code_address(url: str, kind: str, path: str | None) -> str:
    """Where a code link leads a reader: a repository's folder, file or release where the paper named
    one (`paper_links.path` after the repository `url`: a monorepo's root holds a thousand projects),
    else the canonical `url` (a `code` link's path is its own name, `git.io/<code>`, already in it)."""
    if kind != "repo" or not path or not _REPOSITORY_PART.match(path):
        return url
    return f"{url.rstrip('/')}/{path}"


def paper_url(paper_id: str) -> str:
    """Where a paper's page is, by its public key: a redirect to its row page."""
    return f"/-/paper/{paper_id}"


def column_url(column: str, value: str) -> str:
    """The papers list narrowed to papers whose `column` is `value`."""
    return f"/{DATABASE}/papers?{column}={quote(value)}"


def keyword_url(keyword: str) -> str:
    """The papers list narrowed to the papers with a keyword (or another name for it)."""
    return filter_url("keywords", keyword)


def row_pk(request) -> str:
    """The key in a row page's path (`/papers/papers/<pk>`, Datasette's documented URL design)."""
    return unquote(request.path.rstrip("/").rsplit("/", 1)[-1])


def unfiled(authors: list[dict], given: list) -> None:
    """Give each author with no institution the affiliations their record writes that name none
    (`Independent Researcher`), as written: shown, never linked or counted (`author["unfiled"]`)."""
    for author in authors:
        pairs = given[author["position"] - 1] if 0 < author["position"] <= len(given) else []
        author["unfiled"] = (
            []
            if author["institutions"]
            else [pair[0] for pair in pairs if isinstance(pair, list) and pair and is_placeholder_affiliation(pair[0])]
        )


async def paper_page(datasette, pk: str) -> dict | None:
    """The template variables of the page of the paper whose `pk` is given; None if there is none."""
    db = datasette.get_database(DATABASE)
    found = await db.execute("SELECT * FROM papers WHERE pk = ?", [pk])
    if not found.rows:
        return None
    paper = dict(found.first())
    pid = paper["id"]

    async def rows(sql: str) -> list[dict]:
        return [dict(r) for r in (await db.execute(sql, [pid])).rows]

    authors = await rows(
        "SELECT pa.position, pa.name, json_group_array(json_array(i.id, i.name, a.written))"
        " FILTER (WHERE i.id IS NOT NULL)"
        " AS institutions FROM paper_authors pa"
        " LEFT JOIN paper_affiliations a ON a.paper_id = pa.paper_id AND a.position = pa.position"
        " LEFT JOIN institutions i ON i.id = a.institution_id"
        " WHERE pa.paper_id = ? GROUP BY pa.position ORDER BY pa.position"
    )
    for author in authors:  # (each institution a link to its papers, with what the source wrote if it differs)
        author["institutions"] = [
            {"name": name, "url": institution_url(institution), "written": written}
            for institution, name, written in json.loads(author["institutions"])
        ]
    written = await rows(WRITTEN_AFFILIATIONS)
    unfiled(authors, json.loads(written[0]["affiliations"]) if written else [])
    institutions = [  # (those the source gives for the paper without saying whose: position 0)
        {"name": r["name"], "url": institution_url(r["id"]), "written": r["written"]}
        for r in await rows(
            "SELECT i.id, i.name, a.written FROM paper_affiliations a JOIN institutions i ON i.id = a.institution_id"
            ' WHERE a.paper_id = ? AND a.position = 0 ORDER BY a."order"'
        )
    ]
    keywords = await rows(
        "SELECT keyword, keyword_id, kind, score FROM paper_keywords WHERE paper_id = ? ORDER BY kind = 'author', rank"
    )
    links = await rows(
        "SELECT url, kind, path, is_official, source_id IS NOT NULL AS from_source FROM paper_links"
        ' WHERE paper_id = ? ORDER BY source_id IS NULL, "offset"'
    )
    for link in links:
        link["href"] = code_address(link["url"], link["kind"], link.pop("path"))
    ids = await rows("SELECT scheme, value FROM paper_ids WHERE paper_id = ? ORDER BY scheme, value")
    for row in ids:
        row["url"] = id_url(row["scheme"], row["value"])
    sources = [{**row, "file": file_name(row.pop("path"))} for row in await rows(RECORDS)]
    scores = await rows(SCORES)
    related = shown_similar(paper, await rows(RELATED))
    versions = await rows(VERSIONS)
    counts = {}
    for table, label in CHILD_TABLES:
        count = (await db.execute(f"SELECT count(*) FROM {table} WHERE paper_id = ?", [pid])).first()[0]
        counts[label] = (count, f"/{DATABASE}/{table}?paper_id={pid}")
    text = abstract_text(paper)
    return {
        "paper": paper,
        "heading": heading(paper["title"], text),
        "heading_html": heading_html(paper["title"], paper.get("title_raw"), paper["abstract"]),
        "web_url": web_url(paper.get("url")),
        "no_abstract_code": NO_ABSTRACT_CODE,
        "no_link_code": NO_LINK_CODE,
        "abstract_html": render_abstract(paper["abstract"]) if text else None,  # (as written: cleaning may lose `\(`)
        "authors": authors,
        "institutions": institutions,
        "topics": [k for k in keywords if k["kind"] == "topic"],
        "keywords": [k for k in keywords if k["kind"] not in ("topic", "author")],
        "author_keywords": [k for k in keywords if k["kind"] == "author"],
        "links": links,
        "ids": ids,
        "sources": sources,
        "scores": score_rows(scores),
        "related": related,
        "versions": version_chain(paper, versions, other_venues(paper, sources)),
        "counts": counts,
        "filter_url": filter_url,
        "column_url": column_url,
        "keyword_url": keyword_url,
        "keyword_page_url": keyword_page_url,
        "paper_url": paper_url,
        "heading_of": heading_html,
        "authors_json": json.loads(paper.get("authors") or "[]"),
        "json_url": datasette.urls.row(DATABASE, "papers", str(paper["pk"]), format="json"),
    }


# The least similarity at which a paper known only by its title is shown a similar paper. A title
# alone is a few words: on the catalogue, 26 % of such papers' similar papers share at most one
# word of its title with theirs (18,772 of 72,851), and 442 of 7,548 lists nothing more. From
# 0.40 on, 9.8 % do (4,169 of the 42,628 kept); papers with an abstract score 0.42 or more in
# three pairs of four (their similar papers' lower quartile). Below it none is shown: by the page,
# the `similar_to_paper` query (its SQL writes 0.40) and the MCP tools `get_paper` and
# `similar_papers` alike (reader4: the page showed none where the query and MCP gave ten).
TITLE_ONLY_FLOOR = 0.40


def shown_similar(paper: dict, related: list[dict], most: float = 1.0) -> list[dict]:
    """The similar papers a paper's page lists: every one, for a paper with an abstract; for one
    known only by its title, those of similarity `TITLE_ONLY_FLOOR` or more (maybe none). Each of
    `related` has its `score`: its similarity, or `similar_papers.score` where `most` is the
    score's most (`SIMILARITY_MOST`)."""
    if paper.get("abstract"):
        return related
    return [r for r in related if r["score"] is not None and r["score"] / most >= TITLE_ONLY_FLOOR]


def file_name(path: str) -> str:
    """A source's file name as a reader is shown it: the last part of the path it was loaded from,
    never a folder of the loading machine (`/work/cat/iros/iros2006.json` -> `iros2006.json`;
    a Windows path's `\\` separates too). The path stays in `sources`, the loader's record."""
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1] or path


def score_rows(scores: list[dict]) -> list[dict]:
    """The paper's scores as the page shows them: per field, each reviewer's score (`7`, or what was
    written struck through, with why it is missing), in the order written."""
    fields: dict[str, list[dict]] = {}
    for s in scores:
        kept = s["score"] is not None
        text = f"{s['score']:g}" if kept else (s["written"] or "–")
        why = s["missing"] if not kept else None
        title = ", ".join(part for part in (s["reviewer_name"], why) if part)
        fields.setdefault(s["field"], []).append({"text": text, "kept": kept, "title": title})
    return [{"field": field.replace("_", " "), "scores": values} for field, values in fields.items()]


def outcome(paper: dict) -> str:
    """`poster`, `oral`, `rejected`, ...: what became of a paper (as `etl.extract.versions` says)."""
    if paper.get("presentation") and paper.get("decision") in (None, "accepted"):
        return paper["presentation"]
    return paper.get("decision") or "decision unknown"


def other_venues(paper: dict, sources: list[dict]) -> list[dict]:
    """The venues and years other than the paper's own that its records give (one work listed at two
    venues with one abstract is one paper: #Exploration, ICLR 2017 rejected and NeurIPS 2017 a poster),
    each once, with the decision and presentation its record's status says (`decision_of`)."""
    found: dict[tuple, dict] = {}
    for s in sources:
        key = (s.get("venue"), s.get("year"))
        if None in key or key == (paper.get("venue"), paper.get("year")) or key in found:
            continue
        decision, presentation = decision_of(s["status"]) if s.get("status") else (None, None)
        found[key] = {"venue": key[0], "year": key[1], "decision": decision, "presentation": presentation}
    return list(found.values())


def version_chain(paper: dict, versions: list[dict], also: list[dict] | None = None) -> list[dict]:
    """The paper and its other versions, earliest first, each with `outcome` and whether it is this one
    (`this`; `record`: another venue and year this paper's own records give, `other_venues`)."""
    also = also or []
    if not versions and not also:
        return []
    chain = [
        {**paper, "this": True},
        *({**v, "this": False} for v in versions),
        *({**v, "id": paper["id"], "this": False, "record": True} for v in also),
    ]
    chain.sort(key=lambda v: (v["year"], v["venue"], v["id"]))
    return [{**v, "outcome": outcome(v)} for v in chain]
