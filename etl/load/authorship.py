"""Each paper's authors and affiliations, staged as its bibliography is chosen (when its record is
saved, or when its records are read again) and stored together once the load's bibliography is
settled: the authors and institutions new to the database numbered in the order of the first part
(papers in the order of their ids, `IDS_PER_QUERY` a part) that names them, then of their merge
keys; each paper's rows with those numbers; and every one of them noted for `recount_people`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..extract.bibliography import Resolved
from ..store.staging import AUTHORSHIP, bibliography_parts, staged_affiliations, staged_authors
from ..store.writer import IDS_PER_QUERY, Writer

# Authors and institutions no part named before, numbered in the order of the first part naming
# them, then of their keys (their names and counts are chosen by `recount_people`).
NEW_AUTHORS = """SELECT min(s.name), s.normalised, 0 FROM staged_authors s
    JOIN bibliography_parts b ON b.paper_id = s.paper_id
    WHERE NOT EXISTS (SELECT 1 FROM authors a WHERE a.normalised = s.normalised)
    GROUP BY s.normalised ORDER BY min(b.part), s.normalised"""
NEW_INSTITUTIONS = """SELECT min(s.name), s.normalised, min(s.country), 0 FROM staged_affiliations s
    JOIN bibliography_parts b ON b.paper_id = s.paper_id
    WHERE NOT EXISTS (SELECT 1 FROM institutions i WHERE i.normalised = s.normalised)
    GROUP BY s.normalised ORDER BY min(b.part), s.normalised"""
STORE = [
    """INSERT INTO paper_authors (paper_id, position, author_id, name, name_raw)
    SELECT s.paper_id, s.position, a.id, s.name, s.name_raw FROM staged_authors s
    JOIN authors a ON a.normalised = s.normalised ORDER BY s.paper_id, s.position""",
    """INSERT INTO paper_affiliations (paper_id, position, institution_id, "order", name, country, written)
    SELECT s.paper_id, s.position, i.id, s."order", s.name, s.country, s.written FROM staged_affiliations s
    JOIN institutions i ON i.normalised = s.normalised ORDER BY s.paper_id, s.position, i.id""",
]
# The authors and institutions of the rows stored, noted: those the staged rows name; or, when the
# table held none before these were numbered (a cold load), every one it holds, which is the same
# set without a join of each staged row (the catalogue's cold load: 0.84 s of CPU).
NOTE = {
    "authors": """INSERT INTO noted_authors (id) SELECT DISTINCT a.id FROM staged_authors s
    JOIN authors a ON a.normalised = s.normalised WHERE true ON CONFLICT DO NOTHING""",
    "institutions": """INSERT INTO noted_institutions (id) SELECT DISTINCT i.id FROM staged_affiliations s
    JOIN institutions i ON i.normalised = s.normalised WHERE true ON CONFLICT DO NOTHING""",
}
NOTE_ALL = "INSERT INTO noted_{table} (id) SELECT id FROM {table} WHERE true ON CONFLICT DO NOTHING"


def start_authorship(writer: Writer) -> None:
    """The staging tables, for the load's transaction."""
    writer.create_temporary(*AUTHORSHIP)


def stage_authorship(writer: Writer, resolved: Mapping[str, Resolved]) -> None:
    """Stage the authors and affiliations of these papers (an author who gives an institution twice
    has it once: the first)."""
    authors = []
    affiliations: dict[tuple[str, int, str], tuple] = {}
    for pid, r in resolved.items():
        authors += [(pid, n, key, name, raw) for n, (name, key, raw) in enumerate(r.authors, 1)]
        for position, order, name, key, country, written in r.affiliations:
            affiliations.setdefault((pid, position, key), (order, name, country, written))
    writer.insert(staged_authors, authors)
    writer.insert(staged_affiliations, [(*key, *rest) for key, rest in affiliations.items()])


def unstage(writer: Writer, papers: Sequence[str]) -> None:
    """Forget what was staged for these papers (their bibliography is chosen again)."""
    writer.delete_in(staged_authors, "paper_id", papers)
    writer.delete_in(staged_affiliations, "paper_id", papers)


def store_authorship(writer: Writer, papers: Iterable[str]) -> None:
    """Store what was staged, for `papers` (every paper whose bibliography was settled, sorted by
    id): new authors and institutions, each paper's rows; note them all for `recount_people`."""
    writer.insert(bibliography_parts, ((pid, i // IDS_PER_QUERY) for i, pid in enumerate(papers)))  # (streamed)
    held = {table: bool(writer.scalar(f"SELECT EXISTS (SELECT 1 FROM {table})")) for table in NOTE}
    writer.insert_select("authors", ("name", "normalised", "papers"), NEW_AUTHORS)
    writer.insert_select("institutions", ("name", "normalised", "country", "papers"), NEW_INSTITUTIONS)
    for statement in STORE:
        writer.execute(statement)
    for table, noted in NOTE.items():
        writer.execute(noted if held[table] else NOTE_ALL.format(table=table))
    for staged in AUTHORSHIP:
        writer.execute(f"DELETE FROM {staged.name}")
