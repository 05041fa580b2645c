"""How a field evolves (Core tables): keyword counts per venue and year, each paper's most similar
papers by text and the statistics they were computed with, and the versions of one work across
venues and years (docs/evolution.md)."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Double, ForeignKey, Index, Integer, LargeBinary, String, Table, Text

from .base import metadata


def _kind_trend_counts(name: str, key: str, key_comment: str, what: str, comment: str) -> Table:
    """Papers per keyword (`key`, a keywords.id), kind, venue and year."""
    return Table(
        name,
        metadata,
        Column(key, Integer, ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, comment=key_comment),
        Column("kind", Text, primary_key=True, comment="paper_keywords.kind: method, acronym, phrase, topic or author"),
        Column("venue", Text, primary_key=True, comment="papers.venue"),
        Column("year", Integer, primary_key=True, comment="papers.year"),
        Column("papers", Integer, nullable=False, comment=f"Papers of that venue and year with {what}, as that kind"),
        comment=comment,
        sqlite_with_rowid=False,
    )


keyword_trend_counts = _kind_trend_counts(
    "keyword_trend_counts",
    "keyword_id",
    "keywords.id",
    "the keyword",
    "Papers per keyword, kind, venue and year (kept by each load, as keywords.papers is): what the"
    " keyword_trends view reads.",
)
# keyword_trends lists the rows with the most papers first (revision 0029)
Index("ix_keyword_trend_counts_papers", keyword_trend_counts.c.papers)


def _trend_counts(name: str, key: str, referred: str, what: str) -> Table:
    """Papers per `key` (a row of `referred`), venue and year."""
    return Table(
        name,
        metadata,
        Column(
            key, Integer, ForeignKey(f"{referred}.id", ondelete="CASCADE"), primary_key=True, comment=f"{referred}.id"
        ),
        Column("venue", Text, primary_key=True, comment="papers.venue"),
        Column("year", Integer, primary_key=True, comment="papers.year"),
        Column("papers", Integer, nullable=False, comment=f"Papers of that venue and year {what}"),
        comment=f"Papers per {key.removesuffix('_id')}, venue and year (kept by each load): what the compare_periods"
        " query reads.",
        sqlite_with_rowid=False,
    )


# An acronym's short form and its long form counted as one keyword (read26: IROS 2020's top keywords
# said `unmanned aerial vehicles 21` and `UAVs 7`): the pairs `etl.store.partners` decides, remade by
# each load from keyword_meanings and the keywords, and their papers per venue and year.
keyword_partners = Table(
    "keyword_partners",
    metadata,
    Column(
        "keyword_id", Integer, ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, comment="keywords.id"
    ),
    Column(
        "joined_id",
        Integer,
        ForeignKey("keywords.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="keywords.id of the long form, which names the pair in counts (its own row's too)",
    ),
    Column("papers", Integer, nullable=False, comment="Papers with either form, in any way (each once)"),
    Column("other_forms", Text, nullable=False, comment="The pair's other forms' labels, most papers first (UAVs)"),
    comment="Keywords counted with another as one: an acronym's short form (SLAM) and its long form"
    " (simultaneous localization and mapping) where the corpus's meaning of the short form is the field's"
    " (etl/store/partners.py); remade by each load. keyword_counts, keyword_trends and top_keywords count so.",
)
keyword_partner_trends = _kind_trend_counts(
    "keyword_partner_trends",
    "joined_id",
    "keyword_partners.joined_id",
    "either form",
    "keyword_trend_counts of each pair of keyword_partners counted as one (a paper once): what the"
    " keyword_trends view reads for them; remade by each load.",
)

# What the counts of a pair need, a paper once across its forms and kinds, per venue and year (read28:
# compare_periods and field_landscape read each pair's paper_keywords at each call, 95 -> 200 ms).
keyword_partner_counts = Table(
    "keyword_partner_counts",
    metadata,
    Column(
        "joined_id",
        Integer,
        ForeignKey("keywords.id", ondelete="CASCADE"),
        primary_key=True,
        comment="keyword_partners.joined_id",
    ),
    Column("venue", Text, primary_key=True, comment="papers.venue"),
    Column("year", Integer, primary_key=True, comment="papers.year"),
    Column("papers", Integer, nullable=False, comment="Papers of that venue and year with either form, in any way"),
    Column(
        "written",
        Integer,
        nullable=False,
        comment="Of them, those that write either form or have it as their own keyword (not as a topic alone)",
    ),
    Column(
        "extracted", Integer, nullable=False, comment="Of them, those that write either form (not topic, not author)"
    ),
    comment="Each pair of keyword_partners' papers per venue and year, a paper once whatever forms and kinds it has:"
    " what compare_periods, field_landscape and top_keywords count a pair by; remade by each load.",
    sqlite_with_rowid=False,
)

author_trend_counts = _trend_counts("author_trend_counts", "author_id", "authors", "by the author")
institution_trend_counts = _trend_counts(
    "institution_trend_counts", "institution_id", "institutions", "with an author affiliated with it"
)


similar_papers = Table(
    "similar_papers",
    metadata,
    Column(
        "paper_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        primary_key=True,
        comment="papers.id",
    ),
    Column("rank", Integer, primary_key=True, comment="1 = the most similar paper"),
    # (no foreign key: a cascade would search this table by similar_id, which has no index; the
    # load removes the rows of papers it removes itself)
    Column("similar_id", String(16), nullable=False, comment="papers.id of the similar paper"),
    Column(
        "score",
        Double,
        nullable=False,
        comment="Text similarity, 0 to about 1.5: the cosine of the papers' TF-IDF vectors over their distinctive"
        " terms plus half the cosine of their topic vectors (docs/evolution.md)",
    ),
    comment="Each paper's ten most similar papers by title, abstract and keywords.",
    sqlite_with_rowid=False,
)

similar_terms = Table(
    "similar_terms",
    metadata,
    Column(
        "term",
        Text,
        primary_key=True,
        comment=(
            "A word (case folded, singular), two words next to each other in a title with a space between"
            " (`policy gradient`), or, after `=`, a keyword's merge key (keywords.normalised)"
        ),
    ),
    Column("papers", Integer, nullable=False, comment="Papers that have the term (two or more)"),
    Column("number", Integer, nullable=False, comment="The term's number in similar_vectors.terms"),
    Column(
        "topic",
        LargeBinary,
        nullable=True,
        comment="The term's row of the topic basis (float32, little-endian), for the terms the topics are made of",
    ),
    comment="What the last full computation of similar_papers weighed terms with: document frequencies and"
    " topic basis; a load between computations scores its new papers against them.",
    sqlite_with_rowid=False,
)

similar_vectors = Table(
    "similar_vectors",
    metadata,
    # (no foreign key: a paper's vector outlives it until the load that removed it has found the lists
    # it was in; that load removes it)
    Column("paper_id", String(16), primary_key=True, comment="papers.id"),
    Column(
        "terms",
        LargeBinary,
        nullable=False,
        comment="Its distinctive terms (similar_terms.number, uint32, little-endian), in the order its sums follow",
    ),
    Column(
        "weights",
        LargeBinary,
        nullable=False,
        comment="Its TF-IDF weight of each of them (float32, little-endian; the whole vector has length 1)",
    ),
    Column("topic", LargeBinary, nullable=False, comment="Its topic vector (float32, little-endian; length 1 or 0)"),
    Column(
        "floor",
        Double,
        nullable=False,
        comment="The distinctive part of its last candidate when more papers share a term with it than it scores,"
        " else 0: a paper whose part with it is below this cannot change its list",
    ),
    comment="Each paper as similar_papers compared it, against the statistics of the last full computation: what"
    " a later load finds the lists its changes reach with (docs/evolution.md).",
    sqlite_with_rowid=False,
)

similar_scoring = Table(
    "similar_scoring",
    metadata,
    Column("id", Integer, primary_key=True, comment="Always 1"),
    Column("papers", Integer, nullable=False, comment="Papers the last full computation compared"),
    Column("changed", Integer, nullable=False, comment="Papers added, changed or removed since"),
    Column("fingerprint", Text, nullable=False, comment="The similarity rules and weights it ran with"),
    Column("computed_at", Text, nullable=False, comment="UTC time of the computation (ISO 8601)"),
    comment="One row: the last full computation of similar_papers, and what changed since.",
)

paper_versions = Table(
    "paper_versions",
    metadata,
    Column(
        "paper_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        primary_key=True,
        comment="papers.id of the earlier version (the earlier year; in one year, the venue first in order)",
    ),
    Column(
        "other_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        primary_key=True,
        index=True,
        comment="papers.id of the later version",
    ),
    Column(
        "relation",
        Text,
        nullable=False,
        comment="The decisions on each, earlier first: `rejected → poster`; `same year: ...` when both are of one year",
    ),
    Column(
        "similarity",
        Double,
        nullable=False,
        comment="How much of their text the two share: resemblance of the word triples of title and abstract, 0 to 1",
    ),
    Column(
        "same_title",
        Boolean,
        nullable=False,
        comment="1 when the normalised titles (papers.title_key, an extended abstract suffix left out) are equal",
    ),
    comment="The same work in another venue or year: near-duplicate title and abstract and at least one shared author.",
)
