"""Store keywords: rank every paper's keywords against the corpus, inside the load's transaction.

Ranked keywords stream from the workers into temporary tables (`etl.store.staging`); SQL then
derives the distinct keywords (label and kind as most papers have them), keeps the ids of
surviving keywords, and fills `paper_keywords`, `keyword_aliases`, `keyword_short_forms` and the facet copies on
`papers`. Python holds one chunk of papers at a time, whatever the corpus size.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import TYPE_CHECKING

from ..extract.keywords import normalise_keyword
from ..extract.keywords.normalise import MAX_LABEL_WORDS
from ..sources.fields import MAX_KEYWORD_CHARS
from ..store.staging import STAGING, staged_aliases, staged_facets, staged_keywords, staged_short_forms
from ..store.writer import Writer
from .feed import KeywordFeed, Retitled, fed_ranking
from .labels import label_the_rest, stage_labels
from .rows import paper_rows
from .statistics import save_statistics

if TYPE_CHECKING:
    from ..extract.corpus import CorpusRanking, Stored

__all__ = ["CORPUS_KEYWORDS", "KeywordFeed", "refresh_keywords", "stage_ranked", "stored_choices"]

# Label and kind of each distinct keyword: the ones most papers use (a label's ties: the lower-case
# one, then the smallest; a kind's: method before acronym before topic before phrase), extracted forms
# before the authors' (kind `author` only for keywords nothing extracted), and a label of more than
# MAX_LABEL_WORDS words (`label_words`: a hyphen's parts apart) only where the keyword has no shorter
# one (`IDA-PBC` on two papers, not its seven-word long form on two: issue #36, no label of 7+ words). A phrase's and an acronym's
# label is staged as shown (`labels.shown_label`: `Gaussian process`, `long short-term memory`). The staged rows are sorted once, into their
# distinct forms; labels and kinds are chosen from those.
CORPUS_KEYWORDS = [
    """CREATE TEMP TABLE keyword_forms AS
       SELECT normalised, label, kind, count(*) AS papers FROM staged_keywords GROUP BY normalised, label, kind""",
    f"""CREATE TEMP TABLE keyword_labels AS
       SELECT normalised, label, sum(sum(papers)) OVER (PARTITION BY normalised) AS papers,
           row_number() OVER (
               PARTITION BY normalised ORDER BY min(CASE WHEN kind = 'author' THEN 1 ELSE 0 END),
               length(label) - length(replace(replace(label, '-', ''), ' ', '')) >= {MAX_LABEL_WORDS}, sum(papers) DESC,
               CASE WHEN label = lower(label) THEN 0 ELSE 1 END, label
           ) AS r
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
# overlap, per keyword (`author_overlap`; computed only when some paper has author keywords).
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
       ORDER BY s.paper_id, k.id, s.kind""",
    """INSERT INTO keyword_aliases (keyword_id, alias, normalised)
       SELECT k.id, a.alias, a.folded FROM staged_aliases a JOIN keywords k ON k.normalised = a.normalised
       WHERE true ORDER BY k.id, a.alias ON CONFLICT DO NOTHING""",
    """INSERT INTO keyword_short_forms (keyword_id, alias)
       SELECT k.id, s.alias FROM staged_short_forms s JOIN keywords k ON k.normalised = s.normalised
       WHERE true ORDER BY k.id, s.alias ON CONFLICT DO NOTHING""",
    # with the labels staged (`labels.stage_labels`): each row rewritten once
    """UPDATE papers SET keywords = f.keywords, topics = f.topics, keyword_labels = coalesce(l.labels, '[]')
       FROM staged_facets f LEFT JOIN staged_labels l ON l.paper_id = f.paper_id WHERE f.paper_id = papers.id
       AND (papers.keywords, papers.topics, papers.keyword_labels)
           IS DISTINCT FROM (f.keywords, f.topics, coalesce(l.labels, '[]'))""",
]
# A rescore replaces every paper's keywords; keywords that survive keep their ids.
REPLACE = [
    "CREATE UNIQUE INDEX corpus_keywords_normalised ON corpus_keywords (normalised)",
    "DELETE FROM paper_keywords",
    "DELETE FROM keyword_aliases",
    "DELETE FROM keyword_short_forms",
    "DELETE FROM keywords WHERE normalised NOT IN (SELECT normalised FROM corpus_keywords)",
    """UPDATE keywords SET label = c.label, kind = c.kind, papers = c.papers
       FROM corpus_keywords c WHERE c.normalised = keywords.normalised
       AND (keywords.label, keywords.kind, keywords.papers) IS DISTINCT FROM (c.label, c.kind, c.papers)""",
]
# Keywords new to the corpus, in key order (so numbered alike whatever order papers came in), with
# their papers (`NEW_KEYWORDS.format(papers=...)`: 0 when a load counts them by deltas).
NEW_KEYWORDS = """SELECT normalised, label, kind, {papers} FROM corpus_keywords c
    WHERE NOT EXISTS (SELECT 1 FROM keywords k WHERE k.normalised = c.normalised) ORDER BY normalised"""
KEYWORD_COLUMNS = ("normalised", "label", "kind", "papers")
DROP = [
    "staged_keywords",
    "staged_aliases",
    "staged_short_forms",
    "staged_facets",
    "staged_labels",
    "keyword_forms",
    "keyword_labels",
    "keyword_kinds",
    "corpus_keywords",
    "author_overlap",
]


def refresh_keywords(
    writer: Writer, feed: KeywordFeed | None = None, step: Callable[[int, int], None] | None = None
) -> int:
    """Rescore: recompute every paper's keywords against the current corpus, store them and the
    statistics ranked against (`statistics`); returns the number of distinct keywords. Keyword
    ids of surviving keywords do not change.

    `feed` may hold papers the load already fed; the others are fed here. If a fed text is not
    the stored one, everything is fed again from the database; a fed paper that no longer exists
    (merged into another) is left out.
    `step(done, total)` is told of the papers ranked."""
    ranking, retitled = fed_ranking(writer, feed)
    stored = stored_choices(writer, retitled)
    ranking.on_statistics = partial(save_statistics, writer, chosen=stored.chosen)
    stage_ranked(writer, ranking, stored, step=step)
    with writer.rebuilding("paper_keywords"):  # (paper_keywords is rebuilt whole)
        for statement in REPLACE:
            writer.execute(statement)
        writer.insert_select("keywords", KEYWORD_COLUMNS, NEW_KEYWORDS.format(papers="papers"))
        stage_labels(writer)
        for statement in PAPER_ROWS:
            writer.execute(statement)
        label_the_rest(writer, among="SELECT id FROM papers")
    distinct = writer.scalar("SELECT count(*) FROM corpus_keywords")
    for table in DROP:
        writer.execute(f"DROP TABLE {table}")
    writer.execute("DROP TABLE IF EXISTS keyword_delta")  # (see `incremental`)
    return distinct


def stored_choices(
    writer: Writer, titles: Retitled, among: str | None = None, chosen: Mapping[str, int] | None = None
) -> Stored:
    """What ranking takes from the stored papers (see `Stored`): the `titles` that changed since
    they were fed, and the author keywords: at a rescore, counted over every paper; between
    rescores (`among` selects the papers ranked), the last rescore's counts (`chosen`), each
    paper's own left out even where those counts never had it."""
    return choices_of(author_keywords(writer, among), titles, chosen)


