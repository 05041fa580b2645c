"""records whose text, authors or title the rules of the sixth reader's report (reader6: items 13, 8
and 14) read otherwise are read again: an abstract's `Abstract` heading and trailing `Keywords:`
list are dropped from its cleaned text (the list is the authors' keywords of a record that gives
none), an author list written as one run-on name is read as its record's BibTeX writes it (ACML
2021), and a title with the entry before the meeting (`Preface: Conference on Learning Theory
(COLT), 2017`) is front matter. The sources holding such a record are read again by the next load
that names them, as revision 0053 had its; that load makes their papers as a cold load does. The
shapes are found by patterns wider than the rules, written here (a source read again that did not
need it costs a re-read, never a row). Also `keywords.label` gets an index: `?_keyword=<label>` lists
every keyword shown by that label (`DBSCAN`: a method and an acronym's long form, reader6 item 7).
On SQLite and PostgreSQL alike.

Revision ID: 0055
Revises: 0054
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0055"
down_revision = "0054"
branch_labels = None
depends_on = None

# Papers whose abstract may begin with a heading, or whose title may be a preface; papers whose
# abstract names keywords (read below: in its last characters); records whose author list is one
# name (read below).
PAPERS = """SELECT DISTINCT ps.source_id FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE lower(substr(ltrim(p.abstract, ' "'), 1, 8)) = 'abstract' OR lower(p.title_raw) LIKE '%preface%'"""
LISTS = """SELECT ps.source_id, p.abstract FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE lower(p.abstract) LIKE '%keyword%' OR lower(p.abstract) LIKE '%key word%' OR lower(p.abstract) LIKE '%index term%'"""
LIST = re.compile(r"key\s*words?\s*[:\-\u2013\u2014]|index\s+terms", re.IGNORECASE)
TAIL = 600  # (etl.text.headings.TAIL, and room for the markup and spaces cleaning drops)
RECORDS = "SELECT ps.source_id, ps.authors FROM paper_sources ps WHERE ps.authors IS NOT NULL"
RUN_ON_WORDS = 6  # (etl.sources.paperlists.MIN_RUN_ON_WORDS)


def upgrade() -> None:
    op.create_index("ix_keywords_label", "keywords", ["label"])
    conn = op.get_bind()
    read_again = {row[0] for row in conn.execute(sa.text(PAPERS))}
    read_again |= {row[0] for row in conn.execute(sa.text(LISTS)) if LIST.search(row[1][-TAIL:])}
    read_again |= {row[0] for row in conn.execute(sa.text(RECORDS)) if _one_long_name(row[1])}
    mark_read_again(conn, sorted(read_again))


def _one_long_name(value) -> bool:
    """Whether a stored author list (JSON text, or a server's JSON value) is one name of many words."""
    names = json.loads(value) if isinstance(value, str) else value
    return isinstance(names, list) and len(names) == 1 and len(str(names[0]).split()) >= RUN_ON_WORDS


def downgrade() -> None:
    op.drop_index("ix_keywords_label", table_name="keywords")  # (the sources read again are right under 0054's rules too)
