"""A load that does not rescore: it ranks only the papers it adds or changes, against the last
rescore's statistics plus their own counts (see `statistics`), and recounts the keywords
those papers, and the papers it removes, had or have."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import PaperdbError
from ..store.driver import Driver
from .keywords import DROP, PAPER_ROWS, KeywordFeed, complete_feed, keyword_ranking, stage_ranked, stored_choices
from .statistics import StoredStatistics, count_changes

if TYPE_CHECKING:
    from sqlalchemy import Connection

# The papers a load ranks without rescoring (`update_keywords`), and how the number of papers of
# each keyword changes: minus the papers that had it (ranked again, or removed), plus those
# that have it now. Counting only what changes costs what the load changes, not the corpus.
RESCORED = "SELECT paper_id FROM rescored"
DELTA = "CREATE TEMP TABLE IF NOT EXISTS keyword_delta (keyword_id INTEGER PRIMARY KEY, delta INTEGER NOT NULL)"
COUNT_DELTA = """INSERT INTO keyword_delta (keyword_id, delta)
    SELECT keyword_id, {sign} count(DISTINCT paper_id) FROM paper_keywords WHERE paper_id IN ({papers})
    GROUP BY keyword_id
    ON CONFLICT (keyword_id) DO UPDATE SET delta = keyword_delta.delta + excluded.delta"""
UPDATE = [
    "CREATE UNIQUE INDEX corpus_keywords_normalised ON corpus_keywords (normalised)",
    # a keyword new to the corpus takes the label and kind its new papers give it; known ones keep theirs
    """INSERT INTO keywords (normalised, label, kind, papers)
       SELECT normalised, label, kind, 0 FROM corpus_keywords c
       WHERE NOT EXISTS (SELECT 1 FROM keywords k WHERE k.normalised = c.normalised)
       ORDER BY normalised""",
    *PAPER_ROWS,
    COUNT_DELTA.format(sign="+", papers=RESCORED),
    """UPDATE keywords SET papers = papers + d.delta FROM keyword_delta d
       WHERE d.keyword_id = keywords.id AND d.delta != 0""",
    "DELETE FROM keywords WHERE papers <= 0 AND id IN (SELECT keyword_id FROM keyword_delta)",
]


def note_removed_papers(raw, orphans_sql: str) -> None:
    """Before the papers `orphans_sql` selects (their ids) are removed: count their keywords out
    (a load that does not rescore applies the counts)."""
    raw.execute(DELTA)
    raw.execute(COUNT_DELTA.format(sign="-", papers=orphans_sql))


def update_keywords(conn: Connection, feed: KeywordFeed | None, papers: set[str], removed: int = 0) -> int:
    """Rank only `papers` (added or changed), against the last rescore's statistics plus their
    own counts, and store their keywords; adjust the number of papers of every keyword they
    had or have, or the `removed` papers had. Other papers' keywords, and existing keywords'
    labels and kinds, stay as the last rescore left them. Returns the number of distinct keywords."""
    raw = Driver(conn)
    raw.execute(DELTA)
    raw.execute("CREATE TEMP TABLE rescored (paper_id TEXT PRIMARY KEY)")
    raw.executemany("INSERT INTO rescored VALUES (?)", [(pid,) for pid in sorted(papers)])
    reference = StoredStatistics(raw)
    ranking = None if feed is None or feed.stale or not set(feed.fed) <= papers else feed.ranking
    if ranking is not None:
        ranking.reference = reference
    retitled = None if ranking is None else complete_feed(raw, ranking, feed.fed, len(papers), RESCORED)
    if retitled is None:
        if ranking is not None:
            ranking.close()
        ranking = keyword_ranking(reference)
        retitled = complete_feed(raw, ranking, {}, len(papers), RESCORED)
        if retitled is None:
            raise PaperdbError("papers changed while their keywords were computed; run the load again")
    raw.execute(COUNT_DELTA.format(sign="-", papers=RESCORED))
    raw.execute(f"DELETE FROM paper_keywords WHERE paper_id IN ({RESCORED})")
    stored = stored_choices(raw, retitled, RESCORED, reference.author_choices())
    stage_ranked(raw, ranking, stored, RESCORED)
    for statement in UPDATE:
        raw.execute(statement.format(differs=raw.differs))
    for table in [*DROP, "rescored", "keyword_delta"]:
        raw.execute(f"DROP TABLE {table}")
    count_changes(raw, len(papers) + removed)
    return raw.execute("SELECT count(*) FROM keywords").fetchone()[0]
