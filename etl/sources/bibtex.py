"""Read PMLR BibTeX (`@InProceedings` with title, author, abstract, openreview) via bibtexparser."""

from __future__ import annotations

import logging
import re

import bibtexparser

from ..errors import InputError
from ..text.authors import split_authors
from ..text.placeholders import is_placeholder, is_usable_abstract
from .decode import join_lines
from .fields import MAX_TITLE_CHARS, text_field, year_field
from .ids import arxiv_id, openreview_id
from .records import Entry, ParsedFile

logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)  # its errors become ours, below

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
_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s]+)")


def venue_of(booktitle: str) -> str | None:
    for pattern, venue in VENUES:
        if pattern.search(booktitle):
            return venue
    return None


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


def read_bibtex(path: str, text: str, venue: str | None = None, year: int | None = None) -> ParsedFile:
    """Entries with an abstract become papers (the entry key is the PMLR id); a block the parser
    cannot read is an error naming its line and key."""
    library = bibtexparser.parse_string(text)
    if library.failed_blocks:
        block = library.failed_blocks[0]
        key = _KEY.match(block.raw or "")
        what = f"entry {key.group(1)}" if key else "block"
        raise InputError(path, f"malformed BibTeX {what}: {_reason(block)}", block.start_line + 1)
    entries, without_abstract = [], 0
    file_venue, file_year = venue, year
    for item in library.entries:
        if item.entry_type.lower() not in PAPER_TYPES:
            continue
        fields = {k.lower(): str(v.value) for k, v in item.fields_dict.items()}
        abstract, title = join_lines(fields.get("abstract", "")), join_lines(fields.get("title", ""))
        if not is_usable_abstract(abstract, title):
            without_abstract += 1
            continue
        entry_venue = venue or venue_of(fields.get("booktitle", "") or fields.get("journal", ""))
        line = item.start_line + 1
        entry_year = year or year_field(path, fields.get("year"), line)
        for name, limit in (("title", MAX_TITLE_CHARS), ("author", None), ("url", None)):
            text_field(path, fields.get(name), name, line, **({"limit": limit} if limit else {}))
        text_field(path, item.key, "key", line, limit=1_000)
        file_venue, file_year = file_venue or entry_venue, file_year or entry_year
        entries.append(
            Entry(
                abstract=abstract,
                line=item.start_line + 1,
                position=len(entries) + 1,
                title=None if is_placeholder(title) else title,
                authors=split_authors(join_lines(fields.get("author", ""))),
                ids=_ids(item.key, fields),
                url=(fields.get("url") or fields.get("pdf") or "").strip() or None,
                venue=entry_venue,
                year=entry_year,
            )
        )
    if not entries:
        raise InputError(path, "no BibTeX entries with an abstract")
    return ParsedFile("pmlr-bibtex", file_venue, file_year, tuple(entries), (), without_abstract)


def _reason(block) -> str:
    error = getattr(block, "error", None)
    message = str(error) if error and str(error) else type(error).__name__ if error else "cannot be parsed"
    return " ".join(message.split())[:200] or "cannot be parsed"
