"""Store every reviewer's score of the papers a load settles (the `reviews` table, from what
paper_sources keeps of each paperlists record) and the papers' ratings of the kept scores."""

from __future__ import annotations

import json

from ..sources.formats import PAPERLISTS
from ..sources.reviews import PaperReviews, ReviewCounts, may_have_scores, paper_reviews, review_scores
from ..store.record_extra import unpack_extra
from ..store.writer import Writer

COLUMNS = ("source_id", "position", "field", "reviewer", "paper_id", "score", "written", "missing", "reviewer_name")
# The paperlists records of the papers asked for (`:ids`) that may hold review scores.
RECORDS = f"""SELECT ps.paper_id, ps.source_id, ps.position, ps.venue, ps.year, ps.extra, s.resolved_path
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id
WHERE ps.paper_id IN :ids AND s.format = '{PAPERLISTS.name}' AND ps.extra IS NOT NULL"""


def may_hold_scores(format: str, extra: str | None) -> bool:
    """Whether a record (its `paper_sources` format and extra) is one `refresh_reviews` parses for
    review scores: a paperlists record whose other fields may hold some (4,565 of the catalogue's
    90,801 records); of a paper whose records are none of these it stores no row."""
    return format == PAPERLISTS.name and extra is not None and may_have_scores(extra)


def first_ratings(format: str, extra: str | None, venue: str | None, year: int | None) -> PaperReviews | None:
    """The ratings `refresh_reviews` gives a paper whose one record is this (its `paper_sources`
    format, extra, venue and year), for a paper written once (etl/load/records.py)."""
    if extra is None or not may_hold_scores(format, extra):
        return None
    scores = review_scores(json.loads(extra), venue, year)
    return paper_reviews([scores]) if scores.scores else None


def refresh_reviews(writer: Writer, ids: list[str], counts: ReviewCounts | None = None) -> dict[str, PaperReviews]:
    """Replace the `reviews` rows of papers `ids` with those their paperlists records give now;
    returns the ratings of the papers that have any, from their first record (by path, position)
    with kept ratings (and confidences: the first with kept confidences)."""
    writer.delete_in("reviews", "paper_id", ids)
    rows: list[tuple] = []
    found: dict[str, list[tuple]] = {}
    for r in writer.execute_in(RECORDS, ids=ids):
        extra = unpack_extra(r.extra)
        if not may_have_scores(extra):
            continue
        scores = review_scores(json.loads(extra), r.venue, r.year)
        if not scores.scores:
            continue
        if counts is not None:
            counts.add(scores)
        rows += [
            (r.source_id, r.position, s.field, s.reviewer, r.paper_id, s.score, s.written, s.missing, s.name)
            for s in scores.scores
        ]
        found.setdefault(r.paper_id, []).append(((r.resolved_path, r.position), scores))
    writer.insert("reviews", rows, COLUMNS)
    return {
        pid: paper_reviews([s for _, s in sorted(records, key=lambda item: item[0])]) for pid, records in found.items()
    }
