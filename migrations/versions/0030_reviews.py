"""reviews: every reviewer's score of every review field of paperlists records (`rating: 3;3;4;4`,
confidence, novelty, ...) as rows, scores outside the venue's scale or given by no reviewer kept
as missing; papers.rating_avg and confidence_avg of the kept scores, with the ratings' spread
(rating_min, rating_max, rating_std) and the reviewers who scored (reviews); a record's own mean
outside the scale (`rating_avg: 0` where no review was given) is none. Existing databases get
all of it from what paper_sources keeps of each record (extra holds the review fields as written):
no file needs reading again.

Revision ID: 0030
Revises: 0029
Create Date: 2026-12-05
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

REVIEWS_COMMENT = (
    "Every reviewer's score of every review field a source gives a paper (paperlists `rating: 3;3;4;4`,"
    " confidence, novelty, ...): one row per record, field and reviewer, as written; score is the number kept"
    " (NULL when missing: empty, not a number, outside the venue's scale, or no review), missing says why."
    " papers.rating_avg and its spread are of the kept scores (docs/reviews.md)."
)
RATING_BEFORE = "Mean review rating the source gives (paperlists rating_avg; of [mean, std], the mean)"
RATING_NOW = (
    "Mean of the kept per-reviewer ratings (reviews) of the first record that gives any; the source's own"
    " mean (paperlists rating_avg, of [mean, std] the mean) only when no record gives per-reviewer ratings;"
    " NULL when none (a 0 outside the venue's scale is none)"
)
CONFIDENCE_BEFORE = "Mean reviewer confidence the source gives (paperlists confidence_avg)"
CONFIDENCE_NOW = (
    "Mean of the kept per-reviewer confidences (reviews), else the source's own mean (paperlists"
    " confidence_avg) when no record gives them; NULL when none"
)
RECORD_RATING_BEFORE = "Mean review rating the record gives"
RECORD_RATING_NOW = "Mean review rating the record gives (its rating_avg); NULL when outside the venue's scale (a 0)"
RECORD_CONFIDENCE_BEFORE = "Mean reviewer confidence the record gives"
RECORD_CONFIDENCE_NOW = (
    "Mean reviewer confidence the record gives (its confidence_avg); NULL when outside the venue's scale"
)
SPREAD = [
    ("rating_min", sa.Double(), "Lowest kept rating (reviews); NULL when none"),
    ("rating_max", sa.Double(), "Highest kept rating (reviews); NULL when none"),
    (
        "rating_std",
        sa.Double(),
        "Spread of the kept ratings: their population standard deviation, as paperlists' [mean, std]",
    ),
    (
        "reviews",
        sa.Integer(),
        "Reviewers with a kept score (reviews), of the record the ratings come from; NULL when none",
    ),
]
# Every record that gives a paper scores: its paper, place, format, path, venue, year, own means
# and (paperlists) the other fields; by paper, then in the order a load chooses among them.
RECORDS = """SELECT ps.paper_id, ps.source_id, ps.position, s.format, s.resolved_path, ps.venue, ps.year,
    ps.rating_avg, ps.confidence_avg, ps.citations, ps.primary_area, ps.tldr,
    CASE WHEN s.format = 'paperlists' THEN ps.extra END AS extra,
    p.rating_avg AS paper_rating, p.confidence_avg AS paper_confidence
FROM paper_sources ps JOIN sources s ON s.id = ps.source_id JOIN papers p ON p.id = ps.paper_id
ORDER BY ps.paper_id"""
PAPER_COLUMNS = ("rating_avg", "confidence_avg", "rating_min", "rating_max", "rating_std", "reviews")
GIVEN = ("rating_avg", "confidence_avg", "citations", "primary_area", "tldr")  # (etl.sources.records.Review)
PAPER_VALUES = (*GIVEN, *PAPER_COLUMNS[2:])  # (etl.sources.reviews.PAPER_COLUMNS)
REVIEW_COLUMNS = ("source_id", "position", "field", "reviewer", "paper_id")


def _bucket() -> str:
    """A paper's mean rating rounded down to its half point (6.0 for 6.0 to 6.49): CAST truncates the
    (positive) rating on SQLite, where floor() is an optional extension; PostgreSQL's CAST rounds."""
    return "CAST(rating_avg * 2 AS INTEGER) / 2.0" if on_sqlite() else "floor(rating_avg * 2) / 2.0"


