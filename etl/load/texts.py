"""Each paper's abstract, venue and year, chosen from the records its sources hold now (see
`etl.extract.record_paper.text_record`; the venue by its canonical name, `etl.sources.venue_names`), so a
paper that leaves a source takes from it only what that source gave, and the choice never depends
on the order of loads.

`paper_sources.abstract` keeps a record's text only where it differs from the paper's (most
papers have one record, or records that agree): NULL means the paper's own text. Changing a
paper's text therefore first writes out the records that had it, then clears those that have
the new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..extract.derive import derive
from ..extract.record_paper import TextRecord, text_record
from ..iterables import chunks
from ..sources.venue_names import canonical_venue
from ..store.writer import IDS_PER_QUERY, Writer
from ..text.cleaning import clean_abstract
from ..text.identity import abstract_sha256
from .rows import LINK_COLUMNS, link_rows, stored_clean

# Every record of the papers asked for (`:ids`), with what orders them.
RECORDS = """SELECT ps.paper_id, ps.source_id, s.format, s.resolved_path, ps.position, ps.has_abstract,
    ps.abstract, ps.venue, ps.year
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.paper_id IN :ids"""
PAPERS = """SELECT id, abstract, venue, year, text_source_id, title, abstract_sha256, abstract_clean
FROM papers WHERE id IN :ids"""
MOVED = ("venue", "year", "text_source_id")  # a paper whose text comes from another record, the same text
# and one whose text changed
REWRITTEN = (*MOVED, "abstract", "abstract_clean", "abstract_sha256", "code_status", "updated_at")


@dataclass
class TextChanges:
    """What choosing the texts changed: papers whose abstract changed (their links were derived
    again; their keywords are ranked again), papers now of another venue or year, and papers left
    without an abstract record while they had an abstract (to be identified anew)."""

    changed: dict[str, tuple[str, str | None, str | None]]  # id -> (abstract, its SHA-256, title) of a changed text
    lost: set[str]
    relocated: set[str] = field(default_factory=set)


def paper_venue(written: str | None) -> str | None:
    """The venue a paper is stored under: the canonical name of the venue its record writes."""
    return canonical_venue(written) if written else written


def choose_texts(writer: Writer, papers: Iterable[str], now: str) -> TextChanges:
    """Give each of `papers` the abstract, venue and year of the record `text_record` chooses,
    and keep each record's own text where it differs; re-derive links and code status of papers
    whose abstract changed. `now` is the load's time, for `updated_at`."""
    out = TextChanges({}, set())
    for part in chunks(sorted(papers), IDS_PER_QUERY):
        _choose_chunk(writer, part, now, out)
    return out


def _choose_chunk(writer: Writer, ids: list[str], now: str, out: TextChanges) -> None:
    current = {row[0]: row[1:] for row in writer.execute_in(PAPERS, ids=ids)}
    records: dict[str, list[tuple]] = {}
    for row in writer.execute_in(RECORDS, ids=ids):
        records.setdefault(row[0], []).append(row[1:])
    moved, rewritten, kept, links = [], [], [], []
    for pid, (abstract, venue, year, source, title, stored_digest, clean_before) in current.items():
        stored = records.get(pid, [])
        texts = [
            TextRecord(
                sid, fmt, path, pos, (own if own is not None else abstract) if has else None, paper_venue(rv), ry
            )
            for sid, fmt, path, pos, has, own, rv, ry in stored
        ]
        chosen = text_record(texts)
        if chosen is None:
            continue  # (no record left: the paper goes with the orphans)
        if chosen.abstract is None and abstract is not None:
            out.lost.add(pid)
            continue
        text = clean_abstract(chosen.abstract) if chosen.abstract is not None else None
        for r, row in zip(texts, stored, strict=True):  # a record keeps its text where it differs from the paper's
            own = None if r.abstract is None or r.abstract == chosen.abstract else r.abstract
            if own != row[5]:
                kept.append({"source_id": r.source_id, "position": r.position, "abstract": own})
        values = {"id": pid, "venue": chosen.venue, "year": chosen.year, "text_source_id": chosen.source_id}
        if (chosen.venue, chosen.year) != (venue, year):
            out.relocated.add(pid)
        digest = abstract_sha256(chosen.abstract) if chosen.abstract is not None else None
        cleaned = stored_clean(chosen.abstract, text)
        if text is not None and (chosen.abstract, cleaned, digest) != (abstract, clean_before, stored_digest):
            derived = derive(text)
            links += link_rows(pid, derived)
            out.changed[pid] = (text, digest, title)
            values |= {"abstract": chosen.abstract, "abstract_clean": cleaned, "abstract_sha256": digest}
            values["code_status"] = derived.code_status
            rewritten.append(values | {"updated_at": now})
        elif (chosen.venue, chosen.year, chosen.source_id) != (venue, year, source):
            moved.append(values)
    writer.update("paper_sources", kept, ["abstract"], key=("source_id", "position"))
    writer.delete_in("paper_links", "paper_id", [row["id"] for row in rewritten], where="source_id IS NULL")
    writer.update("papers", rewritten, REWRITTEN)
    writer.update("papers", moved, MOVED)
    writer.insert("paper_links", links, LINK_COLUMNS)
