"""records whose abstract or authors the rules of the third reader's report (reader3: items 6, 7 and 9)
read otherwise are read again: a `"` a source leaves unpaired at an abstract's start or end is
dropped from `papers.abstract_clean` (ECCV 2020), and a word PDF extraction broke at a line end
is written whole (`Hier- archical`, item 7); an author list with a name twice that is no list
written twice keeps both people (COLING 2020: two Bing Lius), and the SIGGRAPH program's presenters,
named again after the authors, are left out of the record's authors. The sources holding such a
record are read again by the next load that names them, as revisions 0026, 0035, 0037 and 0042 had
theirs; that load makes their papers' text and authors as a cold load does. The shapes are found by
patterns wider than the rules, written here (a source read again that did not need it costs a
re-read, never a row). No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0043
Revises: 0042
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None

MARKED = "read again: "  # (as revision 0026: sources.sha256 holds the marker and 52 hex digits)
MARK = "UPDATE sources SET sha256 = :marked || substr(sha256, 1, 52) WHERE id IN :ids AND sha256 NOT LIKE :like"
# Records whose paper's text starts or ends with `"` or holds `a- b`, or that list a name more than
# once: each read below.
RECORDS = """SELECT ps.source_id, ps.authors, coalesce(p.abstract_clean, p.abstract)
FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE coalesce(p.abstract_clean, p.abstract) LIKE '%"%' OR coalesce(p.abstract_clean, p.abstract) LIKE '%- %'
OR ps.authors IS NOT NULL"""
BROKEN = re.compile(r"[A-Za-z]- [a-z]")  # (wider than `etl.text.line_breaks.BROKEN`)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({row[0] for row in conn.execute(sa.text(RECORDS)) if _reads_otherwise(row[1], row[2])})
    if read_again:
        statement = sa.text(MARK).bindparams(sa.bindparam("ids", expanding=True))
        conn.execute(statement, {"ids": read_again, "marked": MARKED, "like": MARKED + "%"})


def _reads_otherwise(authors, text: str | None) -> bool:
    """Whether the paper's text starts or ends with `"` or holds a word broken at a line end, or the record's author list (JSON: the
    text SQLite gives, or a server's value) names someone twice without being one list written
    twice or more (`A;B;A;B`, read as before)."""
    if text and (text.strip()[:1] == '"' or text.strip()[-1:] == '"' or BROKEN.search(text)):
        return True
    if authors is None:
        return False
    listed = json.loads(authors) if isinstance(authors, str) else authors
    names = [" ".join(str(name).split()).casefold() for name in listed]
    period = len(set(names))
    return period < len(names) and names != names[:period] * (len(names) // period)


def downgrade() -> None:
    pass  # (the sources read again are right under 0042's rules too)