# The views read papers' columns (indexed by venue and year) and reviews by paper: each answers for
# the whole catalogue in milliseconds (scripts/benchmark.py). {bucket}: `_bucket`.
VIEWS = {
    "rating_distribution": """CREATE VIEW rating_distribution AS
SELECT venue, year, coalesce(decision, 'unknown') AS decision, coalesce(presentation, '') AS presentation,
    {bucket} AS rating, count(*) AS papers
FROM papers WHERE rating_avg IS NOT NULL
GROUP BY venue, year, coalesce(decision, 'unknown'), coalesce(presentation, ''), {bucket}""",
    "score_distribution": """CREATE VIEW score_distribution AS
SELECT p.venue, p.year, r.field, r.score, coalesce(p.decision, 'unknown') AS decision,
    coalesce(p.presentation, '') AS presentation, count(*) AS reviews
FROM reviews r JOIN papers p ON p.id = r.paper_id WHERE r.score IS NOT NULL
GROUP BY p.venue, p.year, r.field, r.score, coalesce(p.decision, 'unknown'), coalesce(p.presentation, '')""",
    "acceptance_by_rating": """CREATE VIEW acceptance_by_rating AS
SELECT venue, year, {bucket} AS rating, count(*) AS papers,
    sum(CASE WHEN decision = 'accepted' THEN 1 ELSE 0 END) AS accepted,
    sum(CASE WHEN decision = 'rejected' THEN 1 ELSE 0 END) AS rejected,
    round(100.0 * sum(CASE WHEN decision = 'accepted' THEN 1 ELSE 0 END) / count(*), 1) AS percent_accepted
FROM papers WHERE rating_avg IS NOT NULL
GROUP BY venue, year, {bucket}""",
    "reviewer_disagreement": """CREATE VIEW reviewer_disagreement AS
SELECT id AS paper_id, venue, year, title, coalesce(decision, 'unknown') AS decision, presentation,
    rating_avg, rating_min, rating_max, rating_max - rating_min AS spread, rating_std, reviews
FROM papers WHERE rating_std IS NOT NULL""",
    "ratings_citations": """CREATE VIEW ratings_citations AS
SELECT venue, year, {bucket} AS rating, count(*) AS papers, count(citations) AS with_citations,
    round(avg(citations), 1) AS mean_citations, max(citations) AS max_citations
FROM papers WHERE rating_avg IS NOT NULL
GROUP BY venue, year, {bucket}""",
}


