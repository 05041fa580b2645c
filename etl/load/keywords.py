"""Store keywords: rank every paper's keywords against the corpus, inside the load's transaction.

Ranked keywords stream from the workers into temporary tables; SQL then derives the distinct
keywords (label and kind as most papers have them), keeps the ids of surviving keywords, and
fills `paper_keywords`, `keyword_aliases` and the facet copies on `papers`. Python holds one
chunk of papers at a time, whatever the corpus size.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from contextlib import closing
from functools import partial
from typing import TYPE_CHECKING

from ..errors import PaperdbError
from ..extract.corpus import BACKLOG, CHUNK, CorpusRanking, Stored, author_choices, worker_count
from ..extract.keywords import author_keys, load_taxonomy, normalise_keyword, taxonomy_path
from ..sources import InputFile
from ..store.driver import Driver
from ..text.cleaning import clean_text
from ..text.identity import abstract_sha256, paper_id
from .reading import Reader
from .rows import paper_rows
from .statistics import save_statistics

if TYPE_CHECKING:  # this module is imported before SQLAlchemy, to start the workers early
    from sqlalchemy import Connection

DIGEST = 16  # hex digits of an abstract's SHA-256 kept to tell whether the text fed is the stored one

STAGE = """
CREATE TEMP TABLE staged_keywords (paper_id TEXT, normalised TEXT, label TEXT, kind TEXT, score DOUBLE PRECISION, rank INTEGER);
CREATE TEMP TABLE staged_aliases (normalised TEXT, alias TEXT, folded TEXT);
CREATE TEMP TABLE staged_facets (paper_id TEXT, keywords TEXT, topics TEXT);
CREATE TEMP TABLE author_overlap (normalised TEXT PRIMARY KEY, papers INTEGER);
"""
STAGED_KEYWORDS, STAGED_KEYWORD_COLUMNS = "staged_keywords", "paper_id, normalised, label, kind, score, rank"
# Label and kind of each distinct keyword: the ones most papers use (ties: the smallest label;
# method before acronym before topic before phrase), extracted forms before the authors' (kind
# `author` only for keywords nothing extracted). The staged rows are sorted once, into their
# distinct forms; labels and kinds are chosen from those.
CORPUS_KEYWORDS = [
    """CREATE TEMP TABLE keyword_forms AS
       SELECT normalised, label, kind, count(*) AS papers FROM staged_keywords GROUP BY normalised, label, kind""",
    """CREATE TEMP TABLE keyword_labels AS
       SELECT normalised, label, sum(sum(papers)) OVER (PARTITION BY normalised) AS papers,
           row_number() OVER (PARTITION BY normalised ORDER BY min(CASE WHEN kind = 'author' THEN 1 ELSE 0 END), sum(papers) DESC, label) AS r
       FROM keyword_forms GROUP BY normalised, label""",
    """CREATE TEMP TABLE keyword_kinds AS
       SELECT normalised, kind FROM (
           SELECT normalised, kind, row_number() OVER (
               PARTITION BY normalised ORDER BY kind = 'author', sum(papers) DESC,
               CASE kind WHEN 'method' THEN 0 WHEN 'acronym' THEN 1 WHEN 'topic' THEN 2 ELSE 3 END
           ) AS r
           FROM keyword_forms GROUP BY normalised, kind
       ) ranked WHERE r = 1""",
    # an index for the join: without it the join below is quadratic in the distinct keywords
    "CREATE UNIQUE INDEX keyword_kinds_normalised ON keyword_kinds (normalised)",
    """CREATE TEMP TABLE corpus_keywords AS
       SELECT l.normalised, l.label, k.kind, l.papers - coalesce(o.papers, 0) AS papers
       FROM keyword_labels l JOIN keyword_kinds k ON k.normalised = l.normalised
       LEFT JOIN author_overlap o ON o.normalised = l.normalised
       WHERE l.r = 1""",
]
# Papers that have a keyword both as the authors' and as extracted were counted twice above: the
# overlap, per keyword (computed only when some paper has author keywords).
AUTHOR_OVERLAP = [
    "CREATE INDEX staged_keywords_paper ON staged_keywords (paper_id, normalised)",
    """INSERT INTO author_overlap
       SELECT a.normalised, count(*) FROM staged_keywords a
       WHERE a.kind = 'author' AND EXISTS (
           SELECT 1 FROM staged_keywords o WHERE o.paper_id = a.paper_id AND o.normalised = a.normalised
           AND o.kind != 'author')
       GROUP BY a.normalised""",
]
# Each staged paper's keywords, aliases and facet copies, once its keywords are in `keywords`.
PAPER_ROWS = [
    # a method keeps its own name (`TOKEN` never shows as the `tokens` other papers write), and
    # an author keyword the authors' spelling
    """INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)
       SELECT s.paper_id, k.id, CASE WHEN s.kind IN ('method', 'author') THEN s.label ELSE k.label END,
           s.kind, s.score, s.rank
       FROM staged_keywords s JOIN keywords k ON k.normalised = s.normalised
       ORDER BY s.paper_id, s.rank""",
    """INSERT INTO keyword_aliases (keyword_id, alias, normalised)
       SELECT k.id, a.alias, a.folded FROM staged_aliases a JOIN keywords k ON k.normalised = a.normalised
       WHERE true ORDER BY k.id, a.alias ON CONFLICT DO NOTHING""",
    """UPDATE papers SET keywords = f.keywords, topics = f.topics
       FROM staged_facets f WHERE f.paper_id = papers.id
       AND (papers.keywords, papers.topics){differs}(f.keywords, f.topics)""",
]
STORE = [
    "CREATE UNIQUE INDEX corpus_keywords_normalised ON corpus_keywords (normalised)",
    "DELETE FROM paper_keywords",
    "DELETE FROM keyword_aliases",
    "DELETE FROM keywords WHERE normalised NOT IN (SELECT normalised FROM corpus_keywords)",
    """UPDATE keywords SET label = c.label, kind = c.kind, papers = c.papers
       FROM corpus_keywords c WHERE c.normalised = keywords.normalised
       AND (keywords.label, keywords.kind, keywords.papers){differs}(c.label, c.kind, c.papers)""",
    """INSERT INTO keywords (normalised, label, kind, papers)
       SELECT normalised, label, kind, papers FROM corpus_keywords c
       WHERE NOT EXISTS (SELECT 1 FROM keywords k WHERE k.normalised = c.normalised)
       ORDER BY normalised""",
    *PAPER_ROWS,
]
DROP = [
    "staged_keywords",
    "staged_aliases",
    "staged_facets",
    "keyword_forms",
    "keyword_labels",
    "keyword_kinds",
    "corpus_keywords",
    "author_overlap",
]


def keyword_ranking(reference=None, on_statistics=None) -> CorpusRanking:
    """A ranking of the corpus with the configured topic taxonomy (see `CorpusRanking`)."""
    return CorpusRanking(load_taxonomy(taxonomy_path()), reference, on_statistics)


class KeywordFeed:
    """Papers handed to keyword extraction during a load, each with the SHA-256 of the text fed.

    A load feeds papers before it knows the corpus: the first files' abstracts while it is still
    starting up (`speculate`), then each new or changed paper as it saves it. `refresh_keywords`
    uses the work only if every fed text is the one the database ends up with; a paper fed
    twice with different texts marks the feed stale and the rescoring starts afresh. A title
    matters only to ranking: a paper whose stored title is not the one fed is ranked with the
    stored one."""

    def __init__(self) -> None:
        self.ranking: CorpusRanking | None = None
        # paper id -> SHA-256 of the abstract fed (first `DIGEST` hex digits), then the title's `title_tag`
        self.fed: dict[str, str] = {}
        self.stale = False

    def feed(self, papers: Iterable[tuple[str, str, str, str | None]]) -> None:
        """Feed `(id, abstract, SHA-256 of the abstract, title)`; a paper already fed with this text is skipped."""
        if self.stale:
            return
        batch = []
        for pid, abstract, digest, title in papers:
            digest = digest[:DIGEST]
            known = self.fed.get(pid)
            if known is None:
                self.fed[pid] = digest + title_tag(title)
                batch.append((pid, abstract, title))
            elif known[:DIGEST] != digest:
                self.stale = True
                self.close()
                return
        if batch:
            if self.ranking is None:
                self.ranking = keyword_ranking()
            self.ranking.feed(batch)

    def speculate(self, files: Sequence[InputFile], reader: Reader) -> None:
        """Feed the abstracts of the first files, as many as the workers take without waiting,
        so they extract while the load imports its libraries and migrates. `reader` keeps the
        files for the load; bad files are left for the load to report."""
        if worker_count() < 2:  # no workers to give the work to
            return
        room = (BACKLOG + worker_count()) * CHUNK
        for input_file in files:
            if len(self.fed) >= room or self.stale:
                return
            parsed = reader.read_early(input_file)
            if parsed is None:
                return
            entries = parsed.entries[: room - len(self.fed)]
            self.feed(
                (paper_id(e.abstract), e.abstract, abstract_sha256(e.abstract), fed_title(e.title)) for e in entries
            )

    def close(self) -> None:
        if self.ranking is not None:
            self.ranking.close()


def fed_title(title: str | None) -> str | None:
    """A source's title as the papers table stores it (the form keywords are ranked with)."""
    return clean_text(title) if title else None


