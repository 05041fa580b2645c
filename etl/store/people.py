"""People and places: authors, their positions on papers, institutions and affiliations (Core tables)."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, text

from .base import metadata

authors = Table(
    "authors",
    metadata,
    Column("id", Integer, primary_key=True, comment="Author number"),
    Column("name", Text, nullable=False, comment="Display name (markup removed, ALL CAPS fixed)"),
    Column(
        "normalised",
        Text,
        nullable=False,
        unique=True,
        comment="Merge key: accents and case folded, nicknames dropped (docs/inputs.md)",
    ),
    Column("papers", Integer, nullable=False, index=True, comment="Number of papers by this author"),
    comment="Distinct authors, merged by normalised name.",
)

paper_authors = Table(
    "paper_authors",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column("position", Integer, primary_key=True, comment="1-based author position"),
    Column(
        "author_id",
        Integer,
        ForeignKey("authors.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="authors.id",
    ),
    Column("name", Text, nullable=False, comment="Display name (authors.name as in this paper)"),
    Column("name_raw", Text, nullable=False, comment="The name as the source wrote it"),
    comment="Authors of each paper in order, from the source chosen for its title.",
    sqlite_with_rowid=False,  # (stored in key order: the table is its key's index)
)

institutions = Table(
    "institutions",
    metadata,
    Column("id", Integer, primary_key=True, comment="Institution number"),
    Column(
        "name", Text, nullable=False, comment="The name most of its papers' sources give (paperlists aff_unique_norm)"
    ),
    Column(
        "normalised",
        Text,
        nullable=False,
        unique=True,
        comment="Merge key: case folded, `&` as `and`, punctuation and a leading `the` dropped",
    ),
    Column(
        "country",
        Text,
        nullable=True,
        index=True,
        comment="The country most of its papers' sources give, if any gives one",
    ),
    Column("papers", Integer, nullable=False, index=True, comment="Number of papers with an author affiliated with it"),
    comment="Distinct institutions authors are affiliated with, merged by normalised name.",
)

WRITTEN = (
    "The affiliation as this paper's source writes it, where it is filed under an institution it names otherwise"
    " (an address: `Department of ..., Carnegie Mellon University, Pittsburgh, PA, USA`; a department filed under"
    " its record's or author's institution; a JSON escape read back); else NULL"
)
paper_affiliations = Table(
    "paper_affiliations",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column(
        "position",
        Integer,
        primary_key=True,
        comment="The author's position (paper_authors.position); 0 for an institution the source gives for the paper"
        " without saying whose (paper_sources.institutions)",
    ),
    Column(
        "institution_id",
        Integer,
        ForeignKey("institutions.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
        comment="institutions.id",
    ),
    Column("order", Integer, nullable=False, comment="1-based order of the institution among the author's"),
    Column(
        "name",
        Text,
        nullable=False,
        server_default=text("''"),
        comment="The institution as this paper's source names it",
    ),
    Column("country", Text, nullable=True, comment="Its country as this paper's source gives it"),
    Column("written", Text, nullable=True, comment=WRITTEN),
    comment="The institutions each author of a paper gives (paper_authors row by paper_id and position; position 0:"
    " the paper's, the source not saying whose).",
    sqlite_with_rowid=False,  # (stored in key order: the table is its key's index)
)
