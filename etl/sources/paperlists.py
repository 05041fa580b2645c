"""Read papercopilot *paperlists* exports: one JSON list of papers per venue and year
(`iclr2018.json`, `nips2023.json`, ...), with `;`-separated authors, a status, a track and links."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import replace
from itertools import chain

from ..errors import InputError
from ..text.authors import split_authors, without_repeated_tail
from ..text.headings import trailing_keywords
from ..text.paper_ids import (
    bibtex_doi,
    doi_of,
    doi_rejoined,
    forum_address,
    ieee_article_number,
    neurips_key,
    pmlr_entry_key,
    pmlr_key,
)
from .affiliations import authors_and_affiliations, unplaced_institutions, without_own_names
from .affiliations import field_text as _text
from .decode import join_lines
from .fields import MAX_FIELD_CHARS, MAX_KEYWORD_CHARS, MAX_TITLE_CHARS, RecordFields
from .formats import PAPERLISTS
from .ids import arxiv_id, openreview_id
from .jsonstream import JsonRecords, json_kind
from .records import Entry, ParsedFile, Review, Tally
from .reviews import kept_average
from .validate import settled
from .venue_names import known_venue

_FILE_NAME = re.compile(r"^(?P<venue>[a-z0-9]*?[a-z])(?P<year>(?:19|20)[0-9][0-9])(?:[^0-9]|$)", re.IGNORECASE)
# (after `=`, one class of characters: two runs of optional spaces in a row backtrack quadratically)
_BIBTEX_YEAR = re.compile(r"\byear\s*=[\s{\"]*((?:19|20)[0-9][0-9])")
_BIBTEX_FIRST_PAGE = re.compile(r"\bpages\s*=[\s{\"]*([0-9]+)", re.IGNORECASE)
_GLUED_NUMBER = re.compile(r"^(\S*?/\S*?[^\s0-9])([0-9]{2,})/?$")  # (an address's last digits, after a path)
LINK_FIELDS = ("github", "project")  # the paper's own code and project page
# Fields whose presence, with `title` and `abstract`, marks a paperlists record.
MARKS = ("status", "track", "site", "gs_citation", "aff", "author")


def looks_like_paperlists(first: object) -> bool:
    """Whether a JSON array's first record is a paperlists record."""
    if not isinstance(first, dict):
        return False
    return "virtualsite_url" not in first and "title" in first and any(k in first for k in MARKS)


def venue_and_year(path: str) -> tuple[str | None, int | None]:
    """(venue, year) from a paperlists file name: `nips2018.json` is NeurIPS 2018."""
    m = _FILE_NAME.match(os.path.basename(path))
    if not m:
        return None, None
    prefix = m["venue"].lower()
    return known_venue(prefix) or prefix.upper(), int(m["year"])


def _ids(item: dict, site: str, fields: RecordFields) -> tuple[tuple[str, str], ...]:
    """The ids a record gives: the bare OpenReview forum from whichever field holds it (`openreview`:
    ICLR 2018's forum URL beside an iclr.cc `site`; `site`; `id` where the record is OpenReview's),
    the ACL Anthology id, the PMLR key (its `bibtex` entry's key, else out of its PMLR address: `site`,
    `pdf` or `oa`), the DOI (bare, also out of an address: `doi_of`; a `doi` holding none is left out,
    repaired; one cut by a stray space, `.../978-3-031-19830-4 _37` in ECCV 2022, is joined, repaired;
    without a `doi`, the `bibtex` entry's: `_with_bibtex_doi`), the arXiv id, the IEEE Xplore
    article number (of its IEEE Xplore address: `site`, ICRA and IROS) and the NeurIPS proceedings
    key (year and hash, of its proceedings address: `site`, `oa`, `pdf` or its `bibtex` entry's `url`)."""
    ids = []
    forum = (
        openreview_id(_text(item.get("openreview")))
        or openreview_id(site)
        or (openreview_id(_text(item.get("id"))) if "openreview" in (site or _text(item.get("pdf"))) else None)
    )
    if forum:
        ids.append(("openreview", forum))
    if "aclanthology.org" in site and _text(item.get("id")):
        ids.append(("acl_anthology", _text(item.get("id"))))
    pmlr = pmlr_entry_key(_text(item.get("bibtex"))) or next(
        (key for name in ("site", "pdf", "oa") if (key := pmlr_key(_text(item.get(name))))), None
    )
    if pmlr:
        ids.append(("pmlr", pmlr))
    if written := _text(item.get("doi")):
        if rejoined := doi_rejoined(written):
            written, fields.repaired = rejoined, True
        if doi := doi_of(written):
            ids.append(("doi", doi))
        else:
            fields.repaired = True
    arxiv = arxiv_id(_text(item.get("arxiv")))
    if arxiv:
        ids.append(("arxiv", arxiv))
    if number := ieee_article_number(site):
        ids.append(("ieee_article_number", number))
    if key := next((k for name in ("site", "oa", "pdf", "bibtex") if (k := neurips_key(_text(item.get(name))))), None):
        ids.append(("neurips_proceedings", key))
    return tuple(dict.fromkeys(ids))


