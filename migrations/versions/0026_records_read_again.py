"""records the rules of issue 41 read otherwise are read again: an abstract that says no words
(PDF glyph codes or math alone) is no abstract, a citation count over 1,000,000,000 and an author
keyword over 200 characters are left out, a venue must be printed text of at most 200 characters,
and a record joined to a paper stays joined only while it matches. The sources holding such
records (or joined ones, which the next load takes apart and joins again where they still match)
are read again by the next load that names them, as revision 0017 had every source read again;
former ids that name a paper, and those a paper that went leaves, are removed. No schema change.

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-03
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

from etl.migrations.rules_0026.fields import MAX_COUNT, MAX_KEYWORD_CHARS, venue_problem  # (the rules it brings)
from etl.migrations.rules_0026.placeholders import says_words

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None

# Records with an abstract that may say no words: one with a glyph code, `$` or a backslash.
ABSTRACTS = r"""SELECT ps.source_id, coalesce(ps.abstract, p.abstract) FROM paper_sources ps
    JOIN papers p ON p.id = ps.paper_id WHERE ps.has_abstract AND (coalesce(ps.abstract, p.abstract) LIKE '%(cid:%'
    OR coalesce(ps.abstract, p.abstract) LIKE '%$%' OR coalesce(ps.abstract, p.abstract) LIKE '%\%' ESCAPE '#')"""
COUNTS = "SELECT DISTINCT source_id FROM paper_sources WHERE citations > :most"
KEYWORDS = "SELECT source_id, keywords FROM paper_sources WHERE length(keywords) > :longest"
VENUES = "SELECT DISTINCT venue FROM paper_sources WHERE venue IS NOT NULL"
OF_VENUES = "SELECT DISTINCT source_id FROM paper_sources WHERE venue IN :venues"
JOINED = """SELECT DISTINCT ps.source_id FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
    WHERE NOT ps.has_abstract AND p.abstract IS NOT NULL"""
# A former id that is a paper's id now, and a merged paper's id kept by the paper its records went
# back to when its abstract left (`merged` rows name papers with an abstract, those they joined).
FORMER = [
    "DELETE FROM paper_former_ids WHERE former_id IN (SELECT id FROM papers)",
    """DELETE FROM paper_former_ids WHERE revision = 'merged'
       AND paper_id IN (SELECT id FROM papers WHERE abstract IS NULL)""",
]


def upgrade() -> None:
    conn = op.get_bind()
    for statement in FORMER:
        conn.execute(sa.text(statement))
    read_again = _sources(conn)
    mark_read_again(conn, read_again)


def downgrade() -> None:
    pass  # (the sources read again and the former ids removed are right under 0024's rules too)


def _sources(conn) -> set[int]:
    """The sources holding a record that the rules of this revision read otherwise, or a joined one."""
    found = {source for source, text in conn.execute(sa.text(ABSTRACTS)) if not says_words(text)}
    found |= {source for (source,) in conn.execute(sa.text(COUNTS), {"most": MAX_COUNT})}
    for source, keywords in conn.execute(sa.text(KEYWORDS), {"longest": MAX_KEYWORD_CHARS}):
        if any(len(keyword) > MAX_KEYWORD_CHARS for keyword in json.loads(keywords)):
            found.add(source)
    venues = [venue for (venue,) in conn.execute(sa.text(VENUES)) if venue_problem(venue)]
    if venues:
        of_venues = sa.text(OF_VENUES).bindparams(sa.bindparam("venues", expanding=True))
        found |= {source for (source,) in conn.execute(of_venues, {"venues": venues})}
    found |= {source for (source,) in conn.execute(sa.text(JOINED))}
    return found
