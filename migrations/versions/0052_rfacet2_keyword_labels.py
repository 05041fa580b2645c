"""papers.keyword_labels: each paper's keywords in the labels the keyword pages use (`keywords.label`),
each once, best first: methods, acronyms and phrases by rank, then the authors' keywords in their
order (topics are in `papers.topics`). The keyword facet of the papers list and its cards' chips read
it, so a facet value counts the papers its `?_keyword=` link lists and its keyword page counts (the
fifth reader's item 1: `papers.keywords` holds each paper's own written form, `robotic
manipulations`, at most ten, without the authors' keywords, and the facet said `model predictive
control 32` where the list had 41). `papers.keywords` stays as it is: the keyword text both search
indexes read (`content="papers"`). Filled here from `paper_keywords` and `keywords` as a load fills
it (`etl.load.labels`), a thousand papers at a time; on SQLite and PostgreSQL alike.

Revision ID: 0052
Revises: 0051
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
from itertools import groupby

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0052"
down_revision = "0051"
branch_labels = None
depends_on = None

COMMENT = (
    "JSON array of the labels (keywords.label) of the paper's keywords, each once, best first: methods, acronyms"
    " and phrases, then the authors' (topics are in topics); the keyword facet's values and the chips of the"
    " papers list, as the keyword pages and ?_keyword= name and count them"
)
KEYWORDS = (
    "JSON array of the paper's top keyword labels (methods, acronyms, phrases), best first; a copy of paper_keywords"
    " for Datasette array facets",
    "JSON array of the paper's top keywords (methods, acronyms, phrases; at most 10) as the paper writes them, best"
    " first: the keyword text the search indexes (papers_fts, papers_fts_words) read; keyword_labels is the facet's"
    " copy",
)
# (a frozen copy of etl.load.labels.LABELS, over the stored rows)
LABELS = """SELECT pk.paper_id, k.label FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    WHERE pk.kind != 'topic' ORDER BY pk.paper_id, pk.kind = 'author', pk.rank"""
SET = "UPDATE papers SET keyword_labels = :labels WHERE id = :id"
AT_ONCE = 1_000


def upgrade() -> None:
    op.add_column(
        "papers",
        sa.Column("keyword_labels", sa.Text(), nullable=False, server_default=sa.text("'[]'"), comment=COMMENT),
    )
    _comment(*KEYWORDS)
    conn = op.get_bind()
    rows = conn.execute(sa.text(LABELS))
    batch: list[dict[str, str]] = []
    for pid, group in groupby(rows, key=lambda row: row[0]):
        labels = list(dict.fromkeys(label for _, label in group))
        batch.append({"id": pid, "labels": json.dumps(labels, ensure_ascii=False)})
        if len(batch) >= AT_ONCE:
            conn.execute(sa.text(SET), batch)
            batch = []
    if batch:
        conn.execute(sa.text(SET), batch)


def _comment(before: str, after: str) -> None:
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("papers", "keywords", comment=after, existing_comment=before, existing_type=sa.Text())


def downgrade() -> None:
    _comment(*reversed(KEYWORDS))
    op.execute("ALTER TABLE papers DROP COLUMN keyword_labels")  # (no batch copy: views and triggers read the table)
