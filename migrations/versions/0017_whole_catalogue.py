"""the whole catalogue: papers without an abstract (abstract NULL), each record's own abstract,
venue and year in paper_sources, review ratings, confidence, citations, primary area and TL;DR
as columns of papers, and the records a load skipped or repaired in etl_runs

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import PG_VECTOR, on_sqlite
from etl.migrations.rules_0017.identity import paper_id  # (the normalisation this revision introduces)

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None

# SQLite cannot drop a NOT NULL constraint in place, and rebuilding papers would cascade its
# deletion to every child table (foreign keys are on in the load's transaction). Removing a NOT
# NULL constraint changes nothing on disk: SQLite documents editing the table's schema text for
# it ("Making Other Kinds Of Table Schema Changes"), which is what this does.
NULLABLE = {"abstract TEXT NOT NULL": "abstract TEXT", "abstract_sha256 VARCHAR(64) NOT NULL": "abstract_sha256 VARCHAR(64)"}

ABSTRACT_BEFORE = "Abstract as written, trimmed; hard-wrapped lines joined by one space"
ABSTRACT_NOW = (
    "Abstract for reading and search: as written, trimmed, hard-wrapped lines joined by one space, LaTeX text"
    " commands, TeX quotes and PDF debris cleaned (the text as written: paper_sources.abstract); NULL when no"
    " source gives one"
)
SHA_BEFORE = "SHA-256 (hex) of the abstract exactly as stored"
SHA_NOW = "SHA-256 (hex) of the abstract as its source wrote it, for verbatim matching with other data"
PAPER_COLUMNS = [
    ("rating_avg", sa.Double(), "Mean review rating the source gives (paperlists rating_avg; of [mean, std], the mean)"),
    ("confidence_avg", sa.Double(), "Mean reviewer confidence the source gives (paperlists confidence_avg)"),
    ("citations", sa.Integer(), "Citations a source counts (Google Scholar, paperlists gs_citation); NULL when unknown"),
    ("primary_area", sa.Text(), "The primary area the authors chose (OpenReview venues)"),
    ("tldr", sa.Text(), "The authors' one-sentence summary (TL;DR), where a source gives one"),
]
INDEXED = ("rating_avg", "citations", "primary_area")
RECORD_COLUMNS = [
    ("rating_avg", sa.Double(), "Mean review rating the record gives"),
    ("confidence_avg", sa.Double(), "Mean reviewer confidence the record gives"),
    ("citations", sa.Integer(), "Citations the record counts (NULL: unknown)"),
    ("primary_area", sa.Text(), "The primary area the record gives"),
    ("tldr", sa.Text(), "The TL;DR the record gives"),
]


def upgrade() -> None:
    if on_sqlite():
        _edit_table_sql("papers", NULLABLE)
    else:
        op.alter_column("papers", "abstract", nullable=True, comment=ABSTRACT_NOW, existing_comment=ABSTRACT_BEFORE)
        op.alter_column("papers", "abstract_sha256", nullable=True, comment=SHA_NOW, existing_comment=SHA_BEFORE)
        op.execute(PG_VECTOR.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION").replace(
            "to_tsvector('english', abstract)", "to_tsvector('english', coalesce(abstract, ''))"
        ))
    for name, kind, comment in PAPER_COLUMNS:
        op.add_column("papers", sa.Column(name, kind, nullable=True, comment=comment))
    for name in INDEXED:
        op.create_index(f"ix_papers_{name}", "papers", [name])
    # a paper without an abstract is found by title, venue and year at once (merging.MATCHES)
    op.drop_index("ix_papers_title_key", table_name="papers")
    op.create_index("ix_papers_title_key_venue_year", "papers", ["title_key", "venue", "year"])
    op.add_column(
        "paper_sources",
        sa.Column(
            "abstract",
            sa.Text(),
            nullable=True,
            comment="The record's abstract as written, where it differs from papers.abstract (else NULL)",
        ),
    )
    op.add_column(
        "paper_sources",
        sa.Column(
            "has_abstract",
            sa.Boolean(),
            server_default=sa.true(),
            nullable=False,
            comment="Whether the record gives an abstract (a title alone, or a placeholder such as TBD, does not)",
        ),
    )
    op.add_column(
        "paper_sources",
        sa.Column("venue", sa.Text(), nullable=True, comment="The venue the record gives (its own, else its file's)"),
    )
    op.add_column(
        "paper_sources",
        sa.Column("year", sa.Integer(), nullable=True, comment="The year the record gives (its own, else its file's)"),
    )
    for name, kind, comment in RECORD_COLUMNS:
        op.add_column("paper_sources", sa.Column(name, kind, nullable=True, comment=comment))
    # Records loaded before gave their paper's venue and year unless their file named others.
    op.execute(
        "UPDATE paper_sources SET"
        " venue = coalesce((SELECT s.venue FROM sources s WHERE s.id = paper_sources.source_id),"
        " (SELECT p.venue FROM papers p WHERE p.id = paper_sources.paper_id)),"
        " year = coalesce((SELECT s.year FROM sources s WHERE s.id = paper_sources.source_id),"
        " (SELECT p.year FROM papers p WHERE p.id = paper_sources.paper_id))"
    )
    _rekey(op.get_bind())
    # Every file is read again by the next load that names it: records without an abstract, the
    # scores and each record's own text are there to be kept, and abstracts are stored cleaned.
    op.execute("UPDATE sources SET sha256 = 'read again: ' || sha256 WHERE sha256 NOT LIKE 'read again: %'")
    for name, comment in (
        ("records_skipped", "Records the load could not use (no title and no abstract, not an object, ...)"),
        ("records_repaired", "Records the load stored after a repair (a NUL removed, a field of the wrong type dropped, ...)"),
    ):
        op.add_column(
            "etl_runs", sa.Column(name, sa.Integer(), server_default=sa.text("0"), nullable=False, comment=comment)
        )


def downgrade() -> None:
    for name in ("records_repaired", "records_skipped"):
        op.drop_column("etl_runs", name)
    for name in (*(name for name, _, _ in reversed(RECORD_COLUMNS)), "year", "venue", "has_abstract", "abstract"):
        op.drop_column("paper_sources", name)
    op.drop_index("ix_papers_title_key_venue_year", table_name="papers")
    op.create_index("ix_papers_title_key", "papers", ["title_key"])
    for name in INDEXED:
        op.drop_index(f"ix_papers_{name}", table_name="papers")
    for name, _, _ in reversed(PAPER_COLUMNS):
        op.drop_column("papers", name)
    op.execute("DELETE FROM papers WHERE abstract IS NULL")  # (papers 0016 cannot hold)
    if on_sqlite():
        _edit_table_sql("papers", {after: before for before, after in NULLABLE.items()})
    else:
        op.execute(PG_VECTOR.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"))
        op.alter_column("papers", "abstract_sha256", nullable=False, comment=SHA_BEFORE, existing_comment=SHA_NOW)
        op.alter_column("papers", "abstract", nullable=False, comment=ABSTRACT_BEFORE, existing_comment=ABSTRACT_NOW)


# Abstracts whose id the normalisation of this revision may change: invisible format characters
# (zero-width spaces, soft hyphens) inside a word are no longer word breaks. Such a character is
# not ASCII, or is written as an HTML entity.
MAY_CHANGE = "SELECT id, abstract FROM papers WHERE abstract IS NOT NULL AND (abstract GLOB '*[^ -~]*' OR instr(abstract, '&'))"
MAY_CHANGE_PG = "SELECT id, abstract FROM papers WHERE abstract IS NOT NULL AND abstract ~ '[^ -~]|&'"
CHILDREN = ("paper_sources", "paper_links", "paper_keywords", "paper_ids", "paper_authors", "paper_affiliations")
COPY_COLUMNS = (
    "venue, year, title, abstract, abstract_sha256, added_at, updated_at, code_status, keywords, topics,"
    " title_raw, title_key, authors, url, text_source_id, title_source_id, decision, presentation, track,"
    " author_keywords"
)


def _rekey(conn) -> None:
    """Give each paper whose abstract's id changes its new id; where a paper has that id already,
    its records join it (the next load redoes what was derived from them). The old ids stay
    resolvable in paper_former_ids."""
    query = MAY_CHANGE if on_sqlite() else MAY_CHANGE_PG
    changes = [(old, new) for old, abstract in conn.exec_driver_sql(query) if (new := paper_id(abstract)) != old]
    for old, new in changes:
        params = {"old": old, "new": new}
        exists = conn.execute(sa.text("SELECT 1 FROM papers WHERE id = :new"), params).first()
        if exists:
            conn.execute(sa.text("UPDATE paper_sources SET paper_id = :new WHERE paper_id = :old"), params)
        else:
            conn.execute(
                sa.text(f"INSERT INTO papers (id, {COPY_COLUMNS}) SELECT :new, {COPY_COLUMNS} FROM papers WHERE id = :old"),
                params,
            )
            for table in CHILDREN:
                conn.execute(sa.text(f"UPDATE {table} SET paper_id = :new WHERE paper_id = :old"), params)
        conn.execute(sa.text("UPDATE paper_former_ids SET paper_id = :new WHERE paper_id = :old"), params)
        conn.execute(sa.text("DELETE FROM papers WHERE id = :old"), params)
        conn.execute(
            sa.text(
                "INSERT INTO paper_former_ids VALUES (:old, :new, '0017')"
                " ON CONFLICT (former_id) DO UPDATE SET paper_id = excluded.paper_id, revision = excluded.revision"
            ),
            params,
        )


def _edit_table_sql(table: str, replacements: dict[str, str]) -> None:
    """Replace parts of a SQLite table's CREATE statement that do not change how its rows are
    stored, inside the migration's transaction (the schema version is bumped, as SQLite asks)."""
    conn = op.get_bind()
    sql = conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)).scalar()
    edited = sql
    for before, after in replacements.items():
        if before not in edited:
            raise RuntimeError(f"{table}: {before!r} is not in its schema; was it made by paperdb?")
        edited = edited.replace(before, after, 1)
    version = conn.exec_driver_sql("PRAGMA schema_version").scalar()
    conn.exec_driver_sql("PRAGMA writable_schema = ON")
    try:
        conn.exec_driver_sql("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", (edited, table))
        conn.exec_driver_sql(f"PRAGMA schema_version = {version + 1}")
    finally:
        conn.exec_driver_sql("PRAGMA writable_schema = OFF")
