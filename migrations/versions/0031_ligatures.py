"""Ligatures are letters: the cleaned abstract and the title of a paper whose text has Unicode's
Latin ligatures (`efﬁcient`, from the PDF text of old papers: 643 abstracts and 6 titles of the
catalogue) spell them as letters, as `etl.text.debris.repair` now does, so that the words read,
are found by the `search` query (papers_fts_words is over the cleaned text; its trigger updates
it) and are counted once by keywords (the next load or `paperdb rescore` re-extracts: the rules'
fingerprint includes the cleaning). The abstract as written is unchanged; ids are of its NFKC
form, which already read ligatures as letters. Plain SQL, so it stays what it is today.

Revision ID: 0031
Revises: 0030
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None

LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}


def _spelt(expression: str) -> str:
    for ligature, letters in LIGATURES.items():
        expression = f"replace({expression}, '{ligature}', '{letters}')"
    return expression


def _having_one(column: str) -> str:
    return "(" + " OR ".join(f"{column} LIKE '%{ligature}%'" for ligature in LIGATURES) + ")"


def upgrade() -> None:
    op.execute(
        f"UPDATE papers SET abstract_clean = {_spelt('coalesce(abstract_clean, abstract)')}"
        f" WHERE {_having_one('coalesce(abstract_clean, abstract)')}"
    )
    op.execute(f"UPDATE papers SET title = {_spelt('title')} WHERE {_having_one('title')}")


def downgrade() -> None:
    pass  # (the letters are what the text means; the text as written keeps its ligatures)