def openreview_address(item: dict) -> str | None:
    """The OpenReview forum address of a record that gives no address but is OpenReview's: its `id`
    a forum id and its `authorids` OpenReview profiles (`~Fanrui_Zhang1`: WWW 2024, ACM MM 2024;
    the forum's address as the records with a `site` at OpenReview have it), else None."""
    if not _text(item.get("authorids")).startswith("~"):
        return None
    return next(iter(forum_address(_text(item.get("id")))), None)


def _with_bibtex_doi(entry: Entry, bibtex: str) -> Entry:
    """`entry` with its BibTeX entry's DOI (IJCAI's, the ACL Anthology's and RSS's entries give one:
    `doi = {10.24963/ijcai.2023/371}`) where it gives no other DOI and has an abstract: a record
    without one is told by its DOI before its title (`etl.extract.record_paper`), so it keeps the
    identity its title gave it before its BibTeX's DOI was read (168 RSS 2005-2008 records)."""
    if entry.abstract is None or any(scheme == "doi" for scheme, _ in entry.ids) or not (doi := bibtex_doi(bibtex)):
        return entry
    return replace(entry, ids=(*entry.ids, ("doi", doi)))


# Fields a paperlists record gives that the reader stores elsewhere; the rest go to `extra`.
_READ = frozenset(
    "title author abstract status track site id keywords github project doi arxiv aff aff_unique_norm"
    " aff_unique_index aff_country_unique aff_country_unique_index openreview rating_avg confidence_avg"
    " gs_citation primary_area tldr".split()
)

# `json.dumps(value, ensure_ascii=False, sort_keys=True)`, its encoder made once (not one a record)
_EXTRA_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def _extra(item: dict, fields: RecordFields) -> str | None:
    """The record's other fields as a JSON object (at most ten times a field's size), so nothing is lost."""
    rest = {key: value for key, value in item.items() if key not in _READ and value not in ("", None, [], {})}
    if not rest:
        return None
    kept = _EXTRA_JSON(rest)
    if len(kept) > 10 * MAX_FIELD_CHARS:
        fields.repaired = True
        return None
    return kept


def _links(fields: RecordFields) -> tuple[str, ...]:
    given = tuple(text for name in LINK_FIELDS if (text := fields.text(name).strip()))
    links = tuple(without_glued_page(link, fields.text("bibtex")) for link in given)
    fields.repaired = fields.repaired or links != given  # (counted as a record repaired)
    return links


def _review(fields: RecordFields, venue: str | None, year: int | None) -> Review | None:
    """Ratings, confidence, citations (`gs_citation`; -1 is unknown), primary area and TL;DR. A mean
    outside the venue's scale (`rating_avg: 0` where no review was given) is none; every reviewer's
    score is read from the record's other fields (`reviews.review_scores`) when the paper is settled."""
    review = Review(
        rating_avg=kept_average(fields.number("rating_avg", pair=True), venue, year, "rating"),
        confidence_avg=kept_average(fields.number("confidence_avg", pair=True), venue, year, "confidence"),
        citations=fields.count("gs_citation"),
        primary_area=" ".join(fields.text("primary_area").split()) or None,
        tldr=join_lines(fields.text("tldr")) or None,
    )
    return review if review != Review() else None


MIN_RUN_ON_WORDS = 6  # a name of this many words or more may be a list written without separators


def bibtex_names(one: tuple[str, ...], bibtex: str) -> tuple[str, ...]:
    """An author list the record wrote as one name with no separator (`Balaraman Ravindran Pavan
    Ravishankar Pranshu Malviya`, ACML 2021), as the record's BibTeX writes it (`Pavan Ravishankar,
    Pranshu Malviya, Balaraman Ravindran`): when that names several people whose words are the
    name's words. Else `one` as it is (a long name: `Robert R. de Ruyter van Steveninck`)."""
    if len(one) != 1 or len(one[0].split()) < MIN_RUN_ON_WORDS or "author" not in bibtex:
        return one
    # (the BibTeX reader and its formulas imported here, for the rare name run on: 0.13 MB of
    # Python objects every load of other records held, issue 41)
    from ..text.bibtex_entries import field_text, parse_entry

    entry = parse_entry(bibtex.strip())
    written = dict(entry.fields).get("author") if entry else None
    names = split_authors(field_text(written)) if written else ()
    if len(names) > 1 and sorted(" ".join(names).split()) == sorted(one[0].split()):
        return names
    return one


