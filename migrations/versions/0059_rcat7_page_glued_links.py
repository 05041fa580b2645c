"""records whose code link has the paper's first page run on after it are read again: ACL 2022's
`github` `https://github.com/xinsu626/SourceFreeDomainAdaptation8352`, its BibTeX `pages =
"8352--8367"`, is `.../SourceFreeDomainAdaptation` (`etl.sources.paperlists.page_unglued`; 38
records of the catalogue, in ACL 2022, NAACL 2022 and NAACL 2024: every one a dead link under
`released`). The sources holding a link a source gave that ends with its record's first page (of two
digits or more, after no digit) are read again by the next load that names them, as revision 0058
had its own. The rule is written here, not imported. On SQLite and PostgreSQL alike.

Revision ID: 0059
Revises: 0058
Create Date: 2026-12-06
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again
from etl.migrations.rules_0049.record_extra import unpack_extra

revision = "0059"
down_revision = "0058"
branch_labels = None
depends_on = None

# The links sources gave that end with two digits or more after a character that is no digit.
LINKS = """SELECT l.paper_id, l.source_id, l.url, l.path FROM paper_links l
WHERE l.source_id IS NOT NULL AND l.kind = 'repo'"""
EXTRA = "SELECT extra FROM paper_sources WHERE paper_id = :paper AND source_id = :source AND extra IS NOT NULL"
GLUED = re.compile(r"[^0-9/=.]([0-9]{2,})/?$")
FIRST_PAGE = re.compile(r"\bpages\s*=[\s{\"]*([0-9]+)")


def upgrade() -> None:
    conn = op.get_bind()
    read_again = set()
    for paper_id, source_id, url, path in conn.execute(sa.text(LINKS)).fetchall():
        glued = GLUED.search(url + ("/" + path if path else ""))
        if glued is None or source_id in read_again:
            continue
        for (extra,) in conn.execute(sa.text(EXTRA), {"paper": paper_id, "source": source_id}):
            bibtex = json.loads(unpack_extra(extra)).get("bibtex")
            page = FIRST_PAGE.search(bibtex) if isinstance(bibtex, str) else None
            if page and glued[1].endswith(page[1]):
                read_again.add(source_id)
    mark_read_again(conn, sorted(read_again))


def downgrade() -> None:
    pass  # (the sources read again are right under 0058's rules too)
