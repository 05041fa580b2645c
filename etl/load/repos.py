"""The distinct repositories the papers' links cite: one row each, refreshed after a load's files."""

from __future__ import annotations

from ..store.schema import columns
from ..store.writer import Writer

# One row per distinct repository link; owner and name as written in the smallest URL, so the
# choice does not depend on load order. Ids of repositories already known do not change (and
# new ones are numbered alike on SQLite and PostgreSQL: no upsert, which takes a sequence value
# on PostgreSQL for every row it updates).
CITED_REPOS = """
SELECT min(l.host) AS host, min(l.owner) AS owner, min(l.repo) AS name, f.url, f.url_key, f.papers
FROM (
    SELECT url_key, min(url) AS url, count(DISTINCT paper_id) AS papers
    FROM paper_links WHERE kind = 'repo' GROUP BY url_key
) f JOIN paper_links l ON l.url_key = f.url_key AND l.url = f.url AND l.kind = 'repo'
GROUP BY f.url_key, f.url, f.papers
"""
CITE_REPOS = f"CREATE TEMP TABLE cited_repos AS {CITED_REPOS}"
UPDATE_REPOS = """UPDATE repos SET owner = c.owner, name = c.name, url = c.url, papers = c.papers
    FROM cited_repos c WHERE c.url_key = repos.url_key
    AND (repos.owner, repos.name, repos.url, repos.papers) IS DISTINCT FROM (c.owner, c.name, c.url, c.papers)"""
NEW_REPOS = """SELECT host, owner, name, url, url_key, papers FROM cited_repos c
    WHERE NOT EXISTS (SELECT 1 FROM repos r WHERE r.url_key = c.url_key) ORDER BY url_key"""
DROP_UNCITED_REPOS = """
DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')
"""


def refresh_repos(writer: Writer) -> None:
    """One row per repository the papers' links cite (ids of known ones kept), none for others."""
    writer.execute(CITE_REPOS)
    writer.execute(UPDATE_REPOS)
    writer.insert_select("repos", columns("repos", without=("id",)), NEW_REPOS)
    writer.execute("DROP TABLE cited_repos")
    writer.execute(DROP_UNCITED_REPOS)
