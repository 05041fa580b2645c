"""a name whose first word a source wrote in lower case is shown with capitals (read25, the eleventh
reader's `mengmeng Ge`, `shenghao zhang`: 104 of the catalogue's authors start in lower case, 75 of
them names of two words or more that `etl.text.particles.capitalised` now writes `Mengmeng Ge`,
`Shenghao Zhang`, `Hala Skaf-Molli`). A load shows names so; the sources of the papers with such a
name are marked to be read again by the next load that names them, which gives the name, its author
and their papers as a cold load does. The merge key is the same (case folded), so no author is
joined with another and no row moves; the records keep the names as written (`paper_sources`).
On SQLite and PostgreSQL alike. Also (PostgreSQL keeps comments) `keywords.papers` says it counts
more than `topic_counts` for a topic, and why.

Revision ID: 0065
Revises: 0064
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.read_again import mark_read_again

revision = "0065"
down_revision = "0064"
branch_labels = None
depends_on = None

# The rule as this revision found it (`particles.capitalised` of read25): the lower-case words a name
# keeps, and the names it changes.
PARTICLES = frozenset("van von der den de del della di da dos das du le la ter ten zu al el bin ibn".split())
LOWER_WORDS = PARTICLES | frozenset(("y", "e", "i", "und", "dit", "zur", "zum", "uit", "het"))
PAPERS_BEFORE = "Number of papers with this keyword"
PAPERS_NOW = (
    "Number of papers with this keyword in any way (a topic's too as a phrase of the abstract or"
    " the authors' keyword: more than topic_counts counts as the topic, reinforcement learning 4,467 and 4,228)"
)
NAMES = "SELECT DISTINCT paper_id, name FROM paper_authors WHERE name LIKE '% %'"
SOURCES = "SELECT DISTINCT source_id FROM paper_sources WHERE paper_id IN :ids"


def capitalised_differs(name: str) -> bool:
    """Whether `capitalised` shows `name` otherwise: two words or more, the first in lower case and no
    particle, and a word of lower-case letters (a hyphenated part of one) that is no particle."""
    words = name.split(" ")
    if len(words) < 2 or not words[0][:1].islower() or words[0] in LOWER_WORDS:
        return False
    parts = (part for word in words if word not in LOWER_WORDS for part in word.split("-"))
    return any(part.isalpha() and part.islower() for part in parts)


def upgrade() -> None:
    conn = op.get_bind()
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("keywords", "papers", comment=PAPERS_NOW, existing_comment=PAPERS_BEFORE)
    papers = sorted({paper for paper, name in conn.execute(sa.text(NAMES)) if capitalised_differs(name)})
    ids = sa.bindparam("ids", expanding=True)
    for start in range(0, len(papers), 500):
        found = conn.execute(sa.text(SOURCES).bindparams(ids), {"ids": papers[start : start + 500]})
        mark_read_again(conn, [source_id for (source_id,) in found])


def downgrade() -> None:
    # (the names: a load of the rules before shows them as written again, nothing to undo in place)
    if not on_sqlite():
        op.alter_column("keywords", "papers", comment=PAPERS_BEFORE, existing_comment=PAPERS_NOW)
