"""Read CSV and JSON lines exports: one paper per row or line, columns mapped by name; both are read
as they are iterated, a row at a time."""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

from ..errors import InputError
from ..text.authors import split_authors
from ..text.paper_ids import doi_of
from .decode import join_lines
from .fields import MAX_FIELD_CHARS, MAX_ITEMS, MAX_KEYWORD_CHARS, MAX_TITLE_CHARS, RecordFields
from .formats import CSV, JSONL
from .ids import arxiv_id, openreview_id
from .jsonstream import json_kind
from .paperlists import split_keywords
from .records import Entry, ParsedFile, Review, Tally
from .validate import settled

# A file must have one of these columns: a paper is told by its abstract, else its title.
NAMED_BY = ("abstract", "title")
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
# What spreadsheets run as a formula; `paperdb export` writes such a cell with a leading `'`.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SCHEME = re.compile(r"[a-z][a-z0-9_]{0,39}")  # an id scheme in an `ids` object (doi, openreview, ...)


def _key(name: str) -> str:
    return re.sub(r"[\s-]+", "_", name.strip().lower())


def _id_value(scheme: str, value: str) -> str | None:
    """An id as the table stores it: OpenReview and arXiv ids and DOIs bare, also when written as
    URLs; None for a DOI holding none."""
    value = value.strip()
    if scheme == "doi":
        return doi_of(value)
    if scheme == "openreview":
        return openreview_id(value) or value
    if scheme == "arxiv":
        return arxiv_id(value) or value
    return value


def _listed(value: str | list[str]) -> str | list[str]:
    """A cell that holds a JSON array of texts (`["Ada Lovelace", "Alan Turing"]`, as `paperdb
    export` writes lists in CSV) as that list; any other text as it is."""
    if isinstance(value, str) and value.startswith("[") and value.endswith("]"):
        try:
            items = json.loads(value)
        except ValueError:
            return value
        if isinstance(items, list) and all(isinstance(item, str) for item in items):
            return items
    return value


def formula_safe(text: str) -> str:
    """A CSV cell a spreadsheet shows as the text: one it would run as a formula (`=`, `+`, `-`,
    `@`, a tab or a carriage return first), or one that reads as such a cell already escaped,
    gets a leading `'` (`paperdb export` writes cells so; `spreadsheet_text` reads them back)."""
    return "'" + text if _escapable(text) else text


def spreadsheet_text(cell: str) -> str:
    """A CSV cell's text, without the `'` a spreadsheet (or `formula_safe`) put before a formula."""
    return cell[1:] if cell.startswith("'") and _escapable(cell[1:]) else cell


def _escapable(text: str) -> bool:
    return text.startswith(FORMULA_STARTS) or (text.startswith("'") and _escapable(text[1:]))


def _json_value(fields: RecordFields, name: str) -> object:
    """Field `name` that holds JSON (an object or an array: a CSV cell as `paperdb export` writes
    it, a JSON lines value as it is), or None; text that is no JSON, or JSON longer than any
    field may be (`MAX_FIELD_CHARS`, as text), is left out (repaired)."""
    value = fields.values.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        if isinstance(value, str):
            value = json.loads(value) if len(value) <= MAX_FIELD_CHARS else None
        elif len(json.dumps(value, ensure_ascii=False)) > MAX_FIELD_CHARS:
            value = None
    except (ValueError, RecursionError):
        value = None
    if value is None:
        fields.repaired = True
    return value


def _column_ids(fields: RecordFields) -> tuple[tuple[str, str], ...]:
    """The ids of a row's id columns (`ID_COLUMNS`); a DOI holding none is left out (repaired)."""
    ids = []
    for column, scheme in ID_COLUMNS.items():
        if (written := fields.text(column, numbers=True)).strip():
            if (value := _id_value(scheme, written)) is not None:
                ids.append((scheme, value))
            else:
                fields.repaired = True
    return tuple(ids)


