"""records whose authors or text the rules of the fifth reader's report (reader5: items 12, 14 and
the front matter) read otherwise are read again: an author's name loses its footnote mark (`Bingbing
Ni⁴`, `Ömer Morgül1`) and has the letter a glyph stood for (`Jaromı́r`, `Thorbj⊘rn`, `Micha𠅂`,
`Nicol‘o`, `Kainm"uller`, `Bo–Chen`), a bullet point's sentence before the names is no author
(SIGGRAPH 2011), and a name's merge key folds `ı`, `ø`, `ł` as it folds accents (`Saranlı` and
`Saranli` one author); a `~` alone between spaces stays (`Humanoid Policy ~ Human Policy`); RSS
2007's "Workshop Summaries" and ICRA 2017's "Workshop and Tutorials" are front matter. The sources
holding such a record are read again by the next load that names them, as revisions 0026, 0035,
0037, 0042, 0045, 0046 and 0048 had theirs; that load makes their papers as a cold load does. The
shapes are found by patterns wider than the rules, written here (a source read again that did not
need it costs a re-read, never a row). Not here: the wider own-code cues of item 9 (a file read
again derives no link of an abstract it already has: that needs the link rules frozen, as revision
0027 froze them). No schema change; on SQLite and PostgreSQL alike.

Revision ID: 0053
Revises: 0052
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0053"
down_revision = "0052"
branch_labels = None
depends_on = None

# Records whose authors may read otherwise (each read below), and those of papers whose text or title
# may: a `~` between spaces, a title with `workshop` in it.
RECORDS = "SELECT ps.source_id, ps.authors FROM paper_sources ps WHERE ps.authors IS NOT NULL"
PAPERS = """SELECT DISTINCT ps.source_id FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE p.abstract LIKE '% ~ %' OR p.title_raw LIKE '% ~ %' OR lower(p.title_raw) LIKE '%workshop%'"""
# In an author list as JSON text: a glyph for a letter, a footnote mark, a letter the merge key folds
# now, a bullet point, BibTeX's umlaut without its backslash (`m\\"u`), a digit ending a name.
NAMES = re.compile(
    "[\u0131\u00f8\u00d8\u0142\u0141\u0111\u00e6\u0153\u00df\u03d5\u2298\U00020142\u2018\u0323\u2010\u2011\u2013"
    "\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u2022]"
    r'|[A-Za-z]\\"[aouAOU]|[^\W\d_]\d{1,2}"'
)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = {row[0] for row in conn.execute(sa.text(RECORDS)) if NAMES.search(_text(row[1]))}
    read_again |= {row[0] for row in conn.execute(sa.text(PAPERS))}
    mark_read_again(conn, sorted(read_again))


def _text(value) -> str:
    """A stored JSON column as text (SQLite gives the text, a server's JSON type the value)."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def downgrade() -> None:
    pass  # (the sources read again are right under 0052's rules too)
