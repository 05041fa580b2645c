"""Papers no source lists any more (after a file was changed or removed): found once, with an
anti-join over all papers, their keywords counted out and their people noted, then removed."""

from __future__ import annotations

from ..store.writer import Writer
from .incremental import note_removed_papers
from .people import note_people

FIND_ORPHAN_PAPERS = """CREATE TEMP TABLE orphan_papers AS
SELECT id FROM papers WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = papers.id)"""
ORPHAN_PAPERS = "SELECT id FROM orphan_papers"
DROP_ORPHAN_PAPERS = f"DELETE FROM papers WHERE id IN ({ORPHAN_PAPERS})"
# The rows that go with a paper (each table's foreign key to `papers.id` cascades), deleted a table at
# a time before the papers are: SQLite runs a cascade as a trigger program for each paper and table.
# The benchmark's edit's 765 orphans, `remove_orphans` 0.26-0.27 -> 0.14-0.16 s of CPU, the rows the
# same (`tests/test_orphans.py` holds the list to the schema's; a table left out would still be
# emptied by its cascade; issue 41, branch edit24).
CASCADED = (
    ("paper_sources", "paper_id"),
    ("paper_links", "paper_id"),
    ("paper_ids", "paper_id"),
    ("paper_affiliations", "paper_id"),
    ("paper_former_ids", "paper_id"),
    ("paper_keywords", "paper_id"),
    ("paper_authors", "paper_id"),
    ("similar_papers", "paper_id"),
    ("paper_versions", "paper_id"),
    ("paper_versions", "other_id"),
    ("reviews", "paper_id"),
)


def remove_orphans(writer: Writer) -> tuple[set[str], int]:
    """Remove the papers no source lists: (their ids, how many rows went). Call it after
    `start_noting_people`: their authors and institutions are noted to be recounted."""
    writer.execute(FIND_ORPHAN_PAPERS)
    note_removed_papers(writer, ORPHAN_PAPERS)
    orphans = {pid for (pid,) in writer.execute(ORPHAN_PAPERS)}
    note_people(writer, orphans)
    if orphans:
        for table, column in CASCADED:
            writer.execute(f'DELETE FROM "{table}" WHERE "{column}" IN ({ORPHAN_PAPERS})')
    removed = writer.execute(DROP_ORPHAN_PAPERS).rowcount
    writer.execute("DROP TABLE orphan_papers")
    return orphans, removed
