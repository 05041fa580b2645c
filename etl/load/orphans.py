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


def remove_orphans(writer: Writer) -> tuple[set[str], int]:
    """Remove the papers no source lists: (their ids, how many rows went). Call it after
    `start_noting_people`: their authors and institutions are noted to be recounted."""
    writer.execute(FIND_ORPHAN_PAPERS)
    note_removed_papers(writer, ORPHAN_PAPERS)
    orphans = {pid for (pid,) in writer.execute(ORPHAN_PAPERS)}
    note_people(writer, orphans)
    removed = writer.execute(DROP_ORPHAN_PAPERS).rowcount
    writer.execute("DROP TABLE orphan_papers")
    return orphans, removed
