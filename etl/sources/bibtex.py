"""Read PMLR BibTeX (`@InProceedings` with title, author, abstract, openreview) via bibtexparser, and
the BibTeX of paperdb's reading lists (their `eventtitle` names the venue); each entry is kept as
written."""

from __future__ import annotations

import json
import logging
import re

import bibtexparser

from ..text.authors import split_authors
from ..text.paper_ids import doi_of
from .decode import join_lines
from .fields import MAX_FIELD_CHARS, MAX_TITLE_CHARS, RecordFields
from .formats import BIBTEX
from .ids import arxiv_id, openreview_id
from .records import Entry, ParsedFile, Tally
from .validate import settled
from .venue_names import venue_named_in

logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)  # its errors become ours, below

MAX_RAW_CHARS = 10 * MAX_FIELD_CHARS
PAPER_TYPES = {"inproceedings", "article", "conference", "incollection", "misc", "unpublished"}
_EVENT = re.compile(r"^(.{1,40}?)\s+(?:19|20)[0-9]{2}$")  # paperdb's `eventtitle = {ICLR 2017}`


def venue_of(booktitle: str, event: str = "") -> str | None:
    """The venue an entry names: a proceedings title naming a venue of the registry, else its `eventtitle` as a paperdb
    reading list writes it (`ICLR 2017`)."""
    named = venue_named_in(booktitle)
    if named:
        return named
    m = _EVENT.match(" ".join(event.split()))
    return m[1] if m else None


def _no_doi(fields: dict[str, str]) -> bool:
    """Whether an entry's `doi` holds no DOI (`N/A`, a publisher's page without one): left out, repaired."""
    return bool(fields.get("doi", "").strip()) and doi_of(fields["doi"]) is None


def _ids(key: str, fields: dict[str, str]) -> tuple[tuple[str, str], ...]:
    ids = [("pmlr", key)] if key.lower().startswith("pmlr-") else [("bibtex_key", key)]
    forum = openreview_id(fields.get("openreview", ""))
    if forum:
        ids.append(("openreview", forum))
    if doi := doi_of(fields.get("doi", "")):  # (bare, also out of an address; see `_no_doi`)
        ids.append(("doi", doi))
    for value in (fields.get("eprint", ""), fields.get("url", ""), fields.get("pdf", "")):
        arxiv = arxiv_id(value)
        if arxiv:
            ids.append(("arxiv", arxiv))
            break
    return tuple(dict.fromkeys(ids))


def read_bibtex(
    path: str, text: str, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """Entries with an abstract or a title become papers (the entry key is the PMLR id); a block
    the parser cannot read is skipped and counted."""
    library = bibtexparser.parse_string(text)
    tally = Tally() if tally is None else tally
    for block in library.failed_blocks:
        tally.skip((block.start_line or 0) + 1, "a BibTeX entry that cannot be read")
    entries: list[Entry] = []
    file_venue, file_year = venue, year
    for item in library.entries:
        if item.entry_type.lower() not in PAPER_TYPES:
            continue
        written = {k.lower(): str(v.value) for k, v in item.fields_dict.items()}
        fields = RecordFields(written)
        entry_venue = venue or venue_of(fields.text("booktitle") or fields.text("journal"), fields.text("eventtitle"))
        own_year = fields.year()  # (read even where --year stands in: a bad one is counted)
        entry_year = year or own_year
        key = item.key if len(item.key) <= 1_000 else ""
        file_venue, file_year = file_venue or entry_venue, file_year or entry_year
        entry = Entry(
            abstract=join_lines(fields.text("abstract")) or None,
            line=(item.start_line or 0) + 1,
            position=len(entries) + 1,
            title=join_lines(fields.text("title", limit=MAX_TITLE_CHARS)) or None,
            authors=split_authors(join_lines(fields.text("author"))),
            ids=_ids(key, written) if key else (),
            url=(fields.text("url") or fields.text("pdf")).strip() or None,
            venue=entry_venue,
            year=entry_year,
            # (the entry as written, which reading lists give; one over ten fields' size is left out)
            extra=json.dumps({"bibtex": item.raw}, ensure_ascii=False)
            if len(item.raw or "") <= MAX_RAW_CHARS
            else None,
        )
        kept = settled(entry, tally, escaped=False, repaired=fields.repaired or not key or _no_doi(written))
        if kept is not None:
            entries.append(kept)
    return ParsedFile(BIBTEX.name, file_venue, file_year, tuple(entries), [], tally)
