"""Papers handed to keyword extraction while a load runs, and the ranking that uses them or starts
afresh. Imported before SQLAlchemy (a load starts its keyword workers first): no database here."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import PaperdbError
from ..extract.keywords import taxonomy_path
from ..iterables import chunks
from ..sources import InputFile
from ..store.views import CLEAN_ABSTRACT
from ..text.cleaning import clean_abstract, clean_title
from ..text.identity import abstract_sha256, paper_id
from .idsets import PaperMarks
from .memory import steady_heap
from .reading import Reader

if TYPE_CHECKING:
    from ..extract.corpus import CorpusRanking, Reference, StatisticsSink
    from ..store.writer import Writer

# Papers fed before a ranking is made (`CorpusRanking` starts its workers from as many, its
# `PARALLEL_MIN`; below it a ranking only holds them): a small load imports the keyword rules only
# when it ranks, and may rank in a process of its own (`etl.load.incremental`).
HELD_BEFORE_RANKING = 400
DIGEST = 16  # hex digits of an abstract's SHA-256 kept to tell whether the text fed is the stored one
GONE_PART = 10_000  # papers fed asked for at a time, to find those a load merged away
TAG_BITS = 33  # the low bits of a paper's mark in `KeywordFeed.fed`: its title's `title_tag`
Ranking = Any  # (a `CorpusRanking`, or papers `Collected` for one elsewhere)
Retitled = dict[str, str | None]  # papers fed with a title that is not the stored one: id -> stored title


def keyword_ranking(reference: Reference | None = None, on_statistics: StatisticsSink | None = None) -> CorpusRanking:
    """A ranking of the corpus with the configured topic taxonomy (see `CorpusRanking`)."""
    # The keyword rules, their word lists and the taxonomy are imported with the first ranking
    # (about 20 MB): a load that ranks no paper, such as a removal, never holds them.
    from ..extract.corpus import CorpusRanking
    from .taxonomy import load_taxonomy

    return CorpusRanking(load_taxonomy(taxonomy_path()), reference, on_statistics)


class KeywordFeed:
    """Papers handed to keyword extraction during a load, each with the SHA-256 of the text fed.

    A load feeds papers before it knows the corpus: the first files' abstracts while it is still
    starting up (`speculate`), then each new or changed paper as it saves it. The work is used
    only if every fed text is the one the database ends up with (`fed_ranking`); a paper fed
    twice with different texts marks the feed stale and the ranking starts afresh. A title
    matters only to ranking: a paper whose stored title is not the one fed is ranked with the
    stored one."""

    def __init__(self) -> None:
        # (a load starts here, before any worker is forked: a large file's blocks, the workers'
        # results among them, given back as they are freed, in the workers too; see memory.py)
        steady_heap()
        self.ranking: CorpusRanking | None = None
        self.pending: list[tuple[str, str, str | None]] = []  # (fed before a ranking is made)
        # paper id -> `fed_mark` of the text fed, in compact arrays (a load of a large file holds
        # one per paper: 24 bytes, where a dict of strings and ints took about 150)
        self.fed = PaperMarks()
        self.stale = False

    def feed(self, papers: Iterable[tuple[str, str, str, str | None]]) -> None:
        """Feed `(id, abstract, SHA-256 of the abstract, title)`; a paper already fed with this text is skipped."""
        if self.stale:
            return
        papers = list(papers)
        marks = self.fed.get_many([pid for pid, _, _, _ in papers])  # (one search for them all)
        new: dict[str, int] = {}  # (papers fed in this call: a paper given twice is fed once)
        batch = []
        for (pid, abstract, digest, title), known in zip(papers, marks, strict=True):
            known = new.get(pid) if known is None else known
            if known is None:
                self.fed[pid] = new[pid] = fed_mark(digest, title)
                batch.append((pid, abstract, title))
            elif known >> TAG_BITS != int(digest[:DIGEST], 16):
                self.stale = True
                self.close()
                return
        if self.ranking is not None:
            self.ranking.feed(batch)
        elif batch:
            self.pending += batch
            if len(self.pending) >= HELD_BEFORE_RANKING:
                self.ranking = keyword_ranking()
                self.ranking.feed(self.pending)
                self.pending = []

    def started(self, make: Callable[..., Ranking], *args) -> Ranking | None:
        """The ranking of what was fed, made by `make(*args)` if none was made yet (None: nothing fed)."""
        if self.ranking is not None:
            if args:
                self.ranking.reference, self.ranking.on_statistics = args
            return self.ranking
        if not self.pending:
            return None
        ranking = make(*args)
        ranking.feed(self.pending)
        self.pending = []
        return ranking

    def speculate(self, files: Sequence[InputFile], reader: Reader) -> None:
        """Feed the abstracts of the first files, as many as the workers take without waiting,
        so they extract while the load imports its libraries and migrates. `reader` keeps the
        files for the load; bad files are left for the load to report."""
        if not files:
            return
        from ..extract.corpus import BACKLOG, CHUNK, worker_count  # (with the rules: see `keyword_ranking`)

        if worker_count() < 2:  # no workers to give the work to
            return
        room = (BACKLOG + worker_count()) * CHUNK
        for input_file in files:
            if len(self.fed) >= room or self.stale:
                return
            parsed = reader.read_early(input_file)
            if parsed is None:
                return
            entries = [(e.abstract, e.title) for e in list(parsed.entries)[: room - len(self.fed)] if e.abstract]
            self.feed(
                (paper_id(abstract), clean_abstract(abstract), abstract_sha256(abstract), fed_title(title))
                for abstract, title in entries
            )

    def close(self) -> None:
        self.pending = []
        if self.ranking is not None:
            self.ranking.close()

    def release(self) -> None:
        """The keywords are ranked: let go of what was fed (a mark per paper), and feed no more."""
        self.fed.clear()
        self.pending = []
        self.stale = True


def fed_title(title: str | None) -> str | None:
    """A source's title as the papers table stores it (the form keywords are ranked with)."""
    return clean_title(title) if title else None


