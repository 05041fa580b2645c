"""how a field evolves: papers per venue and year of each keyword, author and institution
(keyword_trend_counts, author_trend_counts, institution_trend_counts, filled here from what the
database holds) and the keyword_trends view of the keywords' shares; each paper's
similar papers with the statistics they were computed with (similar_papers, similar_terms,
similar_scoring: the next load computes them); versions of one work (paper_versions)

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None

# The share of a venue-year's papers: its papers counted from papers' (venue, year) index.
KEYWORD_TRENDS = """
CREATE VIEW keyword_trends AS
SELECT k.label AS keyword, c.kind, c.venue, c.year, c.papers,
       round(c.papers * 1.0 / t.papers, 4) AS share,
       t.papers AS venue_papers, c.keyword_id, k.normalised
FROM keyword_trend_counts c
JOIN keywords k ON k.id = c.keyword_id
JOIN (SELECT venue, year, count(*) AS papers FROM papers GROUP BY venue, year) t
    ON t.venue = c.venue AND t.year = c.year
"""
FILL_TREND_COUNTS = [
    """INSERT INTO keyword_trend_counts (keyword_id, kind, venue, year, papers)
    SELECT k.keyword_id, k.kind, p.venue, p.year, count(*) FROM papers p JOIN paper_keywords k ON k.paper_id = p.id
    GROUP BY k.keyword_id, k.kind, p.venue, p.year""",
    """INSERT INTO author_trend_counts (author_id, venue, year, papers)
    SELECT a.author_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p JOIN paper_authors a ON a.paper_id = p.id
    GROUP BY a.author_id, p.venue, p.year""",
    """INSERT INTO institution_trend_counts (institution_id, venue, year, papers)
    SELECT f.institution_id, p.venue, p.year, count(DISTINCT p.id) FROM papers p
    JOIN paper_affiliations f ON f.paper_id = p.id GROUP BY f.institution_id, p.venue, p.year""",
]
# (author_trend_counts and institution_trend_counts: the same columns for another key)
PEOPLE_COUNTS = [
    ("author_trend_counts", "author_id", "authors", "by the author"),
    ("institution_trend_counts", "institution_id", "institutions", "with an author affiliated with it"),
]


def upgrade() -> None:
    op.create_table(
        "keyword_trend_counts",
        sa.Column("keyword_id", sa.Integer(), nullable=False, comment="keywords.id"),
        sa.Column(
            "kind", sa.Text(), nullable=False, comment="paper_keywords.kind: method, acronym, phrase, topic or author"
        ),
        sa.Column("venue", sa.Text(), nullable=False, comment="papers.venue"),
        sa.Column("year", sa.Integer(), nullable=False, comment="papers.year"),
        sa.Column(
            "papers",
            sa.Integer(),
            nullable=False,
            comment="Papers of that venue and year with the keyword, as that kind",
        ),
        sa.ForeignKeyConstraint(
            ["keyword_id"],
            ["keywords.id"],
            name=op.f("fk_keyword_trend_counts_keyword_id_keywords"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("keyword_id", "kind", "venue", "year", name=op.f("pk_keyword_trend_counts")),
        comment="Papers per keyword, kind, venue and year (kept by each load, as keywords.papers is): what the"
        " keyword_trends view reads.",
        sqlite_with_rowid=False,
    )
    for name, key, referred, what in PEOPLE_COUNTS:
        op.create_table(
            name,
            sa.Column(key, sa.Integer(), nullable=False, comment=f"{referred}.id"),
            sa.Column("venue", sa.Text(), nullable=False, comment="papers.venue"),
            sa.Column("year", sa.Integer(), nullable=False, comment="papers.year"),
            sa.Column("papers", sa.Integer(), nullable=False, comment=f"Papers of that venue and year {what}"),
            sa.ForeignKeyConstraint(
                [key], [f"{referred}.id"], name=op.f(f"fk_{name}_{key}_{referred}"), ondelete="CASCADE"
            ),
            sa.PrimaryKeyConstraint(key, "venue", "year", name=op.f(f"pk_{name}")),
            comment=f"Papers per {key.removesuffix('_id')}, venue and year (kept by each load): what the"
            " compare_periods query reads.",
            sqlite_with_rowid=False,
        )
    op.create_table(
        "similar_papers",
        sa.Column("paper_id", sa.String(length=16), nullable=False, comment="papers.id"),
        sa.Column("rank", sa.Integer(), nullable=False, comment="1 = the most similar paper"),
        sa.Column("similar_id", sa.String(length=16), nullable=False, comment="papers.id of the similar paper"),
        sa.Column(
            "score",
            sa.Double(),
            nullable=False,
            comment="Text similarity, 0 to about 1.5: the cosine of the papers' TF-IDF vectors over their distinctive"
            " terms plus half the cosine of their topic vectors (docs/evolution.md)",
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.id"], name=op.f("fk_similar_papers_paper_id_papers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("paper_id", "rank", name=op.f("pk_similar_papers")),
        comment="Each paper's ten most similar papers by title, abstract and keywords.",
        sqlite_with_rowid=False,
    )
    op.create_table(
        "similar_terms",
        sa.Column(
            "term",
            sa.Text(),
            nullable=False,
            comment="A word (case folded, singular) or, after `=`, a keyword's merge key (keywords.normalised)",
        ),
        sa.Column("papers", sa.Integer(), nullable=False, comment="Papers that have the term (two or more)"),
        sa.Column(
            "topic",
            sa.LargeBinary(),
            nullable=True,
            comment="The term's row of the topic basis (float32, little-endian), for the terms the topics are made of",
        ),
        sa.PrimaryKeyConstraint("term", name=op.f("pk_similar_terms")),
        comment="What the last full computation of similar_papers weighed terms with: document frequencies and"
        " topic basis; a load between computations scores its new papers against them.",
        sqlite_with_rowid=False,
    )
    op.create_table(
        "similar_scoring",
        sa.Column("id", sa.Integer(), nullable=False, comment="Always 1"),
        sa.Column("papers", sa.Integer(), nullable=False, comment="Papers the last full computation compared"),
        sa.Column("changed", sa.Integer(), nullable=False, comment="Papers added, changed or removed since"),
        sa.Column("fingerprint", sa.Text(), nullable=False, comment="The similarity rules and weights it ran with"),
        sa.Column("computed_at", sa.Text(), nullable=False, comment="UTC time of the computation (ISO 8601)"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_similar_scoring")),
        comment="One row: the last full computation of similar_papers, and what changed since.",
    )
    op.create_table(
        "paper_versions",
        sa.Column(
            "paper_id",
            sa.String(length=16),
            nullable=False,
            comment="papers.id of the earlier version (the earlier year; in one year, the venue first in order)",
        ),
        sa.Column("other_id", sa.String(length=16), nullable=False, comment="papers.id of the later version"),
        sa.Column(
            "relation",
            sa.Text(),
            nullable=False,
            comment="The decisions on each, earlier first: `rejected → poster`; `same year: ...` when both are of one year",
        ),
        sa.Column(
            "similarity",
            sa.Double(),
            nullable=False,
            comment="How much of their text the two share: resemblance of the word triples of title and abstract, 0 to 1",
        ),
        sa.Column(
            "same_title",
            sa.Boolean(),
            nullable=False,
            comment="1 when the normalised titles (papers.title_key, an extended abstract suffix left out) are equal",
        ),
        sa.ForeignKeyConstraint(
            ["other_id"], ["papers.id"], name=op.f("fk_paper_versions_other_id_papers"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["papers.id"], name=op.f("fk_paper_versions_paper_id_papers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("paper_id", "other_id", name=op.f("pk_paper_versions")),
        comment="The same work in another venue or year: near-duplicate title and abstract and at least one shared author.",
    )
    op.create_index(op.f("ix_paper_versions_other_id"), "paper_versions", ["other_id"])
    for statement in FILL_TREND_COUNTS:
        op.execute(statement)
    op.execute(KEYWORD_TRENDS)


def downgrade() -> None:
    op.execute("DROP VIEW keyword_trends")
    op.drop_index(op.f("ix_paper_versions_other_id"), table_name="paper_versions")
    op.drop_table("paper_versions")
    op.drop_table("similar_scoring")
    op.drop_table("similar_terms")
    op.drop_table("similar_papers")
    for name, _, _, _ in reversed(PEOPLE_COUNTS):
        op.drop_table(name)
    op.drop_table("keyword_trend_counts")
