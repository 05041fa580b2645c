"""Read PMLR BibTeX (`@InProceedings` with title, author, abstract, openreview) via bibtexparser, and
the BibTeX of paperdb's reading lists (their `eventtitle` names the venue); each entry is kept as
written."""

from __future__ import annotations

import json
import logging
import re

import bibtexparser

from ..text.authors import split_authors
from .decode import join_lines
from .fields import MAX_FIELD_CHARS, MAX_TITLE_CHARS, RecordFields
from .ids import arxiv_id, openreview_id
from .records import Entry, ParsedFile, Tally
from .validate import settled

logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)  # its errors become ours, below

MAX_RAW_CHARS = 10 * MAX_FIELD_CHARS
PAPER_TYPES = {"inproceedings", "article", "conference", "incollection", "misc", "unpublished"}
# Proceedings titles that name a venue we know.
VENUES = [
    (re.compile(r"International Conference on Machine Learning", re.I), "ICML"),
    (re.compile(r"Neural Information Processing Systems", re.I), "NeurIPS"),
    (re.compile(r"International Conference on Learning Representations", re.I), "ICLR"),
    (re.compile(r"Artificial Intelligence and Statistics", re.I), "AISTATS"),
    (re.compile(r"Conference on Learning Theory", re.I), "COLT"),
    (re.compile(r"Uncertainty in Artificial Intelligence", re.I), "UAI"),
    (re.compile(r"Conference on Robot Learning", re.I), "CoRL"),
]


_EVENT = re.compile(r"^(.{1,40}?)\s+(?:19|20)[0-9]{2}$")  # paperdb's `eventtitle = {ICLR 2017}`


def venue_of(booktitle: str, event: str = "") -> str | None:
    """The venue an entry names: a proceedings title we know, else its `eventtitle` as a paperdb
    reading list writes it (`ICLR 2017`)."""
    for pattern, venue in VENUES:
        if pattern.search(booktitle):
            return venue
    m = _EVENT.match(" ".join(event.split()))
    return m[1] if m else None


def _ids(key: str, fields: dict[str, str]) -> tuple[tuple[str, str], ...]:
    ids = [("pmlr", key)] if key.lower().startswith("pmlr-") else [("bibtex_key", key)]
    forum = openreview_id(fields.get("openreview", ""))
    if forum:
        ids.append(("openreview", forum))
    if fields.get("doi"):
        ids.append(("doi", fields["doi"].strip().removeprefix("https://doi.org/")))
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
        tally.skip(block.start_line + 1, "a BibTeX entry that cannot be read")
    entries = []
    file_venue, file_year = venue, year
    for item in library.entries:
        if item.entry_type.lower() not in PAPER_TYPES:
            continue
        fields = RecordFields({k.lower(): str(v.value) for k, v in item.fields_dict.items()})
        entry_venue = venue or venue_of(fields.text("booktitle") or fields.text("journal"), fields.text("eventtitle"))
        own_year = fields.year()  # (read even where --year stands in: a bad one is counted)
        entry_year = year or own_year
        key = item.key if len(item.key) <= 1_000 else ""
        file_venue, file_year = file_venue or entry_venue, file_year or entry_year
        entry = Entry(
            abstract=join_lines(fields.text("abstract")) or None,
            line=item.start_line + 1,
            position=len(entries) + 1,
            title=join_lines(fields.text("title", limit=MAX_TITLE_CHARS)) or None,
            authors=split_authors(join_lines(fields.text("author"))),
            ids=_ids(key, fields.values) if key else (),
            url=(fields.text("url") or fields.text("pdf")).strip() or None,
            venue=entry_venue,
            year=entry_year,
            # (the entry as written, which reading lists give; one over ten fields' size is left out)
            extra=json.dumps({"bibtex": item.raw}, ensure_ascii=False) if len(item.raw) <= MAX_RAW_CHARS else None,
        )
        entry = settled(entry, tally, escaped=False, repaired=fields.repaired or not key)
        if entry is not None:
            entries.append(entry)
    return ParsedFile("pmlr-bibtex", file_venue, file_year, tuple(entries), [], tally)
