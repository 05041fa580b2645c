"""Keywords (Core tables): the distinct keywords, each paper's, their aliases, and the corpus
statistics their scores were computed against (docs/keywords.md, "When keywords are rescored":
a load between rescores ranks only its own papers, against these)."""

from __future__ import annotations

from sqlalchemy import Column, Double, ForeignKey, Index, Integer, String, Table, Text, text

from .base import metadata

keywords = Table(
    "keywords",
    metadata,
    Column("id", Integer, primary_key=True, comment="Keyword number"),
    Column(
        "normalised",
        Text,
        nullable=False,
        unique=True,
        comment="Merge key: case folded, hyphens as spaces, last word singular (docs/keywords.md)",
    ),
    Column(
        "label",
        Text,
        nullable=False,
        index=True,  # (`?_keyword=<label>` lists every keyword shown by it: etl.serve.filters.KEYWORD)
        comment="Display form, as papers most often write it",
    ),
    Column(
        "kind",
        Text,
        nullable=False,
        index=True,
        comment="method, acronym, phrase, topic or author (the authors chose it, no paper found it otherwise): the kind most papers found it as",
    ),
    Column(
        "papers",
        Integer,
        nullable=False,
        index=True,
        comment="Number of papers with this keyword in any way (a topic's too as a phrase of the abstract or"
        " the authors' keyword: more than topic_counts counts as the topic, reinforcement learning 4,467 and 4,228)",
    ),
    comment="Distinct keywords over all papers, merged by normalised text.",
)

keyword_aliases = Table(
    "keyword_aliases",
    metadata,
    Column(
        "keyword_id", Integer, ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, comment="keywords.id"
    ),
    Column("alias", String, primary_key=True, comment="The other name, as written"),
    Column("normalised", Text, nullable=False, index=True, comment="The alias case folded"),
    comment="Other names of a keyword: the short forms of acronyms (GNN).",
)

keyword_short_forms = Table(
    "keyword_short_forms",
    metadata,
    Column(
        "keyword_id", Integer, ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, comment="keywords.id"
    ),
    Column("alias", String, primary_key=True, comment="The word as written (GNN, GNNs, DKL)"),
    comment=(
        "The one-word short forms with a capital that papers wrote for a keyword, whatever their letters spell:"
        " the words the similar papers read as the keyword (the one most papers have); not all are its names"
        " (keyword_aliases)."
    ),
    sqlite_with_rowid=False,
)

paper_keywords = Table(
    "paper_keywords",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column(
        "keyword_id",
        Integer,
        ForeignKey("keywords.id", ondelete="CASCADE"),
        primary_key=True,
        comment="keywords.id",
    ),
    Column("keyword", Text, nullable=False, comment="The keyword's label (keywords.label)"),
    Column(
        "kind",
        Text,
        primary_key=True,
        comment="How it was found in this paper: method, acronym, phrase or topic; author when the authors chose it (beside the extracted row of the same keyword, if any)",
    ),
    Column(
        "score",
        Double,
        nullable=False,
        comment="Importance in this paper, higher is more important; comparable across kinds (author: 0, not ranked)",
    ),
    Column(
        "rank", Integer, nullable=False, comment="1-based rank by score within the paper (author: the authors' order)"
    ),
    comment="Each paper's keywords with their kind, score and rank.",
    sqlite_with_rowid=False,  # (stored in key order: the table is its key's index)
)
# A keyword's papers by rank: the index holds the key too (paper, kind), so counting a keyword's
# papers among their top ten reads the index alone (related_keywords: 2,600 keywords beside
# `reinforcement learning` counted in 0.25 s, where looking each row up took 1.7 s).
Index("ix_paper_keywords_keyword_id_rank", paper_keywords.c.keyword_id, paper_keywords.c.rank)

keyword_scoring = Table(
    "keyword_scoring",
    metadata,
    Column("id", Integer, primary_key=True, comment="Always 1"),
    Column("papers", Integer, nullable=False, comment="Papers the last rescore scored (the statistics' corpus size)"),
    Column(
        "changed",
        Integer,
        nullable=False,
        comment="Papers added, changed or removed since then (ranked against these statistics, or gone)",
    ),
    Column(
        "fingerprint",
        Text,
        nullable=False,
        comment="SHA-256 of the keyword rules, word lists and topic taxonomy the rescore ran with",
    ),
    Column("rescored_at", Text, nullable=False, comment="UTC time of the rescore (ISO 8601)"),
    comment="One row: the last rescore of every paper's keywords, and what changed since.",
)

keyword_stats = Table(
    "keyword_stats",
    metadata,
    Column(
        "term", Text, primary_key=True, comment="A candidate term's merge key (methods, acronyms: with a kind prefix)"
    ),
    Column("papers", Integer, nullable=False, comment="Papers whose abstract has it"),
    comment="Document frequencies at the last rescore: candidate terms more than one paper used.",
    sqlite_with_rowid=False,
)

keyword_meanings = Table(
    "keyword_meanings",
    metadata,
    Column("short", Text, primary_key=True, comment="The short form, normalised (llm)"),
    Column("keyword", Text, primary_key=True, comment="The long form's merge key (large language model)"),
    Column("label", Text, nullable=False, comment="The long form as written (large language models)"),
    Column(
        "papers",
        Integer,
        nullable=False,
        server_default=text("1"),
        comment="Papers defining the short form so (a meaning many define is the field's: issue #36)",
    ),
    comment="Acronyms the corpus defined at the last rescore: a short form and each long form it stands for.",
    sqlite_with_rowid=False,
)
