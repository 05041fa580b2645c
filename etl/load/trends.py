"""Papers per venue and year of each keyword, author and institution (`keyword_trend_counts`,
`author_trend_counts`, `institution_trend_counts`): what the keyword_trends view and the
compare_periods query read, kept by each load as keywords.papers is.

The counts always equal what the papers hold (their venue and year, keywords, authors and
affiliations). A load keeps them so at a cost that follows what it changes: before anything of a
paper that counts can change or go, the paper is *forgotten* (its share subtracted, the paper
noted in `trend_recount`); at the end of the load every noted paper that still exists is counted
again. Papers a load adds were never counted: they are noted without subtracting anything. A
load that rescores every paper's keywords counts everything afresh instead (`recount`).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..iterables import chunks
from ..store.writer import Writer
from .idsets import AS_STRINGS, PaperSet

# The papers whose share is not in the counts now (forgotten, or new): counted again at the end.
LEDGER = "CREATE TEMP TABLE IF NOT EXISTS trend_recount (paper_id TEXT PRIMARY KEY)"
NOTED = "SELECT paper_id FROM trend_recount"
# Each counts table: its key columns and its rows (key, venue, year, papers) of the papers `{only}` keeps.
# (Papers first, each paper's rows by their key's prefix: SQLite's CROSS JOIN keeps that order, where
# it chose to read the rows by keyword and look each paper up by id, 3x the time on the catalogue.)
COUNTS = {
    "keyword_trend_counts": (
        ("keyword_id", "kind"),
        """SELECT k.keyword_id, k.kind, p.venue, p.year, {sign}count(*) FROM papers p
           CROSS JOIN paper_keywords k WHERE k.paper_id = p.id {only}
           GROUP BY k.keyword_id, k.kind, p.venue, p.year""",
    ),
    "author_trend_counts": (
        ("author_id",),
        """SELECT a.author_id, p.venue, p.year, {sign}count(DISTINCT p.id) FROM papers p
           CROSS JOIN paper_authors a WHERE a.paper_id = p.id {only}
           GROUP BY a.author_id, p.venue, p.year""",
    ),
    "institution_trend_counts": (
        ("institution_id",),
        """SELECT f.institution_id, p.venue, p.year, {sign}count(DISTINCT p.id) FROM papers p
           CROSS JOIN paper_affiliations f WHERE f.paper_id = p.id {only}
           GROUP BY f.institution_id, p.venue, p.year""",
    ),
}


# Counting every paper afresh: each paper's period (its venue and year, numbered in their order) in
# one table, in paper id order, read once by each count: the lookups of a paper's keywords, authors
# or affiliations go in key order, and each count sorts a number where it sorted a venue and a year
# (on the catalogue, the recount's CPU 2.3 -> 1.6 s). The counts come out in their tables' key order.
PERIODS = [
    """CREATE TEMP TABLE trend_periods AS SELECT row_number() OVER (ORDER BY venue, year) AS period, venue, year
       FROM (SELECT DISTINCT venue, year FROM papers) d""",
    "CREATE UNIQUE INDEX trend_periods_period ON trend_periods (period)",
    # (each period's papers read by the venue and year index: SQLite would read them by id, one lookup each)
    """CREATE TEMP TABLE trend_papers AS SELECT p.id, q.period FROM trend_periods q CROSS JOIN papers p
       WHERE p.venue = q.venue AND p.year = q.year ORDER BY p.id""",
]
PERIODS_DROPPED = ["DROP TABLE trend_papers", "DROP TABLE trend_periods"]
# SQLite's page cache while every paper is counted afresh (a small load's, `run.SMALL_CACHE_KIB`,
# so no load's is raised): it also bounds each sort's run in memory, and the counts' sorts (half a
# million rows of keywords, 360,000 of authors on the catalogue) take less CPU as runs of 2 MB
# merged than as one run of the load's 24 MB; the pages of the counts go to the log as they fill.
RECOUNT_CACHE_KIB = 2_048
# Each counts table's rows of every paper, from `trend_papers`: (key, period, papers), then the period's venue and year.
RECOUNT = {
    "keyword_trend_counts": """SELECT k.keyword_id, k.kind, t.period, count(*) AS papers FROM trend_papers t
        CROSS JOIN paper_keywords k WHERE k.paper_id = t.id GROUP BY k.keyword_id, k.kind, t.period""",
    "author_trend_counts": """SELECT a.author_id, t.period, count(DISTINCT t.id) AS papers FROM trend_papers t
        CROSS JOIN paper_authors a WHERE a.paper_id = t.id GROUP BY a.author_id, t.period""",
    "institution_trend_counts": """SELECT f.institution_id, t.period, count(DISTINCT t.id) AS papers FROM trend_papers t
        CROSS JOIN paper_affiliations f WHERE f.paper_id = t.id GROUP BY f.institution_id, t.period""",
}


def _add(table: str, papers: str, sign: str) -> str:
    """Add (`sign` empty) or subtract (`-`) the share of the papers `papers` selects to `table`."""
    keys, rows = COUNTS[table]
    columns = (*keys, "venue", "year")
    select = rows.format(only=f"AND p.id IN ({papers})", sign=sign)
    return (
        f"INSERT INTO {table} ({', '.join(columns)}, papers) {select}"
        f" ON CONFLICT ({', '.join(columns)}) DO UPDATE SET papers = {table}.papers + excluded.papers"
    )


def note_new(writer: Writer, papers: Iterable[str]) -> None:
    """Note papers this load added (nothing of theirs was ever counted)."""
    writer.execute(LEDGER)
    _insert_ids(writer, "trend_recount", papers)


def forget(writer: Writer, papers: Iterable[str]) -> None:
    """Before the venue, year, keywords, authors or affiliations of `papers` can change, or they go."""
    papers = set(papers)
    if not papers:
        return
    writer.execute("CREATE TEMP TABLE trend_ids (paper_id TEXT PRIMARY KEY)")
    _insert_ids(writer, "trend_ids", papers)
    forget_selected(writer, "SELECT paper_id FROM trend_ids")
    writer.execute("DROP TABLE trend_ids")


def forget_selected(writer: Writer, papers_sql: str) -> None:
    """`forget` the papers whose ids `papers_sql` selects."""
    writer.execute(LEDGER)
    writer.execute(
        f"CREATE TEMP TABLE trend_forget AS SELECT id FROM papers WHERE id IN ({papers_sql}) AND id NOT IN ({NOTED})"
    )
    if writer.scalar("SELECT EXISTS (SELECT 1 FROM trend_forget)"):
        for table in COUNTS:
            writer.execute(_add(table, "SELECT id FROM trend_forget", "-"))
        writer.execute("INSERT INTO trend_recount SELECT id FROM trend_forget")
    writer.execute("DROP TABLE trend_forget")


def settle(writer: Writer, rescored: bool) -> None:
    """At the end of a load: count the noted papers that still exist again (and drop what counts
    nothing), or, when every paper's keywords were rescored, count every paper afresh."""
    writer.execute(LEDGER)
    if rescored:
        recount(writer)
    elif writer.scalar(f"SELECT EXISTS ({NOTED})"):
        for table in COUNTS:
            writer.execute(_add(table, NOTED, ""))
            writer.execute(f"DELETE FROM {table} WHERE papers <= 0")
    writer.execute("DROP TABLE trend_recount")