def keyword_text(abstract: str | None, digest: str | None, title: str | None) -> tuple[str, str]:
    """The text a paper's keywords are extracted from, and what tells that text's version: the
    (cleaned) abstract and the SHA-256 of the abstract as written (`papers.abstract_sha256`), or
    for a paper no source gives one its title and the title's SHA-256."""
    if abstract is not None and digest is not None:
        return abstract, digest
    text = title or ""
    return text, abstract_sha256(text)


def title_tag(title: str | None) -> int:
    """A short checksum of a title, to tell whether the title fed is the stored one (0: none)."""
    return 0 if title is None else zlib.crc32(title.encode("utf-8", "surrogatepass")) + 1


def fed_mark(digest: str, title: str | None) -> int:
    """What tells the text a paper was fed with: the first `DIGEST` hex digits of the SHA-256 of
    its abstract, then its title's `title_tag`, in one int."""
    return int(digest[:DIGEST], 16) << TAG_BITS | title_tag(title)


class Collected:
    """Papers to rank, collected as a ranking is fed, for a ranking made in another process."""

    def __init__(self) -> None:
        self.papers: list[tuple[str, str, str | None]] = []
        self.fed = 0

    def feed(self, papers: Iterable[tuple[str, str, str | None]]) -> None:
        self.papers += papers
        self.fed = len(self.papers)

    def close(self) -> None:
        self.papers = []


def fed_ranking(
    writer: Writer,
    feed: KeywordFeed | None,
    among: str | None = None,
    reference: Reference | None = None,
    on_statistics: StatisticsSink | None = None,
    make: Callable[..., Ranking] = keyword_ranking,
) -> tuple[Ranking, Retitled]:
    """The ranking of every paper (or of those whose ids the SQL `among` selects), with their
    titles that changed since they were fed: the load's `feed` completed from the database when
    every text it fed is the stored one, else a ranking fed afresh from the database. `make`
    makes a ranking (`Collected`: the papers alone, for a ranking elsewhere)."""
    args = () if make is not keyword_ranking else (reference, on_statistics)
    total = writer.scalar(f"SELECT count(*) FROM papers{_only(among)}")
    ranking = None if feed is None or feed.stale else feed.started(make, *args)
    if ranking is not None and feed is not None:
        retitled = complete_feed(writer, ranking, feed.fed, total, among)
        if retitled is not None:
            return ranking, retitled
        ranking.close()
    ranking = make(*args)
    retitled = complete_feed(writer, ranking, PaperMarks(), total, among)
    if retitled is None:  # (cannot happen inside the load's transaction; a one-line error if it ever does)
        ranking.close()
        raise PaperdbError("papers changed while their keywords were computed; run the load again")
    return ranking, retitled


def complete_feed(
    writer: Writer, ranking: Ranking, fed: PaperMarks, total: int, among: str | None = None
) -> Retitled | None:
    """Feed the papers not yet fed (of those whose ids `among` selects, if given: `total` of
    them), and leave out those fed that the database no longer has. None unless the ranking now
    holds each paper once, with the text the database holds; else the papers fed with a title
    that is not the stored one (id -> title)."""
    retitled: Retitled = {}
    held = 0  # papers fed that the database has
    texts = f"SELECT id, {CLEAN_ABSTRACT}, abstract_sha256, title FROM papers{_only(among)}"
    with writer.stream(texts) as batches:
        for rows in batches:
            batch = []
            marks = fed.get_many([pid for pid, _, _, _ in rows])  # (one search for the batch)
            for (pid, abstract, digest, title), known in zip(rows, marks, strict=True):
                if abstract is None:  # (a paper no source gives an abstract: its title)
                    abstract, digest = keyword_text(None, None, title)
                if known is None:
                    batch.append((pid, abstract, title))
                    continue
                held += 1
                if known >> TAG_BITS != int(digest[:DIGEST], 16):
                    return None
                if known & ((1 << TAG_BITS) - 1) != title_tag(title):
                    retitled[pid] = title
            ranking.feed(batch)
    if held < len(fed):  # (papers the load merged into others since they were fed)
        ranking.forget(_gone(writer, fed))
    return retitled if ranking.fed == total else None


def _gone(writer: Writer, fed: PaperMarks) -> list[str]:
    """The papers fed that the database no longer has."""
    gone = []
    for part in chunks(fed.keys(), GONE_PART):
        there = {pid for (pid,) in writer.select_in("papers", ("id",), "id", part)}
        gone += [pid for pid in part if pid not in there]
    return gone


def _only(among: str | None) -> str:
    return f" WHERE id IN ({among})" if among else ""
