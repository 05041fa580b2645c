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
_CHOOSE_INSTITUTIONS = """
WITH chosen AS (
    SELECT i.id, {name} AS name, {country} AS country,
        (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a WHERE a.institution_id = i.id) AS papers
    FROM institutions i WHERE i.id IN (SELECT id FROM noted_institutions)
)
UPDATE institutions SET name = chosen.name, country = chosen.country, papers = chosen.papers
FROM chosen WHERE chosen.id = institutions.id
AND (institutions.name, institutions.country, institutions.papers)
    IS DISTINCT FROM (chosen.name, chosen.country, chosen.papers)
"""
REFRESH_INSTITUTIONS = _CHOOSE_INSTITUTIONS.format(
    name="""(SELECT a.name FROM paper_affiliations a WHERE a.institution_id = i.id
        GROUP BY a.name ORDER BY count(*) DESC, a.name LIMIT 1)""",
    country="""(SELECT a.country FROM paper_affiliations a WHERE a.institution_id = i.id AND a.country IS NOT NULL
        GROUP BY a.country ORDER BY count(*) DESC, a.country LIMIT 1)""",
)


# When many of them are noted (a cold load: every one), each one's name (and country) is chosen in
# one pass over the authorships or affiliations in key order, grouped by the noted id (`id + 0`: not
# read through the id's index, which looks up the row of each authorship: 0.89 -> 0.22 s of CPU
# for the catalogue's 363,203), the most used value of each ranked first (`_RANKED`, the same
# order as the statements above: the particles' rule, the count, the smallest); each noted row then
# takes its values from them, and its count through its index as above. The catalogue's cold load,
# every author and institution noted, on a copy of its database, CPU best of 2: authors 1.56 ->
# 0.86 s, institutions 0.99 -> 0.76 s; with a seventh of them noted, 0.25 -> 0.19 s and 0.17 ->
# 0.18 s: below `SCAN_SHARE` of a table noted (an edit, a small load), the statements above run.
SCAN_SHARE = 0.25
CHOSEN = ("chosen_names", "chosen_countries")
_RANKED = """INSERT INTO {target} (id, value) SELECT id, value FROM (
    SELECT s.id, s.value, row_number() OVER (PARTITION BY s.id ORDER BY {order}s.n DESC, s.value) AS r
    FROM (SELECT {alias}.{column} + 0 AS id, {alias}.{value} AS value,{flag} count(*) AS n FROM {table} {alias}
          WHERE {alias}.{column} + 0 IN (SELECT id FROM {noted}){where} GROUP BY {alias}.{column} + 0, {alias}.{value}) s
) ranked WHERE r = 1"""
_FLAG = f" CASE WHEN pa.name NOT LIKE '% % %' THEN 1 WHEN {PARTICLED} THEN 0 ELSE 1 END AS flag,"
_AUTHORSHIPS = {"table": "paper_authors", "alias": "pa", "column": "author_id", "noted": "noted_authors"}
_AFFILIATIONS = {"table": "paper_affiliations", "alias": "a", "column": "institution_id", "noted": "noted_institutions"}
SCAN_AUTHORS = (
    _RANKED.format(target="chosen_names", value="name", order="s.flag, ", flag=_FLAG, where="", **_AUTHORSHIPS),
    """UPDATE authors SET name = (SELECT c.value FROM chosen_names c WHERE c.id = authors.id),
    papers = (SELECT count(DISTINCT pa.paper_id) FROM paper_authors pa WHERE pa.author_id = authors.id)
WHERE id IN (SELECT id FROM noted_authors)""",
)
SCAN_INSTITUTIONS = (
    _RANKED.format(target="chosen_names", value="name", order="", flag="", where="", **_AFFILIATIONS),
    _RANKED.format(
        target="chosen_countries",
        value="country",
        order="",
        flag="",
        where=" AND a.country IS NOT NULL",
        **_AFFILIATIONS,
    ),
    _CHOOSE_INSTITUTIONS.format(
        name="(SELECT c.value FROM chosen_names c WHERE c.id = i.id)",
        country="(SELECT c.value FROM chosen_countries c WHERE c.id = i.id)",
    ),
)


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
    writer.execute(DROP_UNUSED_AUTHORS)
    _refresh(writer, "authors", "noted_authors", (REFRESH_AUTHORS,), SCAN_AUTHORS)
    writer.execute(DROP_UNUSED_INSTITUTIONS)
    _refresh(writer, "institutions", "noted_institutions", (REFRESH_INSTITUTIONS,), SCAN_INSTITUTIONS)
    for _, _, noted in _NOTED:
        writer.execute(f"DROP TABLE {noted}")


def _refresh(writer: Writer, table: str, noted: str, by_index: tuple[str, ...], by_scan: tuple[str, ...]) -> None:
    """Choose the noted rows' values: through the index of each, or in one pass when many are noted."""
    if writer.scalar(f"SELECT count(*) FROM {noted}") <= SCAN_SHARE * writer.scalar(f"SELECT count(*) FROM {table}"):
        for statement in by_index:
            writer.execute(statement)
        return
    for chosen in CHOSEN:
        writer.execute(f"CREATE TEMP TABLE {chosen} (id INTEGER PRIMARY KEY, value TEXT)")
    for statement in by_scan:
        writer.execute(statement)
    for chosen in CHOSEN:
        writer.execute(f"DROP TABLE {chosen}")