def _create() -> None:
    op.create_table(
        "reviews",
        sa.Column("source_id", sa.Integer(), nullable=False, comment="sources.id: the file the scores come from"),
        sa.Column("position", sa.Integer(), nullable=False, comment="paper_sources.position: the record in that file"),
        sa.Column(
            "field",
            sa.Text(),
            nullable=False,
            comment="The review field: rating, confidence, novelty, suitability, ...",
        ),
        sa.Column(
            "reviewer", sa.Integer(), nullable=False, comment="1-based position in the field's `;`-separated list"
        ),
        sa.Column("paper_id", sa.String(length=16), nullable=False, comment="papers.id"),
        sa.Column("score", sa.Double(), nullable=True, comment="The score kept; NULL when it is missing (see missing)"),
        sa.Column(
            "written", sa.Text(), nullable=False, comment="The value as the source writes it (`7`, `0`, `N/A`, empty)"
        ),
        sa.Column(
            "missing",
            sa.Text(),
            nullable=True,
            comment="Why the score is missing: empty, not a number, outside the scale 1-10 (the venue's, etl/sources/review_scales.csv), not a review (Authors, Area_Chair_...); NULL when kept",
        ),
        sa.Column(
            "reviewer_name",
            sa.Text(),
            nullable=True,
            comment="The reviewer as the source names it (AnonReviewer2, a 4-letter OpenReview id, Area_Chair_NsUM), where it lists as many as the field",
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.id"], name=op.f("fk_reviews_paper_id_papers"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["source_id"], ["sources.id"], name=op.f("fk_reviews_source_id_sources"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("source_id", "position", "field", "reviewer", name=op.f("pk_reviews")),
        comment=REVIEWS_COMMENT,
    )
    op.create_index(op.f("ix_reviews_paper_id"), "reviews", ["paper_id"], unique=False)


def _comments(now: bool) -> None:
    """Comments are PostgreSQL's (SQLite keeps none)."""
    for table, column, before, after in (
        ("papers", "rating_avg", RATING_BEFORE, RATING_NOW),
        ("papers", "confidence_avg", CONFIDENCE_BEFORE, CONFIDENCE_NOW),
        ("paper_sources", "rating_avg", RECORD_RATING_BEFORE, RECORD_RATING_NOW),
        ("paper_sources", "confidence_avg", RECORD_CONFIDENCE_BEFORE, RECORD_CONFIDENCE_NOW),
    ):
        comment, existing = (after, before) if now else (before, after)
        op.alter_column(table, column, comment=comment, existing_comment=existing, existing_type=sa.Double())


def _by_paper(rows) -> Iterator[list]:
    group: list = []
    for row in rows:
        if group and row.paper_id != group[0].paper_id:
            yield group
            group = []
        group.append(row)
    if group:
        yield group


def _recompute() -> None:
    """What a load now stores, from the records paper_sources keeps: each paperlists record's own
    means within the venue's scale, every reviewer's score, each paper's ratings of the kept scores."""
    from etl.extract.bibliography import TITLE_PRIORITY
    from etl.sources.records import Review
    from etl.sources.reviews import kept_average, may_have_scores, paper_reviews, paper_values, review_scores

    conn = op.get_bind()
    records, scores, papers = [], [], []
    for group in _by_paper(conn.execute(sa.text(RECORDS))):
        group = sorted(
            (r for r in group if r.format in TITLE_PRIORITY),
            key=lambda r: (TITLE_PRIORITY[r.format], r.resolved_path, r.position),
        )
        given: dict = dict.fromkeys(GIVEN)
        lists = []
        for r in group:
            rating, confidence = r.rating_avg, r.confidence_avg
            if r.format == "paperlists":
                rating = kept_average(rating, r.venue, r.year, "rating")
                confidence = kept_average(confidence, r.venue, r.year, "confidence")
                if (rating, confidence) != (r.rating_avg, r.confidence_avg):
                    records.append({"s": r.source_id, "p": r.position, "rating": rating, "confidence": confidence})
            for name, value in zip(GIVEN, (rating, confidence, r.citations, r.primary_area, r.tldr), strict=True):
                if given[name] is None:
                    given[name] = value
            found = review_scores(json.loads(r.extra), r.venue, r.year) if may_have_scores(r.extra) else None
            if found is None or not found.scores:
                continue
            lists.append(found)
            scores += [
                dict(zip(REVIEW_COLUMNS, (r.source_id, r.position, s.field, s.reviewer, r.paper_id), strict=True))
                | {"score": s.score, "written": s.written, "missing": s.missing, "reviewer_name": s.name}
                for s in found.scores
            ]
        if not group:
            continue
        values = dict(zip(PAPER_VALUES, paper_values(Review(**given), paper_reviews(lists) if lists else None)))
        spread = [values[name] for name in PAPER_COLUMNS[2:]]
        if (values["rating_avg"], values["confidence_avg"]) != (group[0].paper_rating, group[0].paper_confidence) or any(
            v is not None for v in spread
        ):
            papers.append({"id": group[0].paper_id, **{name: values[name] for name in PAPER_COLUMNS}})
    if records:
        conn.execute(
            sa.text(
                "UPDATE paper_sources SET rating_avg = :rating, confidence_avg = :confidence"
                " WHERE source_id = :s AND position = :p"
            ),
            records,
        )
    if scores:
        names = list(scores[0])
        insert = f"INSERT INTO reviews ({', '.join(names)}) VALUES ({', '.join(f':{k}' for k in names)})"
        conn.execute(sa.text(insert), scores)
    if papers:
        assignments = ", ".join(f"{name} = :{name}" for name in PAPER_COLUMNS)
        conn.execute(sa.text(f"UPDATE papers SET {assignments} WHERE id = :id"), papers)


def upgrade() -> None:
    _create()
    for name, kind, comment in SPREAD:  # (ADD COLUMN: papers keeps its rowids, the FTS index)
        op.add_column("papers", sa.Column(name, kind, nullable=True, comment=comment))
    if not on_sqlite():
        _comments(now=True)
    _recompute()
    for sql in VIEWS.values():
        op.execute(sql.format(bucket=_bucket()))


def downgrade() -> None:
    # (the means of the records and papers stay those of the kept scores: a reload gives the old ones)
    for name in reversed(VIEWS):
        op.execute(f"DROP VIEW {name}")
    if not on_sqlite():
        _comments(now=False)
    for name, _, _ in reversed(SPREAD):
        op.execute(f"ALTER TABLE papers DROP COLUMN {name}")  # (never a batch copy of papers: see 0002)
    op.drop_index(op.f("ix_reviews_paper_id"), table_name="reviews")
    op.drop_table("reviews")
