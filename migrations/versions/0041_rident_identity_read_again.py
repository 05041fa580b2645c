"""records the rules of the reader's identity report read otherwise are read again: two records of
one file that give one abstract under plainly other titles are two papers, the abstract the one's
whose title it says best (`etl.extract.record_paper.abstracts_of_others`); front matter (`Preface`,
`Index`, `Plenary talks`: `etl.text.front_matter`) is no paper and is skipped; an abstract of
under 80 characters that ends no sentence (an author's name, an address, a cut first line:
`etl.text.placeholders.is_cut_short`) is no abstract. The sources holding a paper with two records
of other titles, a title that may be front matter (its last part made of front matter's words), or
an abstract under 80 characters (spacing collapsed) are read again by the next load that names them, as revisions 0026, 0035 and 0037 had
theirs; that load leaves their papers as a cold load does. The shapes are wider than the rules (a
source read again that did not need it costs a re-read, never a row). No schema change; on
SQLite and PostgreSQL alike.

Revision ID: 0041
Revises: 0040
Create Date: 2026-12-05
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None

# A paper two records of one source give under two titles (case aside).
TWO_TITLES = """SELECT DISTINCT source_id FROM paper_sources WHERE title IS NOT NULL
    GROUP BY source_id, paper_id HAVING count(DISTINCT lower(title)) > 1"""
# A title whose last part is made of the words front matter is made of, one of them naming one
# (etl.text.front_matter as of this revision, without its look at the parts before: wider).
HEADS = frozenset(
    "preface prefaces frontmatter foreword index plenary plenaries keynote keynotes workshops tutorials"
    " digest contents committee committees welcome".split()
)
FRONT_WORDS = HEADS | frozenset(
    "front matter and of the from to post pre conference talks talk speakers speaker speech speeches"
    " sessions session table author authors organizing program programme message chair chairs final".split()
)
TITLES = "SELECT DISTINCT source_id, title FROM paper_sources WHERE length(title) <= 120"
_PARTS = re.compile(r":|\s[-–—]\s")
_NOTE = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_WORD = re.compile(r"[^\W_]+")
# A record whose abstract (its own, else its paper's) may be short: under 80 characters once its
# spacing is collapsed (etl.text.placeholders.is_cut_short, without its look at the end: wider).
SHORT = """SELECT ps.source_id, coalesce(ps.abstract, p.abstract) FROM paper_sources ps
    JOIN papers p ON p.id = ps.paper_id WHERE ps.has_abstract AND length(coalesce(ps.abstract, p.abstract)) < 400"""
MIN_SENTENCE_CHARS = 80


def upgrade() -> None:
    conn = op.get_bind()
    read_again = {source for (source,) in conn.execute(sa.text(TWO_TITLES))}
    read_again |= {source for source, text in conn.execute(sa.text(SHORT)) if len(" ".join(text.split())) < MIN_SENTENCE_CHARS}
    read_again |= {source for source, title in conn.execute(sa.text(TITLES)) if _may_be_front_matter(title)}
    mark_read_again(conn, read_again)


def _may_be_front_matter(title: str) -> bool:
    words = _WORD.findall(_PARTS.split(_NOTE.sub(" ", title))[-1])
    if not words or HEADS.isdisjoint(word.casefold() for word in words):
        return False
    return all(word.casefold() in FRONT_WORDS or word.isdigit() or word.isupper() for word in words)


def downgrade() -> None:
    pass  # (the sources read again are right under 0037's rules too)