def title_tag(title: str | None) -> str:
    """A short checksum of a title, to tell whether the title fed is the stored one."""
    return "" if title is None else format(zlib.crc32(title.encode("utf-8", "surrogatepass")), "08x")


def refresh_keywords(conn: Connection, feed: KeywordFeed | None = None) -> int:
    """Rescore: recompute every paper's keywords against the current corpus, store them and the
    statistics ranked against (`statistics`); returns the number of distinct keywords. Keyword
    ids of surviving keywords do not change.

    `feed` may hold papers the load already fed; the others are fed here. If a fed text is not
    the stored one, or a fed paper no longer exists, everything is fed again from the database."""
    raw = Driver(conn)
    total = raw.scalar("SELECT count(*) FROM papers")

    ranking = None if feed is None or feed.stale else feed.ranking
    retitled = None if ranking is None else complete_feed(raw, ranking, feed.fed, total)
    if retitled is None:
        if ranking is not None:
            ranking.close()
        ranking = keyword_ranking()
        retitled = complete_feed(raw, ranking, {}, total)
        if retitled is None:
            # (cannot happen inside the load's transaction; a one-line error if it ever does)
            raise PaperdbError("papers changed while their keywords were computed; run the load again")
    stored = stored_choices(raw, retitled)
    ranking.on_statistics = partial(save_statistics, raw, chosen=stored.chosen)
    stage_ranked(raw, ranking, stored)
    # paper_keywords is rebuilt whole: its secondary indexes are dropped and made again after the
    # insert (one sort each instead of an index update per row), exactly as the migrations made
    # them. On any error the transaction's rollback restores them.
    # (SQLite only: on PostgreSQL, DROP INDEX would lock readers out of paper_keywords until commit)
    indexes = [] if raw.postgres else raw.index_definitions("paper_keywords")
    for name, _ in indexes:
        raw.execute(f'DROP INDEX "{name}"')
    for statement in STORE:
        raw.execute(statement.format(differs=raw.differs))
    for _, sql in indexes:
        raw.execute(sql)
    distinct = raw.execute("SELECT count(*) FROM corpus_keywords").fetchone()[0]
    for table in DROP:
        raw.execute(f"DROP TABLE {table}")
    raw.execute("DROP TABLE IF EXISTS keyword_delta")  # (see `incremental`)
    return distinct


