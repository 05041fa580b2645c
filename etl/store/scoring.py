"""The corpus statistics keyword scores were computed against (docs/keywords.md, "When keywords
are rescored"): a load between rescores ranks only its own papers, against these."""

from __future__ import annotations

from sqlalchemy import Text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base


class KeywordScoring(Base):
    __tablename__ = "keyword_scoring"
    __table_args__ = {"comment": "One row: the last rescore of every paper's keywords, and what changed since."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Always 1")
    papers: Mapped[int] = mapped_column(comment="Papers the last rescore scored (the statistics' corpus size)")
    changed: Mapped[int] = mapped_column(
        comment="Papers added, changed or removed since then (ranked against these statistics, or gone)"
    )
    fingerprint: Mapped[str] = mapped_column(
        Text, comment="SHA-256 of the keyword rules, word lists and topic taxonomy the rescore ran with"
    )
    rescored_at: Mapped[str] = mapped_column(Text, comment="UTC time of the rescore (ISO 8601)")


class KeywordStat(Base):
    __tablename__ = "keyword_stats"
    __table_args__ = {
        "comment": "Document frequencies at the last rescore: candidate terms more than one paper used.",
        "sqlite_with_rowid": False,
    }

    term: Mapped[str] = mapped_column(
        Text, primary_key=True, comment="A candidate term's merge key (methods, acronyms: with a kind prefix)"
    )
    papers: Mapped[int] = mapped_column(comment="Papers whose abstract has it")


class KeywordMeaning(Base):
    __tablename__ = "keyword_meanings"
    __table_args__ = {
        "comment": "Acronyms the corpus defined at the last rescore: a short form and each long form it stands for.",
        "sqlite_with_rowid": False,
    }

    short: Mapped[str] = mapped_column(Text, primary_key=True, comment="The short form, normalised (llm)")
    keyword: Mapped[str] = mapped_column(
        Text, primary_key=True, comment="The long form's merge key (large language model)"
    )
    label: Mapped[str] = mapped_column(Text, comment="The long form as written (large language models)")
