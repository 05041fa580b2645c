"""core tables: papers, sources, paper_sources, etl_runs

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('etl_runs',
    sa.Column('id', sa.Integer(), nullable=False, comment='Run number'),
    sa.Column('started_at', sa.Text(), nullable=False, comment='UTC start time (ISO 8601)'),
    sa.Column('finished_at', sa.Text(), nullable=False, comment='UTC end time (ISO 8601)'),
    sa.Column('status', sa.Text(), nullable=False, comment='ok, or partial when --keep-going skipped bad files'),
    sa.Column('paths', sa.Text(), nullable=False, comment='JSON array of the paths given'),
    sa.Column('files_seen', sa.Integer(), nullable=False, comment='Input files found'),
    sa.Column('files_loaded', sa.Integer(), nullable=False, comment='Files read and loaded (new or changed)'),
    sa.Column('files_unchanged', sa.Integer(), nullable=False, comment='Files skipped: same SHA-256 as loaded'),
    sa.Column('files_skipped', sa.Integer(), nullable=False, comment='Files passed over: not listings in a walked directory, or bad with --keep-going'),
    sa.Column('papers_added', sa.Integer(), nullable=False, comment='Papers new to the database'),
    sa.Column('papers_updated', sa.Integer(), nullable=False, comment='Papers whose stored text changed'),
    sa.Column('papers_removed', sa.Integer(), nullable=False, comment='Papers removed: no source lists them any more'),
    sa.Column('duration_s', sa.Double(), nullable=False, comment='Wall-clock seconds'),
    sa.Column('paperdb_version', sa.Text(), nullable=False, comment='paperdb version that ran the load'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_etl_runs')),
    comment='One row per successful paperdb load (a failed load leaves no trace).'
    )
    op.create_table('papers',
    sa.Column('pk', sa.Integer(), nullable=False, comment='SQLite rowid (INTEGER PRIMARY KEY); stable across VACUUM; used by papers_fts'),
    sa.Column('id', sa.String(length=16), nullable=False, comment='Stable key: first 16 hex digits of SHA-256 of the normalised abstract (README)'),
    sa.Column('venue', sa.Text(), nullable=False, comment='Venue from the listing header, e.g. ICML'),
    sa.Column('year', sa.Integer(), nullable=False, comment='Year from the listing header, e.g. 2024'),
    sa.Column('title', sa.Text(), nullable=True, comment='Title, NULL until a bibliographic source gives one'),
    sa.Column('abstract', sa.Text(), nullable=False, comment='Abstract as written, trimmed; hard-wrapped lines joined by one space'),
    sa.Column('abstract_sha256', sa.String(length=64), nullable=False, comment='SHA-256 (hex) of the abstract exactly as stored'),
    sa.Column('added_at', sa.Text(), nullable=False, comment='UTC time (ISO 8601) of the load that first added the paper'),
    sa.Column('updated_at', sa.Text(), nullable=False, comment="UTC time (ISO 8601) of the load that last changed the paper's text"),
    sa.PrimaryKeyConstraint('pk', name=op.f('pk_papers')),
    sa.UniqueConstraint('id', name=op.f('uq_papers_id')),
    comment='One row per distinct paper, identified by its normalised abstract.'
    )
    with op.batch_alter_table('papers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_papers_abstract_sha256'), ['abstract_sha256'], unique=False)
        batch_op.create_index(batch_op.f('ix_papers_venue_year'), ['venue', 'year'], unique=False)

    op.create_table('sources',
    sa.Column('id', sa.Integer(), nullable=False, comment='Source number'),
    sa.Column('path', sa.Text(), nullable=False, comment='Path as given to paperdb load'),
    sa.Column('resolved_path', sa.Text(), nullable=False, comment='Absolute path with symlinks resolved: identifies the source'),
    sa.Column('sha256', sa.String(length=64), nullable=False, comment="SHA-256 (hex) of the file's bytes"),
    sa.Column('size', sa.Integer(), nullable=False, comment='File size in bytes'),
    sa.Column('format', sa.Text(), nullable=False, comment='Input format: listing'),
    sa.Column('venue', sa.Text(), nullable=True, comment='Venue named by the file'),
    sa.Column('year', sa.Integer(), nullable=True, comment='Year named by the file'),
    sa.Column('papers', sa.Integer(), nullable=False, comment='Number of abstracts in the file'),
    sa.Column('first_loaded_at', sa.Text(), nullable=False, comment='UTC time the file was first loaded'),
    sa.Column('last_loaded_at', sa.Text(), nullable=False, comment="UTC time the file's current content was loaded"),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sources')),
    sa.UniqueConstraint('resolved_path', name=op.f('uq_sources_resolved_path')),
    comment='Input files loaded, one row per file location.'
    )
    op.create_table('paper_sources',
    sa.Column('source_id', sa.Integer(), nullable=False, comment='sources.id'),
    sa.Column('position', sa.Integer(), nullable=False, comment='1-based order of the abstract in the file'),
    sa.Column('paper_id', sa.String(length=16), nullable=False, comment='papers.id'),
    sa.Column('line', sa.Integer(), nullable=False, comment='1-based line where the abstract starts'),
    sa.ForeignKeyConstraint(['paper_id'], ['papers.id'], name=op.f('fk_paper_sources_paper_id_papers'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['source_id'], ['sources.id'], name=op.f('fk_paper_sources_source_id_sources'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('source_id', 'position', name=op.f('pk_paper_sources')),
    comment='Where each paper was found: file, order in the file and line.'
    )
    with op.batch_alter_table('paper_sources', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_sources_paper_id'), ['paper_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('paper_sources', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_sources_paper_id'))

    op.drop_table('paper_sources')
    op.drop_table('sources')
    with op.batch_alter_table('papers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_papers_venue_year'))
        batch_op.drop_index(batch_op.f('ix_papers_abstract_sha256'))

    op.drop_table('papers')
    op.drop_table('etl_runs')