def author_keywords(writer: Writer, among: str | None = None) -> list[tuple[str, list[str]]]:
    """Each paper's author keywords (of the papers whose ids `among` selects, if given), but for
    the papers of a venue and year whose keywords are a menu (`menu_venues`): what authors choose is
    counted from the authors' own phrases only."""
    with writer.stream("SELECT venue, year, author_keywords FROM papers WHERE author_keywords != '[]'") as batches:
        menus = menu_venues((venue, year, json.loads(labels)) for rows in batches for venue, year, labels in rows)
    only = f" AND id IN ({among})" if among else ""
    query = f"SELECT id, venue, year, author_keywords FROM papers WHERE author_keywords != '[]'{only}"
    with writer.stream(query) as batches:
        return [
            (pid, json.loads(labels)) for rows in batches for pid, *venue, labels in rows if tuple(venue) not in menus
        ]


def menu_venues(papers: Iterable[tuple[str | None, int | None, list[str]]]) -> set[tuple[str | None, int | None]]:
    """The venues and years (of the papers' `(venue, year, author keywords)`) whose keywords are a
    menu of subject areas rather than the authors' own phrases (`is_menu`)."""
    uses: dict[tuple[str | None, int | None], list[str]] = {}
    for venue, year, labels in papers:
        uses.setdefault((venue, year), []).extend(label.lower() for label in labels)
    return {venue for venue, labels in uses.items() if is_menu(labels)}


# A venue whose keywords repeat a short menu (ICLR 2017's 15 subject areas, SIGGRAPH's session
# categories, IJCAI's `Area: Subarea`) gives subject areas, not the phrases authors choose: free
# keywords are mostly distinct, a menu's mostly repeats. On the catalogue the free venues' keywords
# are 0.63-0.78 distinct a use, the menus' 0.016-0.164 (SIGGRAPH's `modeling`, on 231 of its
# papers, was counted as an author's choice on every paper that writes the word: issue 36).
FREE_DISTINCT_SHARE = 0.25
# Uses below which no venue is judged a menu: a handful of papers sharing two keywords is a small
# list, not a menu (the catalogue's menus have 394 uses or more, its free venues 493 or more).
MENU_MIN_USES = 100


