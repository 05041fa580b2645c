"""Store each paper's chosen title, authors, ids, URL, decision, author keywords and source links
(see etl/extract/bibliography.py for the rule)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlalchemy import Connection, delete, insert, select, text

from ..extract.bibliography import Record, resolve
from ..iterables import chunks
from ..store.driver import Driver
from ..store.engine import IDS_PER_QUERY
from ..store.tables import authors, paper_authors, paper_ids, paper_sources, papers, sources
from .affiliations import refresh_institutions, store_affiliations
from .source_links import refresh_source_links

# Authors no paper lists go; the others get the display name most papers use and a count.
DROP_UNUSED_AUTHORS = (
    "DELETE FROM authors WHERE NOT EXISTS (SELECT 1 FROM paper_authors pa WHERE pa.author_id = authors.id)"
)
REFRESH_AUTHORS = """
UPDATE authors SET
    name = (SELECT pa.name FROM paper_authors pa WHERE pa.author_id = authors.id
            GROUP BY pa.name ORDER BY count(*) DESC, pa.name LIMIT 1),
    papers = (SELECT count(DISTINCT pa.paper_id) FROM paper_authors pa WHERE pa.author_id = authors.id)
"""


_COLUMNS = (
    "title",
    "title_raw",
    "title_key",
    "title_source_id",
    "url",
    "authors",
    "decision",
    "presentation",
    "track",
    "author_keywords",
)


def _records(conn: Connection, ids: list[str]) -> dict[str, list[Record]]:
    rows = conn.execute(
        select(
            paper_sources.c.paper_id,
            paper_sources.c.source_id,
            paper_sources.c.position,
            paper_sources.c.title,
            paper_sources.c.authors,
            paper_sources.c.ids,
            paper_sources.c.url,
            paper_sources.c.status,
            paper_sources.c.track,
            paper_sources.c.keywords,
            paper_sources.c.links,
            paper_sources.c.affiliations,
            sources.c.format,
            sources.c.resolved_path,
        )
        .join(sources, sources.c.id == paper_sources.c.source_id)
        .where(paper_sources.c.paper_id.in_(ids))
    )
    out: dict[str, list[Record]] = {}
    for r in rows:
        out.setdefault(r.paper_id, []).append(
            Record(
                source_id=r.source_id,
                format=r.format,
                path=r.resolved_path,
                position=r.position,
                title=r.title,
                authors=tuple(json.loads(r.authors)) if r.authors else (),
                ids=tuple(json.loads(r.ids).items()) if r.ids else (),
                url=r.url,
                status=r.status,
                track=r.track,
                keywords=tuple(json.loads(r.keywords)) if r.keywords else (),
                links=tuple(json.loads(r.links)) if r.links else (),
                affiliations=tuple(tuple(tuple(pair) for pair in a) for a in json.loads(r.affiliations))
                if r.affiliations
                else (),
            )
        )
    return out


def refresh_bibliography(conn: Connection, touched: Iterable[str]) -> set[str]:
    """Redo title, authors, ids, URL, decision and author keywords of the `touched` papers that
    still exist; returns the papers whose keywords need redoing (title or author keywords changed)."""
    ids = sorted(touched)
    rekeyed = set()
    for part in chunks(ids, IDS_PER_QUERY):
        rekeyed |= _refresh_chunk(conn, part)
    conn.execute(text(DROP_UNUSED_AUTHORS))
    conn.execute(text(REFRESH_AUTHORS))
    refresh_institutions(conn)
    return rekeyed


def _refresh_chunk(conn: Connection, ids: list[str]) -> set[str]:
    records = _records(conn, ids)
    current = {
        row.id: tuple(row[1:])
        for row in conn.execute(
            select(
                papers.c.id,
                papers.c.title,
                papers.c.title_raw,
                papers.c.title_key,
                papers.c.title_source_id,
                papers.c.url,
                papers.c.authors,
                papers.c.decision,
                papers.c.presentation,
                papers.c.track,
                papers.c.author_keywords,
            ).where(papers.c.id.in_(ids))
        )
    }
    resolved = {pid: resolve(records.get(pid, ())) for pid in current}
    refresh_source_links(conn, resolved)
    changed = []
    for pid, r in resolved.items():
        values = (
            r.title,
            r.title_raw,
            r.title_key,
            r.title_source_id,
            r.url,
            json.dumps([name for name, _, _ in r.authors], ensure_ascii=False),
            r.decision,
            r.presentation,
            r.track,
            json.dumps(list(r.keywords), ensure_ascii=False),
        )
        if values != current[pid]:
            changed.append(
                dict(
                    zip(_COLUMNS, values, strict=True),
                    pid=pid,
                )
            )
    # keyword ranking weighs title words; author keywords are stored with the keywords
    rekeyed = {
        row["pid"]
        for row in changed
        if (row["title"], row["author_keywords"]) != (current[row["pid"]][0], current[row["pid"]][-1])
    }
    if changed:
        conn.execute(
            text(
                "UPDATE papers SET title = :title, title_raw = :title_raw, title_key = :title_key,"
                " title_source_id = :title_source_id, url = :url, authors = :authors, decision = :decision,"
                " presentation = :presentation, track = :track, author_keywords = :author_keywords WHERE id = :pid"
            ),
            changed,
        )
    conn.execute(delete(paper_authors).where(paper_authors.c.paper_id.in_(ids)))
    conn.execute(delete(paper_ids).where(paper_ids.c.paper_id.in_(ids)))
    keys = {key: name for r in resolved.values() for name, key, _ in r.authors}
    if keys:
        Driver(conn).executemany(  # (as `affiliations.ADD_INSTITUTIONS`: no id taken for a known author)
            "INSERT INTO authors (name, normalised, papers)"
            " SELECT ?, ?, 0 WHERE NOT EXISTS (SELECT 1 FROM authors WHERE normalised = ?)",
            [(name, key, key) for key, name in sorted(keys.items())],
        )
        author_ids = {}
        for part in chunks(sorted(keys), IDS_PER_QUERY):
            rows = conn.execute(select(authors.c.normalised, authors.c.id).where(authors.c.normalised.in_(part)))
            author_ids.update((row.normalised, row.id) for row in rows)
        rows = [
            {"paper_id": pid, "position": n, "author_id": author_ids[key], "name": name, "name_raw": raw}
            for pid, r in resolved.items()
            for n, (name, key, raw) in enumerate(r.authors, 1)
        ]
        conn.execute(insert(paper_authors), rows)
    store_affiliations(conn, resolved)
    id_rows = [
        {"paper_id": pid, "scheme": scheme, "value": value, "source_id": source}
        for pid, r in resolved.items()
        for scheme, value, source in r.ids
    ]
    if id_rows:
        conn.execute(insert(paper_ids), id_rows)
    return rekeyed
