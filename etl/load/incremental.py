"""A load that does not rescore: it ranks only the papers it adds or changes, against the last
rescore's statistics plus their own counts (see `statistics`), and recounts the keywords
those papers, and the papers it removes, had or have."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..store.access import connect_read_only
from ..store.writer import Writer
from .apart import in_own_process
from .feed import HELD_BEFORE_RANKING, Collected, KeywordFeed, Retitled, fed_ranking
from .keywords import (
    DROP,
    KEYWORD_COLUMNS,
    NEW_KEYWORDS,
    PAPER_ROWS,
    Shaped,
    author_keywords,
    choices_of,
    derive_staged,
    shaped,
    stage_ranked,
    stage_rows,
    stored_choices,
)
from .labels import label_the_rest, stage_labels
from .memory import trim_heap
from .statistics import StoredStatistics, count_changes
from .trends import forget_selected

# The papers a load ranks without rescoring (`update_keywords`), and how the number of papers of
# each keyword changes: minus the papers that had it (ranked again, or removed), plus those
# that have it now. Counting only what changes costs what the load changes, not the corpus.
RESCORED = "SELECT paper_id FROM rescored"
DELTA = "CREATE TEMP TABLE IF NOT EXISTS keyword_delta (keyword_id INTEGER PRIMARY KEY, delta INTEGER NOT NULL)"
COUNT_DELTA = """INSERT INTO keyword_delta (keyword_id, delta)
    SELECT keyword_id, {sign} count(DISTINCT paper_id) FROM paper_keywords WHERE paper_id IN ({papers})
    GROUP BY keyword_id
    ON CONFLICT (keyword_id) DO UPDATE SET delta = keyword_delta.delta + excluded.delta"""
APPLY_DELTA = [
    COUNT_DELTA.format(sign="+", papers=RESCORED),
    """UPDATE keywords SET papers = papers + d.delta FROM keyword_delta d
       WHERE d.keyword_id = keywords.id AND d.delta != 0""",
    "DELETE FROM keywords WHERE papers <= 0 AND id IN (SELECT keyword_id FROM keyword_delta)",
]


def note_removed_papers(writer: Writer, orphans_sql: str) -> None:
    """Before the papers `orphans_sql` selects (their ids) are removed: count their keywords out
    (a load that does not rescore applies the counts)."""
    writer.execute(DELTA)
    writer.execute(COUNT_DELTA.format(sign="-", papers=orphans_sql))
    forget_selected(writer, orphans_sql)  # (and out of the trend counts)


def update_keywords(
    writer: Writer,
    feed: KeywordFeed | None,
    papers: set[str],
    removed: int = 0,
    step: Callable[[int, int], None] | None = None,
) -> int:
    """Rank only `papers` (added or changed), against the last rescore's statistics plus their
    own counts, and store their keywords; adjust the number of papers of every keyword they
    had or have, or the `removed` papers had. Other papers' keywords, and existing keywords'
    labels and kinds, stay as the last rescore left them. Returns the number of distinct keywords.
    `step(done, total)` is told of the papers ranked."""
    writer.execute(DELTA)
    writer.execute("CREATE TEMP TABLE rescored (paper_id TEXT PRIMARY KEY)")
    if papers:  # (a removal ranks none: only counts go, and the keyword rules are never loaded)
        _rank_again(writer, feed, papers, step)
    for statement in APPLY_DELTA:
        writer.execute(statement)
    for table in ["rescored", "keyword_delta"]:
        writer.execute(f"DROP TABLE {table}")
    count_changes(writer, len(papers) + removed)
    return writer.scalar("SELECT count(*) FROM keywords")


def _rank_again(
    writer: Writer, feed: KeywordFeed | None, papers: set[str], step: Callable[[int, int], None] | None
) -> None:
    """Rank `papers` and store their keywords (`rescored`), counting out those they had."""
    writer.execute("INSERT INTO rescored VALUES (:id)", [{"id": pid} for pid in sorted(papers)])
    usable = feed if feed is not None and feed.fed.keys() <= papers else None  # (it fed only these papers)
    # (never forked while the feed's ranking runs: its workers and threads, its rules already held)
    apart = writer.readable_file() if len(papers) < HELD_BEFORE_RANKING and _not_ranking(feed) else None
    if apart is not None:
        chunks = _ranked_apart(writer, usable, apart)
        total = sum(len(chunk) for chunk in chunks)
    else:
        reference = StoredStatistics(writer)
        ranking, retitled = fed_ranking(writer, usable, RESCORED, reference)
    writer.execute(COUNT_DELTA.format(sign="-", papers=RESCORED))
    forget_selected(writer, RESCORED)  # (their keywords' trend counts)
    writer.execute(f"DELETE FROM paper_keywords WHERE paper_id IN ({RESCORED})")
    if apart is not None:
        stage_rows(writer, chunks, total, step)
        derive_staged(writer, RESCORED)
    else:
        stored = stored_choices(writer, retitled, RESCORED, reference.author_choices())
        stage_ranked(writer, ranking, stored, RESCORED, step)
    writer.execute("CREATE UNIQUE INDEX corpus_keywords_normalised ON corpus_keywords (normalised)")
    # a keyword new to the corpus takes the label and kind its new papers give it; known ones keep theirs
    writer.insert_select("keywords", KEYWORD_COLUMNS, NEW_KEYWORDS.format(papers="0"))
    stage_labels(writer)
    for statement in PAPER_ROWS:
        writer.execute(statement)
    label_the_rest(writer, among=RESCORED)
    for table in DROP:
        writer.execute(f"DROP TABLE {table}")


def _not_ranking(feed: KeywordFeed | None) -> bool:
    return feed is None or feed.ranking is None


def _ranked_apart(writer: Writer, feed: KeywordFeed | None, database: str) -> list[Shaped]:
    """The staging rows of a few papers, ranked in a process of its own that imports the keyword
    rules and ends (about 25 MB: the loading process never holds them, issue 41). The papers'
    texts and author keywords go from this transaction; the last rescore's statistics, which a
    load between rescores never changes, it reads from the committed database."""
    collected, retitled = fed_ranking(writer, feed, RESCORED, make=Collected)
    authors = author_keywords(writer, RESCORED)
    return in_own_process(partial(_rank, database, collected.papers, retitled, authors))


def _rank(database: str, papers: list[tuple[str, str, str | None]], retitled: Retitled, authors: list) -> list[Shaped]:
    """(In the ranking's own process.)"""
    from .feed import keyword_ranking

    reader = Writer(connect_read_only(database))
    reference = StoredStatistics(reader)
    ranking = keyword_ranking(reference)
    trim_heap()  # (what reading the rules' data files left free: 3 MB under this process's peak)
    ranking.feed(papers)
    stored = choices_of(authors, retitled, reference.author_choices())
    with ranking:
        return [shaped(chunk) for chunk in ranking.ranked(stored)]
