"""Models of people and places: authors, their positions on papers, institutions and affiliations."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base


class Author(Base):
    __tablename__ = "authors"
    __table_args__ = {"comment": "Distinct authors, merged by normalised name."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Author number")
    name: Mapped[str] = mapped_column(Text, comment="Display name (markup removed, ALL CAPS fixed)")
    normalised: Mapped[str] = mapped_column(
        Text, unique=True, comment="Merge key: accents and case folded, nicknames dropped (docs/inputs.md)"
    )
    papers: Mapped[int] = mapped_column(index=True, comment="Number of papers by this author")


class PaperAuthor(Base):
    __tablename__ = "paper_authors"
    __table_args__ = {"comment": "Authors of each paper in order, from the source chosen for its title."}

    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"
    )
    position: Mapped[int] = mapped_column(primary_key=True, comment="1-based author position")
    author_id: Mapped[int] = mapped_column(
        ForeignKey("authors.id", ondelete="CASCADE"), index=True, comment="authors.id"
    )
    name: Mapped[str] = mapped_column(Text, index=True, comment="Display name (authors.name as in this paper)")
    name_raw: Mapped[str] = mapped_column(Text, comment="The name as the source wrote it")


class Institution(Base):
    __tablename__ = "institutions"
    __table_args__ = {"comment": "Distinct institutions authors are affiliated with, merged by normalised name."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Institution number")
    name: Mapped[str] = mapped_column(
        Text, comment="The name most of its papers' sources give (paperlists aff_unique_norm)"
    )
    normalised: Mapped[str] = mapped_column(
        Text, unique=True, comment="Merge key: case folded, `&` as `and`, punctuation and a leading `the` dropped"
    )
    country: Mapped[str | None] = mapped_column(
        Text, index=True, comment="The country most of its papers' sources give, if any gives one"
    )
    papers: Mapped[int] = mapped_column(index=True, comment="Number of papers with an author affiliated with it")


class PaperAffiliation(Base):
    __tablename__ = "paper_affiliations"
    __table_args__ = {
        "comment": "The institutions each author of a paper gives (paper_authors row by paper_id and position)."
    }

    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"
    )
    position: Mapped[int] = mapped_column(primary_key=True, comment="The author's position (paper_authors.position)")
    institution_id: Mapped[int] = mapped_column(
        ForeignKey("institutions.id", ondelete="CASCADE"), primary_key=True, index=True, comment="institutions.id"
    )
    order: Mapped[int] = mapped_column(comment="1-based order of the institution among the author's")
    name: Mapped[str] = mapped_column(
        Text, server_default=text("''"), comment="The institution as this paper's source names it"
    )
    country: Mapped[str | None] = mapped_column(Text, comment="Its country as this paper's source gives it")