def recount(writer: Writer) -> None:
    """Count every paper afresh (each table's other indexes built after its rows: on the catalogue
    the keyword counts' index of `papers` updated row by row took 0.6 s of their 2.6 s of CPU, built after 0.3)."""
    for statement in PERIODS:
        writer.execute(statement)
    with writer.page_cache_within(RECOUNT_CACHE_KIB), writer.rebuilding(*COUNTS):
        for table, (keys, _) in COUNTS.items():
            counted = ", ".join(f"g.{key}" for key in keys)
            writer.execute(f"DELETE FROM {table}")
            writer.execute(
                f"INSERT INTO {table} ({', '.join(keys)}, venue, year, papers)"
                f" SELECT {counted}, q.venue, q.year, g.papers FROM ({RECOUNT[table]}) g"
                " CROSS JOIN trend_periods q WHERE q.period = g.period"
            )
    for statement in PERIODS_DROPPED:
        writer.execute(statement)


def _insert_ids(writer: Writer, table: str, papers: Iterable[str]) -> None:
    """Insert the ids in order, a part at a time (a cold load's are every paper: no list of them)."""
    ordered = papers if isinstance(papers, PaperSet) else sorted(set(papers))
    for part in chunks(ordered, AS_STRINGS):
        writer.execute(f"INSERT INTO {table} VALUES (:id) ON CONFLICT DO NOTHING", [{"id": pid} for pid in part])