def _given_ids(fields: RecordFields) -> tuple[tuple[str, str], ...]:
    """The ids of an `ids` object (`{"doi": ["10.1/x"], "openreview": "B1-Hhnslg"}`: a value or a
    list of values per scheme); another shape is left out (repaired)."""
    value = _json_value(fields, "ids")
    if value is None:
        return ()
    pairs: list[tuple[str, str]] = []
    if isinstance(value, dict):
        for scheme, values in value.items():
            values = [values] if isinstance(values, str) else values
            if not (SCHEME.fullmatch(scheme) and isinstance(values, list) and all(isinstance(v, str) for v in values)):
                break
            for written in filter(str.strip, values):
                if (value := _id_value(scheme, written)) is not None:
                    pairs.append((scheme, value))
                else:  # (a DOI holding none)
                    fields.repaired = True
        else:
            if len(pairs) <= MAX_ITEMS:
                return tuple(pairs)
    fields.repaired = True
    return ()


def _given_affiliations(fields: RecordFields, name: str = "affiliations", per_author: bool = True) -> tuple:
    """Per author, the `[institution, country]` pairs of an `affiliations` array (as `paperdb export`
    writes them; a country may be null); or, not `per_author`, the pairs of an `institutions` array
    (those a source gave for the paper without saying whose). Another shape is left out (repaired)."""
    value = _json_value(fields, name)
    if value is None:
        return ()
    if isinstance(value, list) and len(value) <= MAX_ITEMS:
        lists = value if per_author else [value]
        if all(_pairs(pairs) for pairs in lists):
            found = tuple(tuple((institution, country) for institution, country in pairs) for pairs in lists)
            return found if per_author else found[0]
    fields.repaired = True
    return ()


def _pairs(value: object) -> bool:
    """Whether `value` is a list of `[name, country]` pairs (a country may be null)."""
    return isinstance(value, list) and all(
        isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and (pair[1] is None or isinstance(pair[1], str))
        for pair in value
    )


def _status(fields: RecordFields) -> str | None:
    """The status word of a row: `status`, else its decision and presentation (`paperdb export`
    writes them apart) as one: `accepted (oral)`, `rejected`, `workshop`."""
    status = fields.text("status").strip()
    if status:
        return status
    decision, presentation = fields.text("decision").strip(), fields.text("presentation").strip()
    if decision and presentation and decision.casefold().startswith("accept"):
        return f"accepted ({presentation})"
    return decision or presentation or None


def _entry(row: Mapping, line: int, position: int, venue: str | None, year: int | None) -> tuple[Entry, bool]:
    """The entry of a row (keys as `_key` makes them), and whether a field was left out. A
    `paperdb export` reads back as the same paper: its text and title as written (`abstract`, or
    the `abstract_raw` of exports before revision 0024; `title_raw`) before the cleaned ones, the authors' keywords apart from the extracted ones
    (`keywords`), its ids, affiliations and the links its sources gave (`ids`, `affiliations`,
    `source_links`)."""
    fields = RecordFields(row)
    ids = _column_ids(fields)
    authors = "authors" if row.get("authors") else "author"
    chosen = "author_keywords" if "author_keywords" in row else "keywords"
    links = [value for column in LINK_COLUMNS if (value := fields.text(column).strip())]
    given_links = _listed(fields.items("source_links"))
    if isinstance(given_links, list):
        links += [text for text in given_links if text.strip()]
    title = fields.text("title_raw", limit=MAX_TITLE_CHARS) or fields.text("title", limit=MAX_TITLE_CHARS)
    own_year = fields.year()  # (read even where --year stands in: a bad one is counted)
    entry = Entry(
        abstract=join_lines(fields.text("abstract_raw") or fields.text("abstract")) or None,
        line=line,
        position=position,
        title=join_lines(title) or None,
        authors=split_authors(_listed(fields.items(authors))),
        ids=tuple(dict.fromkeys(ids + _given_ids(fields))),
        url=fields.text("url").strip() or None,
        keywords=fields.bounded(split_keywords(_listed(fields.items(chosen))), MAX_KEYWORD_CHARS),
        links=tuple(links),
        venue=venue or fields.venue(),
        year=year or own_year,
        status=_status(fields),
        track=fields.text("track").strip() or None,
        affiliations=_given_affiliations(fields),
        institutions=_given_affiliations(fields, "institutions", per_author=False),
        review=_review(fields),
    )
    return entry, fields.repaired


def _review(fields: RecordFields) -> Review | None:
    review = Review(
        rating_avg=fields.number("rating_avg"),
        confidence_avg=fields.number("confidence_avg"),
        citations=fields.count("citations"),
        primary_area=fields.text("primary_area").strip() or None,
        tldr=join_lines(fields.text("tldr")) or None,
    )
    return review if review != Review() else None


