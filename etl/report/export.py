"""Export tables for downstream joins as CSV or JSON lines, read without writing."""

from __future__ import annotations

import contextlib
import csv
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path

from ..errors import PaperdbError
from ..sources.tabular import formula_safe
from ..store.read_only import ReadOnly, read_only
from ..store.target import existing_database
from .papers_file import JSON_COLUMNS, paper_rows

FORMATS = ("csv", "jsonl")
# file name -> query (or, for papers, the rows of `papers_file`); every table carries the stable
# papers.id as paper_id (or id), and each row is keyed by what stays the same in every build: the
# database's own numbers (authors.id, institutions.id, sources.id) depend on the order of loads,
# so authors and institutions are named by their merge keys (`normalised`) instead, and a link
# a source gives (not one cited in the abstract) is told by `from_source`.
EXPORTS: dict[str, str | Callable[[ReadOnly], tuple[list[str], Iterator[tuple]]]] = {
    "papers": paper_rows,
    "links": """
        SELECT paper_id, url, url_key, raw, kind, host, owner, repo, path, is_official, "offset",
               CASE WHEN source_id IS NULL THEN 0 ELSE 1 END AS from_source
        FROM paper_links ORDER BY paper_id, "offset\"""",
    "repos": "SELECT host, owner, name, url, url_key, papers FROM repos ORDER BY url_key",
    "keywords": """
        SELECT pk.paper_id, pk.keyword, k.normalised, pk.kind, pk.score, pk.rank
        FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
        ORDER BY pk.paper_id, pk.kind = 'author', pk.rank""",
    "authors": """
        SELECT pa.paper_id, pa.position, pa.name, a.normalised
        FROM paper_authors pa JOIN authors a ON a.id = pa.author_id ORDER BY pa.paper_id, pa.position""",
    "ids": "SELECT paper_id, scheme, value FROM paper_ids ORDER BY paper_id, scheme, value",
    "institutions": "SELECT name, normalised, country, papers FROM institutions ORDER BY normalised",
    "affiliations": """
        SELECT a.paper_id, a.position, i.normalised AS institution, a."order", a.name, a.country
        FROM paper_affiliations a JOIN institutions i ON i.id = a.institution_id
        ORDER BY a.paper_id, a.position, a."order\"""",
}


def export(
    db_file: str, out_dir: str, fmt: str = "csv", overwrite: bool = False, escape_formulas: bool = True
) -> dict[str, int]:
    """Write one file per entry of `EXPORTS` into `out_dir`; returns rows written per file.

    All files are written beside their targets first and moved into place together at the end,
    so a failure (disk full, read-only media) leaves the directory as it was. Existing files are
    replaced only with `overwrite`. In CSV, text that a spreadsheet would run as a formula
    (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'` unless
    `escape_formulas` is off (`formula_safe`; a load reads such a cell without it). What the
    papers file holds, `paperdb load` reads back as the same papers (`papers_file`)."""
    if fmt not in FORMATS:
        raise PaperdbError(f"unknown export format {fmt!r}; use csv or jsonl")
    existing_database(db_file)
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise PaperdbError(f"{out_dir}: not a directory; give a directory to write the files into")
    targets = {name: out / f"{name}.{fmt}" for name in EXPORTS}
    present = [str(path) for path in targets.values() if path.exists()]
    if present and not overwrite:
        raise PaperdbError(f"{present[0]}: exists; use --overwrite to replace the files in {out_dir}")
    made = [] if out.exists() else [out, *(p for p in out.parents if not p.exists())]
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PaperdbError(f"{out_dir}: {exc.strerror or exc}") from None
    done = False
    counts: dict[str, int] = {}
    partial = {name: path.with_name(path.name + ".partial") for name, path in targets.items()}
    try:
        with read_only(db_file, hint="; run `paperdb migrate`?") as db:
            for name, query in EXPORTS.items():
                columns, rows = db.rows(query) if isinstance(query, str) else query(db)
                with partial[name].open("w", encoding="utf-8", newline="") as fh:
                    if fmt == "csv":
                        counts[name] = _write_csv(fh, columns, rows, escape_formulas)
                    else:
                        counts[name] = _write_jsonl(fh, columns, rows)
        for name, path in targets.items():
            os.replace(partial[name], path)
        done = True
    except OSError as exc:
        raise PaperdbError(f"{exc.filename or out_dir}: {exc.strerror or exc}") from None
    finally:
        for path in partial.values():
            with contextlib.suppress(OSError):
                path.unlink()
        if not done:  # the directories this export made go too: nothing is left of it
            for directory in made:
                with contextlib.suppress(OSError):
                    directory.rmdir()
    return counts


def _safe_cell(value):
    return formula_safe(value) if isinstance(value, str) else value


def _write_csv(fh, columns, rows, escape_formulas: bool = True) -> int:
    writer = csv.writer(fh)
    writer.writerow(columns)
    n = 0
    for row in rows:
        writer.writerow([_safe_cell(v) for v in row] if escape_formulas else row)
        n += 1
    return n


def _write_jsonl(fh, columns, rows) -> int:
    n = 0
    for row in rows:
        n += 1
        record = dict(zip(columns, row, strict=True))
        for column in JSON_COLUMNS:
            if column in record:
                record[column] = json.loads(record[column] or "[]")
        fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    return n
