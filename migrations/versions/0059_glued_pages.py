"""records whose code or project link has the paper's first page glued to its end are read again:
ACL 2022, NAACL 2022 and NAACL 2024 give `github.com/xinsu626/SourceFreeDomainAdaptation8352` for a
paper of pages 8352--8367 (the PDF's footer read into the address: a repository that does not
exist, shown as the paper's released code); the reader now drops the page
(`etl.sources.paperlists.without_glued_page`). The sources holding such a record are read again by
the next load that names them, as revision 0058 had its own; that load links the repository as a
cold load does. The records are found by a rule wider than the reader's, written here: a link the
record gives that ends in the first page its BibTeX entry's `pages` gives (3 of the catalogue's
240 files, 47 links). On SQLite and PostgreSQL alike.

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

RECORDS = "SELECT source_id, links, extra FROM paper_sources WHERE links IS NOT NULL AND extra IS NOT NULL"
FIRST_PAGE = re.compile(r"\bpages\s*=[\s{\"]*([0-9]+)", re.IGNORECASE)


def upgrade() -> None:
    conn = op.get_bind()
    read_again = set()
    for source_id, links, extra in conn.execute(sa.text(RECORDS)):
        if source_id in read_again:
            continue
        links = json.loads(links) if isinstance(links, str) else links
        extra = extra if isinstance(extra, dict) else json.loads(unpack_extra(extra))
        page = FIRST_PAGE.search(str(extra.get("bibtex") or "")) if isinstance(extra, dict) else None
        if page and any(isinstance(link, str) and link.rstrip("/").endswith(page[1]) for link in links or ()):
            read_again.add(source_id)
    mark_read_again(conn, sorted(read_again))


def downgrade() -> None:
    pass  # (the sources read again are right under 0058's rules too)
