"""papers.abstract is the abstract as its source wrote it again (as the public contract says:
trimmed, hard-wrapped lines joined), so that it matches other data verbatim; where cleaning for
reading and search changes it (LaTeX text commands, TeX quotes, PDF debris: about one abstract in
eight), the cleaned text is papers.abstract_clean (else NULL). The view papers_text gives every
paper's cleaned text (`coalesce(abstract_clean, abstract)`): the words index of the `search`
query (papers_fts_words) is remade over it; papers_fts, the search box's index, stays over the
abstract as written. paper_sources.abstract still keeps a record's text where it differs from the
paper's, now the paper's text as written.

Revision ID: 0024
Revises: 0023
Create Date: 2026-12-02
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import PG_UNLESS_DEFERRED, on_sqlite

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

ABSTRACT_BEFORE = (
    "Abstract for reading and search: as written, trimmed, hard-wrapped lines joined by one space, LaTeX text"
    " commands, TeX quotes and PDF debris cleaned (the text as written: paper_sources.abstract); NULL when no source"
    " gives one"
)
ABSTRACT_NOW = (
    "Abstract as its source wrote it: trimmed, hard-wrapped lines joined by one space (papers.id and abstract_sha256"
    " are of this text); NULL when no source gives one"
)
CLEAN = (
    "The abstract cleaned for reading and search, where cleaning changes it (LaTeX text commands, TeX quotes and"
    " PDF debris; inline math, Markdown and URLs kept for the renderer), else NULL: coalesce(abstract_clean,"
    " abstract), or the view papers_text, is every paper's cleaned text"
)
RECORD_BEFORE = "The record's abstract as written, where it differs from papers.abstract (else NULL)"
RECORD_NOW = "The record's abstract as written, where it differs from papers.abstract (the paper's as written; else NULL)"
OFFSET_BEFORE = "Character offset of the link in the abstract; -1, -2, ... for the links sources give"
OFFSET_NOW = "Character offset of the link in the cleaned abstract (papers_text); -1, -2, ... for the links sources give"

UNLESS_DEFERRED = "WHEN NOT EXISTS (SELECT 1 FROM etl_flags WHERE name = 'fts_deferred')"
# Every paper's cleaned text; the content of papers_fts_words, whose columns it names.
TEXT_VIEW = """CREATE VIEW papers_text AS
SELECT pk, id, title, coalesce(abstract_clean, abstract) AS abstract_clean, keywords, author_keywords FROM papers"""
# papers_fts (Datasette's search box: the contract's `FTS5 over papers (title, abstract, keywords)`)
# stays over the abstract as written; papers_fts_words, which the `search` query ranks with and
# shows snippets of, is remade over papers_text (revision 0018 made it over papers).
WORDS = "papers_fts_words"
TOKENS = "tokenize='unicode61 remove_diacritics 2'"
COLUMNS = "title, {abstract}, keywords, author_keywords"
CLEANED = "coalesce({row}.abstract_clean, {row}.abstract)"


def _create_words_index(cleaned: bool) -> None:
    """papers_fts_words over papers_text (`cleaned`) or, as revision 0018 made it, over papers."""
    listed = COLUMNS.format(abstract="abstract_clean" if cleaned else "abstract")
    content = "papers_text" if cleaned else "papers"

    def values(row: str) -> str:
        text = CLEANED.format(row=row) if cleaned else f"{row}.abstract"
        return f"{row}.title, {text}, {row}.keywords, {row}.author_keywords"

    op.execute(f"CREATE VIRTUAL TABLE {WORDS} USING fts5({listed}, content='{content}', content_rowid='pk', {TOKENS})")
    op.execute(f"INSERT INTO {WORDS} ({WORDS}) VALUES ('rebuild')")
    delete = f"INSERT INTO {WORDS} ({WORDS}, rowid, {listed}) VALUES ('delete', old.pk, {values('old')});"
    insert = f"INSERT INTO {WORDS} (rowid, {listed}) VALUES (new.pk, {values('new')});"
    watched = COLUMNS.format(abstract="abstract, abstract_clean" if cleaned else "abstract")
    op.execute(f"CREATE TRIGGER {WORDS}_insert AFTER INSERT ON papers {UNLESS_DEFERRED} BEGIN {insert} END")
    op.execute(f"CREATE TRIGGER {WORDS}_delete AFTER DELETE ON papers {UNLESS_DEFERRED} BEGIN {delete} END")
    op.execute(
        f"CREATE TRIGGER {WORDS}_update AFTER UPDATE OF {watched} ON papers {UNLESS_DEFERRED} BEGIN {delete} {insert} END"
    )


def _drop_words_index() -> None:
    for trigger in ("insert", "delete", "update"):
        op.execute(f"DROP TRIGGER {WORDS}_{trigger}")
    op.execute(f"DROP TABLE {WORDS}")


# PostgreSQL: papers_search as on SQLite, the stemmed search_vector (papers_fts) of the abstract as
# written, words_vector (papers_fts_words) of the cleaned text. Switched before the texts are
# rewritten, so that the rewrite's trigger makes each vector from what it now reads.
PG_SYNC = """CREATE OR REPLACE FUNCTION papers_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    {unless_deferred}
    INSERT INTO papers_search (pk, search_vector, words_vector)
    VALUES (NEW.pk, papers_search_vector(NEW.title, NEW.keywords, NEW.abstract),
            papers_words_vector(NEW.title, NEW.keywords, NEW.author_keywords, {words}))
    ON CONFLICT (pk) DO UPDATE SET search_vector = excluded.search_vector, words_vector = excluded.words_vector;
    RETURN NULL;