def is_menu(uses: list[str], least: int = MENU_MIN_USES) -> bool:
    """Whether keywords used (`uses`, lower case, one a use; `least` of them or more) repeat a
    menu (`FREE_DISTINCT_SHARE`)."""
    return len(uses) >= max(least, 1) and len(set(uses)) < FREE_DISTINCT_SHARE * len(uses)


def choices_of(papers: list[tuple[str, list[str]]], titles: Retitled, chosen: Mapping[str, int] | None) -> Stored:
    """`stored_choices` of the papers' author keywords as read (`author_keywords`)."""
    from ..extract.corpus import Stored, author_choices  # (with the rules: see `feed.keyword_ranking`)
    from ..extract.keywords import author_keys

    if chosen is None:
        return author_choices(papers, titles)
    own = {
        pid: tuple(sorted({k for label in labels for k in author_keys(label) if k in chosen})) for pid, labels in papers
    }
    return Stored(titles, chosen, {pid: keys for pid, keys in own.items() if keys})


def stage_ranked(
    writer: Writer,
    ranking: CorpusRanking,
    stored: Stored,
    among: str | None = None,
    step: Callable[[int, int], None] | None = None,
) -> None:
    """Rank the fed papers into the staging tables, with the author keywords of all papers (or
    of those `among` selects), and derive each staged keyword's label and kind (`corpus_keywords`).
    `step(done, total)` is told of the papers ranked, as each chunk is."""
    with ranking:
        stage_rows(writer, (shaped(chunk) for chunk in ranking.ranked(stored)), ranking.fed, step)
    derive_staged(writer, among)


Shaped = list[tuple[list[tuple], list[tuple], list[tuple], tuple]]  # a chunk of papers' `paper_rows`


def shaped(chunk: list[tuple[str, list]]) -> Shaped:
    """A chunk of ranked papers as rows of the staging tables."""
    return [paper_rows(pid, ranked) for pid, ranked in chunk]


def stage_rows(
    writer: Writer, chunks: Iterable[Shaped], total: int, step: Callable[[int, int], None] | None = None
) -> None:
    """Stage the ranked papers' rows, a chunk at a time (`step(done, total)` after each)."""
    done, step = 0, step or (lambda done, total: None)
    writer.create_temporary(*STAGING)
    step(0, total)
    for rows in chunks:
        done += len(rows)
        step(done, total)
        writer.insert(staged_keywords, [row for keywords, _, _, _ in rows for row in keywords])
        writer.insert(staged_aliases, [row for _, aliases, _, _ in rows for row in aliases])
        writer.insert(staged_short_forms, [row for _, _, short_forms, _ in rows for row in short_forms])
        writer.insert(staged_facets, [facets for _, _, _, facets in rows])


def derive_staged(writer: Writer, among: str | None = None) -> None:
    """With the author keywords of all papers (or of those `among` selects) staged too, each
    staged keyword's label and kind (`corpus_keywords`)."""
    if _stage_author_keywords(writer, among):
        for statement in AUTHOR_OVERLAP:
            writer.execute(statement)
    writer.analyze("staged_keywords", "staged_aliases", "staged_short_forms", "staged_facets")
    for statement in CORPUS_KEYWORDS:
        writer.execute(statement)
    writer.analyze("corpus_keywords")


def _stage_author_keywords(writer: Writer, among: str | None = None) -> int:
    """Stage each paper's author keywords (`papers.author_keywords`; of the papers whose ids
    `among` selects, if given) as kind `author`, under the extracted keywords' normalisation:
    score 0 (not ranked), rank the authors' order. Returns how many were staged."""
    total = 0
    only = f" AND id IN ({among})" if among else ""
    with writer.stream(f"SELECT id, author_keywords FROM papers WHERE author_keywords != '[]'{only}") as batches:
        for rows in batches:
            staged = []
            for pid, chosen in rows:
                seen: set[str] = set()
                for label in json.loads(chosen):
                    key = normalise_keyword(label)
                    if key and key not in seen and len(label) <= MAX_KEYWORD_CHARS:  # (stored before the bound)
                        seen.add(key)
                        staged.append((pid, key, label, "author", 0.0, len(seen)))
            writer.insert(staged_keywords, staged)
            total += len(staged)
    return total
