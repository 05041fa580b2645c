"""column comments as the models have them on PostgreSQL (SQLite keeps no comments, so earlier
revisions' wording stood there); the comment of paper_links

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None

# (table, column, comment before, comment now)
COMMENTS = [
    ('authors', 'normalised', 'Merge key: accents and case folded, nicknames dropped (README)', 'Merge key: accents and case folded, nicknames dropped (docs/inputs.md)'),
    ('institutions', 'name', 'Name as the sources normalise it (paperlists aff_unique_norm)', "The name most of its papers' sources give (paperlists aff_unique_norm)"),
    ('institutions', 'country', 'Country, where a source gives one', "The country most of its papers' sources give, if any gives one"),
    ('keywords', 'normalised', 'Merge key: case folded, hyphens as spaces, last word singular (README)', 'Merge key: case folded, hyphens as spaces, last word singular (docs/keywords.md)'),
    ('paper_keywords', 'kind', 'How it was found in this paper: method, acronym, phrase or topic', 'How it was found in this paper: method, acronym, phrase or topic; author when the authors chose it (beside the extracted row of the same keyword, if any)'),
    ('paper_keywords', 'score', 'Importance in this paper, higher is more important; comparable across kinds', 'Importance in this paper, higher is more important; comparable across kinds (author: 0, not ranked)'),
    ('paper_keywords', 'rank', '1-based rank by score within the paper', "1-based rank by score within the paper (author: the authors' order)"),
    ('paper_links', 'offset', 'Character offset of the link in the abstract', 'Character offset of the link in the abstract; -1, -2, ... for the links sources give'),
    ('paper_links', 'raw', 'The link as written in the abstract', 'The link as written in the abstract (or the source)'),
    ('paper_links', 'is_official', "1 when the abstract offers the link as its own code or data, 0 when it cites someone else's, NULL when the wording does not say", "1 when the abstract offers the link as its own code or data (or a source gives it as the paper's), 0 when it cites someone else's, NULL when the wording does not say"),
    ('papers', 'id', 'Stable key: first 16 hex digits of SHA-256 of the normalised abstract (README)', 'Stable key: first 16 hex digits of SHA-256 of the normalised abstract (docs/joins.md)'),
    ('papers', 'title', 'Title, NULL until a bibliographic source gives one', 'Title for display (markup removed), NULL until a bibliographic source gives one'),
    ('papers', 'topics', "JSON array of the paper's research topics; a copy of paper_keywords for facets", "JSON array of the paper's research topics, each once; a copy of paper_keywords for facets"),
    ('papers', 'title_raw', 'The chosen title as its source wrote it (LaTeX, braces); rule in README', 'The chosen title as its source wrote it (LaTeX, braces); rule in docs/inputs.md'),
    ('papers', 'title_key', 'Normalised title for joins: the abstract normalisation of README', 'Normalised title for joins: the abstract normalisation of docs/joins.md'),
    ('sources', 'format', 'Input format: listing', 'Input format: listing, icml-events, pmlr-bibtex, paperlists, csv or jsonl'),
    ('sources', 'papers', 'Number of abstracts in the file', 'Number of papers (abstracts) in the file'),
]
PAPER_LINKS_BEFORE = "Links cited in abstracts; GitHub ones in canonical form."  # (as revision 0002 made it)
PAPER_LINKS = "Links cited in abstracts or given by sources; GitHub ones in canonical form."


def _comment(table: str, column: str, text: str | None) -> None:
    quoted = "NULL" if text is None else "'" + text.replace("'", "''") + "'"
    op.execute(f'COMMENT ON COLUMN "{table}"."{column}" IS {quoted}')


def upgrade() -> None:
    if on_sqlite():
        return
    for table, column, _, now in COMMENTS:
        _comment(table, column, now)
    op.execute("COMMENT ON TABLE paper_links IS '" + PAPER_LINKS.replace("'", "''") + "'")


def downgrade() -> None:
    if on_sqlite():
        return
    for table, column, before, _ in COMMENTS:
        _comment(table, column, before)
    op.execute("COMMENT ON TABLE paper_links IS '" + PAPER_LINKS_BEFORE.replace("'", "''") + "'")
