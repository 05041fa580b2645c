"""records the rules of the fourteenth reader (read27) read otherwise are read again: a session's
listing of a paper whose own record is another (ICCV 2015's `[From Oral 1A] Aligning Books and
Movies: ...`, no abstract: 50 papers) and a day's schedule (IROS 2012's `[Monday digests]`: 4 papers)
are no papers but counted skips (`etl.text.front_matter`), and an abstract's hyphen beside the wrong
space is written as the word (`non- viable` -> `non-viable`, `end -effector` -> `end-effector`:
`etl.text.line_breaks`, 16 papers). The sources holding such a record are read again by the next load
that names them, which makes their papers as a cold load does (a listing's paper goes, with what
only it had). The shapes are found by patterns wider than the rules, written here (a source read
again that did not need it costs a re-read, never a row: on the catalogue's database 68 of its 240
files, most for a dash or lost math, `k -sum`). On SQLite and PostgreSQL alike.

Revision ID: 0068
Revises: 0067
Create Date: 2026-12-07
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0068"
down_revision = "0067"
branch_labels = None
depends_on = None

# Papers whose title is a listing (`[From Oral 1A] ...`) or a bracketed note alone (`[Monday
# digests]`), and papers whose abstract may hold a hyphen beside the wrong space (read below).
TITLED = """SELECT DISTINCT ps.source_id FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE p.title_raw LIKE '[From %' OR p.title_raw LIKE '[%]' OR p.title LIKE '[From %' OR p.title LIKE '[%]'"""
HYPHENS = """SELECT ps.source_id, p.abstract FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE p.abstract LIKE '%non- %' OR p.abstract LIKE '% -%'"""
SHAPES = re.compile(r"\bnon-\s+[a-z]|\b[A-Za-z]{3,}\s+-[a-z]{3,}", re.IGNORECASE)  # (catalogue: 65 files, 68 with the titles)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = {row[0] for row in conn.execute(sa.text(TITLED))}
    read_again |= {row[0] for row in conn.execute(sa.text(HYPHENS)) if SHAPES.search(row[1])}
    mark_read_again(conn, sorted(read_again))


def downgrade() -> None:
    pass  # (the sources read again are right under 0067's rules too)