def stored_choices(
    raw, titles: dict[str, str | None], among: str | None = None, chosen: Mapping[str, int] | None = None
) -> Stored:
    """What ranking takes from the stored papers (see `Stored`): the `titles` that changed since
    they were fed, and the author keywords: at a rescore, counted over every paper; between
    rescores (`among` selects the papers ranked), the last rescore's counts (`chosen`), each
    paper's own left out even where those counts never had it."""
    only = f" AND id IN ({among})" if among else ""
    with closing(raw.stream(f"SELECT id, author_keywords FROM papers WHERE author_keywords != '[]'{only}")) as cursor:
        papers = [
            (pid, json.loads(labels)) for rows in iter(partial(cursor.fetchmany, 1000), []) for pid, labels in rows
        ]
    if chosen is None:
        return author_choices(papers, titles)
    own = {
        pid: tuple(sorted({k for label in labels for k in author_keys(label) if k in chosen})) for pid, labels in papers
    }
    return Stored(titles, chosen, {pid: keys for pid, keys in own.items() if keys})


def stage_ranked(raw, ranking: CorpusRanking, stored: Stored, among: str | None = None) -> None:
    """Rank the fed papers into the staging tables, with the author keywords of all papers (or
    of those `among` selects), and derive each staged keyword's label and kind (`corpus_keywords`)."""
    with ranking:
        for statement in STAGE.strip().split(";\n"):
            raw.execute(statement)
        for chunk in ranking.ranked(stored):
            shaped = [paper_rows(pid, ranked) for pid, ranked in chunk]
            raw.insert_rows(STAGED_KEYWORDS, STAGED_KEYWORD_COLUMNS, [row for rows, _, _ in shaped for row in rows])
            raw.insert_rows(
                "staged_aliases", "normalised, alias, folded", [row for _, rows, _ in shaped for row in rows]
            )
            raw.insert_rows("staged_facets", "paper_id, keywords, topics", [facets for _, _, facets in shaped])
    if _stage_author_keywords(raw, among):
        for statement in AUTHOR_OVERLAP:
            raw.execute(statement)
    raw.analyze("staged_keywords", "staged_aliases", "staged_facets")
    for statement in CORPUS_KEYWORDS:
        raw.execute(statement)
    raw.analyze("corpus_keywords")


