"""A file's records stored: each record's paper (by its abstract, else by its identity), the
papers new to the database (written once, with the bibliography their record gives), and one
`paper_sources` row per record."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from ..errors import InputError
from ..extract.bibliography import Resolved, resolve
from ..extract.code_status import paper_code_status
from ..extract.derive import derive
from ..extract.record_paper import Claim, abstracts_of_others, identity, identity_id
from ..extract.statuses import decision_of
from ..sources.records import ABSTRACT_OF_ANOTHER, RECORD_SKIPPED, UNKNOWN_STATUS, Entry, Issue, ParsedFile, record_id
from ..sources.venue_names import canonical_venue
from ..store.schema import columns
from ..store.writer import Writer
from ..text.cleaning import clean_abstract
from ..text.identity import abstract_sha256, paper_id
from .bibliography import BIBLIOGRAPHY, bibliography_values, first_bibliography, record_of
from .feed import fed_title, keyword_text
from .idsets import PaperSet
from .reviews import first_ratings, may_hold_scores
from .rows import RECORD_FIELDS, link_rows, record_fields, stored_clean

# What a load sets of a paper it adds (its bibliography and keywords follow).
NEW_PAPER = (
    "id",
    "abstract",
    "abstract_clean",
    "abstract_sha256",
    "venue",
    "year",
    "text_source_id",
    "code_status",
    "updated_at",
    "added_at",
)
FIRST_PAPER = (*NEW_PAPER, *BIBLIOGRAPHY)  # a paper added by its first record, with its bibliography
PAPER_LINK_COLUMNS = columns("paper_links")
# A record's row in paper_sources: where it is, its paper, what it says (`rows.record_fields`), its
# own text where it differs from the paper's, whether it gives an abstract, its venue and year.
RECORD_COLUMNS = (
    "source_id",
    "position",
    "paper_id",
    "line",
    *RECORD_FIELDS,
    "abstract",
    "has_abstract",
    "venue",
    "year",
)
EXTRA = RECORD_FIELDS.index("extra")  # (the record's other fields: packed on SQLite, `Writer.stored_extra`)
# The tables a new database's files fill, whose secondary indexes a load into an empty database
# builds once its files are read (`Writer.rebuilding`): on the catalogue, the papers' eleven took
# 9-10 s of CPU updated row by row, 3-4 s dropped and built after (inserted as a load does).
BULK_FILLED = ("papers", "paper_links")
Feed = Callable[[Iterable[tuple[str, str, str, str | None]]], None]
Note = Callable[[Issue], None]


@dataclass
class Saved:
    """What saving records did (in a load, or in one of its files): the papers added, those of
    them given more than one record (`repeated`), the papers whose records changed (`recorded`:
    their text and bibliography are settled again), and what was counted.

    A load of a large file holds an entry per paper in these sets, so they are kept few and
    compact (`PaperSet`: 8 bytes a paper): which papers have one record is `added` less `repeated`
    (no count per paper), and the papers whose bibliography is redone are the recorded ones
    (`Run.settle_papers`), not a set of their own."""

    source_id: int = 0
    path: str = ""  # the source's resolved path (`sources.resolved_path`)
    format: str = ""  # what the file was read as, and the venue and year it names
    venue: str | None = None
    year: int | None = None
    added: PaperSet = field(default_factory=PaperSet)
    repeated: PaperSet = field(default_factory=PaperSet)
    recorded: PaperSet = field(default_factory=PaperSet)
    # of the papers added, those whose record may hold review scores (`may_hold_scores`): the only
    # ones of those written once whose record `refresh_reviews` reads back (a few thousand of 90,495)
    scored: PaperSet = field(default_factory=PaperSet)
    entries: int = 0  # records stored
    without_abstract: int = 0  # of them, records that give no abstract
    skipped: int = 0  # records nothing identifies
    unknown_status: int = 0  # of the records stored, those whose status word is not a known decision

    def merge(self, other: Saved) -> None:
        """Add what a file saved to what the load saved (a paper this load added that another file
        gives a record of is repeated; the first file's sets are taken, not copied)."""
        self.repeated |= other.repeated | (other.recorded & self.added)
        self.added = _union(self.added, other.added)
        self.recorded = _union(self.recorded, other.recorded)
        self.scored = _union(self.scored, other.scored)
        self.entries += other.entries
        self.without_abstract += other.without_abstract
        self.skipped += other.skipped
        self.unknown_status += other.unknown_status


def _union(into: PaperSet, other: PaperSet) -> PaperSet:
    """`into` with `other`'s members: `other` itself when `into` is empty (a set of a large file's
    papers is not copied)."""
    if not into:
        return other
    into |= other
    return into


def paper_of(entry: Entry, venue: str | None, year: int | None) -> str | None:
    """The id of the paper a record is (see `etl.extract.record_paper`), or None when it has no abstract,
    no title and no id to tell it by."""
    if entry.abstract:
        return paper_id(entry.abstract)
    key = identity(entry.ids, venue, year, entry.title)
    return identity_id(key) if key else None


def own_abstracts(entries: list[Entry], parsed: ParsedFile, note: Note) -> list[Entry]:
    """`entries` (a batch of one file's records), each record whose abstract is another record's
    (`abstracts_of_others`) without it: a repair, counted and noted."""
    others = abstracts_of_others([Claim(e.abstract, e.title, e.authors) for e in entries])
    if not others:
        return entries
    parsed.tally.repaired += len(others)
    for n in sorted(others):
        entry = entries[n]
        note(
            Issue(
                ABSTRACT_OF_ANOTHER,
                "its abstract is another record's, of a plainly other title: left out",
                entry.line,
                entry.position,
                entry.title,
                record_id(entry),
            )
        )
    return [replace(entry, abstract=None) if n in others else entry for n, entry in enumerate(entries)]


def save_records(
    writer: Writer,
    parsed: ParsedFile,
    entries: list[Entry],
    source_id: int,
    now: str,
    feed: Feed,
    saved: Saved,
    note: Note = lambda _: None,
) -> list[str]:
    """Store `entries` of `parsed` (a file, saved as source `source_id`): a paper for each record
    whose paper is new (its first record's text), and every record. Feeds new papers to keyword
    extraction; returns the ids of the papers the records are (None entries skipped). `note` is
    told of each record skipped and each stored with a status word that is no known decision."""
    placed = []  # (entry, paper id, venue, year)
    for entry in own_abstracts(entries, parsed, note):
        venue, year = entry.venue or parsed.venue, entry.year or parsed.year
        pid = paper_of(entry, venue, year)
        if pid is None:
            saved.skipped += 1
            note(Issue(RECORD_SKIPPED, "nothing to tell its paper by", entry.line, None, entry.title, record_id(entry)))
            continue
        placed.append((entry, pid, venue, year))
        if entry.status and decision_of(entry.status) == (None, None):
            saved.unknown_status += 1
            note(Issue(UNKNOWN_STATUS, entry.status, entry.line, entry.position, entry.title, record_id(entry)))
    texts = dict(writer.select_in("papers", ("id", "abstract"), "id", {pid for _, pid, _, _ in placed}))
    new, links, fed = [], [], []
    resolved: dict[str, Resolved] = {}
    for entry, pid, venue, year in placed:
        if pid in texts:
            continue
        texts[pid] = entry.abstract or None
        text = clean_abstract(entry.abstract) if entry.abstract else None
        digest = abstract_sha256(entry.abstract) if entry.abstract else None
        derived = derive(text) if text else None
        r = resolved[pid] = resolve([record_of(entry, parsed.format, saved.path, source_id, year)])
        if derived is not None:
            links += [(*row, None) for row in link_rows(pid, derived)]  # (no source gives them)
        status = paper_code_status(
            derived.code_status if derived else "none",
            derived.withheld if derived else frozenset(),
            [link for link, _ in r.links],
        )
        links += _source_links(pid, r, {link.key for link in derived.links} if derived else set())
        cleaned = stored_clean(entry.abstract, text)
        paper = (
            pid,
            entry.abstract or None,
            cleaned,
            digest,
            canonical_venue(venue),
            year,
            source_id,
            status,
            now,
            now,
        )
        new.append((*paper, *bibliography_values(r, first_ratings(parsed.format, entry.extra, venue, year))))
        saved.added.add(pid)
        if may_hold_scores(parsed.format, entry.extra):
            saved.scored.add(pid)
        title = fed_title(entry.title)
        fed.append((pid, *keyword_text(text, digest, title), title))
    writer.insert("papers", new, FIRST_PAPER)
    feed(fed)
    writer.insert("paper_links", links, PAPER_LINK_COLUMNS)
    first_bibliography(writer, resolved)
    rows = []
    recorded = saved.recorded.members([pid for _, pid, _, _ in placed])  # (one search for the batch)
    for entry, pid, venue, year in placed:
        own = entry.abstract if entry.abstract and entry.abstract != texts[pid] else None
        has = bool(entry.abstract)
        said = record_fields(entry)  # (its other fields as this database keeps them:)
        fields = (*said[:EXTRA], writer.stored_extra(entry.extra), *said[EXTRA + 1 :])
        rows.append((source_id, entry.position, pid, entry.line, *fields, own, has, venue, year))
        if pid in recorded and pid in saved.added:  # (a second record of a paper this file added)
            saved.repeated.add(pid)
        recorded.add(pid)
        saved.recorded.add(pid)
        saved.without_abstract += not has
    writer.insert("paper_sources", rows, RECORD_COLUMNS)
    saved.entries += len(rows)
    return [pid for _, pid, _, _ in placed]


def _source_links(pid: str, r: Resolved, cited: set[str]) -> list[tuple]:
    """`paper_links` rows (`PAPER_LINK_COLUMNS`) of the links the record gives as the paper's own,
    but those its abstract cites (as `refresh_source_links` stores them)."""
    wanted = [(link, source) for link, source in r.links if link.key not in cited]
    return [
        (pid, -n, link.url, link.key, link.raw, link.kind, link.host, link.owner, link.repo, link.path, True, source)
        for n, (link, source) in enumerate(wanted, 1)
    ]


def check_venues(path: str, parsed: ParsedFile, entries: list) -> None:
    """Every paper needs a venue and a year (listings have them from their header)."""
    for entry in entries:
        if not (entry.venue or parsed.venue) or not (entry.year or parsed.year):
            raise InputError(path, "no venue and year for this entry; give --venue and --year", entry.line)
