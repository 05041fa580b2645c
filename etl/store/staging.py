"""The temporary tables a load stages each paper's ranked keywords in, before SQL derives the
distinct keywords from them (etl/load/keywords.py); they last as long as the load's transaction."""

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
