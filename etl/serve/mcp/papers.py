"""The MCP tools about papers: the ranked search (the site's `search` query, narrowed by venue,
year, decision and code), everything of one paper, and the top papers by citations or rating."""

from __future__ import annotations

from functools import cache

from mcp.server.mcpserver.exceptions import ToolError

from ..paper import (
    RECORDS,
    RELATED,
    VERSIONS,
    abstract_text,
    id_url,
    other_venues,
    outcome,
    shown_similar,
    web_url,
)
from . import arguments, ratings
from .reader import Reader, capped, names

ABSTRACT_CHARS = 4_000  # of a paper's abstract in `paper` (a longer one is cut, and says so)
# The search query narrowed to the papers `wanted` holds: each way of matching keeps only them
# before it takes its best 100 (so a narrow search still finds its 100 best), as queries/search.sql
# ranks every paper. (Replaced in the text of search.sql; a test fails when it no longer fits.
# `+rowid`: a bare `rowid IN` is handed to FTS5, which then matches paper by paper: minutes, not 0.2 s.)
NARROWED = [
    ("WITH\n", "WITH\nwanted AS MATERIALIZED (SELECT pk FROM papers WHERE {where}),\n", 1),
    (
        "    ORDER BY bare, typed DESC, relevance DESC, pk LIMIT 100",
        "    AND +rowid IN wanted ORDER BY bare, typed DESC, relevance DESC, pk LIMIT 100",
        2,
    ),
    (
        "    ORDER BY bare, relevance DESC, pk LIMIT 100",
        "    AND +rowid IN wanted ORDER BY bare, relevance DESC, pk LIMIT 100",
        3,
    ),
    ("FROM keyword WHERE (SELECT room FROM short)", "FROM keyword WHERE (SELECT room FROM short) AND +pk IN wanted", 1),
    ("FROM titled\n", "FROM titled WHERE +pk IN wanted\n", 1),
]


@cache
def search_sql() -> str:
    from ..app import canned_queries

    return canned_queries()["search"]["sql"]


def narrowed(sql: str, where: str) -> str:
    """`sql` (the search query) with each way of matching kept to the papers `where` selects."""
    for old, new, times in NARROWED:
        if sql.count(old) != times:
            raise ValueError(f"search.sql no longer has {old!r} {times} times: update etl.serve.mcp.papers.NARROWED")
        sql = sql.replace(old, new.format(where=where))
    return sql


def filters(venue: str | None, year: int | None, decision: str | None, has_code: bool | None) -> tuple[str, dict]:
    """SQL conditions on `papers` (alias-free) for the filters given, and their parameters."""
    clauses, params = [], {}
    for column, value in (("venue", venue), ("year", year), ("decision", decision)):
        if value is not None:
            clauses.append(f"{column} = :{column}")
            params[column] = value
    if has_code is not None:
        clauses.append("code_status = 'released'" if has_code else "code_status != 'released'")
        params["has_code"] = has_code  # (unused by the SQL: said back with the other filters)
    return " AND ".join(clauses), params


def brief(reader: Reader, row: dict) -> dict:
    """What a list of papers says of each: enough to choose one, and its page."""
    found = {"id": row["id"], "title": row.get("title"), "authors": names(row.get("authors"))}
    found = {k: v for k, v in found.items() if v}  # (a listing gives no title and no authors)
    found |= {"venue": row["venue"], "year": row["year"]}
    for key in ("decision", "presentation", "code_status", "citations", "rating_avg", "score", "similarity", "snippet"):
        if row.get(key) is not None:
            found[key] = round(row[key], 2) if key == "rating_avg" else row[key]
    found["page"] = reader.page(row["id"])
    return found


async def search(
    reader: Reader, query: str, venue=None, year=None, decision=None, has_code=None, limit: int = 10
) -> dict:
    query = arguments.text(query, "query", arguments.QUERY_CHARS)
    limit = arguments.limit(limit, 50)
    where, params = filters(
        await arguments.venue(reader, venue),
        await arguments.year(reader, year),
        arguments.decision(decision),
        has_code,
    )
    sql = narrowed(search_sql(), where) if where else search_sql()
    rows = await reader.rows(f"SELECT * FROM ({sql}) LIMIT :limit", {**params, "q": query, "limit": limit + 1})
    rows, truncated = capped(rows, limit)
    for row in rows:  # (the words found, marked as the site marks them)
        row["snippet"] = (row.get("snippet") or "").replace("\x02", "**").replace("\x03", "**")
    return {
        "query": query,
        "results": [brief(reader, row) for row in rows],
        "truncated": truncated,
        **({"filters": params} if params else {}),
    }


