"""paper_sources.extra packed on SQLite: each record's other fields (a JSON object) deflated against
a preset dictionary (`etl.store.record_extra`: one version byte, then raw deflate), 76.8 MB -> 20.6
MB on the whole catalogue (issue 37). Readers get the JSON text back from `extra_json(extra)` (SQL,
registered by `etl.store.functions.register` and by Datasette) or `unpack_extra` (Python). The
column keeps its name and declared type; on SQLite its values are BLOBs (a text one, never written
by a load from now on, reads as it is). The file keeps its size until `VACUUM` (SQLite reuses the
freed pages for what later loads write). PostgreSQL keeps the JSON text (TOAST compresses it): only
the column's comment changes.

Revision ID: 0049
Revises: 0048
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.rules_0049.record_extra import pack_extra, unpack_extra

revision = "0049"
down_revision = "0048"
branch_labels = None
depends_on = None

BATCH = 5000  # rows read and rewritten at a time (by rowid: memory stays flat on a large database)
TEXT_ROWS = "SELECT rowid, extra FROM paper_sources WHERE rowid > :after AND typeof(extra) = :kind ORDER BY rowid LIMIT :n"
WRITE = "UPDATE paper_sources SET extra = :extra WHERE rowid = :id"
COMMENT_BEFORE = "JSON object of every other field this source gives (ratings, tldr, pdf, ...): nothing is lost"
COMMENT_NOW = (
    "JSON object of every other field this source gives (ratings, tldr, pdf, bibtex, ...): nothing is lost;"
    " on SQLite packed (deflate with a preset dictionary): read it as JSON with extra_json(extra), a SQL function"
    " of Datasette's and of etl.store.functions.register"
)


def _rewrite(kind: str, convert) -> None:
    """Rewrite every `kind` ('text' or 'blob') value of paper_sources.extra with `convert`."""
    conn = op.get_bind()
    after = 0
    while True:
        rows = conn.execute(sa.text(TEXT_ROWS), {"after": after, "kind": kind, "n": BATCH}).all()
        if not rows:
            return
        conn.execute(sa.text(WRITE), [{"extra": convert(extra), "id": rowid} for rowid, extra in rows])
        after = rows[-1][0]


def upgrade() -> None:
    if on_sqlite():
        _rewrite("text", pack_extra)
    else:
        op.alter_column("paper_sources", "extra", comment=COMMENT_NOW, existing_comment=COMMENT_BEFORE)


def downgrade() -> None:
    if on_sqlite():
        _rewrite("blob", unpack_extra)
    else:
        op.alter_column("paper_sources", "extra", comment=COMMENT_BEFORE, existing_comment=COMMENT_NOW)
