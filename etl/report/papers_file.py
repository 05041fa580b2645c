"""The papers file of an export: one row per paper, with what a load needs to read it back as the
same paper (`paperdb load papers.csv`): the abstract and title as written, the ids, the
affiliations (and the institutions given for the paper without saying whose) and the links its sources give, and the review scores; read without writing,
streamed in the order of `papers.id`."""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..sources.formats import TITLE_PRIORITY

PAPERS = """
    SELECT id, venue, year, title, title_key, authors, abstract, abstract_sha256, decision, presentation,
           track, code_status, url, topics, keywords, keyword_labels, author_keywords, rating_avg, confidence_avg, citations,
           primary_area, tldr, title_raw
    FROM papers ORDER BY id"""
# Each paper's records (ordered by paper), with what orders them as titles, authors and links
# are chosen (`etl.extract.bibliography.resolve`).
RECORDS = """
    SELECT ps.paper_id, s.format, s.resolved_path, ps.position, ps.links
    FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
    ORDER BY ps.paper_id"""
IDS = "SELECT paper_id, scheme, value FROM paper_ids ORDER BY paper_id, scheme, value"
AFFILIATIONS = """
    SELECT paper_id, position, "order", name, country FROM paper_affiliations ORDER BY paper_id, position, "order\""""
# The columns that hold JSON (arrays, and the ids' object): kept as JSON in JSON lines.
JSON_COLUMNS = (
    "authors",
    "topics",
    "keywords",
    "keyword_labels",
    "author_keywords",
    "ids",
    "affiliations",
    "source_links",
    "institutions",
)
ADDED = ("ids", "affiliations", "source_links", "institutions")  # (after the columns of PAPERS)


def paper_rows(db) -> tuple[list[str], Iterator[tuple]]:
    """The column names of the papers file and its rows, from `db` (`etl.store.read_only.ReadOnly`);
    JSON columns as JSON text, as the database holds the others."""
    columns, papers = db.rows(PAPERS)
    # (the four queries are read side by side: each is ordered by paper id, as the papers are)
    records = ByPaper(db.rows(RECORDS)[1])
    ids = ByPaper(db.rows(IDS)[1])
    affiliations = ByPaper(db.rows(AFFILIATIONS)[1])
    at = {name: i for i, name in enumerate(columns)}

    def rows() -> Iterator[tuple]:
        for row in papers:
            pid = row[0]
            own = records.take(pid)
            authors = json.loads(row[at["authors"]] or "[]")
            placed = affiliations.take(pid)
            yield (
                *row,
                _json(_ids(ids.take(pid))),
                _json(_affiliations(placed, len(authors))),
                _json(_source_links(own)),
                _json([[name, country] for _, position, _, name, country in placed if position == 0]),
            )

    return [*columns, *ADDED], rows()


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _ids(rows: list[tuple]) -> dict[str, list[str]]:
    """The paper's ids by scheme (`{"doi": ["10.1/x"], "openreview": ["B1-Hhnslg"]}`)."""
    given: dict[str, list[str]] = {}
    for _, scheme, value in rows:
        given.setdefault(scheme, []).append(value)
    return given


def _affiliations(rows: list[tuple], authors: int) -> list[list[list[str | None]]]:
    """Per author, in order: the [institution, country] pairs as the paper's source names them.
    A pair a load left out (a repeated or empty institution) is written empty, `["", null]`,
    so each keeps its place (`paper_affiliations.order`)."""
    found: list[list[list[str | None]]] = [[] for _ in range(authors)]
    for _, position, order, name, country in rows:
        if 1 <= position <= authors:
            pairs = found[position - 1]
            pairs += [["", None]] * (order - 1 - len(pairs))
            pairs.append([name, country])
    return found if any(found) else []


def _source_links(records: list[tuple]) -> list[str]:
    """The link texts the paper's sources give (paperlists `github`, `project`), each once, in
    the order a load takes them (its records as titles are chosen: by format, path, position)."""
    ordered = sorted((r for r in records if r[1] in TITLE_PRIORITY), key=lambda r: (TITLE_PRIORITY[r[1]], r[2], r[3]))
    return list(dict.fromkeys(text for r in ordered if r[4] for text in json.loads(r[4])))


class ByPaper:
    """Rows ordered by paper id (their first column), taken one paper's at a time, in that order."""

    def __init__(self, rows: Iterator[tuple]):
        self.rows = iter(rows)
        self.next = next(self.rows, None)
        self.pid: str | None = None
        self.taken: list[tuple] = []

    def take(self, pid: str) -> list[tuple]:
        """The rows of `pid` (asked for in increasing order; asking again gives them again)."""
        if pid != self.pid:
            self.pid, self.taken = pid, []
            while self.next is not None and self.next[0] < pid:  # (of no paper: cannot be, but harmless)
                self.next = next(self.rows, None)
            while self.next is not None and self.next[0] == pid:
                self.taken.append(self.next)
                self.next = next(self.rows, None)
        return self.taken
