"""an acronym's short form and its long form counted as one keyword (read26): IROS 2020's top keywords
said `unmanned aerial vehicles 21` and `UAVs 7` where the chips (read25) list the 28 papers of both.
Two small tables say which keywords go together and count them (`keyword_partners`: each keyword of
a pair, the long form's id that names it, the pair's papers and the other forms' labels;
`keyword_partner_trends`: the pair's papers per kind, venue and year, a paper once), filled here as
each load's end remakes them (`etl.store.partners`, the rule as this revision found it below), and
the views `keyword_counts` and `keyword_trends` read them: one row for the pair, under the long
form's id and label, with the joined count and an `other_forms` column (`UAVs`). Stored keywords,
their ids and `keywords.papers` do not change. On SQLite and PostgreSQL alike. Also (PostgreSQL keeps
comments) `papers.code_status` says what `none` knows: no link read, not "no code released".

Revision ID: 0067
Revises: 0066
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from etl.migrations.dialect import on_sqlite

revision = "0067"
down_revision = "0066"
branch_labels = None
depends_on = None

# The rule as this revision found it (`etl.store.partners` of read26).
PAIRS = """SELECT s.id AS short_id, k.id AS long_id FROM keyword_meanings m
    JOIN keywords k ON k.normalised = m.keyword JOIN keywords s ON s.normalised = m.short
    WHERE m.papers >= 3 AND m.papers >= 10 * (SELECT coalesce(sum(o.papers), 0)
    FROM keyword_meanings o WHERE o.short = m.short AND o.keyword != m.keyword)
    AND s.kind NOT IN ('acronym', 'topic') AND s.label != lower(s.label) AND s.id != k.id"""
WITH_MEMBERS = f"""WITH pairs AS ({PAIRS}),
    members AS (SELECT long_id, long_id AS keyword_id FROM pairs UNION SELECT long_id, short_id FROM pairs)"""
MEMBERS = WITH_MEMBERS + " SELECT long_id, keyword_id FROM members ORDER BY long_id, keyword_id"
JOINED_PAPERS = (
    WITH_MEMBERS + """ SELECT m.long_id, count(DISTINCT pk.paper_id) FROM members m
    JOIN paper_keywords pk ON pk.keyword_id = m.keyword_id GROUP BY m.long_id"""
)
LABELS = WITH_MEMBERS + " SELECT id, label, papers FROM keywords WHERE id IN (SELECT keyword_id FROM members)"
INSERT = """INSERT INTO keyword_partners (keyword_id, joined_id, papers, other_forms)
    VALUES (:keyword_id, :joined_id, :papers, :other_forms)"""
TRENDS = """INSERT INTO keyword_partner_trends (joined_id, kind, venue, year, papers)
    SELECT j.joined_id, pk.kind, p.venue, p.year, count(DISTINCT p.id) FROM keyword_partners j
    JOIN paper_keywords pk ON pk.keyword_id = j.keyword_id JOIN papers p ON p.id = pk.paper_id
    GROUP BY j.joined_id, pk.kind, p.venue, p.year"""

CODE_BEFORE = (
    "released (an official link to a repository, gist or package, not promised for later), promised (code to"
    " come), mentioned (code said to be available, or only a user's page on a code host) or none"
)
CODE_NOW = (
    CODE_BEFORE + " (neither the abstract nor the source's record links to code or says it is available: not"
    ' known to be released; the pages say "no link found")'
)
VENUE_PAPERS = "(SELECT venue, year, count(*) AS papers FROM papers GROUP BY venue, year)"
COUNTS_BEFORE = """CREATE VIEW keyword_counts AS
SELECT label AS keyword, kind, papers, normalised, id AS keyword_id
FROM keywords"""
COUNTS_NOW = """CREATE VIEW keyword_counts AS
SELECT k.label AS keyword, k.kind, coalesce(j.papers, k.papers) AS papers, k.normalised, k.id AS keyword_id,
       j.other_forms
FROM keywords k LEFT JOIN keyword_partners j ON j.keyword_id = k.id
WHERE j.keyword_id IS NULL OR j.joined_id = k.id"""
TRENDS_BEFORE = f"""CREATE VIEW keyword_trends AS
SELECT k.label AS keyword, c.kind, c.venue, c.year, c.papers,
       round(c.papers * 1.0 / t.papers, 4) AS share,
       t.papers AS venue_papers, c.keyword_id, k.normalised
FROM keyword_trend_counts c
JOIN keywords k ON k.id = c.keyword_id
JOIN {VENUE_PAPERS} t
    ON t.venue = c.venue AND t.year = c.year
ORDER BY c.papers DESC, share DESC, c.keyword_id, c.kind, c.venue, c.year"""
# (a keyword of a pair by the pair's rows alone; most papers first, then the largest share, the key
# making the order total)
TRENDS_NOW = f"""CREATE VIEW keyword_trends AS
SELECT k.label AS keyword, c.kind AS kind, c.venue AS venue, c.year AS year, c.papers AS papers,
       round(c.papers * 1.0 / t.papers, 4) AS share,
       t.papers AS venue_papers, c.keyword_id AS keyword_id, k.normalised AS normalised, NULL AS other_forms
