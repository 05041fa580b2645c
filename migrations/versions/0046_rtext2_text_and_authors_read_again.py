"""records whose abstract or authors the rules of the third reader's report (reader3: items 6, 7 and 9)
read otherwise are read again: a `"` a source leaves unpaired at an abstract's start or end is
dropped from `papers.abstract_clean` (ECCV 2020), and a word PDF extraction broke at a line end
is written whole (`Hier- archical`, item 7); an author list with a name twice that is no list
written twice keeps both people (COLING 2020: two Bing Lius), and the SIGGRAPH program's presenters,
named again after the authors, are left out of the record's authors. The sources holding such a
record are read again by the next load that names them, as revisions 0026, 0035, 0037 and 0042 had
theirs; that load makes their papers' text and authors as a cold load does. A text is read by the
rules as they were when the revision was written (`rules_0046`: a stored text those rules would
write otherwise); an author list by the shape written here. No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0046
Revises: 0045
Create Date: 2026-12-06
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

from etl.migrations.rules_0046.line_breaks import joined_line_breaks
from etl.migrations.rules_0046.quotes import unpaired_quotes_dropped

revision = "0046"
down_revision = "0045"
branch_labels = None
depends_on = None

# Records whose paper's text starts or ends with `"` or holds `a- b`, or that list a name more than
# once: each read below.
RECORDS = """SELECT ps.source_id, ps.authors, coalesce(p.abstract_clean, p.abstract)
FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE coalesce(p.abstract_clean, p.abstract) LIKE '%"%' OR coalesce(p.abstract_clean, p.abstract) LIKE '%- %'
OR ps.authors IS NOT NULL"""



def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({row[0] for row in conn.execute(sa.text(RECORDS)) if _reads_otherwise(row[1], row[2])})
    mark_read_again(conn, read_again)


def _reads_otherwise(authors, text: str | None) -> bool:
    """Whether the paper's text is one the rules would write otherwise (a `"` left unpaired at an
    end, a word broken at a line end: `rules_0046`), or the record's author list (JSON: the
    text SQLite gives, or a server's value) names someone twice, apart, without being one list
    written twice or more (`A;B;A;B` and `A;A;B`, read as before)."""
    if text and joined_line_breaks(unpaired_quotes_dropped(text)) != text:
        return True
    if authors is None:
        return False
    listed = json.loads(authors) if isinstance(authors, str) else authors
    written = [" ".join(str(name).split()).casefold() for name in listed]
    names = [name for i, name in enumerate(written) if not i or name != written[i - 1]]  # (`Xi Chen; Xi Chen`: one)
    period = len(set(names))
    return period < len(names) and names != names[:period] * (len(names) // period)


def downgrade() -> None:
    pass  # (the sources read again are right under 0042's rules too)
