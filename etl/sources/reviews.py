"""Every reviewer's score in a paperlists record (`rating: "3;3;4;4"`, `confidence`, `novelty`, ...), as
written and as kept: a score is kept when it is a number within the venue's scale for the field
(`etl/sources/review_scales.csv`) and given by a reviewer; the rest are missing, with why. Pure."""

from __future__ import annotations

import csv
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from operator import attrgetter

from ..settings import package_folder
from .records import Review
from .venue_names import canonical_venue

# Fields that are review scores whether or not the record gives their `_avg` (a paper_sources.extra
# object holds neither rating_avg nor confidence_avg: they have columns of their own).
ALWAYS = ("rating", "confidence")
REVIEWERS = "reviewers"  # the reviewers' labels, in the order of the scores
# Slots of a review list that are no review: the authors' and the chairs' (ALT 2025's
# `Authors;Area_Chair_NsUM;FtZN;...` with ratings `0;0;7;...`, AI4X 2025's `Program_Chairs` with `0`).
ROLE = re.compile(r"^(?:authors?|(?:senior_)?area_chairs?(?:_\w+)?|program_chairs?(?:_\w+)?)$", re.IGNORECASE)
_NUMBER = re.compile(r"^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$")  # (ASCII digits: not `nan`, `inf`, `²`)
MAX_REVIEWS = 100  # of one field: a longer list is no review list (it is kept up to here)
# The review columns of papers: what a source gives (`Review`), then the spread of the kept ratings.
SPREAD = ("rating_min", "rating_max", "rating_std", "reviews")
PAPER_COLUMNS = (*(f.name for f in fields(Review)), *SPREAD)
_GIVEN = PAPER_COLUMNS[: -len(SPREAD)]
_given_scores = attrgetter(*_GIVEN)  # (a Review's scores as a tuple, in the order of `_GIVEN`)
_NO_SPREAD = (None,) * len(SPREAD)


@dataclass(frozen=True, slots=True)
class Score:
    """One reviewer's score of one field: as written, and the number kept (None: missing, and why)."""

    field: str
    reviewer: int  # 1-based position in the field's list
    written: str
    score: float | None
    missing: str | None = None  # empty, not a number, outside the scale a-b, not a review (Authors)
    name: str | None = None  # the reviewer's label, where `reviewers` lists as many as the field


@dataclass(frozen=True, slots=True)
class Scores:
    """A record's review scores, and whether its lists (`reviewers` too) are of unequal lengths."""

    scores: tuple[Score, ...] = ()
    unequal: bool = False

    def kept(self, field: str) -> list[float]:
        return [s.score for s in self.scores if s.field == field and s.score is not None]

    def given(self, field: str) -> bool:
        """Whether the record gives a list of this field (even one with nothing kept)."""
        return any(s.field == field for s in self.scores)


@dataclass(frozen=True, slots=True)
class Summary:
    """A paper's ratings, from one record's kept scores: mean, spread and how many reviewers scored."""

    rating_avg: float | None = None
    rating_min: float | None = None
    rating_max: float | None = None
    rating_std: float | None = None  # population standard deviation, as paperlists' [mean, std]
    confidence_avg: float | None = None
    reviews: int | None = None  # reviewers with a kept score of any field


@cache
def _scales() -> tuple[dict[tuple[str, str], list[tuple[int | None, int | None, float, float]]], set[str]]:
    text = (package_folder("etl.sources") / "review_scales.csv").read_text(encoding="utf-8")
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    found: dict[tuple[str, str], list[tuple[int | None, int | None, float, float]]] = {}
    for row in rows:
        first, last = (int(row[k]) if row[k] else None for k in ("first_year", "last_year"))
        found.setdefault((row["venue"], row["field"]), []).append((first, last, float(row["low"]), float(row["high"])))
    return found, {field for _, field in found}


def known_fields() -> set[str]:
    """The fields the scale table names."""
    return _scales()[1]


def scale(venue: str | None, year: int | None, field: str) -> tuple[float, float] | None:
    """(low, high) of a field's scores at a venue and year: its own row, else the row for every
    venue (`*`); None for a field the table does not name (then any number above 0 is kept). The
    venue is any of its names (`etl.sources.venue_names`)."""
    table = _scales()[0]
    for key in ((canonical_venue(venue) if venue else "", field), ("*", field)):
        for first, last, low, high in table.get(key, ()):
            if (first is None or (year or 0) >= first) and (last is None or (year or 0) <= last):
                return low, high
    return None


def within(value: float, bounds: tuple[float, float] | None) -> bool:
    if bounds is None:
        return value > 0
    return bounds[0] <= value <= bounds[1]


def kept_average(value: float | None, venue: str | None, year: int | None, field: str) -> float | None:
    """A file's own `<field>_avg`, or None where it is outside the field's scale (ICLR 2013's
    `rating_avg: 0`, 3DV 2025's `[0, 0]`: no review was given)."""
    if value is None or not math.isfinite(value) or not within(value, scale(venue, year, field)):
        return None
    return value


def review_fields(record: Mapping[str, object]) -> list[str]:
    """The fields of a record that are `;`-separated review scores: rating and confidence, and any
    other field the record also gives the `_avg` of (novelty, suitability, wc_review, ...)."""
    return [
        name
        for name, value in record.items()
        if isinstance(value, str) and name != REVIEWERS and (name in ALWAYS or f"{name}_avg" in record)
    ]


