"""code released only through code: papers.code_status is `released` only through a repository,
gist or package (a user's page on a code host makes it at most `mentioned`), not through a link the
abstract promises for later ("code will be available at ..."), and no link a paper cannot have
given is kept: placeholders (`github.com/xxxxx`, `github.com/your-repo`), and every link of a record
that gives one or a link to a code host younger than the paper (a 1999 paper's GitHub page).
Every link and code status is derived again with the rules of this revision (frozen in
etl.migrations.rules_0036), as a load of it derives them; then the repositories. Down, with the
rules of revision 0027.

Revision ID: 0036
Revises: 0035
Create Date: 2026-12-05
"""

from __future__ import annotations

import json
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.rules_0027 import derive as derive_0027
from etl.migrations.rules_0027 import links as links_0027
from etl.migrations.rules_0036 import code_status as status_0036
from etl.migrations.rules_0036 import derive as derive_0036
from etl.migrations.rules_0036 import links as links_0036
from etl.migrations.rules_0036.made_up import made_up

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None

# (table, column) -> (comment before, comment now)
COMMENTS = {
    ("papers", "code_status"): (
        "released (an official link to code: a repo, user, gist or code link), promised (code to come), mentioned (code"
        " said to be available, with no link to it) or none",
        "released (an official link to a repository, gist or package, not promised for later), promised (code to"
        " come), mentioned (code said to be available, or only a user's page on a code host) or none",
    ),
}

# The papers whose links or code status the rules read: those with a link, or a record giving one.
PAPERS = """SELECT id, coalesce(abstract_clean, abstract), code_status FROM papers WHERE id IN (
    SELECT paper_id FROM paper_links UNION SELECT paper_id FROM paper_sources WHERE links IS NOT NULL)"""
# Their records that give links, with what orders them (etl/extract/bibliography.py, `resolve`).
RECORDS = """SELECT ps.paper_id, ps.source_id, s.format, s.resolved_path, ps.position, ps.links, ps.year
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.links IS NOT NULL"""
PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
COLUMNS = ("paper_id", "offset", "url", "url_key", "raw", "kind", "host", "owner", "repo", "path", "is_official", "source_id")
INSERT_LINK = sa.text(
    "INSERT INTO paper_links (" + ", ".join(f'"{c}"' for c in COLUMNS) + ") VALUES (" + ", ".join(f":{c}" for c in COLUMNS) + ")"
)

# The repositories, as a load makes them (etl/load/run.py): one row per distinct repository link,
# ids of those already known kept, new ones numbered by url_key, those no longer cited gone.
CITE_REPOS = """CREATE TEMP TABLE cited_repos AS
SELECT min(l.host) AS host, min(l.owner) AS owner, min(l.repo) AS name, f.url, f.url_key, f.papers
FROM (
    SELECT url_key, min(url) AS url, count(DISTINCT paper_id) AS papers
    FROM paper_links WHERE kind = 'repo' GROUP BY url_key
) f JOIN paper_links l ON l.url_key = f.url_key AND l.url = f.url AND l.kind = 'repo'
GROUP BY f.url_key, f.url, f.papers"""
UPDATE_REPOS = """UPDATE repos SET host = c.host, owner = c.owner, name = c.name, url = c.url, papers = c.papers
    FROM cited_repos c WHERE c.url_key = repos.url_key"""
NEW_REPOS = """INSERT INTO repos (host, owner, name, url, url_key, papers)
    SELECT host, owner, name, url, url_key, papers FROM cited_repos c
    WHERE NOT EXISTS (SELECT 1 FROM repos r WHERE r.url_key = c.url_key) ORDER BY url_key"""
UNCITED_REPOS = "DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')"


def _comments(now: bool) -> None:
    """PostgreSQL keeps comments (SQLite does not): those this revision changes."""
    for (table, column), (before, after) in COMMENTS.items():
        new, old = (after, before) if now else (before, after)
        op.alter_column(table, column, comment=new, existing_comment=old)


def _given_0036(records: list[tuple]) -> list[tuple]:
    """(link, source id) of every link a paper's records give, each once, in the order a load reads
    them; none of a record that gives a made-up link (etl/extract/bibliography.py, `given_links`)."""
    links: dict[str, tuple] = {}
    for source_id, _, _, _, texts, year in sorted(records, key=lambda r: (PRIORITY.get(r[1], 9), r[2], r[3])):
        found = [link for text in json.loads(texts) for link in links_0036.extract_links(links_0036.source_link_text(text))]
        if any(made_up(link, year) for link in found):
            continue
        for link in found:
            links.setdefault(link.key, (link, source_id))
    return list(links.values())


def _status_0036(derived, given: list[tuple]) -> str:
    return status_0036.paper_code_status(
        derived.code_status if derived else "none", derived.promised if derived else frozenset(), [link for link, _ in given]
    )


def _given_0027(records: list[tuple]) -> list[tuple]:
    links: dict[str, tuple] = {}
    for source_id, _, _, _, texts, _ in sorted(records, key=lambda r: (PRIORITY.get(r[1], 9), r[2], r[3])):
        for text in json.loads(texts):
            for link in links_0027.extract_links(links_0027.source_link_text(text)):
                links.setdefault(link.key, (link, source_id))
    return list(links.values())


def _status_0027(derived, given: list[tuple]) -> str:
    code = ("repo", "user", "gist", "code")
    return "released" if any(link.kind in code for link, _ in given) else derived.code_status if derived else "none"


def _rederive(derive: Callable, given_of: Callable, status_of: Callable) -> None:
    conn = op.get_bind()
    records: dict[str, list[tuple]] = {}
    for pid, source_id, fmt, path, position, texts, year in conn.execute(sa.text(RECORDS)):
        if fmt in PRIORITY:
            records.setdefault(pid, []).append((source_id, fmt, path, position, texts, year))
    rows, statuses = [], []
    for pid, text, status in conn.execute(sa.text(PAPERS)).fetchall():
        derived = derive(text) if text else None
        cited = set()
        for link, flag in zip(derived.links, derived.official) if derived else ():
            cited.add(link.key)
            rows.append(_row(pid, link.offset, link, flag, None))
        given = given_of(records.get(pid, []))
        wanted = [(link, source) for link, source in given if link.key not in cited]
        rows += [_row(pid, -n, link, True, source) for n, (link, source) in enumerate(wanted, 1)]
        now = status_of(derived, given)
        if now != status:
            statuses.append({"id": pid, "status": now})
    conn.execute(sa.text("DELETE FROM paper_links"))
    if rows:
        conn.execute(INSERT_LINK, rows)
    if statuses:
        conn.execute(sa.text("UPDATE papers SET code_status = :status WHERE id = :id"), statuses)
    conn.execute(sa.text(CITE_REPOS))
    conn.execute(sa.text(UPDATE_REPOS))
    conn.execute(sa.text(NEW_REPOS))
    conn.execute(sa.text("DROP TABLE cited_repos"))
    conn.execute(sa.text(UNCITED_REPOS))


def _row(pid: str, offset: int, link, flag: bool | None, source: int | None) -> dict:
    values = (pid, offset, link.url, link.key, link.raw, link.kind, link.host, link.owner, link.repo, link.path)
    return dict(zip(COLUMNS, (*values, flag, source)))


def upgrade() -> None:
    if not on_sqlite():
        _comments(now=True)
    _rederive(derive_0036.derive, _given_0036, _status_0036)


def downgrade() -> None:
    """Every link and code status as revision 0027's rules derive them (a load of that release)."""
    if not on_sqlite():
        _comments(now=False)
    _rederive(derive_0027.derive, _given_0027, _status_0027)
