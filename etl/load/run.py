"""One load run inside its transaction: each file's source row, papers, provenance and events."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from itertools import islice

from ..errors import EmptyFile, InputError
from ..sources import InputFile, stored_below
from ..sources.records import FILE_FAILED, FILE_SKIPPED, Issue, ParsedFile
from ..store.access import CACHE_KIB
from ..store.schema import columns
from ..store.writer import Writer
from ..text.cleaning import clean_title
from .ahead import Ahead
from .authorship import start_authorship
from .bibliography import refresh_bibliography
from .evolution import refresh_evolution
from .feed import HELD_BEFORE_RANKING, KeywordFeed, keyword_text
from .idsets import PaperSet
from .incremental import note_removed_papers, update_keywords
from .issues import IssueLog
from .keywords import refresh_keywords
from .memory import forget_text_memos
from .merging import forget_lost_merges, give_back, merge_into_abstracts, take_apart
from .orphans import remove_orphans
from .people import note_people, recount_people, start_noting_people
from .progress import Progress
from .reading import Opened, Reader
from .records import Saved, check_venues, save_records
from .repos import refresh_repos
from .statistics import needs_rescore
from .summary import RunSummary, utcnow
from .texts import choose_texts
from .tracks import respell_tracks
from .trends import forget, note_new
from .unchanged import KEYWORDS_STALE

BATCH = 2_000  # records of a file read and stored at a time
# A load defers the full-text index (and rebuilds it once at the end) once it may add more than
# this share of the papers the database holds: judged by the size of the new files it reads, at
# this many bytes a paper, and by the papers it has added; a smaller load lets the index follow
# row by row, which costs what it changes (files unchanged, or edited in a few records, add none).
FTS_DEFER_SHARE = 0.05
BYTES_PER_PAPER = 1_000
# Until then, in a database that holds papers, SQLite's page cache is small: such a load reads and
# writes few pages, and the engine's cache (`CACHE_KIB`) filled would be a sixth of its memory.
SMALL_CACHE_KIB = 2_048


@dataclass(frozen=True)
class Known:
    """A source the database holds: what tells whether a file is changed, and what it named."""

    source_id: int
    sha256: str
    options: str | None
    format: str
    venue: str | None
    year: int | None


KNOWN_SOURCES = "SELECT resolved_path, id, sha256, options, format, venue, year FROM sources"


class Run:
    """State of one load inside its transaction."""

    def __init__(
        self,
        writer: Writer,
        summary: RunSummary,
        keywords: KeywordFeed,
        reader: Reader,
        *,
        keep_going: bool,
        issues: IssueLog | None = None,
        progress: Progress | None = None,
    ):
        self.writer = writer
        self.summary = summary
        self.reader = reader
        self.keep_going = keep_going
        # records skipped, of a status word not known, files passed over: the run's etl_run_issues
        self.issues = issues if issues is not None else IssueLog()
        self.progress = progress if progress is not None else Progress()
        self.now = utcnow()
        self.known: dict[str, Known] = {path: Known(*rest) for path, *rest in writer.execute(KNOWN_SOURCES)}
        # papers added, those given more than one record, and those whose records changed (their text
        # and bibliography are settled again): the few sets a load keeps of every paper it reads
        self.saved = Saved()
        self.touched = PaperSet()  # papers whose bibliography is redone (`settle_papers`)
        self.updated: set[str] = set()  # papers whose text changed
        self.relocated: set[str] = set()  # papers now of another venue or year
        # New papers go to keyword extraction as they are saved, so worker processes extract
        # while this process goes on reading and inserting; finish() feeds the rest.
        self.keywords = keywords
        # For a large load the papers_fts triggers (papers_search's on PostgreSQL) stand aside for this
        # transaction and finish() rebuilds the index once, far cheaper than a trigger per row (`_defer_fts_if_large`).
        self.fts_deferred = False
        self.new_bytes = 0  # of the files new to the database read so far
        start_authorship(writer)
        self.held = writer.scalar("SELECT count(*) FROM papers")
        if self.held:
            writer.page_cache(SMALL_CACHE_KIB)
        self.ahead = Ahead(keywords, writer if self.held else None)  # (a few papers' ranking process, started ahead)

    def _defer_fts_if_large(self, new_bytes: int = 0) -> None:
        """Defer the full-text index once the new files read (`new_bytes` more) may add, or the files
        read have added, more than `FTS_DEFER_SHARE` of the papers held (the rows stored before
        then are in the index the end rebuilds, as every other is)."""
        self.new_bytes += new_bytes
        if max(self.new_bytes / BYTES_PER_PAPER, len(self.saved.added)) > FTS_DEFER_SHARE * self.held:
            self.defer_fts()

    def defer_fts(self) -> None:
        if not self.fts_deferred:
            self.writer.defer_search()
            self.writer.page_cache(CACHE_KIB)
            self.fts_deferred = True

    def load_file(self, input_file: InputFile) -> None:
        """Load one file, unless it is unchanged (same bytes, same options); with `keep_going`, a
        bad file is reported and whatever it had stored undone. A new empty file is passed over."""
        mark = self.issues.mark(input_file.path)
        try:
            with self.reader.opened(input_file) as opened:
                known = self.known.get(input_file.stored)
                if known and (known.sha256, known.options) == (opened.sha256, self.reader.options):
                    self.summary.files_unchanged += 1
                    return
                self._defer_fts_if_large(0 if known else opened.size)  # (outside the savepoint: kept if it is undone)
                with self.writer.savepoint() if self.keep_going else nullcontext():
                    saved = self._save_file(input_file, opened, known)
        except EmptyFile as exc:
            self.summary.skipped.append((input_file.path, exc.problem))
            self.issues.note(input_file.path, Issue(FILE_SKIPPED, exc.problem))
            return
        except InputError as exc:
            if not self.keep_going:
                raise
            self.summary.failed.append(str(exc))
            self.issues.undo(mark)  # (nothing of the file is loaded: what it noted goes too)
            self.issues.note(input_file.path, Issue(FILE_FAILED, exc.problem, exc.line))
            return
        self.saved.merge(saved)
        self._defer_fts_if_large()
        self.known[input_file.stored] = Known(
            saved.source_id, opened.sha256, self.reader.options, saved.format, saved.venue, saved.year
        )
        self.summary.files_loaded += 1

    def _save_file(self, input_file: InputFile, opened: Opened, known: Known | None) -> Saved:
        """Store the file's source row, its records in batches as they are read, and its events.
        A source emptied since it was loaded keeps its row, with no records."""
        note = self.issues.of(input_file.path)
        with self.summary.timed("read"):
            try:
                parsed = self.reader.parse(input_file, opened, note)
            except EmptyFile:
                if known is None:
                    raise
                parsed = ParsedFile(format=known.format, venue=known.venue, year=known.year)
        saved = Saved(format=parsed.format, venue=parsed.venue, year=parsed.year, path=input_file.stored)
        values = {"path": input_file.shown, "sha256": opened.sha256, "size": opened.size, "format": parsed.format}
        values |= {"venue": parsed.venue, "year": parsed.year, "papers": 0, "last_loaded_at": self.now}
        values |= {"options": self.reader.options}
        saved.source_id = self._save_source(input_file, values, known, saved)
        entries, skipped = iter(parsed.entries), 0  # (records skipped so far: the bar counts them as read)
        while True:
            with self.summary.timed("read"):
                batch = list(islice(entries, BATCH))
            self.progress.read(opened.read_so_far(), len(batch) + parsed.tally.skipped - skipped)
            skipped = parsed.tally.skipped
            if not batch:
                break
            check_venues(input_file.path, parsed, batch)
            with self.summary.timed("insert"):
                save_records(self.writer, parsed, batch, saved.source_id, self.now, self.keywords.feed, saved, note)
        self.writer.update("sources", [{"id": saved.source_id, "papers": saved.entries}], ["papers"])
        self._save_events(parsed, saved.source_id)
        self.summary.records_skipped += parsed.tally.skipped
        self.summary.records_repaired += parsed.tally.repaired
        return saved

    def _save_source(self, input_file: InputFile, values: dict, known: Known | None, saved: Saved) -> int:
        if known:
            self._forget_records(known.source_id, saved)
            self.writer.update("sources", [{"id": known.source_id, **values}], list(values))
            return known.source_id
        values |= {"resolved_path": input_file.stored, "first_loaded_at": self.now}
        return self.writer.add("sources", values)

    def _forget_records(self, source_id: int, saved: Saved) -> None:
        """Remove a source's records and events; their papers are settled again (`settle_papers`)."""
        before = [pid for (pid,) in self.writer.select_in("paper_sources", ["paper_id"], "source_id", [source_id])]
        saved.recorded.update(before)
        self.writer.delete_in("paper_sources", "source_id", [source_id])
        self.writer.delete_in("events", "source_id", [source_id])

    def remove_sources(self, paths: Iterable[str]) -> None:
        """Remove these sources (resolved paths the database holds) and what only they gave."""
        saved = Saved()
        for path in sorted(set(paths)):
            known = self.known.pop(path)
            self._forget_records(known.source_id, saved)
            self.writer.delete_in("sources", "id", [known.source_id])
            self.summary.sources_removed += 1
        self.saved.merge(saved)

    def sources_under(self, path: str) -> list[str]:
        """The sources loaded from `path` (a file, or a directory: every source below it), even
        if it is gone: the resolved paths the database holds."""
        return stored_below(self.known, path)

    def _save_events(self, parsed: ParsedFile, source_id: int) -> None:
        if not parsed.events:
            return
        at = (parsed.venue, parsed.year)
        rows = [
            (source_id, e.position, e.type, clean_title(e.title), e.speakers, e.url, e.abstract, *at)
            for e in parsed.events
        ]
        self.writer.insert("events", rows, columns("events", without=("id",)))
        self.summary.events += len(parsed.events)

    def settle_papers(self) -> set[str]:
        """After the files: remove papers no source lists any more; choose each changed paper's
        text; give papers that lost every abstract back to their other records; redo the bibliography
        of touched papers; let papers without an abstract join the paper that has theirs. Returns the
        papers whose keywords must be ranked again for their title or author keywords."""
        writer, summary, saved = self.writer, self.summary, self.saved
        start_noting_people(writer)
        orphans, summary.papers_removed = remove_orphans(writer)
        with summary.timed("texts"):
            recorded = saved.recorded  # (the papers `added` once are written: `repeated` is of `recorded`)
            settle = {p for p in (recorded - saved.added) | saved.repeated if p not in orphans}
            changes = choose_texts(writer, settle, self.now)
            self.updated |= set(changes.changed)
            self.relocated |= changes.relocated
            self.keywords.feed(
                (pid, *keyword_text(text, digest, title), title)
                for pid, (text, digest, title) in changes.changed.items()
            )
            given = give_back(writer, changes.lost, self.now, self._forget)
            self._gone(given)
            self.touched |= (recorded - orphans - given.keys()) | given.values()
            apart = take_apart(writer, self.touched - orphans - given.keys(), self.now)
            forget(writer, set(apart))  # (the papers records went to: their trend counts)
            self.touched |= apart.keys()
            choose_texts(writer, set(given.values()) | set(apart), self.now)  # (papers given records)
        # papers this load added with one record, which nothing above gave another: their
        # bibliography was written with them (`save_records`)
        written = saved.added - saved.repeated - apart.keys() - given.values()
        settled = self.touched - orphans - given.keys()
        with summary.timed("bibliography"):
            rekeyed = refresh_bibliography(writer, settled, summary.reviews, written, saved.scored)
        with summary.timed("merge"):
            joined = merge_into_abstracts(writer, settled, self._forget)
            self._gone(joined)
            rekeyed = (rekeyed - set(joined)) | refresh_bibliography(writer, set(joined.values()))
            forget_lost_merges(writer, settled - joined.keys())
        self.ahead.start(bool(rekeyed))  # (the papers to rank are known, the bibliography's peak is past)
        with summary.timed("bibliography"):
            recount_people(writer)  # (once, after the merge)
        summary.papers_merged = sum(apart.get(orphan) != paper for orphan, paper in joined.items())  # (not rejoined)
        return rekeyed

    def _forget(self, papers: list[str]) -> None:
        """Before papers are removed by a merge: count their keywords out, note their people."""
        note_people(self.writer, papers)
        self.writer.execute("CREATE TEMP TABLE gone_papers (id TEXT PRIMARY KEY)")
        self.writer.execute("INSERT INTO gone_papers VALUES (:id)", [{"id": pid} for pid in papers])
        note_removed_papers(self.writer, "SELECT id FROM gone_papers")
        self.writer.execute("DROP TABLE gone_papers")

    def _gone(self, gone: dict[str, str]) -> None:
        forget(self.writer, set(gone.values()))  # (before their bibliography is redone)
        self.saved.added.difference_update(gone)  # (one pass over the compact sets, not one a paper)
        # (touched or not, as each paper's last change leaves it)
        last = {p: kept for pid, target in gone.items() for p, kept in ((pid, False), (target, True))}
        self.touched.difference_update(pid for pid, kept in last.items() if not kept)
        self.touched |= (pid for pid, kept in last.items() if kept)
        self.updated -= gone.keys()
        self.relocated -= gone.keys()

    def finish(
        self, paths: list[str], started: float, rescore: bool, stage: Callable[[str], None] | None = None
    ) -> None:
        """Settle the papers, refresh repositories, keywords and the full-text index, log the run.
        `stage` is told of each long step as it starts."""
        summary, writer = self.summary, self.writer
        stage = stage or (lambda _: None)
        rekeyed: set[str] = set()
        note_new(writer, self.saved.added)  # (the trend counts: etl/load/trends.py)
        forget(writer, self.saved.recorded - self.saved.added)
        if summary.files_loaded or summary.sources_removed:
            # (texts, titles and authors of the papers the files changed: minutes for a catalogue)
            stage("bibliography")
            rekeyed = self.settle_papers()
            refresh_repos(writer)  # (after the links sources give)
            respell_tracks(writer)  # (after every paper's track is chosen)
        # (what was settled is let go: a large file's sets would sit under the steps' peaks below)
        self.saved.recorded, self.saved.repeated, self.touched = PaperSet(), PaperSet(), PaperSet()
        self.saved.scored = PaperSet()
        forget_text_memos()
        added = self.saved.added
        summary.papers_added = len(added)
        summary.papers_updated = sum(p not in added for p in self.updated | self.relocated)
        summary.records_skipped += self.saved.skipped
        summary.unknown_status = self.saved.unknown_status
        summary.without_abstract = self.saved.without_abstract
        ranked = added  # (itself, not a copy: the papers added are not asked for again)
        ranked |= self.updated | rekeyed
        changing = len(ranked) + summary.papers_removed + summary.papers_merged
        rescoring = rescore or writer.scalar(KEYWORDS_STALE) or (changing and needs_rescore(writer, changing))
        # (a rescore computes every paper's keywords and similar papers afresh: which changed is not asked)
        changed: set[str] = set() if rescoring else set(ranked)
        self.ahead.keep(bool(changed) and len(changed) < HELD_BEFORE_RANKING)  # (else ranked here, or none)
        if rescoring:
            stage("keywords")
            self.defer_fts()  # (every paper's keyword facets may change)
            with summary.timed("keywords"):
                summary.keywords = refresh_keywords(writer, self.keywords, self.progress.step)
            summary.rescored = True
        elif changed:
            stage("keywords")
            with summary.timed("keywords"):
                summary.keywords = update_keywords(
                    writer, self.keywords, changed, summary.papers_removed + summary.papers_merged, self.progress.step
                )
        elif summary.papers_removed or summary.papers_merged:
            summary.keywords = update_keywords(writer, None, set(), summary.papers_removed + summary.papers_merged)
        self.ahead.keep(False)
        self.keywords.release()  # (the steps below hold every paper's terms: not beside a mark per paper)
        summary.papers_total = writer.scalar("SELECT count(*) FROM papers")
        if summary.rescored:
            self.saved.added = added = ranked = PaperSet()  # (let go: not under the similar and trends steps' peaks)
        refresh_evolution(writer, summary, changed, stage)
        if self.fts_deferred and (summary.files_loaded or summary.keywords is not None):
            stage("full-text index")
            with summary.timed("fts"):
                writer.rebuild_search()
        writer.resume_search()
        summary.duration_s = time.perf_counter() - started
        summary.run_id = writer.add("etl_runs", summary.run_row(self.now, paths))
        writer.insert("etl_run_issues", self.issues.rows(summary.run_id))
