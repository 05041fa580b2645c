"""One load run inside its transaction: each file's source row, papers, provenance and events."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from ..errors import InputError
from ..extract.bibliography import TEXT_PRIORITY, decision_of
from ..extract.derive import derive
from ..sources import InputFile
from ..sources.records import ParsedFile
from ..store.schema import columns
from ..store.writer import Writer
from ..text.cleaning import clean_text
from ..text.identity import abstract_sha256, paper_id
from .bibliography import refresh_bibliography
from .feed import KeywordFeed, fed_title
from .incremental import note_removed_papers, update_keywords
from .keywords import refresh_keywords
from .reading import Reader
from .rows import LINK_COLUMNS, link_rows, record_fields
from .statistics import needs_rescore
from .summary import RunSummary, utcnow
from .unchanged import KEYWORDS_STALE

# One row per distinct repository link; owner and name as written in the smallest URL, so the
# choice does not depend on load order. Ids of repositories already known do not change (and
# new ones are numbered alike on SQLite and PostgreSQL: no upsert, which takes a sequence value
# on PostgreSQL for every row it updates).
CITED_REPOS = """
SELECT min(l.owner) AS owner, min(l.repo) AS name, f.url, f.url_key, f.papers
FROM (
    SELECT url_key, min(url) AS url, count(DISTINCT paper_id) AS papers
    FROM paper_links WHERE kind = 'repo' GROUP BY url_key
) f JOIN paper_links l ON l.url_key = f.url_key AND l.url = f.url AND l.kind = 'repo'
GROUP BY f.url_key, f.url, f.papers
"""
CITE_REPOS = f"CREATE TEMP TABLE cited_repos AS {CITED_REPOS}"
UPDATE_REPOS = """UPDATE repos SET owner = c.owner, name = c.name, url = c.url, papers = c.papers
    FROM cited_repos c WHERE c.url_key = repos.url_key
    AND (repos.owner, repos.name, repos.url, repos.papers) IS DISTINCT FROM (c.owner, c.name, c.url, c.papers)"""
NEW_REPOS = """SELECT 'github.com', owner, name, url, url_key, papers FROM cited_repos c
    WHERE NOT EXISTS (SELECT 1 FROM repos r WHERE r.url_key = c.url_key) ORDER BY url_key"""
DROP_UNCITED_REPOS = """
DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')
"""
# Papers no source lists any more: found once (an anti-join over all papers), then their
# keywords are counted out and they are removed.
FIND_ORPHAN_PAPERS = """CREATE TEMP TABLE orphan_papers AS
SELECT id FROM papers WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = papers.id)"""
ORPHAN_PAPERS = "SELECT id FROM orphan_papers"
DROP_ORPHAN_PAPERS = f"DELETE FROM papers WHERE id IN ({ORPHAN_PAPERS})"
# What a load sets of a paper it adds (the bibliography and keywords follow), and of one whose text changes.
NEW_PAPER = (
    "id",
    "abstract",
    "abstract_sha256",
    "venue",
    "year",
    "text_source_id",
    "code_status",
    "updated_at",
    "added_at",
)
CHANGED_TEXT = NEW_PAPER[1:-1]
# A load defers the full-text index (and rebuilds it once at the end) when it may add more than
# this share of the papers the database holds, judged by the input's size at this many bytes a
# paper; a smaller load lets the index follow row by row, which costs what it changes.
FTS_DEFER_SHARE = 0.05
BYTES_PER_PAPER = 1_000


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
        input_bytes: int | None = None,
    ):
        self.writer = writer
        self.summary = summary
        self.reader = reader
        self.keep_going = keep_going
        self.now = utcnow()
        self.known: dict[str, tuple[int, str]] = {}  # resolved path -> (source id, sha256)
        self.formats: dict[int, str] = {}  # source id -> format
        for path, source_id, digest, fmt in writer.execute("SELECT resolved_path, id, sha256, format FROM sources"):
            self.known[path] = (source_id, digest)
            self.formats[source_id] = fmt
        self.added: set[str] = set()
        self.updated: set[str] = set()
        self.touched: set[str] = set()  # papers whose provenance changed: their bibliography is redone
        # New and changed papers go to keyword extraction as they are saved, so worker processes
        # extract while this process goes on reading and inserting; finish() feeds the rest.
        self.keywords = keywords
        # For a large load the papers_fts triggers (papers_search's on PostgreSQL) stand aside
        # for this transaction and finish() rebuilds the index once, which costs far less than
        # a trigger per row.
        self.fts_deferred = False
        held = writer.scalar("SELECT count(*) FROM papers")
        if input_bytes is None or input_bytes / BYTES_PER_PAPER > FTS_DEFER_SHARE * held:
            self.defer_fts()

    def defer_fts(self) -> None:
        if not self.fts_deferred:
            self.writer.defer_search()
            self.fts_deferred = True

    def load_file(self, input_file: InputFile) -> None:
        try:
            data = self.reader.data(input_file)
        except InputError as exc:
            self._bad(exc)
            return
        digest = hashlib.sha256(data).hexdigest()
        known = self.known.get(input_file.stored)
        if known and known[1] == digest:
            self.summary.files_unchanged += 1
            return
        try:
            with self.summary.timed("read"):
                parsed = self.reader.parse(input_file, data)
            _check_venues(input_file.path, parsed)
        except InputError as exc:
            self._bad(exc)
            return
        with self.summary.timed("insert"):
            source_id = self._save_source(input_file, data, digest, parsed, known)
            ids, created = self._save_papers(parsed, source_id)
            self.writer.insert(  # (every column, in the table's order)
                "paper_sources",
                [
                    (source_id, e.position, pid, e.line, *record_fields(e))
                    for e, pid in zip(parsed.entries, ids, strict=True)
                ],
            )
            self._save_events(parsed, source_id)
        # A listing brings no title, authors or ids: the papers it creates have no bibliography to
        # resolve (a later export of the same run touches them itself).
        self.touched.update(ids if parsed.format != "listing" else (pid for pid in ids if pid not in created))
        self.summary.files_loaded += 1
        self.summary.without_abstract += parsed.without_abstract
        self.summary.unknown_status += sum(
            1 for e in parsed.entries if e.status and decision_of(e.status) == (None, None)
        )

    def _bad(self, exc: InputError) -> None:
        if not self.keep_going:
            raise exc
        self.summary.failed.append(str(exc))

    def _save_source(self, input_file: InputFile, data: bytes, digest: str, parsed: ParsedFile, known) -> int:
        values = {
            "path": input_file.shown,
            "sha256": digest,
            "size": len(data),
            "format": parsed.format,
            "venue": parsed.venue,
            "year": parsed.year,
            "papers": len(parsed.entries),
            "last_loaded_at": self.now,
        }
        if known:
            source_id = known[0]
            self.touched.update(
                pid for (pid,) in self.writer.select_in("paper_sources", ["paper_id"], "source_id", [source_id])
            )
            self.writer.update("sources", [{"id": source_id, **values}], list(values))
            self.writer.delete_in("paper_sources", "source_id", [source_id])
            self.writer.delete_in("events", "source_id", [source_id])
        else:
            values |= {"resolved_path": input_file.stored, "first_loaded_at": self.now}
            source_id = self.writer.add("sources", values)
        self.known[input_file.stored] = (source_id, digest)
        self.formats[source_id] = parsed.format
        return source_id

    def _save_papers(self, parsed: ParsedFile, source_id: int) -> tuple[list[str], set[str]]:
        """Insert new papers. A known paper takes this file's abstract, venue and year when the
        file's format ranks higher than the source its text came from (listings first: see
        `TEXT_PRIORITY`), or when its text came from this very file. Returns each entry's id and
        the ids of the papers it created."""
        ids = [paper_id(entry.abstract) for entry in parsed.entries]
        wanted: dict[str, dict] = {}
        titles: dict[str, str] = {}  # the title a new paper will have: its first entry's with one
        for entry, pid in zip(parsed.entries, ids, strict=True):
            if entry.title and pid not in titles:
                titles[pid] = entry.title
            wanted.setdefault(
                pid,
                {
                    "abstract": entry.abstract,
                    "abstract_sha256": abstract_sha256(entry.abstract),
                    "venue": entry.venue or parsed.venue,
                    "year": entry.year or parsed.year,
                    "text_source_id": source_id,
                },
            )
        stored = {
            row[0]: row[1:]
            for row in self.writer.select_in(
                "papers", ["id", "abstract", "venue", "year", "text_source_id"], "id", wanted
            )
        }
        rank = TEXT_PRIORITY[parsed.format]
        new, changed, moved, links = [], [], [], []
        for pid, values in wanted.items():
            if pid in stored:
                abstract, venue, year, text_source = stored[pid]
                current = TEXT_PRIORITY.get(self.formats.get(text_source, ""), -1)
                if text_source != source_id and current >= rank:
                    continue  # the paper keeps the text of a source that ranks as high or higher
                if (abstract, venue, year) == (values["abstract"], values["venue"], values["year"]):
                    if text_source != source_id:
                        moved.append({"id": pid, "text_source_id": source_id})
                    continue
            with self.summary.timed("links"):
                derived = derive(values["abstract"])
                links += link_rows(pid, derived)
            values |= {"code_status": derived.code_status, "updated_at": self.now}
            if pid in stored:
                changed.append({"id": pid, **values})
            else:
                new.append({"id": pid, **values, "added_at": self.now})
        if new:
            self.writer.insert("papers", [tuple(row[c] for c in NEW_PAPER) for row in new], NEW_PAPER)
            self.added.update(row["id"] for row in new)
            self.keywords.feed(
                (row["id"], row["abstract"], row["abstract_sha256"], fed_title(titles.get(row["id"]))) for row in new
            )
        if moved:
            self.writer.update("papers", moved, ["text_source_id"])
        if changed:
            changed_ids = [row["id"] for row in changed]
            # the abstract's links go (those sources give stay)
            self.writer.delete_in("paper_links", "paper_id", changed_ids, where="source_id IS NULL")
            self.writer.update("papers", changed, CHANGED_TEXT)
            self.updated.update(changed_ids)
            self.keywords.feed(
                (row["id"], row["abstract"], row["abstract_sha256"], fed_title(titles.get(row["id"])))
                for row in changed
            )
        if links:
            self.writer.insert("paper_links", links, LINK_COLUMNS)
        return ids, {row["id"] for row in new}

    def _save_events(self, parsed: ParsedFile, source_id: int) -> None:
        if not parsed.events:
            return
        self.writer.insert(
            "events",
            [
                (
                    source_id,
                    e.position,
                    e.type,
                    clean_text(e.title),
                    e.speakers,
                    e.url,
                    e.abstract,
                    parsed.venue,
                    parsed.year,
                )
                for e in parsed.events
            ],
            columns("events", without=("id",)),
        )
        self.summary.events += len(parsed.events)

    def finish(
        self, paths: list[str], started: float, rescore: bool, stage: Callable[[str], None] | None = None
    ) -> None:
        """Drop orphans, refresh bibliography, keywords and the full-text index, log the run.
        `stage` is told of each long step as it starts."""
        summary, writer = self.summary, self.writer
        stage = stage or (lambda _: None)
        rekeyed: set[str] = set()
        if summary.files_loaded:
            writer.execute(FIND_ORPHAN_PAPERS)
            note_removed_papers(writer, ORPHAN_PAPERS)
            summary.papers_removed = writer.execute(DROP_ORPHAN_PAPERS).rowcount
            writer.execute("DROP TABLE orphan_papers")
            with summary.timed("bibliography"):
                rekeyed = refresh_bibliography(writer, self.touched)
            refresh_repos(writer)  # (after the links sources give)
        summary.papers_added = len(self.added)
        summary.papers_updated = len(self.updated - self.added)
        ranked = self.added | self.updated | rekeyed
        changing = len(ranked) + summary.papers_removed
        if rescore or writer.scalar(KEYWORDS_STALE) or (changing and needs_rescore(writer, changing)):
            stage("keywords")
            self.defer_fts()  # (every paper's keyword facets may change)
            with summary.timed("keywords"):
                summary.keywords = refresh_keywords(writer, self.keywords)
            summary.rescored = True
        elif ranked:
            stage("keywords")
            with summary.timed("keywords"):
                summary.keywords = update_keywords(writer, self.keywords, ranked, summary.papers_removed)
        elif summary.papers_removed:
            summary.keywords = update_keywords(writer, None, set(), summary.papers_removed)
        summary.papers_total = writer.scalar("SELECT count(*) FROM papers")
        if self.fts_deferred and (summary.files_loaded or summary.keywords is not None):
            stage("full-text index")
            with summary.timed("fts"):
                writer.rebuild_search()
        writer.resume_search()
        summary.duration_s = time.perf_counter() - started
        writer.add("etl_runs", summary.run_row(self.now, paths))


def refresh_repos(writer: Writer) -> None:
    """One row per repository the papers' links cite (ids of known ones kept), none for others."""
    writer.execute(CITE_REPOS)
    writer.execute(UPDATE_REPOS)
    writer.insert_select("repos", columns("repos", without=("id",)), NEW_REPOS)
    writer.execute("DROP TABLE cited_repos")
    writer.execute(DROP_UNCITED_REPOS)


def _check_venues(path: str, parsed: ParsedFile) -> None:
    """Every paper needs a venue and a year (listings have them from their header)."""
    for entry in parsed.entries:
        if not (entry.venue or parsed.venue) or not (entry.year or parsed.year):
            raise InputError(path, "no venue and year for this entry; give --venue and --year", entry.line)