def _stage_author_keywords(raw, among: str | None = None) -> int:
    """Stage each paper's author keywords (`papers.author_keywords`; of the papers whose ids
    `among` selects, if given) as kind `author`, under the extracted keywords' normalisation:
    score 0 (not ranked), rank the authors' order. Returns how many were staged."""
    total = 0
    only = f" AND id IN ({among})" if among else ""
    with closing(raw.stream(f"SELECT id, author_keywords FROM papers WHERE author_keywords != '[]'{only}")) as cursor:
        while rows := cursor.fetchmany(1000):
            staged = []
            for pid, chosen in rows:
                seen: set[str] = set()
                for label in json.loads(chosen):
                    key = normalise_keyword(label)
                    if key and key not in seen:
                        seen.add(key)
                        staged.append((pid, key, label, "author", 0.0, len(seen)))
            raw.insert_rows(STAGED_KEYWORDS, STAGED_KEYWORD_COLUMNS, staged)
            total += len(staged)
    return total


def complete_feed(
    raw, ranking: CorpusRanking, fed: dict[str, str], total: int, among: str | None = None
) -> dict[str, str | None] | None:
    """Feed the papers not yet fed (of those whose ids `among` selects, if given: `total` of
    them). None unless the ranking now holds each paper once, with the text the database holds;
    else the papers fed with a title that is not the stored one (id -> title)."""
    retitled: dict[str, str | None] = {}
    only = f" WHERE id IN ({among})" if among else ""
    with closing(raw.stream(f"SELECT id, abstract, abstract_sha256, title FROM papers{only}")) as cursor:
        while rows := cursor.fetchmany(1000):
            batch = []
            for pid, abstract, digest, title in rows:
                known = fed.get(pid)
                if known is None:
                    batch.append((pid, abstract, title))
                elif known[:DIGEST] != digest[:DIGEST]:
                    return None
                elif known[DIGEST:] != title_tag(title):
                    retitled[pid] = title
            ranking.feed(batch)
    return retitled if ranking.fed == total else None
