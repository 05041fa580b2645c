"""Store the institutions each author of a paper gives: `institutions` and `paper_affiliations`."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection

from ..extract.bibliography import Resolved
from ..iterables import chunks
from ..store.engine import IDS_PER_QUERY

# A name and country every load agrees on, whatever the order: the smallest spelling, the
# smallest country given.
ADD_INSTITUTIONS = """
INSERT INTO institutions (name, normalised, country, papers) VALUES (?, ?, ?, 0)
ON CONFLICT (normalised) DO UPDATE SET
    name = min(institutions.name, excluded.name),
    country = CASE WHEN institutions.country IS NULL THEN excluded.country
                   WHEN excluded.country IS NULL THEN institutions.country
                   ELSE min(institutions.country, excluded.country) END
"""
DROP_UNUSED_INSTITUTIONS = "DELETE FROM institutions WHERE NOT EXISTS (SELECT 1 FROM paper_affiliations a WHERE a.institution_id = institutions.id)"
COUNT_PAPERS = """
UPDATE institutions SET papers = (
    SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a WHERE a.institution_id = institutions.id
) WHERE papers IS NOT (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a WHERE a.institution_id = institutions.id)
"""


def store_affiliations(conn: Connection, resolved: Mapping[str, Resolved]) -> None:
    """Replace the affiliations of these papers with what their sources say now."""
    raw = conn.connection.driver_connection
    ids = list(resolved)
    raw.execute(f"DELETE FROM paper_affiliations WHERE paper_id IN ({', '.join('?' * len(ids))})", ids)
    given = {key: (name, country) for r in resolved.values() for _, _, name, key, country in r.affiliations}
    if not given:
        return
    raw.executemany(ADD_INSTITUTIONS, [(name, key, country) for key, (name, country) in sorted(given.items())])
    numbers: dict[str, int] = {}
    for part in chunks(sorted(given), IDS_PER_QUERY):
        rows = raw.execute(
            f"SELECT normalised, id FROM institutions WHERE normalised IN ({', '.join('?' * len(part))})", part
        )
        numbers.update(rows)
    raw.executemany(
        'INSERT OR IGNORE INTO paper_affiliations (paper_id, position, institution_id, "order") VALUES (?, ?, ?, ?)',
        [
            (pid, position, numbers[key], order)
            for pid, r in resolved.items()
            for position, order, _, key, _ in r.affiliations
        ],
    )


def refresh_institutions(conn: Connection) -> None:
    """Drop institutions no paper names any more and count each one's papers."""
    raw = conn.connection.driver_connection
    raw.execute(DROP_UNUSED_INSTITUTIONS)
    raw.execute(COUNT_PAPERS)
