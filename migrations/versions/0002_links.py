"""links: paper_links, repos, papers.code_status and code views

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None

PAPERS_WITH_CODE = """
CREATE VIEW papers_with_code AS
SELECT p.id AS paper_id, p.venue, p.year, p.title, p.code_status,
       l.url, l.url_key, l.owner, l.repo, l.path, l.is_official, p.abstract
FROM papers p JOIN paper_links l ON l.paper_id = p.id
WHERE l.kind = 'repo'
"""

REPOS_BY_OWNER = """
CREATE VIEW repos_by_owner AS
SELECT min(owner) AS owner, count(DISTINCT url_key) AS repositories,
       count(DISTINCT paper_id) AS papers
FROM paper_links
WHERE kind = 'repo'
GROUP BY lower(owner)
"""

CODE_AVAILABILITY = """
CREATE VIEW code_availability AS
SELECT venue, year, code_status, count(*) AS papers,
       round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY venue, year), 1) AS percent
FROM papers
GROUP BY venue, year, code_status
"""


def upgrade() -> None:
    op.create_table('repos',
    sa.Column('id', sa.Integer(), nullable=False, comment='Repository number'),
    sa.Column('host', sa.Text(), nullable=False, comment='Code host, e.g. github.com'),
    sa.Column('owner', sa.Text(), nullable=False, comment='User or organisation, as first written'),
    sa.Column('name', sa.Text(), nullable=False, comment='Repository name, as first written'),
    sa.Column('url', sa.Text(), nullable=False, comment='Canonical URL https://github.com/<owner>/<name>'),
    sa.Column('url_key', sa.Text(), nullable=False, comment='Lower-cased canonical URL: joins paper_links.url_key'),
    sa.Column('papers', sa.Integer(), nullable=False, comment='Number of papers citing the repository'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_repos')),
    sa.UniqueConstraint('url_key', name=op.f('uq_repos_url_key')),
    comment='One row per distinct code repository cited by any paper.'
    )
    with op.batch_alter_table('repos', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_repos_owner'), ['owner'], unique=False)

    op.create_table('paper_links',
    sa.Column('paper_id', sa.String(length=16), nullable=False, comment='papers.id'),
    sa.Column('offset', sa.Integer(), nullable=False, comment='Character offset of the link in the abstract'),
    sa.Column('url', sa.Text(), nullable=False, comment='Canonical URL, e.g. https://github.com/<owner>/<repo> (names as written)'),
    sa.Column('url_key', sa.Text(), nullable=False, comment='Lower-cased canonical URL: the join key (GitHub is case-insensitive)'),
    sa.Column('raw', sa.Text(), nullable=False, comment='The link as written in the abstract'),
    sa.Column('kind', sa.Text(), nullable=False, comment='repo, user (GitHub user or organisation), pages (*.github.io), gist or other'),
    sa.Column('host', sa.Text(), nullable=False, comment='Host name, lower case, without www.'),
    sa.Column('owner', sa.Text(), nullable=True, comment='GitHub user or organisation (repo, user, pages, gist links)'),
    sa.Column('repo', sa.Text(), nullable=True, comment='GitHub repository name (repo links)'),
    sa.Column('path', sa.Text(), nullable=True, comment='What follows the repository (tree/main/src) or the site (page path)'),
    sa.Column('is_official', sa.Boolean(), nullable=True, comment="1 when the abstract offers the link as its own code or data, 0 when it cites someone else's, NULL when the wording does not say"),
    sa.ForeignKeyConstraint(['paper_id'], ['papers.id'], name=op.f('fk_paper_links_paper_id_papers'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('paper_id', 'offset', name=op.f('pk_paper_links')),
    comment='Links cited in abstracts; GitHub ones in canonical form.'
    )
    with op.batch_alter_table('paper_links', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_links_host'), ['host'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_links_kind'), ['kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_links_owner'), ['owner'], unique=False)
        batch_op.create_index(batch_op.f('ix_paper_links_url_key'), ['url_key'], unique=False)

    # Plain ALTER TABLE, never a batch copy of papers: recreating it would cascade-delete the rows
    # that reference it (foreign keys are on).
    op.add_column('papers', sa.Column('code_status', sa.Text(), server_default=sa.text("'none'"), nullable=False, comment='released (an official code link), promised (code to come), mentioned (code said to be available, no link) or none'))
    op.create_index(op.f('ix_papers_code_status'), 'papers', ['code_status'], unique=False)

    op.execute(PAPERS_WITH_CODE)
    op.execute(REPOS_BY_OWNER)
    op.execute(CODE_AVAILABILITY)


def downgrade() -> None:
    for view in ("code_availability", "repos_by_owner", "papers_with_code"):
        op.execute(f"DROP VIEW {view}")
    # ALTER TABLE ... DROP COLUMN, never a batch copy: recreating papers would cascade-delete the
    # rows that reference it (foreign keys are on).
    op.drop_index(op.f('ix_papers_code_status'), table_name='papers')
    op.execute("ALTER TABLE papers DROP COLUMN code_status")

    with op.batch_alter_table('paper_links', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_links_url_key'))
        batch_op.drop_index(batch_op.f('ix_paper_links_owner'))
        batch_op.drop_index(batch_op.f('ix_paper_links_kind'))
        batch_op.drop_index(batch_op.f('ix_paper_links_host'))

    op.drop_table('paper_links')
    with op.batch_alter_table('repos', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_repos_owner'))

    op.drop_table('repos')
