"""keywords: keywords, keyword_aliases, paper_keywords, papers.keywords and topics

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None

KEYWORD_COUNTS = """
CREATE VIEW keyword_counts AS
SELECT label AS keyword, kind, papers, normalised, id AS keyword_id
FROM keywords
"""

TOPIC_COUNTS = """
CREATE VIEW topic_counts AS
SELECT pk.keyword AS topic, count(*) AS papers,
       sum(CASE WHEN p.code_status = 'released' THEN 1 ELSE 0 END) AS with_code,
       round(100.0 * sum(CASE WHEN p.code_status = 'released' THEN 1 ELSE 0 END) / count(*), 1) AS percent_with_code
FROM paper_keywords pk JOIN papers p ON p.id = pk.paper_id
WHERE pk.kind = 'topic'
GROUP BY pk.keyword
"""

KEYWORD_PAIRS = """
CREATE VIEW keyword_pairs AS
SELECT min(a.keyword) AS keyword_a, min(b.keyword) AS keyword_b, count(*) AS papers
FROM paper_keywords a
JOIN paper_keywords b ON b.paper_id = a.paper_id AND b.keyword_id > a.keyword_id
WHERE a.rank <= 10 AND b.rank <= 10
GROUP BY a.keyword_id, b.keyword_id
HAVING count(*) >= 2
"""


def upgrade() -> None:
    op.create_table('keywords',
    sa.Column('id', sa.Integer(), nullable=False, comment='Keyword number'),
    sa.Column('normalised', sa.Text(), nullable=False, comment='Merge key: case folded, hyphens as spaces, last word singular (README)'),
    sa.Column('label', sa.Text(), nullable=False, comment='Display form, as papers most often write it'),
    sa.Column('kind', sa.Text(), nullable=False, comment='method, acronym, phrase or topic: the kind most papers found it as'),
    sa.Column('papers', sa.Integer(), nullable=False, comment='Number of papers with this keyword'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_keywords')),
    sa.UniqueConstraint('normalised', name=op.f('uq_keywords_normalised')),
    comment='Distinct keywords over all papers, merged by normalised text.'
    )
    with op.batch_alter_table('keywords', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_keywords_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_keywords_papers'), ['papers'], unique=False)

    op.create_table('keyword_aliases',
    sa.Column('keyword_id', sa.Integer(), nullable=False, comment='keywords.id'),
    sa.Column('alias', sa.String(), nullable=False, comment='The other name, as written'),
    sa.Column('normalised', sa.Text(), nullable=False, comment='The alias case folded'),
    sa.ForeignKeyConstraint(['keyword_id'], ['keywords.id'], name=op.f('fk_keyword_aliases_keyword_id_keywords'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('keyword_id', 'alias', name=op.f('pk_keyword_aliases')),
    comment='Other names of a keyword: the short forms of acronyms (GNN).'
    )
    with op.batch_alter_table('keyword_aliases', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_keyword_aliases_normalised'), ['normalised'], unique=False)

    op.create_table('paper_keywords',
    sa.Column('paper_id', sa.String(length=16), nullable=False, comment='papers.id'),
    sa.Column('keyword_id', sa.Integer(), nullable=False, comment='keywords.id'),
    sa.Column('keyword', sa.Text(), nullable=False, comment="The keyword's label (keywords.label)"),
    sa.Column('kind', sa.Text(), nullable=False, comment='How it was found in this paper: method, acronym, phrase or topic'),
    sa.Column('score', sa.Double(), nullable=False, comment='Importance in this paper, higher is more important; comparable across kinds'),
    sa.Column('rank', sa.Integer(), nullable=False, comment='1-based rank by score within the paper'),
    sa.ForeignKeyConstraint(['keyword_id'], ['keywords.id'], name=op.f('fk_paper_keywords_keyword_id_keywords'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['paper_id'], ['papers.id'], name=op.f('fk_paper_keywords_paper_id_papers'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('paper_id', 'keyword_id', name=op.f('pk_paper_keywords')),
    comment="Each paper's keywords with their kind, score and rank."
    )
    with op.batch_alter_table('paper_keywords', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_keywords_keyword'), ['keyword'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_keywords_keyword_id'), ['keyword_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_keywords_kind'), ['kind'], unique=False)

    # Plain ALTER TABLE, never a batch copy of papers: recreating it would cascade-delete the rows
    # that reference it (foreign keys are on).
    op.add_column('papers', sa.Column('keywords', sa.Text(), server_default=sa.text("'[]'"), nullable=False, comment="JSON array of the paper's top keyword labels (methods, acronyms, phrases), best first; a copy of paper_keywords for Datasette array facets"))
    op.add_column('papers', sa.Column('topics', sa.Text(), server_default=sa.text("'[]'"), nullable=False, comment="JSON array of the paper's research topics; a copy of paper_keywords for facets"))

    op.execute(KEYWORD_COUNTS)
    op.execute(TOPIC_COUNTS)
    op.execute(KEYWORD_PAIRS)



def downgrade() -> None:
    for view in ("keyword_pairs", "topic_counts", "keyword_counts"):
        op.execute(f"DROP VIEW {view}")
    # In place, never a batch copy of papers (see 0002).
    op.execute("ALTER TABLE papers DROP COLUMN topics")
    op.execute("ALTER TABLE papers DROP COLUMN keywords")

    with op.batch_alter_table('paper_keywords', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_keywords_kind'))
        batch_op.drop_index(batch_op.f('ix_paper_keywords_keyword_id'))
        batch_op.drop_index(batch_op.f('ix_paper_keywords_keyword'))

    op.drop_table('paper_keywords')
    with op.batch_alter_table('keyword_aliases', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_keyword_aliases_normalised'))

    op.drop_table('keyword_aliases')
    with op.batch_alter_table('keywords', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_keywords_papers'))
        batch_op.drop_index(batch_op.f('ix_keywords_kind'))

    op.drop_table('keywords')
