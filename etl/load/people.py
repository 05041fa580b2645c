"""The authors' and institutions' names and counts, redone at the end of a load for those whose
papers it changed: it notes their authors and institutions before and after it replaces or
removes their rows (`note_people`), and `recount_people` redoes just those."""

from __future__ import annotations

from collections.abc import Iterable

from ..store.writer import Writer
from ..text.particles import CAPITAL_PARTICLES, PARTICLES

_NOTED = (
    ("paper_authors", "author_id", "noted_authors"),
    ("paper_affiliations", "institution_id", "noted_institutions"),
)

# A spelling with a particle of a family name in it (`van der`, `De la`): of those one merge key
# gathers (`name_key` leaves them out), shown before one without (`Mihaela van der Schaar`, 29
# papers, before `Mihaela Schaar`, 15: PMLR's AISTATS 2018 writes it so). (`LIKE` folds case in SQLite
# and not in PostgreSQL: both spellings are asked.) A name of two words has none: most names are
# asked one `LIKE`. Every author of the catalogue recounted, CPU best of 3, old and new interleaved:
# 1.24 -> 2.39 s with every name asked every `LIKE`, 1.15 -> 1.42 s so.
PARTICLED = " OR ".join(f"' ' || pa.name || ' ' LIKE '% {word} %'" for word in sorted(PARTICLES | CAPITAL_PARTICLES))

# Authors no paper lists go; the others get the display name most papers use, of the spellings
# with particles if any has them (`PARTICLED`), and a count.
DROP_UNUSED_AUTHORS = """DELETE FROM authors WHERE id IN (SELECT id FROM noted_authors)
    AND NOT EXISTS (SELECT 1 FROM paper_authors pa WHERE pa.author_id = authors.id)"""
REFRESH_AUTHORS = f"""
UPDATE authors SET
    name = (SELECT pa.name FROM paper_authors pa WHERE pa.author_id = authors.id
            GROUP BY pa.name ORDER BY CASE WHEN pa.name NOT LIKE '% % %' THEN 1 WHEN {PARTICLED} THEN 0 ELSE 1 END, count(*) DESC, pa.name LIMIT 1),
    papers = (SELECT count(DISTINCT pa.paper_id) FROM paper_authors pa WHERE pa.author_id = authors.id)
WHERE id IN (SELECT id FROM noted_authors)
"""
DROP_UNUSED_INSTITUTIONS = """DELETE FROM institutions WHERE id IN (SELECT id FROM noted_institutions)
    AND NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = institutions.id)"""
# Each institution's name and country: the ones most affiliations give (ties: the smallest), so
# they depend on what the sources say, never on the order they were loaded in. Each read by the
# institution's index, as the authors' are: the noted rows grouped once and joined back (a join
# SQLite made a scan of one side per row of the other) took 9.1 s of CPU on the catalogue, this 0.8.
REFRESH_INSTITUTIONS = """
WITH chosen AS (
    SELECT i.id,
        (SELECT a.name FROM paper_affiliations a WHERE a.institution_id = i.id
         GROUP BY a.name ORDER BY count(*) DESC, a.name LIMIT 1) AS name,
        (SELECT a.country FROM paper_affiliations a WHERE a.institution_id = i.id AND a.country IS NOT NULL
         GROUP BY a.country ORDER BY count(*) DESC, a.country LIMIT 1) AS country,
        (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a WHERE a.institution_id = i.id) AS papers
    FROM institutions i WHERE i.id IN (SELECT id FROM noted_institutions)
)
UPDATE institutions SET name = chosen.name, country = chosen.country, papers = chosen.papers
FROM chosen WHERE chosen.id = institutions.id
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