FROM keyword_trend_counts c
JOIN keywords k ON k.id = c.keyword_id
JOIN {VENUE_PAPERS} t
    ON t.venue = c.venue AND t.year = c.year
WHERE NOT EXISTS (SELECT 1 FROM keyword_partners j WHERE j.keyword_id = c.keyword_id)
UNION ALL
SELECT k.label, c.kind, c.venue, c.year, c.papers,
       round(c.papers * 1.0 / t.papers, 4),
       t.papers, c.joined_id, k.normalised, j.other_forms
FROM keyword_partner_trends c
JOIN keyword_partners j ON j.keyword_id = c.joined_id
JOIN keywords k ON k.id = c.joined_id
JOIN {VENUE_PAPERS} t
    ON t.venue = c.venue AND t.year = c.year
ORDER BY papers DESC, share DESC, keyword_id, kind, venue, year"""


def upgrade() -> None:
    if not on_sqlite():  # (SQLite keeps no comments)
        op.alter_column("papers", "code_status", comment=CODE_NOW, existing_comment=CODE_BEFORE)
    op.create_table(
        "keyword_partners",
        sa.Column("keyword_id", sa.Integer(), nullable=False, comment="keywords.id"),
        sa.Column(
            "joined_id",
            sa.Integer(),
            nullable=False,
            comment="keywords.id of the long form, which names the pair in counts (its own row's too)",
        ),
        sa.Column("papers", sa.Integer(), nullable=False, comment="Papers with either form, in any way (each once)"),
        sa.Column(
            "other_forms",
            sa.Text(),
            nullable=False,
            comment="The pair's other forms' labels, most papers first (UAVs)",
        ),
        sa.ForeignKeyConstraint(
            ["keyword_id"], ["keywords.id"], name="fk_keyword_partners_keyword_id_keywords", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["joined_id"], ["keywords.id"], name="fk_keyword_partners_joined_id_keywords", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("keyword_id", name="pk_keyword_partners"),
        comment="Keywords counted with another as one: an acronym's short form (SLAM) and its long form"
        " (simultaneous localization and mapping) where the corpus's meaning of the short form is the field's"
        " (etl/store/partners.py); remade by each load. keyword_counts, keyword_trends and top_keywords count so.",
    )
    op.create_index("ix_keyword_partners_joined_id", "keyword_partners", ["joined_id"])
    op.create_table(
        "keyword_partner_trends",
        sa.Column("joined_id", sa.Integer(), nullable=False, comment="keyword_partners.joined_id"),
        sa.Column(
            "kind", sa.Text(), nullable=False, comment="paper_keywords.kind: method, acronym, phrase, topic or author"
        ),
        sa.Column("venue", sa.Text(), nullable=False, comment="papers.venue"),
        sa.Column("year", sa.Integer(), nullable=False, comment="papers.year"),
        sa.Column(
            "papers",
            sa.Integer(),
            nullable=False,
            comment="Papers of that venue and year with either form, as that kind",
        ),
        sa.ForeignKeyConstraint(
            ["joined_id"], ["keywords.id"], name="fk_keyword_partner_trends_joined_id_keywords", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("joined_id", "kind", "venue", "year", name="pk_keyword_partner_trends"),
        comment="keyword_trend_counts of each pair of keyword_partners counted as one (a paper once): what the"
        " keyword_trends view reads for them; remade by each load.",
        sqlite_with_rowid=False,
    )
    _fill(op.get_bind())
    op.execute("DROP VIEW keyword_counts")
    op.execute(COUNTS_NOW)
    op.execute("DROP VIEW keyword_trends")
    op.execute(TRENDS_NOW)


def _fill(conn) -> None:
    """Both tables as a load of this release makes them."""
    members = [tuple(row) for row in conn.execute(sa.text(MEMBERS))]
    if not members:
        return
    papers = dict(conn.execute(sa.text(JOINED_PAPERS)).all())
    labels = {kid: (label, count) for kid, label, count in conn.execute(sa.text(LABELS))}
    groups: dict[int, list[int]] = {}
    seen: set[int] = set()
    for joined, keyword in members:
        if keyword not in seen:
            seen.add(keyword)
            groups.setdefault(joined, []).append(keyword)
    rows = []
    for joined, keywords in groups.items():
        ordered = sorted(keywords, key=lambda k: (-labels[k][1], labels[k][0]))
        for keyword in keywords:
            others = ", ".join(labels[k][0] for k in ordered if k != keyword)
            rows.append({"keyword_id": keyword, "joined_id": joined, "papers": papers.get(joined, 0), "other_forms": others})
    conn.execute(sa.text(INSERT), sorted(rows, key=lambda r: r["keyword_id"]))
    conn.execute(sa.text(TRENDS))


def downgrade() -> None:
    if not on_sqlite():
        op.alter_column("papers", "code_status", comment=CODE_BEFORE, existing_comment=CODE_NOW)
    op.execute("DROP VIEW keyword_trends")
    op.execute(TRENDS_BEFORE)
    op.execute("DROP VIEW keyword_counts")
    op.execute(COUNTS_BEFORE)
    op.drop_table("keyword_partner_trends")
    op.drop_index("ix_keyword_partners_joined_id", table_name="keyword_partners")
    op.drop_table("keyword_partners")