def _parts(value: object) -> list[str]:
    text = value.strip() if isinstance(value, str) else ""
    return [part.strip() for part in text.split(";")][:MAX_REVIEWS] if text else []


def _score(field: str, written: str, bounds: tuple[float, float] | None, name: str | None) -> tuple:
    """(score, why missing) of one written value."""
    if name is not None and ROLE.match(name):
        return None, "not a review"
    if not written or written.casefold() in ("n/a", "na", "none", "-"):
        return None, "empty"
    if not _NUMBER.match(written):
        return None, "not a number"
    value = float(written)
    if not within(value, bounds):
        shown = f"{bounds[0]:g}-{bounds[1]:g}" if bounds else "above 0"
        return None, f"outside the scale {shown}"
    return value, None


def review_scores(record: Mapping[str, object], venue: str | None, year: int | None) -> Scores:
    """Every reviewer's score of every review field of a paperlists record (or of its
    paper_sources.extra object), in the order written; lists of unequal lengths kept as given."""
    fields = [(name, _parts(record[name])) for name in review_fields(record)]
    fields = [(name, parts) for name, parts in fields if parts]
    if not fields:
        return Scores()
    names = _parts(record.get(REVIEWERS))
    lengths = {len(parts) for _, parts in fields} | ({len(names)} if names else set())
    scores = []
    for field, parts in fields:
        bounds = scale(venue, year, field)
        labels = names if len(names) == len(parts) else [None] * len(parts)
        for n, (written, name) in enumerate(zip(parts, labels, strict=True), 1):
            value, why = _score(field, written, bounds, name)
            scores.append(Score(field, n, written, value, why, name))
    return Scores(tuple(scores), len(lengths) > 1)


def summary(scores: Scores) -> Summary:
    """A paper's ratings from one record's kept scores (None where it keeps none)."""
    ratings, confidences = scores.kept("rating"), scores.kept("confidence")
    reviewers = {s.reviewer for s in scores.scores if s.score is not None}
    mean = sum(ratings) / len(ratings) if ratings else None
    return Summary(
        rating_avg=mean,
        rating_min=min(ratings) if ratings else None,
        rating_max=max(ratings) if ratings else None,
        rating_std=math.sqrt(sum((r - mean) ** 2 for r in ratings) / len(ratings)) if mean is not None else None,
        confidence_avg=sum(confidences) / len(confidences) if confidences else None,
        reviews=len(reviewers) or None,
    )


@dataclass
class ReviewCounts:
    """What a load stored of reviews: scores (kept or missing), those missing, and records whose
    lists are of unequal lengths (kept as given)."""

    scores: int = 0
    missing: int = 0
    unequal: int = 0

    def add(self, scores: Scores) -> None:
        self.scores += len(scores.scores)
        self.missing += sum(s.score is None for s in scores.scores)
        self.unequal += scores.unequal


@dataclass(frozen=True, slots=True)
class PaperReviews:
    """A paper's ratings of its kept scores, and whether some record gives per-reviewer ratings
    and confidences (then the sources' own means are not used)."""

    summary: Summary
    rated: bool
    confident: bool


def paper_reviews(records: list[Scores]) -> PaperReviews:
    """A paper's ratings from its records' scores (in the order titles are chosen): the mean and
    spread of the first record with kept ratings (with its reviewers), the mean confidence of the
    first with kept confidences."""
    rated = next((s for s in records if s.kept("rating")), None)
    confident = next((s for s in records if s.kept("confidence")), None)
    scored = rated or next((s for s in records if any(x.score is not None for x in s.scores)), Scores())
    spread = summary(scored)
    confidence = summary(confident).confidence_avg if confident else None
    return PaperReviews(
        Summary(spread.rating_avg, spread.rating_min, spread.rating_max, spread.rating_std, confidence, spread.reviews),
        rated=any(s.given("rating") for s in records),
        confident=any(s.given("confidence") for s in records),
    )


def paper_values(given: Review, scored: PaperReviews | None) -> tuple:
    """The `PAPER_COLUMNS` of a paper: the sources' own scores (`given`), their rating and
    confidence means replaced by those of the kept per-reviewer scores where a record gives any
    (even when none is kept: a placeholder mean is never used)."""
    if scored is None:  # (most papers: the sources' scores, no spread)
        return (*_given_scores(given), *_NO_SPREAD)
    values = dict(zip(_GIVEN, _given_scores(given), strict=True))
    values |= dict.fromkeys(SPREAD)
    kept = scored.summary
    if scored.rated:
        values |= {name: getattr(kept, name) for name in ("rating_avg", *SPREAD)}
    else:
        values["reviews"] = kept.reviews
    if scored.confident:
        values["confidence_avg"] = kept.confidence_avg
    return tuple(values[name] for name in PAPER_COLUMNS)


def may_have_scores(extra: str | None, fields: Iterable[str] = ALWAYS) -> bool:
    """Whether a paper_sources.extra text may hold review scores (worth parsing): it names a field
    of `fields` or gives some field's `_avg`."""
    if not extra:
        return False
    return '_avg"' in extra or any(f'"{name}"' in extra for name in fields)
