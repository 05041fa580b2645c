"""paper_titles names each title's source by its file name (`iros2020.json`), as paper pages do,
never the loading machine's folders (`/work/cat/paperlists-catalogue/iros/iros2020.json`): its
`source` column is the last part of `sources.path`; the whole path stays in `sources` (`path`,
`resolved_path`), where a user finds it to load the file again, through `source_id`. A view only:
no table or row changes; on SQLite and PostgreSQL alike (`rtrim` and `replace`).

Revision ID: 0043
Revises: 0042
Create Date: 2026-12-06
"""

from __future__ import annotations

from alembic import op

revision = "0043"
down_revision = "0042"
branch_labels = None
depends_on = None

# A path's last part: the path without the trailing characters that are no `/` (its folders) taken away.
FILE_NAME = "replace(s.path, rtrim(s.path, replace(s.path, '/', '')), '')"
VIEW = """CREATE VIEW paper_titles AS
SELECT ps.paper_id, ps.title AS title_raw, s.format, {source} AS source, ps.source_id, ps.position,
       ps.source_id = p.title_source_id AS chosen
FROM paper_sources ps
JOIN sources s ON s.id = ps.source_id
JOIN papers p ON p.id = ps.paper_id
WHERE ps.title IS NOT NULL
"""


def upgrade() -> None:
    op.execute("DROP VIEW paper_titles")
    op.execute(VIEW.format(source=FILE_NAME))


def downgrade() -> None:
    op.execute("DROP VIEW paper_titles")
    op.execute(VIEW.format(source="s.path"))
