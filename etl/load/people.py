"""The authors' and institutions' names and counts, redone at the end of a load for those whose
papers it changed: it notes their authors and institutions before and after it replaces or
removes their rows (`note_people`), and `recount_people` redoes just those."""

from __future__ import annotations

from collections.abc import Iterable

from ..store.writer import Writer

_NOTED = (
    ("paper_authors", "author_id", "noted_authors"),
    ("paper_affiliations", "institution_id", "noted_institutions"),
)

# Authors no paper lists go; the others get the display name most papers use and a count.
DROP_UNUSED_AUTHORS = """DELETE FROM authors WHERE id IN (SELECT id FROM noted_authors)
    AND NOT EXISTS (SELECT 1 FROM paper_authors pa WHERE pa.author_id = authors.id)"""
REFRESH_AUTHORS = """
UPDATE authors SET
    name = (SELECT pa.name FROM paper_authors pa WHERE pa.author_id = authors.id
            GROUP BY pa.name ORDER BY count(*) DESC, pa.name LIMIT 1),
    papers = (SELECT count(DISTINCT pa.paper_id) FROM paper_authors pa WHERE pa.author_id = authors.id)
WHERE id IN (SELECT id FROM noted_authors)
"""
DROP_UNUSED_INSTITUTIONS = """DELETE FROM institutions WHERE id IN (SELECT id FROM noted_institutions)
    AND NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = institutions.id)"""
# Each institution's name and country: the ones most affiliations give (ties: the smallest), so
# they depend on what the sources say, never on the order they were loaded in.
REFRESH_INSTITUTIONS = """
WITH noted AS (
    SELECT * FROM paper_affiliations WHERE institution_id IN (SELECT id FROM noted_institutions)
), names AS (
    SELECT institution_id, name, row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, name) AS r
    FROM noted GROUP BY institution_id, name
), countries AS (
    SELECT institution_id, country,
        row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, country) AS r
    FROM noted WHERE country IS NOT NULL GROUP BY institution_id, country
), papers AS (
    SELECT institution_id, count(DISTINCT paper_id) AS papers FROM noted GROUP BY institution_id
), chosen AS (
    SELECT p.institution_id, n.name, c.country, p.papers FROM papers p
    JOIN names n ON n.institution_id = p.institution_id AND n.r = 1
    LEFT JOIN countries c ON c.institution_id = p.institution_id AND c.r = 1
)
UPDATE institutions SET name = chosen.name, country = chosen.country, papers = chosen.papers
FROM chosen WHERE chosen.institution_id = institutions.id
AND (institutions.name, institutions.country, institutions.papers)
    IS DISTINCT FROM (chosen.name, chosen.country, chosen.papers)
"""


def start_noting_people(writer: Writer) -> None:
    for _, _, noted in _NOTED:
        writer.execute(f"CREATE TEMP TABLE {noted} (id INTEGER PRIMARY KEY)")


def note_people(writer: Writer, papers: Iterable[str]) -> None:
    """The authors and institutions of these papers, to be recounted (call it before their rows
    are replaced or removed, and after new ones are stored)."""
    papers = list(papers)
    for table, column, noted in _NOTED:
        ids = sorted({i for (i,) in writer.select_in(table, (column,), "paper_id", papers)})
        if ids:
            writer.execute(f"INSERT INTO {noted} (id) VALUES (:id) ON CONFLICT DO NOTHING", [{"id": i} for i in ids])


def recount_people(writer: Writer) -> None:
    """Once the papers are settled: drop the noted authors and institutions no paper names any
    more, choose each other one's name (and country) and count its papers."""
    for statement in (DROP_UNUSED_AUTHORS, REFRESH_AUTHORS, DROP_UNUSED_INSTITUTIONS, REFRESH_INSTITUTIONS):
        writer.execute(statement)
    for _, _, noted in _NOTED:
        writer.execute(f"DROP TABLE {noted}")
