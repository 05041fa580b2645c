"""Keywords counted as one (`keyword_partners`, `keyword_partner_trends`, `keyword_partner_counts`):
an acronym's short form and its long form, where the corpus's meaning of the short form is the
field's, remade at each load's end.

A reader takes `SLAM` and `simultaneous localization and mapping` for one thing; the chips and the
papers list joined them (read25, `etl.serve.filters.SHORT_AND_LONG`), but every count read each
keyword apart (IROS 2020's top keywords: `unmanned aerial vehicles 21`, `UAVs 7`). The stored
keywords stay as the rules make them (ids, labels, `keywords.papers`); these two small tables say
which go together and how many papers the pair has, and the views and queries that count read them.
The rule: the short form's meaning is the long form's where 3 papers or more define it so, ten times
as many as every other meaning together (`SLAM`: 438 against 6), and the short form's keyword is
written as one (a capital; not an acronym as a paper writes it, `MEG`, whose papers took no meaning,
nor a topic). 276 pairs on the catalogue (275 long forms: `center of mass` has `CoM` and `COM`).
"""

from __future__ import annotations

from .staging import INTEGER, TEXT, Temporary
from .writer import Writer

# The short form's keyword and its long form's, by the rule above.
DOMINANT = """m.papers >= 3 AND m.papers >= 10 * (SELECT coalesce(sum(o.papers), 0)
    FROM keyword_meanings o WHERE o.short = m.short AND o.keyword != m.keyword)"""
WRITTEN_SHORT = "s.kind NOT IN ('acronym', 'topic') AND s.label != lower(s.label)"
PAIRS = f"""SELECT s.id AS short_id, k.id AS long_id FROM keyword_meanings m
    JOIN keywords k ON k.normalised = m.keyword JOIN keywords s ON s.normalised = m.short
    WHERE {DOMINANT} AND {WRITTEN_SHORT} AND s.id != k.id"""
# Each pair's keywords (the long form's own row too), the papers of each pair (a paper once), and
# each keyword's label and papers (the other forms named most papers first).
WITH_MEMBERS = f"""WITH pairs AS ({PAIRS}),
    members AS (SELECT long_id, long_id AS keyword_id FROM pairs UNION SELECT long_id, short_id FROM pairs)"""
MEMBERS = WITH_MEMBERS + " SELECT long_id, keyword_id FROM members ORDER BY long_id, keyword_id"
JOINED_PAPERS = (
    WITH_MEMBERS
    + """ SELECT m.long_id, count(DISTINCT pk.paper_id) FROM members m
    JOIN paper_keywords pk ON pk.keyword_id = m.keyword_id GROUP BY m.long_id"""
)
LABELS = WITH_MEMBERS + " SELECT id, label, papers FROM keywords WHERE id IN (SELECT keyword_id FROM members)"
# Each pair's papers once per kind, venue and year (a paper of both forms once): what both counts
# below group, read from the three tables in one pass (two passes cost the trends stage 0.4 s more).
PARTNER_PAPERS = Temporary(
    "partner_papers",
    (("joined_id", INTEGER), ("kind", TEXT), ("venue", TEXT), ("year", INTEGER), ("paper_id", TEXT)),
)
FILLED = """INSERT INTO partner_papers (joined_id, kind, venue, year, paper_id)
    SELECT DISTINCT j.joined_id, pk.kind, p.venue, p.year, p.id FROM keyword_partners j
    JOIN paper_keywords pk ON pk.keyword_id = j.keyword_id JOIN papers p ON p.id = pk.paper_id"""
TRENDS = """INSERT INTO keyword_partner_trends (joined_id, kind, venue, year, papers)
    SELECT joined_id, kind, venue, year, count(*) FROM partner_papers GROUP BY joined_id, kind, venue, year"""
# Each pair's papers per venue and year, a paper once across forms and kinds (in any way; not as a
# topic alone; from the text): what the counts of a pair read, where they read paper_keywords (read28).
COUNTS = """INSERT INTO keyword_partner_counts (joined_id, venue, year, papers, written, extracted)
    SELECT joined_id, venue, year, count(DISTINCT paper_id), count(DISTINCT CASE WHEN kind != 'topic' THEN paper_id END),
           count(DISTINCT CASE WHEN kind NOT IN ('topic', 'author') THEN paper_id END)
    FROM partner_papers GROUP BY joined_id, venue, year"""
CLEARED = ("DELETE FROM keyword_partner_counts", "DELETE FROM keyword_partner_trends", "DELETE FROM keyword_partners")
COLUMNS = ("keyword_id", "joined_id", "papers", "other_forms")


def partner_rows(members, papers: dict[int, int], labels: dict[int, tuple[str, int]]) -> list[tuple]:
    """The rows of `keyword_partners` from each pair's (joined id, keyword id), the pair's papers by
    joined id and each keyword's (label, papers): a keyword once (the first pair that names it)."""
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
            rows.append((keyword, joined, papers.get(joined, 0), others))
    return sorted(rows)


def refresh_partners(writer: Writer) -> int:
    """Remake both tables from the keywords as they are now; the number of pairs' keywords."""
    for statement in CLEARED:
        writer.execute(statement)
    members = [tuple(row) for row in writer.execute(MEMBERS)]
    if not members:
        return 0
    papers = {joined: count for joined, count in writer.execute(JOINED_PAPERS)}
    labels = {kid: (label, count) for kid, label, count in writer.execute(LABELS)}
    rows = partner_rows(members, papers, labels)
    writer.insert("keyword_partners", rows, COLUMNS)
    writer.create_temporary(PARTNER_PAPERS)
    writer.execute(FILLED)
    writer.analyze(PARTNER_PAPERS.name)
    writer.execute(TRENDS)
    writer.execute(COUNTS)
    writer.execute(f"DROP TABLE {PARTNER_PAPERS.name}")
    return len(rows)