def _some(names: list[str], shown: int = 20) -> str:
    """The first `shown` names, and how many more (a header may have a million columns)."""
    text = ", ".join(name[:80] for name in names[:shown])
    return text + (f" and {len(names) - shown:,} more" if len(names) > shown else "")


def read_csv(
    path: str, raw: BinaryIO, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """A CSV (or, by its name, TSV) file with a header row; rows are read as they are iterated."""
    text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
    reader = csv.reader(text, dialect="excel-tab" if path.lower().endswith(".tsv") else "excel", strict=True)
    try:
        header = [_key(name) for name in next(reader, [])]
    except (csv.Error, UnicodeDecodeError) as exc:
        raise InputError(path, f"malformed CSV: {exc}", 1) from None
    if not any(name in header for name in NAMED_BY):
        # (the other tables of a `paperdb export` name the paper they belong to)
        hint = "; a table of `paperdb export`? load its papers.csv" if "paper_id" in header else ""
        raise InputError(
            path,
            f"missing required column: abstract or title (columns: {_some(sorted(set(header))) or 'none'}){hint}",
            1,
        )
    tally = Tally() if tally is None else tally
    entries = _csv_entries(path, reader, header, venue, year, tally)
    first = next(entries, None)  # (the venue and year of a file that names none: its first row's)
    return ParsedFile(
        CSV.name,
        venue or (first.venue if first else None),
        year or (first.year if first else None),
        _then(first, entries),
        [],
        tally,
    )


def _csv_entries(
    path: str, reader: Any, header: list[str], venue: str | None, year: int | None, tally: Tally
) -> Iterator[Entry]:
    position, ended = 0, reader.line_num  # each row starts on the line after the one before
    try:
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                ended = reader.line_num
                continue
            # (a field with newlines spans several lines; blank lines before it were skipped)
            start = reader.line_num - sum(cell.count("\n") for cell in cells)
            ended = reader.line_num
            row = {name: spreadsheet_text(cell) for name, cell in zip(header, cells, strict=False) if name}
            entry, repaired = _entry(row, start, position + 1, venue, year)
            kept = settled(entry, tally, escaped=False, repaired=repaired)  # (decoded UTF-8 holds no lone surrogate)
            if kept is not None:
                position += 1
                yield kept
    except csv.Error as exc:  # (named by the line the broken row starts on)
        raise InputError(path, f"malformed CSV: {exc}", ended + 1) from None
    except UnicodeDecodeError as exc:
        raise InputError(
            path, f"not valid UTF-8 (byte 0x{exc.object[exc.start]:02x}); save the file as UTF-8", ended + 1
        ) from None


def _then(first: Entry | None, rest: Iterator[Entry]) -> Iterator[Entry]:
    if first is not None:
        yield first
        yield from rest


def read_jsonl(
    path: str, raw: BinaryIO, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """One JSON object per line; a line that is not one is skipped and counted (the others are
    read), as lines are read as they are iterated."""
    tally = Tally() if tally is None else tally
    entries = _jsonl_entries(path, raw, venue, year, tally)
    first = next(entries, None)
    return ParsedFile(
        JSONL.name,
        venue or (first.venue if first else None),
        year or (first.year if first else None),
        _then(first, entries),
        [],
        tally,
    )


def _jsonl_entries(path: str, raw: BinaryIO, venue: str | None, year: int | None, tally: Tally) -> Iterator[Entry]:
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    position = 0
    for number, data in enumerate(raw, 1):
        try:
            text = decoder.decode(data)
        except UnicodeDecodeError as exc:
            raise InputError(
                path, f"not valid UTF-8 (byte 0x{exc.object[exc.start]:02x}); save the file as UTF-8", number
            ) from None
        if not text.strip():
            continue
        try:
            row = json.loads(text, parse_constant=lambda _: None)
        except (ValueError, RecursionError):
            tally.skip(number, "not JSON")
            continue
        if not isinstance(row, dict):
            tally.skip(number, f"not a JSON object but {json_kind(row)}")
            continue
        entry, repaired = _entry({_key(k): v for k, v in row.items()}, number, position + 1, venue, year)
        kept = settled(entry, tally, escaped="\\u" in text, repaired=repaired)
        if kept is not None:
            position += 1
            yield kept
