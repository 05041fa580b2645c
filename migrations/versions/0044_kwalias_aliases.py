"""keyword aliases are other forms of the keyword's own concept only (reader3's report, items 1 and
8): `keyword_aliases` loses the aliases `kept_alias` does not keep (frozen in `rules_0044`), the phrases
nested in a keyword or around it on one paper (`deep reinforcement learning` of `deep learning`,
`supervised learning` of `self-supervised learning`), which `?_keyword=` and `papers_by_keyword`
read as another name of it. A load keeps the same aliases (`etl.load.rows.paper_rows`); nothing
else changes (the similarity's short forms are all kept). No schema change; the rows are dropped
on SQLite and PostgreSQL alike, and a downgrade leaves them dropped (the next load under the old
rules writes them again).

Revision ID: 0044
Revises: 0043
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0044.aliases import kept_alias

revision = "0044"
down_revision = "0043"
branch_labels = None
depends_on = None

ALIASES = "SELECT a.keyword_id, a.alias, k.normalised FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id"
DROP = "DELETE FROM keyword_aliases WHERE keyword_id = :keyword_id AND alias = :alias"


def upgrade() -> None:
    conn = op.get_bind()
    dropped = [
        {"keyword_id": keyword_id, "alias": alias}
        for keyword_id, alias, key in conn.execute(sa.text(ALIASES))
        if not kept_alias(key, alias)
    ]
    if dropped:
        conn.execute(sa.text(DROP), dropped)


def downgrade() -> None:
    pass  # (the aliases dropped were never another name of their keyword)
