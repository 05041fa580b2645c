"""Reviews (a Core table): every reviewer's score of every review field a source gives a paper, one
row per record, field and reviewer (docs/reviews.md)."""

from __future__ import annotations

from sqlalchemy import Column, Double, ForeignKey, Integer, String, Table, Text

from .base import metadata

REVIEWS_COMMENT = (
    "Every reviewer's score of every review field a source gives a paper (paperlists `rating: 3;3;4;4`,"
    " confidence, novelty, ...): one row per record, field and reviewer, as written; score is the number kept"
    " (NULL when missing: empty, not a number, outside the venue's scale, or no review), missing says why."
    " papers.rating_avg and its spread are of the kept scores (docs/reviews.md)."
)

reviews = Table(
    "reviews",
    metadata,
    Column(
        "source_id",
        Integer,
        ForeignKey("sources.id", ondelete="CASCADE"),
        primary_key=True,
        comment="sources.id: the file the scores come from",
    ),
    Column("position", Integer, primary_key=True, comment="paper_sources.position: the record in that file"),
    Column("field", Text, primary_key=True, comment="The review field: rating, confidence, novelty, suitability, ..."),
    Column("reviewer", Integer, primary_key=True, comment="1-based position in the field's `;`-separated list"),
    Column(
        "paper_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="papers.id",
    ),
    Column("score", Double, nullable=True, comment="The score kept; NULL when it is missing (see missing)"),
    Column("written", Text, nullable=False, comment="The value as the source writes it (`7`, `0`, `N/A`, empty)"),
    Column(
        "missing",
        Text,
        nullable=True,
        comment="Why the score is missing: empty, not a number, outside the scale 1-10 (the venue's, etl/sources/review_scales.csv), not a review (Authors, Area_Chair_...); NULL when kept",
    ),
    Column(
        "reviewer_name",
        Text,
        nullable=True,
        comment="The reviewer as the source names it (AnonReviewer2, a 4-letter OpenReview id, Area_Chair_NsUM), where it lists as many as the field",
    ),
    comment=REVIEWS_COMMENT,
)
