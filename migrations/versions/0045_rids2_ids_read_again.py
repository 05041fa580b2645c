"""records whose ids the rules of the reader's report (reader3: items 4 and 10) read otherwise are
read again: a paperlists record with an abstract and no DOI of its own gives its BibTeX entry's
(`doi = {10.24963/ijcai.2023/371}`: IJCAI, the ACL Anthology's venues, RSS), and an IEEE Xplore
address gives the document's article number (`paper_ids.scheme` `ieee_article_number`: ICRA, IROS).
The sources holding such a record are read again by the next load that names them, as revisions
0026, 0035, 0037 and 0042 had theirs; that load makes their papers' ids as a cold load does (and,
as every load that reads files, writes each venue's tracks in one spelling: `etl.load.tracks`).
The shapes are found by patterns wider than the rules, written here (a source read again that did
not need it costs a re-read, never a row). No schema change but comments (a server keeps them):
`paper_ids.scheme`'s names `ieee_article_number`, and the enumerations checked against the
catalogue's values name those they lacked (`keywords.kind`: `author`, 2,568 keywords;
`etl_run_issues.kind`: `abstract of another record`, 23 rows); on SQLite and PostgreSQL alike.

Revision ID: 0045
Revises: 0044
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

from etl.migrations.dialect import on_sqlite

revision = "0045"
down_revision = "0044"
branch_labels = None
depends_on = None

# Records with a `doi` in their BibTeX, or an IEEE Xplore address: each read below (only a record
# with an abstract takes its BibTeX's DOI: one without is told by its title, as before).
RECORDS = """SELECT ps.source_id, ps.has_abstract, ps.url, ps.extra, ps.ids FROM paper_sources ps
WHERE ps.extra LIKE '%doi%' OR ps.url LIKE '%ieeexplore%'"""
# The shapes the rules of this revision read otherwise (wider than the rules): a BibTeX `doi`
# field in a record that gave no DOI, an IEEE Xplore document in one that gave no article number.
BIBTEX_DOI = re.compile(r"(?:^|[,\s])doi\s*=", re.IGNORECASE | re.MULTILINE)
IEEE = re.compile(r"ieeexplore\.ieee\.org/(?:abstract/)?document/[0-9]", re.IGNORECASE)
# (table, column): the comment before, the comment now.
COMMENTS = {
    ("paper_ids", "scheme"): (
        "icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, bibtex_key, semantic_scholar",
        "icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, ieee_article_number, bibtex_key, semantic_scholar",
    ),
    ("keywords", "kind"): (
        "method, acronym, phrase or topic: the kind most papers found it as",
        "method, acronym, phrase, topic or author (the authors chose it, no paper found it otherwise):"
        " the kind most papers found it as",
    ),
    ("etl_run_issues", "kind"): (
        "record skipped, unknown status, file skipped or file failed",
        "record skipped, unknown status, abstract of another record (its abstract is another record's:"
        " left out, a repair), file skipped or file failed",
    ),
}


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({row[0] for row in conn.execute(sa.text(RECORDS)) if _reads_otherwise(bool(row[1]), *map(_text, row[2:]))})
    mark_read_again(conn, read_again)
    _comment(now=True)


def _comment(now: bool) -> None:
    if on_sqlite():  # (SQLite keeps no comments)
        return
    for (table, column), (before, after) in COMMENTS.items():
        new, old = (after, before) if now else (before, after)
        op.alter_column(table, column, comment=new, existing_comment=old, existing_type=sa.String())


def _text(value) -> str:
    """A stored JSON column as text (SQLite gives the text, a server's JSON type the value)."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _reads_otherwise(has_abstract: bool, url: str, extra: str, ids: str) -> bool:
    bibtex = json.loads(extra).get("bibtex") if has_abstract and extra.startswith("{") else None
    no_doi = isinstance(bibtex, str) and BIBTEX_DOI.search(bibtex) and '"doi"' not in ids
    no_number = IEEE.search(url) and '"ieee_article_number"' not in ids
    return bool(no_doi or no_number)


def downgrade() -> None:
    # (the sources read again are right under 0042's rules too)
    _comment(now=False)