END
$$"""
PG_TRIGGER = (
    "CREATE TRIGGER papers_search_sync AFTER INSERT OR UPDATE OF {columns}"
    " ON papers FOR EACH ROW EXECUTE FUNCTION papers_search_sync()"
)


def _pg_sync(cleaned: bool) -> None:
    words = CLEANED.format(row="NEW") if cleaned else "NEW.abstract"
    op.execute("DROP TRIGGER papers_search_sync ON papers")
    op.execute(PG_SYNC.format(unless_deferred=PG_UNLESS_DEFERRED, words=words))
    op.execute(PG_TRIGGER.format(columns=COLUMNS.format(abstract="abstract, abstract_clean" if cleaned else "abstract")))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _as_written() -> None:
    """Each paper's abstract as written: where the stored (cleaned) text is not the text its
    SHA-256 is of, the record's own text that is; records that had the cleaned text (NULL) now
    differ from the paper's and keep it, and the record of the text as written has the paper's."""
    conn = op.get_bind()
    cleaned = conn.execute(
        sa.text("SELECT id, abstract, abstract_sha256 FROM papers WHERE abstract IS NOT NULL")
    ).fetchall()
    changed = [(pid, text, digest) for pid, text, digest in cleaned if _sha256(text) != digest]
    select = sa.text(
        "SELECT source_id, position, abstract FROM paper_sources WHERE paper_id = :pid AND has_abstract"
        " ORDER BY source_id, position"
    )
    for pid, text, digest in changed:
        records = conn.execute(select, {"pid": pid}).fetchall()
        written = next((own for _, _, own in records if own is not None and _sha256(own) == digest), None)
        if written is None:
            continue  # (no record has it: the cleaned text stays the paper's)
        conn.execute(
            sa.text("UPDATE papers SET abstract = :written, abstract_clean = :text WHERE id = :pid"),
            {"written": written, "text": text, "pid": pid},
        )
        for source_id, position, own in records:
            kept = text if own is None else (None if own == written else own)
            if kept != own:
                conn.execute(
                    sa.text("UPDATE paper_sources SET abstract = :own WHERE source_id = :s AND position = :p"),
                    {"own": kept, "s": source_id, "p": position},
                )


def _as_cleaned() -> None:
    """The inverse of `_as_written`: the cleaned text back in papers.abstract, records as before."""
    conn = op.get_bind()
    rows = conn.execute(
        sa.text("SELECT id, abstract, abstract_clean FROM papers WHERE abstract_clean IS NOT NULL")
    ).fetchall()
    select = sa.text("SELECT source_id, position, abstract FROM paper_sources WHERE paper_id = :pid AND has_abstract")
    for pid, written, clean in rows:
        for source_id, position, own in conn.execute(select, {"pid": pid}).fetchall():
            kept = written if own is None else (None if own == clean else own)
            if kept != own:
                conn.execute(
                    sa.text("UPDATE paper_sources SET abstract = :own WHERE source_id = :s AND position = :p"),
                    {"own": kept, "s": source_id, "p": position},
                )
    conn.execute(sa.text("UPDATE papers SET abstract = abstract_clean WHERE abstract_clean IS NOT NULL"))


def upgrade() -> None:
    if on_sqlite():
        _drop_words_index()
    op.add_column("papers", sa.Column("abstract_clean", sa.Text(), nullable=True, comment=CLEAN))
    if not on_sqlite():
        _pg_sync(cleaned=True)
        op.alter_column("papers", "abstract", comment=ABSTRACT_NOW, existing_comment=ABSTRACT_BEFORE)
        op.alter_column("paper_sources", "abstract", comment=RECORD_NOW, existing_comment=RECORD_BEFORE)
        op.alter_column("paper_links", "offset", comment=OFFSET_NOW, existing_comment=OFFSET_BEFORE)
    _as_written()
    op.execute(TEXT_VIEW)
    if on_sqlite():  # (SQLite keeps no comments; papers_fts's triggers followed the rewrite)
        _create_words_index(cleaned=True)


def downgrade() -> None:
    if on_sqlite():
        _drop_words_index()
    else:
        _pg_sync(cleaned=False)
        op.alter_column("papers", "abstract", comment=ABSTRACT_BEFORE, existing_comment=ABSTRACT_NOW)
        op.alter_column("paper_sources", "abstract", comment=RECORD_BEFORE, existing_comment=RECORD_NOW)
        op.alter_column("paper_links", "offset", comment=OFFSET_BEFORE, existing_comment=OFFSET_NOW)
    op.execute("DROP VIEW papers_text")
    _as_cleaned()
    op.execute("ALTER TABLE papers DROP COLUMN abstract_clean")  # (never a batch copy of papers: see 0002)
    if on_sqlite():
        _create_words_index(cleaned=False)
