"""Export tables for downstream joins as CSV or JSON lines, read without writing."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

from ..errors import PaperdbError
from ..store.access import connect_read_only, existing_database

FORMATS = ("csv", "jsonl")
# file name -> query; every table carries the stable papers.id as paper_id (or id)
EXPORTS = {
    "papers": """
        SELECT id, venue, year, title, title_key, authors, abstract, abstract_sha256, decision, presentation,
               track, code_status, url, topics, keywords, author_keywords
        FROM papers ORDER BY id""",
    "links": """
        SELECT paper_id, url, url_key, raw, kind, host, owner, repo, path, is_official, "offset", source_id
        FROM paper_links ORDER BY paper_id, "offset\"""",
    "repos": "SELECT host, owner, name, url, url_key, papers FROM repos ORDER BY url_key",
    "keywords": """
        SELECT pk.paper_id, pk.keyword, k.normalised, pk.kind, pk.score, pk.rank
        FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
        ORDER BY pk.paper_id, pk.kind = 'author', pk.rank""",
    "authors": """
        SELECT pa.paper_id, pa.position, pa.name, a.normalised, pa.author_id
        FROM paper_authors pa JOIN authors a ON a.id = pa.author_id ORDER BY pa.paper_id, pa.position""",
    "ids": "SELECT paper_id, scheme, value FROM paper_ids ORDER BY paper_id, scheme, value",
    "institutions": "SELECT id, name, normalised, country, papers FROM institutions ORDER BY normalised",
    "affiliations": """
        SELECT paper_id, position, institution_id, "order", name, country
        FROM paper_affiliations ORDER BY paper_id, position, "order\"""",
}
JSON_COLUMNS = {"authors", "topics", "keywords", "author_keywords"}  # JSON arrays: kept as arrays in JSON lines


def export(db_file: str, out_dir: str, fmt: str = "csv") -> dict[str, int]:
    """Write one file per entry of `EXPORTS` into `out_dir`; returns rows written per file."""
    if fmt not in FORMATS:
        raise PaperdbError(f"unknown export format {fmt!r}; use csv or jsonl")
    existing_database(db_file)
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    con = connect_read_only(db_file)
    counts = {}
    try:
        for name, sql in EXPORTS.items():
            cursor = con.execute(sql)
            columns = [d[0] for d in cursor.description]
            path = Path(out_dir) / f"{name}.{fmt}"
            with path.open("w", encoding="utf-8", newline="") as fh:
                counts[name] = (_write_csv if fmt == "csv" else _write_jsonl)(fh, columns, cursor)
    except sqlite3.DatabaseError as exc:
        raise PaperdbError(f"{db_file}: {exc}; run `paperdb migrate`?") from None
    finally:
        con.close()
    return counts


def _write_csv(fh, columns, rows) -> int:
    writer = csv.writer(fh)
    writer.writerow(columns)
    n = 0
    for row in rows:
        writer.writerow(row)
        n += 1
    return n


def _write_jsonl(fh, columns, rows) -> int:
    n = 0
    for row in rows:
        n += 1
        record = dict(zip(columns, row, strict=True))
        for column in JSON_COLUMNS & record.keys():
            record[column] = json.loads(record[column] or "[]")
        fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return n
