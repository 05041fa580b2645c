"""bibliography: authors, paper_authors, paper_ids, events; titles, authors and ids on papers and paper_sources

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

PAPER_TITLES = """
CREATE VIEW paper_titles AS
SELECT ps.paper_id, ps.title AS title_raw, s.format, s.path AS source, ps.source_id, ps.position,
       ps.source_id = p.title_source_id AS chosen
FROM paper_sources ps
JOIN sources s ON s.id = ps.source_id
JOIN papers p ON p.id = ps.paper_id
WHERE ps.title IS NOT NULL
"""


def upgrade() -> None:
    op.create_table('authors',
    sa.Column('id', sa.Integer(), nullable=False, comment='Author number'),
    sa.Column('name', sa.Text(), nullable=False, comment='Display name (markup removed, ALL CAPS fixed)'),
    sa.Column('normalised', sa.Text(), nullable=False, comment='Merge key: accents and case folded, nicknames dropped (README)'),
    sa.Column('papers', sa.Integer(), nullable=False, comment='Number of papers by this author'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_authors')),
    sa.UniqueConstraint('normalised', name=op.f('uq_authors_normalised')),
    comment='Distinct authors, merged by normalised name.'
    )
    with op.batch_alter_table('authors', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_authors_papers'), ['papers'], unique=False)

    op.create_table('events',
    sa.Column('id', sa.Integer(), nullable=False, comment='Event number'),
    sa.Column('source_id', sa.Integer(), nullable=False, comment='sources.id'),
    sa.Column('position', sa.Integer(), nullable=False, comment="1-based order among the file's events"),
    sa.Column('type', sa.Text(), nullable=False, comment='Workshop, Tutorial, Invited Talk, ...'),
    sa.Column('title', sa.Text(), nullable=False, comment='Title for display'),
    sa.Column('speakers', sa.Text(), nullable=False, comment='Speakers or organisers as listed'),
    sa.Column('url', sa.Text(), nullable=True, comment='Virtual-site URL (host lower-cased)'),
    sa.Column('abstract', sa.Text(), nullable=False, comment='Description, possibly empty'),
    sa.Column('venue', sa.Text(), nullable=True, comment='Venue'),
    sa.Column('year', sa.Integer(), nullable=True, comment='Year'),
    sa.ForeignKeyConstraint(['source_id'], ['sources.id'], name=op.f('fk_events_source_id_sources'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_events')),
    comment='Programme events that are not papers: workshops, tutorials, talks.'
    )
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_events_source_id'), ['source_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_events_type'), ['type'], unique=False)

    op.create_table('paper_authors',
    sa.Column('paper_id', sa.String(length=16), nullable=False, comment='papers.id'),
    sa.Column('position', sa.Integer(), nullable=False, comment='1-based author position'),
    sa.Column('author_id', sa.Integer(), nullable=False, comment='authors.id'),
    sa.Column('name', sa.Text(), nullable=False, comment='Display name (authors.name as in this paper)'),
    sa.Column('name_raw', sa.Text(), nullable=False, comment='The name as the source wrote it'),
    sa.ForeignKeyConstraint(['author_id'], ['authors.id'], name=op.f('fk_paper_authors_author_id_authors'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['paper_id'], ['papers.id'], name=op.f('fk_paper_authors_paper_id_papers'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('paper_id', 'position', name=op.f('pk_paper_authors')),
    comment='Authors of each paper in order, from the source chosen for its title.'
    )
    with op.batch_alter_table('paper_authors', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_authors_author_id'), ['author_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_authors_name'), ['name'], unique=False)

    op.create_table('paper_ids',
    sa.Column('paper_id', sa.String(length=16), nullable=False, comment='papers.id'),
    sa.Column('scheme', sa.String(), nullable=False, comment='icml_poster, openreview, pmlr, arxiv, doi, bibtex_key, semantic_scholar'),
    sa.Column('value', sa.String(), nullable=False, comment='The identifier'),
    sa.Column('source_id', sa.Integer(), nullable=False, comment='sources.id that gave it'),
    sa.ForeignKeyConstraint(['paper_id'], ['papers.id'], name=op.f('fk_paper_ids_paper_id_papers'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('paper_id', 'scheme', 'value', name=op.f('pk_paper_ids')),
    comment='Identifiers other datasets use for each paper (for joins).'
    )
    with op.batch_alter_table('paper_ids', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_ids_scheme_value'), ['scheme', 'value'], unique=False)

    op.add_column('paper_sources', sa.Column('title', sa.Text(), nullable=True, comment='Title as this source writes it'))
    op.add_column('paper_sources', sa.Column('authors', sa.Text(), nullable=True, comment='JSON array of author names as this source writes them'))
    op.add_column('paper_sources', sa.Column('ids', sa.Text(), nullable=True, comment='JSON object of the ids this source gives: scheme -> value'))
    op.add_column('paper_sources', sa.Column('url', sa.Text(), nullable=True, comment="The paper's URL in this source"))

    op.add_column('papers', sa.Column('title_raw', sa.Text(), nullable=True, comment='The chosen title as its source wrote it (LaTeX, braces); rule in README'))
    op.add_column('papers', sa.Column('title_key', sa.Text(), nullable=True, comment='Normalised title for joins: the abstract normalisation of README'))
    op.add_column('papers', sa.Column('authors', sa.Text(), server_default=sa.text("'[]'"), nullable=False, comment='JSON array of author names in order; a copy of paper_authors for facets'))
    op.add_column('papers', sa.Column('url', sa.Text(), nullable=True, comment="The paper's page (PMLR or virtual site)"))
    op.add_column('papers', sa.Column('text_source_id', sa.Integer(), nullable=True, comment='sources.id the stored abstract, venue and year come from'))
    op.add_column('papers', sa.Column('title_source_id', sa.Integer(), nullable=True, comment='sources.id the chosen title comes from'))
    op.create_index(op.f('ix_papers_title_key'), 'papers', ['title_key'], unique=False)

    op.execute(PAPER_TITLES)


def downgrade() -> None:
    op.execute("DROP VIEW paper_titles")
    # papers and paper_sources are altered in place, never batch-copied (see 0002).
    op.drop_index(op.f('ix_papers_title_key'), table_name='papers')
    op.execute("ALTER TABLE papers DROP COLUMN title_source_id")
    op.execute("ALTER TABLE papers DROP COLUMN text_source_id")
    op.execute("ALTER TABLE papers DROP COLUMN url")
    op.execute("ALTER TABLE papers DROP COLUMN authors")
    op.execute("ALTER TABLE papers DROP COLUMN title_key")
    op.execute("ALTER TABLE papers DROP COLUMN title_raw")

    op.execute("ALTER TABLE paper_sources DROP COLUMN url")
    op.execute("ALTER TABLE paper_sources DROP COLUMN ids")
    op.execute("ALTER TABLE paper_sources DROP COLUMN authors")
    op.execute("ALTER TABLE paper_sources DROP COLUMN title")

    with op.batch_alter_table('paper_ids', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_ids_scheme_value'))

    op.drop_table('paper_ids')
    with op.batch_alter_table('paper_authors', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_authors_name'))
        batch_op.drop_index(batch_op.f('ix_paper_authors_author_id'))

    op.drop_table('paper_authors')
    with op.batch_alter_table('events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_events_type'))
        batch_op.drop_index(batch_op.f('ix_events_source_id'))

    op.drop_table('events')
    with op.batch_alter_table('authors', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_authors_papers'))

    op.drop_table('authors')
