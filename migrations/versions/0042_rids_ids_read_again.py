"""records whose ids or text the rules of the reader's report (reader2: items 3, 9 and 11) read
otherwise are read again: a PMLR address or PMLR BibTeX entry gives the paper's PMLR key
(`pmlr-v13-kaelin10a`, `paper_ids.scheme` `pmlr`); a chapter's DOI cut by a space before its number
(ECCV 2022: `.../978-3-031-19830-4 _37`, read as the volume's DOI) is joined; IEEE Xplore's
`/spl sigma/`, `/sub 1/` and `/sup TM/` in a title or abstract are read as the characters they
stand for (`etl.text.ieee`). The sources holding such a record are read again by the next load
that names them, as revisions 0026, 0035 and 0037 had theirs; that load makes their papers' ids
and text as a cold load does. The shapes are found by patterns wider than the rules, written here
(a source read again that did not need it costs a re-read, never a row). No schema change but
`paper_ids.scheme`'s comment, which names `acl_anthology` now (a server keeps comments); on SQLite
and PostgreSQL alike.

Revision ID: 0042
Revises: 0041
Create Date: 2026-12-05
"""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from alembic import op

from etl.migrations.read_again import mark_read_again

from etl.migrations.dialect import on_sqlite

revision = "0042"
down_revision = "0041"
branch_labels = None
depends_on = None

# Records with a PMLR address or entry, a Springer book's DOI, or IEEE Xplore's markup in their
# paper's title or text: each read below.
RECORDS = """SELECT ps.source_id, ps.url, ps.extra, ps.ids, p.title, coalesce(p.abstract_clean, p.abstract)
FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
WHERE ps.url LIKE '%mlr.press%' OR ps.extra LIKE '%mlr.press%' OR ps.extra LIKE '%pmlr-v%'
OR ps.ids LIKE '%10.1007/978-%' OR p.title LIKE '%/s%' OR coalesce(p.abstract_clean, p.abstract) LIKE '%/s%'"""
# The shapes the rules of this revision read otherwise (wider than the rules): a PMLR address or
# entry in a record that gave no PMLR key, a Springer book's DOI without a chapter's number, IEEE
# Xplore's markup left in a paper's title or text.
PMLR = re.compile(r"mlr\.press|pmlr-v", re.IGNORECASE)
VOLUME_DOI = re.compile(r"10\.1007/978-[0-9-]+(?![0-9_-])")
IEEE = re.compile(r"/s(?:pl|ub|up) [^/\s]")
SCHEME_BEFORE = "icml_poster, openreview, pmlr, arxiv, doi, bibtex_key, semantic_scholar"
SCHEME_NOW = "icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, bibtex_key, semantic_scholar"


def upgrade() -> None:
    conn = op.get_bind()
    read_again = sorted({row[0] for row in conn.execute(sa.text(RECORDS)) if _reads_otherwise(*map(_text, row[1:]))})
    mark_read_again(conn, read_again)
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("paper_ids", "scheme", comment=SCHEME_NOW, existing_comment=SCHEME_BEFORE, existing_type=sa.String())


def _text(value) -> str:
    """A stored JSON column as text (SQLite gives the text, a server's JSON type the value)."""
    return "" if value is None else value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _reads_otherwise(url: str, extra: str, ids: str, title: str, text: str) -> bool:
    no_pmlr_key = (PMLR.search(url) or PMLR.search(extra)) and '"pmlr"' not in ids
    return bool(no_pmlr_key or VOLUME_DOI.search(ids) or IEEE.search(title) or IEEE.search(text))


def downgrade() -> None:
    # (the sources read again are right under 0037's rules too)
    if not on_sqlite():
        op.alter_column("paper_ids", "scheme", comment=SCHEME_BEFORE, existing_comment=SCHEME_NOW, existing_type=sa.String())
