"""Store the institutions each author of a paper gives: `institutions` and `paper_affiliations`."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection

from ..extract.bibliography import Resolved
from ..iterables import chunks
from ..store.driver import Driver
from ..store.engine import IDS_PER_QUERY

# (not ON CONFLICT DO NOTHING: on PostgreSQL that takes an id from the sequence even for a known
# institution, and ids would depend on the database kind)
ADD_INSTITUTIONS = """INSERT INTO institutions (name, normalised, country, papers)
SELECT ?, ?, ?, 0 WHERE NOT EXISTS (SELECT 1 FROM institutions WHERE normalised = ?)"""
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
AND (institutions.name, institutions.country, institutions.papers){differs}(chosen.name, chosen.country, chosen.papers)
"""


def store_affiliations(conn: Connection, resolved: Mapping[str, Resolved]) -> None:
    """Replace the affiliations of these papers with what their sources say now."""
    raw = Driver(conn)
    ids = list(resolved)
    raw.execute(f"DELETE FROM paper_affiliations WHERE paper_id IN ({', '.join('?' * len(ids))})", ids)
    keys = {key: (name, country) for r in resolved.values() for _, _, name, key, country in r.affiliations}
    if not keys:
        return
    raw.executemany(ADD_INSTITUTIONS, [(name, key, country, key) for key, (name, country) in sorted(keys.items())])
    numbers: dict[str, int] = {}
    for part in chunks(sorted(keys), IDS_PER_QUERY):
        rows = raw.execute(
            f"SELECT normalised, id FROM institutions WHERE normalised IN ({', '.join('?' * len(part))})", part
        )
        numbers.update(rows)
    raw.executemany(
        'INSERT INTO paper_affiliations (paper_id, position, institution_id, "order", name, country)'
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        [
            (pid, position, numbers[key], order, name, country)
            for pid, r in resolved.items()
            for position, order, name, key, country in r.affiliations
        ],
    )


def refresh_institutions(conn: Connection) -> None:
    """Drop institutions no paper names any more; choose each one's name and country and count its papers."""
    raw = Driver(conn)
    if not raw.execute("SELECT EXISTS (SELECT 1 FROM institutions)").fetchone()[0]:
        return  # (most databases: listings and exports without affiliations)
    raw.execute(DROP_UNUSED_INSTITUTIONS)
    raw.execute(REFRESH_INSTITUTIONS.format(differs=raw.differs))
