"""links and code status derived again by the rules of the eighth reader's leftovers (rcat9): a
GitHub address cut at a space where the source lost an underscore or a line break, the sentence
ending with the rest of its name, is read whole (AAAI 2022 "https://github.com/XMed-Lab/EPL
SemiDG." linked github.com/XMed-Lab/EPL, a repository that does not exist; CVPR 2017
"github.com/ZhangLeUestc/ Incremental-Oblique-Random-Forest." a user's page; 22 catalogue papers,
`etl.extract.links._rejoined`); and an abstract's link is its own code where a Markdown link's words
name code (AISTATS 2025 "make the [code available](https://github.com/…)"), where a label that names
neither data nor videos stands before the abstract's last link ("Resource link:", "Web:", "GitHub
address:", "source:") or where its codes "could refer to" it (`etl.extract.code_status`: 5 catalogue
papers none -> released). The links and code status of every paper with a link, or a record
giving one, are derived with the rules of this revision (frozen in etl.migrations.rules_0062), as a
load of it derives them, and the papers whose rows differ get them; then the repositories. Down,
the rows stay (no rule of 0061 is frozen to derive them again; a load of that release keeps them).
On SQLite and PostgreSQL alike.

Revision ID: 0062
Revises: 0061
Create Date: 2026-12-07
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0062 import code_status as status_0062
from etl.migrations.rules_0062 import links as links_0062
from etl.migrations.rules_0062.derive import derive
from etl.migrations.rules_0062.made_up import made_up

revision = "0062"
down_revision = "0061"
branch_labels = None
depends_on = None

# The papers whose links or code status the rules read: those with a link, or a record giving one.
PAPERS = """SELECT id, coalesce(abstract_clean, abstract), code_status FROM papers WHERE id IN (
    SELECT paper_id FROM paper_links UNION SELECT paper_id FROM paper_sources WHERE links IS NOT NULL)"""
# Their records that give links, with what orders them (etl/extract/bibliography.py, `resolve`).
RECORDS = """SELECT ps.paper_id, ps.source_id, s.format, s.resolved_path, ps.position, ps.links, ps.year
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id WHERE ps.links IS NOT NULL"""
PRIORITY = {"pmlr-bibtex": 0, "icml-events": 1, "paperlists": 2, "csv": 3, "jsonl": 3}
COLUMNS = ("paper_id", "offset", "url", "url_key", "raw", "kind", "host", "owner", "repo", "path", "is_official", "source_id")
STORED = "SELECT " + ", ".join(f'"{c}"' for c in COLUMNS) + " FROM paper_links"
INSERT_LINK = sa.text(
    "INSERT INTO paper_links (" + ", ".join(f'"{c}"' for c in COLUMNS) + ") VALUES (" + ", ".join(f":{c}" for c in COLUMNS) + ")"
)
DELETE_LINKS = sa.text("DELETE FROM paper_links WHERE paper_id IN :ids").bindparams(sa.bindparam("ids", expanding=True))
SET_STATUS = sa.text("UPDATE papers SET code_status = :status WHERE id = :id")

# The repositories, as a load makes them (etl/load/repos.py): one row per distinct repository link,
# ids of those already known kept, new ones numbered by url_key, those no longer cited gone.
CITE_REPOS = """CREATE TEMP TABLE cited_repos AS
SELECT min(l.host) AS host, min(l.owner) AS owner, min(l.repo) AS name, f.url, f.url_key, f.papers
FROM (
    SELECT url_key, min(url) AS url, count(DISTINCT paper_id) AS papers
    FROM paper_links WHERE kind = 'repo' GROUP BY url_key
) f JOIN paper_links l ON l.url_key = f.url_key AND l.url = f.url AND l.kind = 'repo'
GROUP BY f.url_key, f.url, f.papers"""
UPDATE_REPOS = """UPDATE repos SET owner = c.owner, name = c.name, url = c.url, papers = c.papers
    FROM cited_repos c WHERE c.url_key = repos.url_key
    AND (repos.owner, repos.name, repos.url, repos.papers) IS DISTINCT FROM (c.owner, c.name, c.url, c.papers)"""
NEW_REPOS = """INSERT INTO repos (host, owner, name, url, url_key, papers)
    SELECT host, owner, name, url, url_key, papers FROM cited_repos c
    WHERE NOT EXISTS (SELECT 1 FROM repos r WHERE r.url_key = c.url_key) ORDER BY url_key"""
UNCITED_REPOS = "DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')"


def _given(records: list[tuple]) -> list[tuple]:
    """(link, source id) of every link a paper's records give, each once, in the order a load reads
    them; none of a record that gives a made-up link (etl/extract/bibliography.py, `given_links`)."""
    links: dict[str, tuple] = {}
    for source_id, _, _, _, texts, year in sorted(records, key=lambda r: (PRIORITY.get(r[1], 9), r[2], r[3])):
        found = [link for text in json.loads(texts) for link in links_0062.extract_links(links_0062.source_link_text(text))]
        if any(made_up(link, year) for link in found):
            continue
        for link in found:
            links.setdefault(link.key, (link, source_id))
    return list(links.values())


def _row(pid: str, offset: int, link, flag: bool | None, source: int | None) -> tuple:
    return (pid, offset, link.url, link.key, link.raw, link.kind, link.host, link.owner, link.repo, link.path, flag, source)


def _stored(row: tuple) -> tuple:
    """A stored row as `_row` makes one (SQLite keeps a flag as 0 or 1)."""
    flag = row[10]
    return (*row[:10], None if flag is None else bool(flag), row[11])


def upgrade() -> None:
    conn = op.get_bind()
    records: dict[str, list[tuple]] = {}
    for pid, source_id, fmt, path, position, texts, year in conn.execute(sa.text(RECORDS)):
        if fmt in PRIORITY:
            records.setdefault(pid, []).append((source_id, fmt, path, position, texts, year))
    stored: dict[str, set[tuple]] = {}
    for row in conn.execute(sa.text(STORED)):
        stored.setdefault(row[0], set()).add(_stored(tuple(row)))
    rows, changed, statuses = [], [], []
    for pid, text, status in conn.execute(sa.text(PAPERS)).fetchall():
        derived = derive(text) if text else None
        wanted, cited = [], set()
        for link, flag in zip(derived.links, derived.official, strict=True) if derived else ():
            cited.add(link.key)
            wanted.append(_row(pid, link.offset, link, flag, None))
        given = _given(records.get(pid, []))
        kept = [(link, source) for link, source in given if link.key not in cited]
        wanted += [_row(pid, -n, link, True, source) for n, (link, source) in enumerate(kept, 1)]
        if set(wanted) != stored.get(pid, set()):
            changed.append(pid)
            rows += [dict(zip(COLUMNS, row, strict=True)) for row in wanted]
        now = status_0062.paper_code_status(
            derived.code_status if derived else "none",
            derived.promised if derived else frozenset(),
            [link for link, _ in given],
        )
        if now != status:
            statuses.append({"id": pid, "status": now})
    for start in range(0, len(changed), 500):
        conn.execute(DELETE_LINKS, {"ids": changed[start : start + 500]})
    if rows:
        conn.execute(INSERT_LINK, rows)
    if statuses:
        conn.execute(SET_STATUS, statuses)
    conn.execute(sa.text(CITE_REPOS))
    conn.execute(sa.text(UPDATE_REPOS))
    conn.execute(sa.text(NEW_REPOS))
    conn.execute(sa.text("DROP TABLE cited_repos"))
    conn.execute(sa.text(UNCITED_REPOS))


def downgrade() -> None:
    pass  # (the rows stay: see the docstring)
