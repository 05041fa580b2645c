"""Store the institutions each author of a paper gives: `institutions` and `paper_affiliations`."""

from __future__ import annotations

from collections.abc import Mapping

from ..extract.bibliography import Resolved
from ..store.writer import Writer

DROP_UNUSED_INSTITUTIONS = "DELETE FROM institutions WHERE NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = institutions.id)"
# Each institution's name and country: the ones most affiliations give (ties: the smallest), so
# they depend on what the sources say, never on the order they were loaded in.
REFRESH_INSTITUTIONS = """
WITH names AS (
    SELECT institution_id, name, row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, name) AS r
    FROM paper_affiliations GROUP BY institution_id, name
), countries AS (
    SELECT institution_id, country,
        row_number() OVER (PARTITION BY institution_id ORDER BY count(*) DESC, country) AS r
    FROM paper_affiliations WHERE country IS NOT NULL GROUP BY institution_id, country
), papers AS (
    SELECT institution_id, count(DISTINCT paper_id) AS papers FROM paper_affiliations GROUP BY institution_id
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


def store_affiliations(writer: Writer, resolved: Mapping[str, Resolved]) -> None:
    """Replace the affiliations of these papers with what their sources say now."""
    writer.delete_in("paper_affiliations", "paper_id", list(resolved))
    keys = {key: (name, country) for r in resolved.values() for _, _, name, key, country in r.affiliations}
    if not keys:
        return
    writer.insert_missing(
        "institutions",
        [(name, key, country, 0) for key, (name, country) in sorted(keys.items())],
        ("name", "normalised", "country", "papers"),
        "normalised",
    )
    numbers = dict(writer.select_in("institutions", ("normalised", "id"), "normalised", sorted(keys)))
    rows: dict[tuple, tuple] = {}  # (an author who gives an institution twice has it once: the first)
    for pid, r in resolved.items():
        for position, order, name, key, country in r.affiliations:
            rows.setdefault((pid, position, numbers[key]), (order, name, country))
    writer.insert("paper_affiliations", [(*row_key, *rest) for row_key, rest in rows.items()])


def refresh_institutions(writer: Writer) -> None:
    """Drop institutions no paper names any more; choose each one's name and country and count its papers."""
    if not writer.scalar("SELECT EXISTS (SELECT 1 FROM institutions)"):
        return  # (most databases: listings and exports without affiliations)
    writer.execute(DROP_UNUSED_INSTITUTIONS)
    writer.execute(REFRESH_INSTITUTIONS)
