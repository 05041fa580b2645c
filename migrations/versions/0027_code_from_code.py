"""code status from code: papers.code_status is `released` only through a link to code (a
repository, user, gist or package on a code host, etl/data/link_hosts.txt), and links are of their
own kinds (project, video, paper, licence, dataset, besides repo, user, gist, code, pages, other),
keeping their whole URL (query included). Every link and code status is derived again with the
rules of this revision (frozen in etl.migrations.rules_0027), as a load of it derives them: the
links abstracts cite, the links sources give (paper_sources.links, each paper's records in the
order the bibliography reads them), the code status; then the repositories.

Revision ID: 0027
Revises: 0026
Create Date: 2026-12-04
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.rules_0027.derive import derive
from etl.migrations.rules_0027.links import extract_links, source_link_text

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None

# (table, column) -> (comment before, comment now); (table, None) is the table's comment.
COMMENTS = {
    ("papers", "code_status"): (
        "released (an official code link), promised (code to come), mentioned (code said to be available, no link) or none",
        "released (an official link to code: a repo, user, gist or code link), promised (code to come), mentioned (code"
        " said to be available, with no link to it) or none",
    ),
    ("paper_links", "url"): (
        "Canonical URL, e.g. https://github.com/<owner>/<repo> (names as written)",
        "Canonical URL: a code link's repository, user, gist or package (https://github.com/<owner>/<repo>, names as"
        " written); any other link's whole URL, query included",
    ),
    ("paper_links", "kind"): (
        "repo, user (GitHub user or organisation), pages (*.github.io), gist or other",
        "Code: repo (a repository on a code host), user (a user or organisation there), gist, code (a package,"
        " notebook, review copy, git.io link); not code: pages (*.github.io), project (a project page), video, paper,"
        " licence, dataset, other (etl/data/link_hosts.txt)",
    ),
    ("paper_links", "host"): ("Host name, lower case, without www.", "Host of the canonical URL, lower case, without www."),
    ("paper_links", "owner"): (
        "GitHub user or organisation (repo, user, pages, gist links)",
        "User or organisation the URL names (code links, GitHub Pages, Hugging Face datasets, ...)",
    ),
    ("paper_links", "repo"): ("GitHub repository name (repo links)", "Repository, package or dataset name the URL names"),
    ("paper_links", None): (
        "Links cited in abstracts or given by sources; GitHub ones in canonical form.",
        "Links cited in abstracts or given by sources, each of its kind, in canonical form.",
    ),
    ("repos", "url"): ("Canonical URL https://github.com/<owner>/<name>", "Canonical URL, e.g. https://github.com/<owner>/<name>"),
}

# The papers whose links or code status the rules read: those with a link, or a record giving one.
PAPERS = """SELECT id, coalesce(abstract_clean, abstract), code_status FROM papers WHERE id IN (
    SELECT paper_id FROM paper_links UNION SELECT paper_id FROM paper_sources WHERE links IS NOT NULL)"""
# Their records that give links, with what orders them (etl/extract/bibliography.py, `resolve`).
RECORDS = """SELECT ps.paper_id, ps.source_id, s.format, s.resolved_path, ps.position, ps.links
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.links IS NOT NULL"""
PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
COLUMNS = ("paper_id", "offset", "url", "url_key", "raw", "kind", "host", "owner", "repo", "path", "is_official", "source_id")
INSERT_LINK = sa.text(
    "INSERT INTO paper_links (" + ", ".join(f'"{c}"' for c in COLUMNS) + ") VALUES (" + ", ".join(f":{c}" for c in COLUMNS) + ")"
)
CODE_KINDS = ("repo", "user", "gist", "code")

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
        if column is None:
            op.create_table_comment(table, new, existing_comment=old)
        else:
            op.alter_column(table, column, comment=new, existing_comment=old)


def _given(records: list[tuple]) -> list[tuple]:
    """(link, source id) of every link a paper's records give, each once, in the order a load reads them."""
    links: dict[str, tuple] = {}
    for source_id, _, _, _, texts in sorted(records, key=lambda r: (PRIORITY.get(r[1], 9), r[2], r[3])):
        for text in json.loads(texts):
            for link in extract_links(source_link_text(text)):
                links.setdefault(link.key, (link, source_id))
    return list(links.values())


def _rederive() -> None:
    conn = op.get_bind()
    records: dict[str, list[tuple]] = {}
    for pid, source_id, fmt, path, position, texts in conn.execute(sa.text(RECORDS)):
        if fmt in PRIORITY:
            records.setdefault(pid, []).append((source_id, fmt, path, position, texts))
    rows, statuses = [], []
    for pid, text, status in conn.execute(sa.text(PAPERS)).fetchall():
        derived = derive(text) if text else None
        cited = set()
        for link, flag in zip(derived.links, derived.official) if derived else ():
            cited.add(link.key)
            rows.append(_row(pid, link.offset, link, flag, None))
        given = _given(records.get(pid, []))
        wanted = [(link, source) for link, source in given if link.key not in cited]
        rows += [_row(pid, -n, link, True, source) for n, (link, source) in enumerate(wanted, 1)]
        now = "released" if any(link.kind in CODE_KINDS for link, _ in given) else derived.code_status if derived else "none"
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
    _rederive()


def downgrade() -> None:
    """Back to the kinds revision 0024 knew: links to other hosts `other` (owner and repository
    none), and every paper with an official link or a record that gives links `released`, as 0024's
    rules had them. URLs keep their query and host (0024 dropped the one and kept the host as
    written); a load of the sources with that release derives them exactly."""
    if not on_sqlite():
        _comments(now=False)
    conn = op.get_bind()
    conn.execute(sa.text(
        "UPDATE paper_links SET kind = 'other', owner = NULL, repo = NULL WHERE kind NOT IN ('repo', 'user', 'pages', 'gist')"
        " OR (kind IN ('repo', 'user') AND host != 'github.com')"
    ))
    conn.execute(sa.text(
        "UPDATE papers SET code_status = 'released' WHERE code_status != 'released' AND id IN ("
        "SELECT paper_id FROM paper_links WHERE is_official UNION SELECT paper_id FROM paper_sources WHERE links IS NOT NULL)"
    ))
    conn.execute(sa.text(UNCITED_REPOS))
    conn.execute(sa.text("UPDATE repos SET host = 'github.com'"))
