"""Read CSV and JSON lines exports: one paper per row or line, columns mapped by name."""

from __future__ import annotations

import csv
import io
import re

from ..errors import InputError
from ..text.authors import split_authors
from ..text.placeholders import is_placeholder, is_usable_abstract
from .decode import join_lines, parse_json
from .fields import MAX_TITLE_CHARS, text_field, text_items, year_field
from .ids import arxiv_id, openreview_id
from .paperlists import split_keywords
from .records import Entry, ParsedFile

REQUIRED = ("abstract",)
# Column names (case-insensitive, spaces/dashes as underscores) -> the scheme of an id column.
ID_COLUMNS = {
    "openreview": "openreview",
    "openreview_id": "openreview",
    "forum": "openreview",
    "pmlr": "pmlr",
    "pmlr_id": "pmlr",
    "pmlr_key": "pmlr",
    "arxiv": "arxiv",
    "arxiv_id": "arxiv",
    "doi": "doi",
    "icml_poster": "icml_poster",
    "poster_id": "icml_poster",
    "event_id": "icml_poster",
    "semantic_scholar": "semantic_scholar",
    "s2_id": "semantic_scholar",
}
LINK_COLUMNS = ("github", "code", "code_url", "project", "project_page")  # the paper's own links


def _key(name: str) -> str:
    return re.sub(r"[\s-]+", "_", name.strip().lower())


def _id_value(scheme: str, value: str) -> str:
    """An id as the table stores it: OpenReview and arXiv ids bare, also when written as URLs."""
    value = value.strip()
    if scheme == "openreview":
        return openreview_id(value) or value
    if scheme == "arxiv":
        return arxiv_id(value) or value
    return value


def _entry(row: dict, line: int, position: int, venue: str | None, year: int | None, path: str = "") -> Entry | None:
    fields = {_key(k): v for k, v in row.items() if k is not None}

    def text(name: str, **options) -> str:
        return text_field(path, fields.get(name), name, line, **options)

    abstract, title = join_lines(text("abstract")), join_lines(text("title", limit=MAX_TITLE_CHARS))
    if not is_usable_abstract(abstract, title):
        return None
    ids = tuple(
        (scheme, _id_value(scheme, value))
        for column, scheme in ID_COLUMNS.items()
        if (value := text(column, numbers=True)).strip()
    )
    row_year = year_field(path, fields.get("year"), line) if not year else None
    authors = "authors" if fields.get("authors") else "author"
    return Entry(
        abstract=abstract,
        line=line,
        position=position,
        title=None if is_placeholder(title) else title,
        authors=split_authors(text_items(path, fields.get(authors), authors, line)),
        ids=tuple(dict.fromkeys(ids)),
        url=text("url").strip() or None,
        keywords=split_keywords(text_items(path, fields.get("keywords"), "keywords", line)),
        links=tuple(value for column in LINK_COLUMNS if (value := text(column).strip())),
        venue=venue or (text("venue", limit=200).strip() or None),
        year=year or row_year,
    )


def _some(names: list[str], shown: int = 20) -> str:
    """The first `shown` names, and how many more (a header may have a million columns)."""
    text = ", ".join(name[:80] for name in names[:shown])
    return text + (f" and {len(names) - shown:,} more" if len(names) > shown else "")


def read_csv(path: str, text: str, venue: str | None = None, year: int | None = None) -> ParsedFile:
    csv_format = "excel-tab" if path.lower().endswith(".tsv") else "excel"
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=csv_format, strict=True)
    try:
        columns = {_key(c) for c in reader.fieldnames or ()}
    except csv.Error as exc:
        raise InputError(path, f"malformed CSV: {exc}", 1) from None
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        raise InputError(
            path,
            f"missing required column(s): {', '.join(missing)} (columns: {_some(sorted(columns)) or 'none'})",
            1,
        )
    entries, without_abstract = [], 0
    lines = text.split("\n")
    ended = reader.line_num  # the header's last line: each row starts on the line after the one before
    try:
        for row in reader:
            start, ended = ended + 1, reader.line_num  # (a field with newlines spans several lines)
            while start < ended and not lines[start - 1].strip():  # (blank lines between rows)
                start += 1
            entry = _entry(row, start, len(entries) + 1, venue, year, path)
            if entry is None:
                without_abstract += 1
            else:
                entries.append(entry)
    except csv.Error as exc:  # (named by the line the broken row starts on)
        start = ended + 1
        while start < len(lines) and not lines[start - 1].strip():
            start += 1
        raise InputError(path, f"malformed CSV: {exc}", start) from None
    return _finish(path, "csv", entries, without_abstract, venue, year)


def read_jsonl(path: str, text: str, venue: str | None = None, year: int | None = None) -> ParsedFile:
    entries, without_abstract = [], 0
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        row = parse_json(path, line, number, "JSON line")
        if not isinstance(row, dict):
            raise InputError(path, "a JSON line must be an object", number)
        if not any(_key(k) == "abstract" for k in row):
            raise InputError(path, "missing required field: abstract", number)
        entry = _entry(row, number, len(entries) + 1, venue, year, path)
        if entry is None:
            without_abstract += 1
        else:
            entries.append(entry)
    return _finish(path, "jsonl", entries, without_abstract, venue, year)


def _finish(path, fmt, entries, without_abstract, venue, year) -> ParsedFile:
    if not entries:
        raise InputError(path, "no rows with an abstract")
    # entries without venue or year are refused by the loader, for every format alike
    return ParsedFile(fmt, venue or entries[0].venue, year or entries[0].year, tuple(entries), (), without_abstract)
