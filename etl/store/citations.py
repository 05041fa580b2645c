"""What a reading list reads of each paper (`etl.text.citations`), for the site's pages and for
`paperdb export`: the papers' columns, their ids and their sources' own BibTeX, by paper id."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator

from ..sources.formats import TITLE_PRIORITY
from ..text.citations import Citation
from .record_extra import unpack_extra

# {where}: which papers (`p.id IN (...)`, or every paper); each query ordered by paper id.
PAPERS = """SELECT p.id, p.venue, p.year, p.title, p.authors, p.url, coalesce(p.abstract_clean, p.abstract), p.decision
FROM papers p WHERE {where} ORDER BY p.id"""
# (a DOI another paper has too, a volume's given for its chapters, is no paper's DOI: left out)
IDS = """SELECT i.paper_id, i.scheme, i.value FROM paper_ids i JOIN papers p ON p.id = i.paper_id
WHERE {where} AND i.scheme IN ('doi', 'arxiv', 'openreview') AND NOT (i.scheme = 'doi' AND EXISTS (
  SELECT 1 FROM paper_ids o WHERE o.scheme = 'doi' AND o.value = i.value AND o.paper_id <> i.paper_id))
ORDER BY i.paper_id, i.scheme, i.value"""
# The records that may give their own BibTeX (PMLR BibTeX keeps each entry as written, paperlists its
# `bibtex` field, both in paper_sources.extra, packed: `_own_bibtex` reads which do).
OWN = """SELECT ps.paper_id, s.format, s.resolved_path, ps.position, ps.extra
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id JOIN papers p ON p.id = ps.paper_id
WHERE {where} AND ps.extra IS NOT NULL ORDER BY ps.paper_id"""


class _ByPaper:
    """Rows ordered by paper id (their first column), taken one paper's at a time in that order:
    a whole catalogue's are streamed, never held."""

    def __init__(self, rows: Iterable[tuple]):
        self.rows = iter(rows)
        self.next = next(self.rows, None)

    def take(self, pid: str) -> list[tuple]:
        while self.next is not None and self.next[0] < pid:
            self.next = next(self.rows, None)
        taken = []
        while self.next is not None and self.next[0] == pid:
            taken.append(self.next)
            self.next = next(self.rows, None)
        return taken


def _own_bibtex(records: list[tuple]) -> str | None:
    """The first record's own BibTeX, in the order titles are chosen (PMLR BibTeX first)."""
    ordered = sorted(records, key=lambda r: (TITLE_PRIORITY.get(r[1], 9), r[2], r[3]))
    for record in ordered:
        extra = unpack_extra(record[4])
        if '"bibtex"' not in extra:  # (most records: no need to parse them)
            continue
        text = json.loads(extra).get("bibtex")
        if isinstance(text, str) and text.strip():
            return text
    return None


def citations(papers: Iterable[tuple], ids: Iterable[tuple], own: Iterable[tuple]) -> Iterator[Citation]:
    """Citations of the rows of `PAPERS`, `IDS` and `OWN` (each ordered by paper id), in that order."""
    by_id, own_by_id = _ByPaper(ids), _ByPaper(own)
    for pid, venue, year, title, authors, url, abstract, decision in papers:
        given: dict[str, str] = {}
        for _, scheme, value in by_id.take(pid):
            given.setdefault(scheme, value)
        records = own_by_id.take(pid)
        yield Citation(
            paper_id=pid,
            venue=venue,
            year=year,
            title=title,
            authors=tuple(json.loads(authors or "[]")),
            url=url,
            doi=given.get("doi"),
            arxiv=given.get("arxiv"),
            openreview=given.get("openreview"),
            abstract=abstract,
            decision=decision,
            own_bibtex=_own_bibtex(records) if records else None,
        )
