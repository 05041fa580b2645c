"""Reading lists: papers as BibTeX, RIS and CSL-JSON entries, the formats reference managers (Zotero,
JabRef, EndNote, Mendeley) and citation processors (citeproc-js, pandoc) read; pure.

A paper's BibTeX entry is its source's own where one gave it (PMLR BibTeX, a paperlists record's
`bibtex`) and its title is the paper's, with the fields it lacks added from the columns (url, doi, arXiv and OpenReview ids,
abstract, eventtitle); else it is written from the columns: the authors as `Last, First`, the
title, the venue as booktitle, the year, the ids and the abstract, LaTeX's specials escaped and
Unicode kept. RIS and CSL-JSON are written from the columns, with what a publisher's entry adds
that the columns lack (pages, volume, publisher, editors, month: `Published`) taken from the source's own. A paper's key is the same in
every format and any list (`export_key`): PMLR's own, else paperdb's (`citation_key`), never
another source's (`li2025a` is AI4X's and AISTATS's)."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .bibtex_entries import BibEntry, escaped, field_text, latex, parse_entry, prose_field, write_entry
from .bibtex_titles import title_latex, unfit_title
from .citation_names import last_first, name_parts, source_splits, split_name
from .cleaning import clean_title
from .identity import normalise_abstract
from .markup import latex_text
from .paper_ids import pmlr_entry_key

# Words a key's title word skips.
KEY_SKIPS = frozenset(
    "a an the on of in for to with and towards toward from via is are do does can how why what".split()
)
NOT_PUBLISHED = ("rejected", "withdrawn")  # decisions that make an entry a manuscript, not a paper of the venue
_WORD = re.compile(r"[a-z0-9]+")
# A title whose TeX the source escaped as text (OpenReview's entries: `\${\textbackslash}texttt\{{SPIN}\}\$`
# prints the literal `$\texttt{SPIN}$`; `\$L\_1\$ Ball`): written from the columns instead.
_TEX_AS_TEXT = re.compile(r"\\\$.*\\\$|\{\\textbackslash\}")
# Reference types per format: (published at the venue, not).
TYPES = {"bibtex": ("inproceedings", "misc"), "ris": ("CPAPER", "GEN"), "csljson": ("paper-conference", "manuscript")}


@dataclass(frozen=True)
class Citation:
    """What a reading list says of one paper (its columns and ids, and its source's own BibTeX)."""

    paper_id: str
    venue: str
    year: int
    title: str | None
    authors: tuple[str, ...]
    url: str | None = None
    doi: str | None = None
    arxiv: str | None = None
    openreview: str | None = None
    abstract: str | None = None
    decision: str | None = None
    own_bibtex: str | None = None  # the source's own entry, as written

    @property
    def published(self) -> bool:
        return self.decision not in NOT_PUBLISHED

    @property
    def event(self) -> str:
        return f"{self.venue} {self.year}"


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _splits(c: Citation, own: BibEntry | None) -> dict[str, tuple[str, str, str]]:
    """`source_splits` of `own` where a name of the paper's has more than two words (most have not)."""
    return source_splits(own) if own is not None and any(a.count(" ") > 1 for a in c.authors) else {}


def citation_key(c: Citation) -> str:
    """A key that stays the same in every export: the first author's family name, the year, the
    title's first word and the first four hex digits of papers.id (`snell2017prototypical_3f2a`)."""
    family = _ascii(name_parts(c.authors[0])[0]) if c.authors else ""
    words = [w for w in _WORD.findall(_ascii(c.title or "")) if w not in KEY_SKIPS]
    stem = "".join(_WORD.findall(family)) or _ascii(c.venue).replace(" ", "")
    return f"{stem}{c.year}{words[0] if words else 'paper'}_{c.paper_id[:4]}"


def export_key(c: Citation) -> str:
    """The paper's key in every export (BibTeX, RIS, CSL-JSON): PMLR's own key where the source's
    entry of the paper is PMLR's (`pmlr-v70-silver17a`: one work's wherever it is listed), else
    `citation_key`. A source's other keys (`li2025a`, AI4X's and AISTATS's alike) are no key: they
    repeat across venues."""
    return _key(c, _own(c) if _pmlr_entry(c) else None)


def _pmlr_entry(c: Citation) -> bool:
    """Whether the source's entry is PMLR's (read whole only then where its key alone is wanted)."""
    return c.own_bibtex is not None and pmlr_entry_key(c.own_bibtex) is not None


_MONTHS = {name: n for n, name in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
_PAGES = re.compile(r"^\s*([0-9A-Za-z.:/]+?)\s*(?:[-\u2010-\u2015]+\s*([0-9A-Za-z.:]+))?\s*$")


@dataclass(frozen=True)
class Published:
    """What a source's own BibTeX entry says of where the paper is printed, as RIS and CSL-JSON write
    it: the first and last page (`pages = {175--181}`; a last page only where given), the volume, the
    publisher, the editors (`Last, First` as written) and the month (1-12, of `jul` or `{July}`)."""

    first_page: str | None = None
    last_page: str | None = None
    volume: str | None = None
    publisher: str | None = None
    editors: tuple[str, ...] = ()
    month: int | None = None


def published(own: BibEntry | None) -> Published:
    """`Published` of a source's own entry (nothing of none); a field it cannot read is left out."""
    if own is None:
        return Published()
    given = {name.lower(): " ".join(latex_text(field_text(value)).split()) for name, value in own.fields}
    pages = _PAGES.match(given.get("pages", ""))
    editors = tuple(
        n.strip() for n in re.split(r"\s+and\s+", given.get("editor", ""), flags=re.IGNORECASE) if n.strip()
    )
    month = given.get("month", "").lower()
    return Published(
        first_page=pages[1] if pages else None,
        last_page=pages[2] if pages and pages[2] else None,
        volume=given.get("volume") or None,
        publisher=given.get("publisher") or None,
        editors=editors,
        month=int(month) if month.isdigit() and 1 <= int(month) <= 12 else _MONTHS.get(month[:3]),
    )


def _key(c: Citation, own: BibEntry | None) -> str:
    return own.key if own is not None and own.key.startswith("pmlr-v") else citation_key(c)


def _id_fields(c: Citation) -> list[tuple[str, str]]:
    fields = [("url", c.url), ("doi", c.doi)]
    if c.arxiv:
        fields += [("eprint", c.arxiv), ("archiveprefix", "arXiv")]
    fields.append(("openreview", c.openreview))
    return [(name, "{" + verbatim(value) + "}") for name, value in fields if value]


def verbatim(value: str) -> str:
    """An address or id as BibTeX's verbatim fields (url, doi, eprint) take it: as written (`_`, `%`
    and `~` are no LaTeX there), a brace or backslash percent-encoded so the value stays one value."""
    return value.replace("\\", "%5C").replace("{", "%7B").replace("}", "%7D")


def _from_columns(c: Citation) -> BibEntry:
    fields = [("title", "{" + title_latex(c.title) + "}")] if c.title else []
    if c.authors:
        fields.append(("author", "{" + " and ".join(last_first(a) for a in c.authors) + "}"))
    fields += [("booktitle", "{" + escaped(c.venue) + "}"), ("eventtitle", "{" + escaped(c.event) + "}")]
    fields += [("year", "{" + str(c.year) + "}"), *_id_fields(c)]
    if c.abstract:
        fields.append(("abstract", "{" + latex(c.abstract) + "}"))
    fields.append(_paperdb_id(c))
    return BibEntry(TYPES["bibtex"][0 if c.published else 1], citation_key(c), tuple(fields))


def _own(c: Citation) -> BibEntry | None:
    """The source's entry with the fields it lacks (ids, abstract, the event `paperdb load` reads its venue
    by), no abstract the paper lacks (rejected: AISTATS 2007 `lazebnik07a`'s was another's), prose escaped
    (`prose_field`), a title whose formulas the source escaped as text (`_TEX_AS_TEXT`) or that text mode
    cannot set (`unfit_title`) from the columns."""
    own = parse_entry(c.own_bibtex) if c.own_bibtex else None
    if own is None or not own.has("title") or not _same_title(own, c.title):
        return None
    extra = [(name, value) for name, value in _id_fields(c) if not own.has(name)]
    if c.abstract and not own.has("abstract"):
        extra.append(("abstract", "{" + latex(c.abstract) + "}"))
    if not own.has("eventtitle"):
        extra.append(("eventtitle", "{" + escaped(c.event) + "}"))
    if not own.has("year"):
        extra.append(("year", "{" + str(c.year) + "}"))
    if not own.has(PAPERDB_ID):
        extra.append(_paperdb_id(c))
    title = "{" + title_latex(c.title or "") + "}"
    fields = tuple(
        _paperdb_id(c)
        if name == PAPERDB_ID  # (an entry of a list exported before: this database's id, in its place)
        else (name, title if name == "title" and _own_title_unset(value) else prose_field(name, value))
        for name, value in own.fields
        if c.abstract or name != "abstract"  # (an abstract the paper has not: rejected)
    )
    return BibEntry(own.type, own.key, fields + tuple(extra))


# The field of a BibTeX entry, and RIS's tag (the accession number: the record's number in the
# database it comes from), that give `papers.id`, as CSL-JSON's `custom.paperdb_id` does: the key
# to join a reading list back on.
PAPERDB_ID = "paperdb_id"
RIS_PAPERDB_ID = "AN"


def _own_title_unset(value: str) -> bool:
    return bool(_TEX_AS_TEXT.search(value)) or unfit_title(field_text(value))


def _paperdb_id(c: Citation) -> tuple[str, str]:
    return PAPERDB_ID, "{" + c.paper_id + "}"


def _same_title(own: BibEntry, title: str | None) -> bool:
    """Whether the source's entry is of this paper: its title is the paper's, read as titles are
    matched (ICLR 2017's file gives 54 of its 490 records another paper's entry)."""
    written = next(value for name, value in own.fields if name == "title")
    if not title:
        return False
    return normalise_abstract(clean_title(field_text(written))) == normalise_abstract(title)


def _keyed(citations: Iterable[Citation], entries: bool = False) -> Iterator[tuple[Citation, str, BibEntry | None]]:
    """Each citation with its key in a list (its `export_key`; one met again in the list, two papers
    whose ids start alike, gets its paper's id: `wang2023learning_3f2a_3f2a9c0112345678`; none does
    in the whole catalogue) and, with `entries` or where it is PMLR's, the source's own entry of it."""
    seen: set[str] = set()
    for c in citations:
        own = _own(c) if entries or _pmlr_entry(c) else None
        key = _key(c, own)
        if key.casefold() in seen:
            key = f"{key}_{c.paper_id}"
        seen.add(key.casefold())
        yield c, key, own


def bibtex(citations: Iterable[Citation]) -> Iterable[str]:
    """Each paper's BibTeX entry under its key (`_keyed`: as in RIS and CSL-JSON)."""
    for c, key, own in _keyed(citations, entries=True):
        entry = own or _from_columns(c)
        yield write_entry(BibEntry(entry.type, key, entry.fields)) + "\n"


def _line(text: str) -> str:
    return " ".join(text.split())


def _notes(c: Citation) -> list[str]:
    notes = [f"arXiv: {c.arxiv}"] if c.arxiv else []
    return notes + ([f"OpenReview: {c.openreview}"] if c.openreview else [])


def _urls(c: Citation) -> list[str]:
    urls = [c.url] if c.url else []
    urls += [f"https://arxiv.org/abs/{c.arxiv}"] if c.arxiv else []
    urls += [f"https://openreview.net/forum?id={c.openreview}"] if c.openreview else []
    return list(dict.fromkeys(urls))


def ris(citations: Iterable[Citation]) -> Iterable[str]:
    """Each paper as a RIS record (one tag a line, `ER` closing it)."""
    for c, key, own in _keyed(citations, entries=True):
        printed = published(own)
        lines = [("TY", TYPES["ris"][0 if c.published else 1]), ("ID", key)]
        lines += [("TI", c.title)] if c.title else []
        splits = _splits(c, own)
        lines += [("AU", _ris_name(a, splits)) for a in c.authors]
        # (editors as A2, as the 2011 RIS specification writes a CPAPER's editors and Zotero exports them;
        # rispy 0.10 read `ED` as an unknown tag, Zotero as a non-standard one: reader4)
        lines += [("A2", e if "," in e else _ris_name(e, {})) for e in printed.editors]
        month = f"{printed.month:02d}" if printed.month else ""
        lines += [("T2", c.venue), ("PY", str(c.year)), ("DA", f"{c.year}/{month}//")]
        lines += [("SP", printed.first_page)] if printed.first_page else []
        lines += [("EP", printed.last_page)] if printed.last_page else []
        lines += [("VL", printed.volume)] if printed.volume else []
        lines += [("PB", printed.publisher)] if printed.publisher else []
        lines += [("UR", url) for url in _urls(c)]
        lines += [("DO", c.doi)] if c.doi else []
        lines += [("AB", c.abstract)] if c.abstract else []
        lines += [("N1", note) for note in _notes(c)]
        lines.append((RIS_PAPERDB_ID, c.paper_id))
        yield "".join(f"{tag}  - {_line(value)}\n" for tag, value in lines) + "ER  - \n\n"


def _ris_name(name: str, splits: dict[str, tuple[str, str, str]]) -> str:
    family, given, suffix = split_name(name, splits)
    return ", ".join(part for part in (family, given, suffix) if part)


def csl_item(c: Citation, key: str | None = None, own: BibEntry | None = None) -> dict:
    """A paper as a CSL-JSON item (under `key`, else its `export_key`; with what its source's own
    entry `own` says of where it is printed: `published`)."""
    printed = published(own)
    item: dict = {"id": key or export_key(c), "type": TYPES["csljson"][0 if c.published else 1]}
    item |= {"title": c.title} if c.title else {}
    if c.authors:
        splits = _splits(c, own)
        item["author"] = [_csl_name(a, splits) for a in c.authors]
    if printed.editors:
        item["editor"] = [_csl_editor(e) for e in printed.editors]
    date = [c.year, printed.month] if printed.month else [c.year]
    item |= {"container-title": c.venue, "issued": {"date-parts": [date]}}
    if printed.first_page:
        item["page"] = "-".join(p for p in (printed.first_page, printed.last_page) if p)
    item |= {"volume": printed.volume} if printed.volume else {}
    item |= {"publisher": printed.publisher} if printed.publisher else {}
    item |= {"URL": c.url} if c.url else {}
    item |= {"DOI": c.doi} if c.doi else {}
    item |= {"abstract": c.abstract} if c.abstract else {}
    if _notes(c):
        item["note"] = "\n".join(_notes(c))  # (Zotero's `Extra` lines)
    item["custom"] = {"paperdb_id": c.paper_id} | ({"arxiv": c.arxiv} if c.arxiv else {})
    item["custom"] |= {"openreview": c.openreview} if c.openreview else {}
    return item


def _csl_name(name: str, splits: dict[str, tuple[str, str, str]]) -> dict:
    if "," in name:
        return {"literal": name}
    family, given, suffix = split_name(name, splits)
    parts = {"family": family, "given": given, "suffix": suffix}
    return {k: v for k, v in parts.items() if v}


def _csl_editor(name: str) -> dict:
    """An editor as BibTeX writes one (`Muresan, Smaranda`, else `Smaranda Muresan`) as a CSL name."""
    family, comma, given = name.partition(",")
    if not comma:
        return _csl_name(name, {})
    return {"family": family.strip(), "given": given.strip()} if given.strip() else {"family": family.strip()}


def csl_json(citations: Iterable[Citation]) -> Iterable[str]:
    """The papers as one CSL-JSON array, written item by item."""
    yield "["
    for n, (c, key, own) in enumerate(_keyed(citations, entries=True)):
        yield ("," if n else "") + "\n" + json.dumps(csl_item(c, key, own), ensure_ascii=False)
    yield "\n]\n"


# The formats: writer, file extension, media type.
FORMATS = {
    "bibtex": (bibtex, "bib", "application/x-bibtex; charset=utf-8"),
    "ris": (ris, "ris", "application/x-research-info-systems; charset=utf-8"),
    "csljson": (csl_json, "csljson", "application/vnd.citationstyles.csl+json; charset=utf-8"),
}
