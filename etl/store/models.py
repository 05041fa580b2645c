"""SQLAlchemy 2 models of every table, mapped onto the Core tables that define the schema
(`tables`, `people`, `scoring`, `evolution`, `reviews`): for ORM queries in scripts and notebooks. Alembic compares the
same MetaData with the database; the load writes through the Core tables and never imports this."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

from .base import NAMING_CONVENTION  # noqa: F401 (re-exported)
from .schema import evolution, metadata, people, provenance, reviews, scoring, tables


class Base(DeclarativeBase):
    metadata = metadata


class Paper(Base):
    __table__ = tables.papers


class Source(Base):
    __table__ = provenance.sources


class PaperSource(Base):
    __table__ = provenance.paper_sources


class PaperLink(Base):
    __table__ = tables.paper_links


class Repo(Base):
    __table__ = tables.repos


class PaperId(Base):
    __table__ = tables.paper_ids


class PaperFormerId(Base):
    __table__ = tables.paper_former_ids


class Event(Base):
    __table__ = provenance.events


class EtlFlag(Base):
    __table__ = provenance.etl_flags


class EtlRun(Base):
    __table__ = provenance.etl_runs


class EtlRunIssue(Base):
    __table__ = provenance.etl_run_issues


class Author(Base):
    __table__ = people.authors


class PaperAuthor(Base):
    __table__ = people.paper_authors


class Institution(Base):
    __table__ = people.institutions


class PaperAffiliation(Base):
    __table__ = people.paper_affiliations


class Keyword(Base):
    __table__ = scoring.keywords


class KeywordAlias(Base):
    __table__ = scoring.keyword_aliases


class PaperKeyword(Base):
    __table__ = scoring.paper_keywords


class KeywordScoring(Base):
    __table__ = scoring.keyword_scoring


class KeywordStat(Base):
    __table__ = scoring.keyword_stats


class KeywordMeaning(Base):
    __table__ = scoring.keyword_meanings


class KeywordTrendCount(Base):
    __table__ = evolution.keyword_trend_counts


class SimilarPaper(Base):
    __table__ = evolution.similar_papers


class SimilarTerm(Base):
    __table__ = evolution.similar_terms


class SimilarVector(Base):
    __table__ = evolution.similar_vectors


class SimilarScoring(Base):
    __table__ = evolution.similar_scoring


class PaperVersion(Base):
    __table__ = evolution.paper_versions


class AuthorTrendCount(Base):
    __table__ = evolution.author_trend_counts


class InstitutionTrendCount(Base):
    __table__ = evolution.institution_trend_counts


class ReviewScore(Base):
    __table__ = reviews.reviews
