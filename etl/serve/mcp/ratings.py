"""What the MCP tools say of reviewers' ratings, in one place: today the per-paper means a source
gives (`papers.rating_avg`, `confidence_avg`); a table of per-reviewer scores would add its
spread here (one more column in `SUMMARY`, one more key in `of_paper`) and every tool has it."""

from __future__ import annotations

# Aggregates over a set of papers (a venue-year), as columns of one row.
SUMMARY = """count(rating_avg) AS rated,
       round(avg(rating_avg), 2) AS mean_rating,
       round(avg(CASE WHEN decision = 'accepted' THEN rating_avg END), 2) AS mean_rating_accepted,
       round(avg(CASE WHEN decision = 'rejected' THEN rating_avg END), 2) AS mean_rating_rejected,
       round(avg(confidence_avg), 2) AS mean_confidence"""
SUMMARY_KEYS = ("rated", "mean_rating", "mean_rating_accepted", "mean_rating_rejected", "mean_confidence")


def of_paper(paper: dict) -> dict | None:
    """A paper's ratings (None when no source gives any): the mean rating and reviewer confidence."""
    found = {key: round(paper[key], 2) for key in ("rating_avg", "confidence_avg") if paper.get(key) is not None}
    return found or None


def of_papers(row: dict) -> dict | None:
    """The `SUMMARY` columns of a row, without those no paper had (None when none is rated)."""
    if not row.get("rated"):
        return None
    return {key: row[key] for key in SUMMARY_KEYS if row.get(key) is not None}
