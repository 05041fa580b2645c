"""a paper's own address is found by an index (`ix_papers_url`: `/-/paper/<address>` looks a
paper's `papers.url` up, the fourth reader's report, reader4 item 1), and records whose ids or
address the rules of that report read otherwise are read again: a NeurIPS record's proceedings
address gives the paper's year and hash (`paper_ids.scheme` `neurips_proceedings`), and a record that gives no
address but is OpenReview's (its `id` a forum id, its `authorids` OpenReview profiles: WWW 2024, ACM
MM 2024, item 2) has its forum's address as `papers.url`. The sources holding such a record are
read again by the next load that names them, as revisions 0026, 0035, 0037, 0042 and 0045 had
theirs; that load makes their papers' ids and addresses as a cold load does. The shapes are found by
patterns wider than the rules, written here (a source read again that did not need it costs a
re-read, never a row). Schema: the index, and `paper_ids.scheme`'s comment names `neurips_proceedings`;
on SQLite and PostgreSQL alike.

Revision ID: 0048
Revises: 0047
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

from etl.migrations.dialect import on_sqlite

revision = "0048"
down_revision = "0047"
branch_labels = None
depends_on = None

# Records naming a NeurIPS proceedings address, or giving no address and OpenReview profiles: each read below.
RECORDS = """SELECT ps.source_id, ps.url, ps.extra, ps.ids FROM paper_sources ps
WHERE ps.url LIKE '%nips.cc%' OR ps.url LIKE '%neurips.cc%' OR ps.extra LIKE '%nips.cc%'
OR ps.extra LIKE '%neurips.cc%' OR (ps.url IS NULL AND ps.extra LIKE '%~%')"""
# The shapes the rules of this revision read otherwise (wider than the rules): a NeurIPS
# proceedings key in a record that gave none, OpenReview profiles in a record without an address.
NEURIPS = re.compile(r"(?:nips|neurips)\.cc/paper[a-z_/]*/[0-9]{4}/(?:hash|file)/[0-9a-f]{32}", re.IGNORECASE)
PROFILES = re.compile(r'"authorids":\s*"~')
COMMENTS = {
    ("paper_ids", "scheme"): (
        "icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, ieee_article_number, bibtex_key, semantic_scholar",
        "icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, ieee_article_number, neurips_proceedings, bibtex_key,"
        " semantic_scholar",
    ),
}


def upgrade() -> None:
    op.create_index("ix_papers_url", "papers", ["url"])
    conn = op.get_bind()
    read_again = sorted({row[0] for row in conn.execute(sa.text(RECORDS)) if _reads_otherwise(*map(_text, row[1:]))})
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


def _reads_otherwise(url: str, extra: str, ids: str) -> bool:
    no_key = NEURIPS.search(url + extra) and '"neurips_proceedings"' not in ids
    no_address = not url and PROFILES.search(extra)
    return bool(no_key or no_address)


def downgrade() -> None:
    # (the sources read again are right under 0046's rules too)
    _comment(now=False)
    op.drop_index("ix_papers_url", "papers")