def without_glued_page(link: str, bibtex: str) -> str:
    """An address the source wrote with the paper's first page glued to its end (read from the PDF,
    whose footer follows the address: ACL 2022, NAACL 2022 and 2024 give
    `github.com/xinsu626/SourceFreeDomainAdaptation8352` for pages 8352--8367, a repository that
    does not exist, and `personads.me/x/acl-2022-code.7711`) without the page (and a sentence's
    full stop before it); any other link as given."""
    glued = _GLUED_NUMBER.match(link)
    page = _BIBTEX_FIRST_PAGE.search(bibtex) if glued else None
    if not (glued and page):
        return link
    digits, first = glued[2], page[1]  # (a name's own digits before it: `primock57` + 5739 of 5739--5750)
    if digits == first or (len(first) >= 3 and len(digits) > len(first) and digits.endswith(first)):
        return (glued[1] + digits[: len(digits) - len(first)]).rstrip(".")
    return link


def split_keywords(value: object) -> tuple[str, ...]:
    """Author keywords from a list, or from text separated by `;` (or by commas when no `;` is used)."""
    if isinstance(value, list):
        parts = [str(v) for v in value]
    else:
        text = _text(value)
        parts = text.split(";") if ";" in text else text.split(",")
    return tuple(dict.fromkeys(" ".join(p.split()) for p in parts if p.strip()))


def read_paperlists(
    path: str, records: JsonRecords, venue: str | None = None, year: int | None = None, tally: Tally | None = None
) -> ParsedFile:
    """A paperlists file's records, read as they are iterated; venue and year come from
    `--venue`/`--year`, else the file name, else each record's BibTeX year."""
    first = next(records, None)
    if first is None or not looks_like_paperlists(first[1]):
        raise InputError(path, "not a paperlists export (a JSON list of paper objects with title and status)")
    named_venue, named_year = venue_and_year(path)
    file_venue, file_year = venue or named_venue, year or named_year
    tally = Tally() if tally is None else tally
    entries = _entries(chain([first], records), file_venue, file_year, tally)
    return ParsedFile(PAPERLISTS.name, file_venue, file_year, entries, [], tally)


def _entries(records: JsonRecords, venue: str | None, year: int | None, tally: Tally) -> Iterator[Entry]:
    position = 0
    for line, item, escaped in records:
        if not isinstance(item, dict):
            tally.skip(line, f"not a JSON object but {json_kind(item)}")
            continue
        fields = RecordFields(item)
        site = fields.text("site") or fields.text("pdf")
        authors, affiliated = authors_and_affiliations(item, fields.items("author"))
        if authors != (listed := bibtex_names(authors, fields.text("bibtex"))):
            authors, affiliated = listed, ()  # (one run-on name: its BibTeX's names)
            fields.repaired = True
        if "psid" in item and len(listed := without_repeated_tail(authors)) < len(authors):
            authors, affiliated = listed, affiliated[: len(listed)]  # (the presenters the program adds)
            fields.repaired = True
        affiliated, own_names = without_own_names(authors, affiliated)
        if own_names:
            fields.repaired = True  # (an author's own name given as their affiliation: none)
        unplaced = () if affiliated else unplaced_institutions(item, authors)
        bib_year = _BIBTEX_YEAR.search(fields.text("bibtex"))
        abstract = join_lines(fields.text("abstract")) or None
        keywords = split_keywords(fields.items("keywords")) or (
            split_keywords(trailing_keywords(abstract)) if abstract else ()
        )
        entry = Entry(
            abstract=abstract,
            line=line,
            position=position + 1,
            title=join_lines(fields.text("title", limit=MAX_TITLE_CHARS)) or None,
            authors=authors,
            ids=_ids(item, site.strip(), fields),
            url=site.strip() or openreview_address(item),
            venue=venue,
            year=year or (int(bib_year[1]) if bib_year else None),
            status=fields.text("status").strip() or None,
            track=fields.text("track").strip() or None,
            keywords=fields.bounded(keywords, MAX_KEYWORD_CHARS),  # (none given: the list ending the abstract)
            links=_links(fields),
            affiliations=affiliated,
            institutions=unplaced,
            extra=_extra(item, fields),
            review=_review(fields, venue, year),
        )
        kept = settled(entry, tally, escaped, repaired=fields.repaired)
        if kept is not None:
            kept = _with_bibtex_doi(kept, fields.text("bibtex"))
            position += 1
            yield kept
