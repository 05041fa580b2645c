"""similar papers kept exactly by later loads: each paper's vector as they were compared
(similar_vectors: its distinctive terms' weights, topic vector and floor) and a number for each
term of similar_terms, so a load finds again only the lists its changes reach, and finds what a
computation over every paper gives. The terms are numbered in their order (as a load numbers
them); the vectors are left to the next load that changes something, which computes every list
and vector afresh, as a cold load does: this revision marks the kept computation as one of other
rules (similar_scoring.fingerprint), the mechanism every change of the similar rules goes through.
(Computing them here took the similar rules' live code, and 1.3 GB for the catalogue where a load
takes 0.6; until that load the lists stay as they were.) Down, the vectors go and the rest stays.

Revision ID: 0034
Revises: 0033
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None

TERM = (
    "A word (case folded, singular), two words next to each other in a title with a space between"
    " (`policy gradient`), or, after `=`, a keyword's merge key (keywords.normalised)"
)
TERMS_COMMENT = (
    "What the last full computation of similar_papers weighed terms with: document frequencies and"
    " topic basis; a load between computations scores its new papers against them."
)


def _terms(number: bool) -> None:
    """similar_terms made again with or without `number`, its rows kept (numbered in term order)."""
    kept = op.get_bind().execute(sa.text("SELECT term, papers, topic FROM similar_terms")).fetchall()
    op.drop_table("similar_terms")
    columns = [
        sa.Column("term", sa.Text(), nullable=False, comment=TERM),
        sa.Column("papers", sa.Integer(), nullable=False, comment="Papers that have the term (two or more)"),
    ]
    if number:
        columns.append(
            sa.Column("number", sa.Integer(), nullable=False, comment="The term's number in similar_vectors.terms")
        )
    columns.append(
        sa.Column(
            "topic",
            sa.LargeBinary(),
            nullable=True,
            comment="The term's row of the topic basis (float32, little-endian), for the terms the topics are made of",
        )
    )
    table = op.create_table(
        "similar_terms",
        *columns,
        sa.PrimaryKeyConstraint("term", name=op.f("pk_similar_terms")),
        comment=TERMS_COMMENT,
        sqlite_with_rowid=False,
    )
    rows = [{"term": t, "papers": n, "topic": None if b is None else bytes(b)} for t, n, b in sorted(kept)]  # (Python's order, as loads number)
    if number:
        for k, row in enumerate(rows):
            row["number"] = k
    if rows:
        op.bulk_insert(table, rows)


# Not the fingerprint of any rules: the next load that changes something computes everything afresh.
MARK = "UPDATE similar_scoring SET fingerprint = 'revision 0034: vectors to compute'"


def upgrade() -> None:
    _terms(number=True)
    op.create_table(
        "similar_vectors",
        sa.Column("paper_id", sa.String(length=16), nullable=False, comment="papers.id"),
        sa.Column(
            "terms",
            sa.LargeBinary(),
            nullable=False,
            comment="Its distinctive terms (similar_terms.number, uint32, little-endian), in the order its sums follow",
        ),
        sa.Column(
            "weights",
            sa.LargeBinary(),
            nullable=False,
            comment="Its TF-IDF weight of each of them (float32, little-endian; the whole vector has length 1)",
        ),
        sa.Column(
            "topic", sa.LargeBinary(), nullable=False, comment="Its topic vector (float32, little-endian; length 1 or 0)"
        ),
        sa.Column(
            "floor",
            sa.Double(),
            nullable=False,
            comment="The distinctive part of its last candidate when more papers share a term with it than it scores,"
            " else 0: a paper whose part with it is below this cannot change its list",
        ),
        sa.PrimaryKeyConstraint("paper_id", name=op.f("pk_similar_vectors")),
        comment="Each paper as similar_papers compared it, against the statistics of the last full computation: what"
        " a later load finds the lists its changes reach with (docs/evolution.md).",
        sqlite_with_rowid=False,
    )
    op.execute(MARK)


def downgrade() -> None:
    op.drop_table("similar_vectors")
    _terms(number=False)
