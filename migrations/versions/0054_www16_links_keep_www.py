"""a link to a host the hosts table does not list keeps the `www.` it was written with
(`https://www.robots.ox.ac.uk/...`, not `https://robots.ox.ac.uk/...`: a university's bare host
often answers nothing; the sixth reader's report). `paper_links.url` of such a link gets it back
where its raw text has it, as a load now derives it (`etl.extract.links.classify`; the hosts table
is revision 0036's frozen copy, today's); `url_key` and `host`, which drop `www.`, stay as they
are, and so do the hosts the table lists (GitHub, YouTube, ...: their canonical form is without it). Down, every `www.` goes again, as before this revision.
On SQLite and PostgreSQL alike.

Revision ID: 0054
Revises: 0053
Create Date: 2026-12-06
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.rules_0036.hosts import match_host  # (the hosts table as it is now)

revision = "0054"
down_revision = "0053"
branch_labels = None
depends_on = None

CANDIDATES = """SELECT paper_id, "offset", url, raw, host, path FROM paper_links
    WHERE kind = 'other' AND url NOT LIKE 'https://www.%' AND url NOT LIKE 'http://www.%' AND lower(raw) LIKE '%www.%'"""
# A raw link whose host is written with `www.` (after its scheme, as etl.extract.links._URL reads one).
WRITTEN_WWW = re.compile(r"(?:https?\ ?:{1,2}\ ?/{1,3}\ ?|//\ ?)?www\.", re.IGNORECASE)
SET = """UPDATE paper_links SET url = :url WHERE paper_id = :paper_id AND "offset" = :offset"""


def upgrade() -> None:
    conn = op.get_bind()
    changed = [
        {"paper_id": pid, "offset": offset, "url": url.replace("://", "://www.", 1)}
        for pid, offset, url, raw, host, path in conn.execute(sa.text(CANDIDATES)).all()
        if WRITTEN_WWW.match(raw) and match_host(host, [p for p in (path or "").split("/") if p]) is None
    ]
    if changed:
        conn.execute(sa.text(SET), changed)


def downgrade() -> None:
    conn = op.get_bind()
    for scheme in ("https://", "http://"):  # (the host right after the scheme; a query's `www.` stays)
        rest = len(scheme) + len("www.") + 1
        conn.execute(
            sa.text(f"UPDATE paper_links SET url = '{scheme}' || substr(url, {rest}) WHERE url LIKE '{scheme}www.%'")
        )
