"""comparison operators are part of a paper's id (`a < b` is not `a > b`): papers whose
abstract has one are re-keyed, and their former ids kept in paper_former_ids

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite
from etl.migrations.rules_0014.identity import OPERATORS, normalise_abstract, paper_id

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

# Abstracts that may hold an operator: its signs, its spellings in HTML entities and LaTeX.
MAY_CHANGE = (
    "SELECT id, abstract FROM papers WHERE abstract GLOB '*[<>=≤≥≠≪≫]*'"
    " OR instr(abstract, '&') OR instr(abstract, '\\')"
)
MAY_CHANGE_PG = "SELECT id, abstract FROM papers WHERE abstract ~ '[<>=≤≥≠≪≫&\\\\]'"


def upgrade() -> None:
    op.create_table(
        "paper_former_ids",
        sa.Column("former_id", sa.String(length=16), nullable=False, comment="The paper's earlier papers.id"),
        sa.Column("paper_id", sa.String(length=16), nullable=False, comment="papers.id: its id now"),
        sa.Column("revision", sa.Text(), nullable=False, comment="The schema revision that changed it"),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["papers.id"],
            name=op.f("fk_paper_former_ids_paper_id_papers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("former_id", name=op.f("pk_paper_former_ids")),
        comment="Ids papers had before a change of the normalisation (to join data keyed by them).",
    )
    with op.batch_alter_table("paper_former_ids", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_paper_former_ids_paper_id"), ["paper_id"], unique=False)
    conn = op.get_bind()
    changed = _rekey(conn, _id_now)
    if changed:
        conn.execute(
            sa.text(
                "INSERT INTO paper_former_ids VALUES (:old, :new, '0014')"
                " ON CONFLICT (former_id) DO UPDATE SET paper_id = excluded.paper_id, revision = excluded.revision"
            ),
            changed,
        )


def _rekey(conn: sa.Connection, key) -> list[dict[str, str]]:
    """Give every paper whose abstract may hold an operator the id `key(abstract)`. Either way
    no two papers end up with one id: today's normalisation only splits what the old one merged,
    and each paper is one stored abstract."""
    query = MAY_CHANGE if on_sqlite() else MAY_CHANGE_PG
    changed = [{"old": old, "new": new} for old, abstract in conn.exec_driver_sql(query) if (new := key(abstract)) != old]
    if not changed:
        return changed
    if not on_sqlite():  # PostgreSQL databases are first made by a release that already has this revision
        raise RuntimeError("papers to re-key on PostgreSQL: load the sources into a new database instead")
    children = [
        name
        for (name,) in conn.exec_driver_sql(
            "SELECT m.name FROM sqlite_master m, pragma_foreign_key_list(m.name) f"
            " WHERE m.type = 'table' AND f.\"table\" = 'papers' AND f.\"from\" = 'paper_id'"
            " AND m.name != 'paper_former_ids' ORDER BY m.name"
        )
    ]
    conn.exec_driver_sql("PRAGMA defer_foreign_keys = ON")  # children and papers change in one transaction
    for table in children:
        conn.execute(sa.text(f'UPDATE "{table}" SET paper_id = :new WHERE paper_id = :old'), changed)
    conn.execute(sa.text("UPDATE papers SET id = :new WHERE id = :old"), changed)
    return changed


def _id_now(abstract: str) -> str:
    return paper_id(abstract)


def _id_before(abstract: str) -> str:
    """The id revision 0013 gave: the same normal form without its operator words."""
    import hashlib

    words = " ".join(w for w in normalise_abstract(abstract).split() if w not in OPERATORS)
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:16]


def downgrade() -> None:
    _rekey(op.get_bind(), _id_before)
    with op.batch_alter_table("paper_former_ids", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_paper_former_ids_paper_id"))
    op.drop_table("paper_former_ids")
