"""Store each paper's chosen title, authors, ids, URL, decision, author keywords and source links
(see etl/extract/bibliography.py for the rule)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from sqlalchemy import Connection, delete, insert, select, text

from ..extract.bibliography import Record, resolve
from ..iterables import chunks
from ..store.engine import IDS_PER_QUERY
from ..store.models import Author, Paper, PaperAuthor, PaperId, PaperSource, Source
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
            PaperSource.paper_id,
            PaperSource.source_id,
            PaperSource.position,
            PaperSource.title,
            PaperSource.authors,
            PaperSource.ids,
            PaperSource.url,
            PaperSource.status,
            PaperSource.track,
            PaperSource.keywords,
            PaperSource.links,
            PaperSource.affiliations,
            Source.format,
            Source.resolved_path,
        )
        .join(Source, Source.id == PaperSource.source_id)
        .where(PaperSource.paper_id.in_(ids))
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
                Paper.id,
                Paper.title,
                Paper.title_raw,
                Paper.title_key,
                Paper.title_source_id,
                Paper.url,
                Paper.authors,
                Paper.decision,
                Paper.presentation,
                Paper.track,
                Paper.author_keywords,
            ).where(Paper.id.in_(ids))
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
    conn.execute(delete(PaperAuthor).where(PaperAuthor.paper_id.in_(ids)))
    conn.execute(delete(PaperId).where(PaperId.paper_id.in_(ids)))
    keys = {key: name for r in resolved.values() for name, key, _ in r.authors}
    if keys:
        conn.exec_driver_sql(
            "INSERT INTO authors (name, normalised, papers) VALUES (?, ?, 0) ON CONFLICT (normalised) DO NOTHING",
            [(name, key) for key, name in sorted(keys.items())],
        )
        author_ids = {}
        for part in chunks(sorted(keys), IDS_PER_QUERY):
            rows = conn.execute(select(Author.normalised, Author.id).where(Author.normalised.in_(part)))
            author_ids.update((row.normalised, row.id) for row in rows)
        rows = [
            {"paper_id": pid, "position": n, "author_id": author_ids[key], "name": name, "name_raw": raw}
            for pid, r in resolved.items()
            for n, (name, key, raw) in enumerate(r.authors, 1)
        ]
        conn.execute(insert(PaperAuthor), rows)
    store_affiliations(conn, resolved)
    id_rows = [
        {"paper_id": pid, "scheme": scheme, "value": value, "source_id": source}
        for pid, r in resolved.items()
        for scheme, value, source in r.ids
    ]
    if id_rows:
        conn.execute(insert(PaperId), id_rows)
    return rekeyed
