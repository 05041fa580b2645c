"""The temporary tables a load stages rows in before SQL derives the stored ones: each paper's
ranked keywords, before the distinct keywords (etl/load/keywords.py), and each paper's authors and
affiliations, before the new authors and institutions are numbered (etl/load/authorship.py); they
last as long as the load's transaction."""

from __future__ import annotations

from sqlalchemy import Column, Double, Integer, MetaData, Table, Text

staging = MetaData()


def _temporary(name: str, *columns: Column) -> Table:
    return Table(name, staging, *columns, prefixes=["TEMPORARY"])


# One row per keyword of each ranked paper (and per author keyword, kind `author`).
staged_keywords = _temporary(
    "staged_keywords",
    Column("paper_id", Text),
    Column("normalised", Text),
    Column("label", Text),
    Column("kind", Text),
    Column("score", Double),
    Column("rank", Integer),
)
# The other names (short forms) of the staged keywords.
staged_aliases = _temporary("staged_aliases", Column("normalised", Text), Column("alias", Text), Column("folded", Text))
# Each staged paper's facet copies (papers.keywords, papers.topics).
staged_facets = _temporary("staged_facets", Column("paper_id", Text), Column("keywords", Text), Column("topics", Text))
# Papers counted twice for a keyword they have both as the authors' and as extracted, per keyword.
author_overlap = _temporary("author_overlap", Column("normalised", Text, primary_key=True), Column("papers", Integer))

STAGING = (staged_keywords, staged_aliases, staged_facets, author_overlap)

# Each paper's authors (display name, merge key, as written) and the institutions they give, as
# the bibliography chose them, until their authors and institutions have numbers.
staged_authors = _temporary(
    "staged_authors",
    Column("paper_id", Text),
    Column("position", Integer),
    Column("normalised", Text),
    Column("name", Text),
    Column("name_raw", Text),
)
staged_affiliations = _temporary(
    "staged_affiliations",
    Column("paper_id", Text),
    Column("position", Integer),
    Column("normalised", Text),
    Column("order", Integer),
    Column("name", Text),
    Column("country", Text),
)
# The papers whose bibliography a load settles, each with the part of them (in the order of
# their ids) it is settled in: new authors and institutions are numbered in that order.
bibliography_parts = _temporary(
    "bibliography_parts", Column("paper_id", Text, primary_key=True), Column("part", Integer)
)

AUTHORSHIP = (staged_authors, staged_affiliations, bibliography_parts)