async def paper(reader: Reader, paper_id: str) -> dict:
    row = await arguments.paper(reader, paper_id)
    pid = row["id"]
    params = {"id": pid}
    authors = await reader.rows(
        "SELECT pa.name, group_concat(i.name, '; ') AS institutions FROM paper_authors pa"
        " LEFT JOIN paper_affiliations a ON a.paper_id = pa.paper_id AND a.position = pa.position"
        " LEFT JOIN institutions i ON i.id = a.institution_id"
        " WHERE pa.paper_id = :id GROUP BY pa.position ORDER BY pa.position",
        params,
    )
    unplaced = await reader.rows(  # (the institutions the source gives for the paper without saying whose)
        "SELECT i.name FROM paper_affiliations a JOIN institutions i ON i.id = a.institution_id"
        ' WHERE a.paper_id = :id AND a.position = 0 ORDER BY a."order"',
        params,
    )
    keywords = await reader.rows(
        "SELECT keyword, kind FROM paper_keywords WHERE paper_id = :id ORDER BY kind = 'author', rank", params
    )
    links = await reader.rows(
        'SELECT url, kind, is_official FROM paper_links WHERE paper_id = :id ORDER BY source_id IS NULL, "offset"',
        params,
    )
    ids = await reader.rows("SELECT scheme, value FROM paper_ids WHERE paper_id = :id ORDER BY scheme, value", params)
    similar = shown_similar(row, await reader.rows(RELATED.replace("?", ":id"), params))  # (as the page lists them)
    versions = await reader.rows(VERSIONS.replace("?1", ":id"), params)
    records = await reader.rows(RECORDS.replace("?", ":id"), params)
    abstract = abstract_text(row) or ""
    found = {
        "id": pid,
        "page": reader.page(pid),
        "title": row["title"],
        "authors": [{k: v for k, v in a.items() if v is not None} for a in authors],
        **({"institutions_not_placed_by_author": [r["name"] for r in unplaced]} if unplaced else {}),
        "venue": row["venue"],
        "year": row["year"],
        "outcome": outcome(row),
        **{k: row[k] for k in ("decision", "presentation", "track", "primary_area", "tldr") if row.get(k)},
        "abstract": abstract[:ABSTRACT_CHARS] + ("… (cut)" if len(abstract) > ABSTRACT_CHARS else ""),
        "source_page": web_url(row.get("url")),
        "ids": [{**i, "url": url} if (url := id_url(i["scheme"], i["value"])) else i for i in ids],
        "code_status": row["code_status"],
        "links": [{"url": x["url"], "kind": x["kind"], "official": _official(x["is_official"])} for x in links],
        "topics": [k["keyword"] for k in keywords if k["kind"] == "topic"],
        "keywords": [k["keyword"] for k in keywords if k["kind"] not in ("topic", "author")],
        "author_keywords": [k["keyword"] for k in keywords if k["kind"] == "author"],
        "ratings": ratings.of_paper(row),
        "citations": row.get("citations"),
        "similar_papers": [
            brief(reader, {**s, "score": None, "similarity": round(s["score"] or 0.0, 3)}) for s in similar
        ],
        "versions": [
            {"id": v["id"], "venue": v["venue"], "year": v["year"], "outcome": outcome(v), "relation": v["relation"]}
            for v in versions
        ]
        + [  # (one work listed at two venues with one abstract is one paper: its records' other venues)
            {"id": pid, "venue": v["venue"], "year": v["year"], "outcome": outcome(v), "relation": RECORD_RELATION}
            for v in other_venues(row, records)
        ],
    }
    return {key: value for key, value in found.items() if value not in (None, [], "")}


RECORD_RELATION = "the same paper: one of its records lists it here"


def _official(value) -> bool | None:
    return None if value is None else bool(value)


ORDERS = {"citations": "citations", "rating": "rating_avg"}


async def top(
    reader: Reader, by: str = "citations", venue=None, year=None, decision=None, has_code=None, keyword=None, limit=10
) -> dict:
    if by not in ORDERS:
        raise ToolError(f"`by` {by!r} is not one of {', '.join(ORDERS)}")
    limit = arguments.limit(limit, 50)
    where, params = filters(
        await arguments.venue(reader, venue),
        await arguments.year(reader, year),
        arguments.decision(decision),
        has_code,
    )
    column = ORDERS[by]
    clauses = [f"{column} IS NOT NULL", *([where] if where else [])]
    if keyword is not None:
        found = await keyword_id(reader, keyword)
        clauses.append("id IN (SELECT paper_id FROM paper_keywords WHERE keyword_id = :keyword_id)")
        params["keyword_id"] = found["id"]
        params["keyword"] = found["label"]
    rows = await reader.rows(
        "SELECT id, title, authors, venue, year, decision, presentation, code_status, citations, rating_avg"
        f" FROM papers WHERE {' AND '.join(clauses)} ORDER BY {column} DESC, pk LIMIT :limit",
        {**params, "limit": limit + 1},
    )
    rows, truncated = capped(rows, limit)
    return {"by": by, "papers": [brief(reader, r) for r in rows], "truncated": truncated, "filters": params}


async def keyword_id(reader: Reader, value: str) -> dict:
    """The keyword (or topic) `value` names, by its merge key, else the keyword with the most papers
    it is another form of (ASR): id, label, kind, papers; else a tool error. A keyword whose key is
    the text itself comes first, then an alias written as the text, so that a coined name is not
    read as its singular (`RecSys`: recommender systems, whose alias it is, not the keyword `recsy`
    of one paper; reader6 item 9)."""
    wanted = arguments.text(value, "keyword", 200)
    rows = await reader.rows(
        "SELECT id, label, kind, papers, normalised IN (lower(:k), :k) AS exact, 0 AS alias FROM keywords"
        " WHERE normalised = normalise_keyword(:k)"
        " UNION ALL SELECT k.id, k.label, k.kind, k.papers, a.alias = :k, 1 FROM keyword_aliases a"
        " JOIN keywords k ON k.id = a.keyword_id WHERE a.normalised IN (lower(:k), normalise_keyword(:k))"
        " ORDER BY exact DESC, alias, papers DESC, id LIMIT 1",
        {"k": wanted},
    )
    rows = [{key: row[key] for key in ("id", "label", "kind", "papers")} for row in rows]
    if not rows:
        raise ToolError(f"no paper has the keyword or topic {wanted!r}: search_papers finds words in any text")
    return rows[0]
