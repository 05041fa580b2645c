"""One load run inside its transaction: each file's source row, papers, provenance and events."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable

from sqlalchemy import Connection, delete, insert, select, text, update

from ..errors import InputError
from ..extract.bibliography import TEXT_PRIORITY, decision_of
from ..extract.derive import derive
from ..iterables import chunks
from ..sources import InputFile
from ..sources.records import ParsedFile
from ..store.driver import Driver
from ..store.engine import IDS_PER_QUERY
from ..store.search import REBUILD_FTS
from ..store.server import REBUILD_SEARCH
from ..store.tables import etl_runs, events, paper_links, paper_sources, sources
from ..text.cleaning import clean_text
from ..text.identity import abstract_sha256, paper_id
from .bibliography import refresh_bibliography
from .incremental import note_removed_papers, update_keywords
from .keywords import KeywordFeed, fed_title, refresh_keywords
from .reading import Reader
from .rows import link_rows, record_fields
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
REFRESH_REPOS = [
    f"CREATE TEMP TABLE cited_repos AS {CITED_REPOS}",
    """UPDATE repos SET owner = c.owner, name = c.name, url = c.url, papers = c.papers
    FROM cited_repos c WHERE c.url_key = repos.url_key
    AND (repos.owner, repos.name, repos.url, repos.papers){differs}(c.owner, c.name, c.url, c.papers)""",
    """INSERT INTO repos (host, owner, name, url, url_key, papers)
    SELECT 'github.com', owner, name, url, url_key, papers FROM cited_repos c
    WHERE NOT EXISTS (SELECT 1 FROM repos r WHERE r.url_key = c.url_key) ORDER BY url_key""",
    "DROP TABLE cited_repos",
]
DROP_UNCITED_REPOS = """
DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')
"""
DEFER_FTS = "INSERT INTO etl_flags (name) VALUES ('fts_deferred') ON CONFLICT DO NOTHING"
RESUME_FTS = "DELETE FROM etl_flags WHERE name = 'fts_deferred'"
# Papers no source lists any more: found once (an anti-join over all papers), then their
# keywords are counted out and they are removed.
FIND_ORPHAN_PAPERS = """CREATE TEMP TABLE orphan_papers AS
SELECT id FROM papers WHERE NOT EXISTS (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = papers.id)"""
ORPHAN_PAPERS = "SELECT id FROM orphan_papers"
DROP_ORPHAN_PAPERS = f"DELETE FROM papers WHERE id IN ({ORPHAN_PAPERS})"
NEW_PAPER_COLUMNS = "id, abstract, abstract_sha256, venue, year, text_source_id, code_status, updated_at, added_at"
NEW_PAPER_KEYS = NEW_PAPER_COLUMNS.split(", ")
# A load defers the full-text index (and rebuilds it once at the end) when it may add more than
# this share of the papers the database holds, judged by the input's size at this many bytes a
# paper; a smaller load lets the index follow row by row, which costs what it changes.
FTS_DEFER_SHARE = 0.05
BYTES_PER_PAPER = 1_000


class Run:
    """State of one load inside its transaction."""

    def __init__(
        self,
        conn: Connection,
        summary: RunSummary,
        keywords: KeywordFeed,
        reader: Reader,
        *,
        keep_going: bool,
        input_bytes: int | None = None,
    ):
        self.conn = conn
        self.raw = Driver(conn)  # the same connection and transaction
        self.summary = summary
        self.reader = reader
        self.keep_going = keep_going
        self.now = utcnow()
        self.known: dict[str, tuple[int, str]] = {}  # resolved path -> (source id, sha256)
        self.formats: dict[int, str] = {}  # source id -> format
        for row in conn.execute(select(sources.c.resolved_path, sources.c.id, sources.c.sha256, sources.c.format)):
            self.known[row.resolved_path] = (row.id, row.sha256)
            self.formats[row.id] = row.format
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
        held = self.raw.execute("SELECT count(*) FROM papers").fetchone()[0]
        if input_bytes is None or input_bytes / BYTES_PER_PAPER > FTS_DEFER_SHARE * held:
            self.defer_fts()

    def defer_fts(self) -> None:
        if not self.fts_deferred:
            self.conn.execute(text(DEFER_FTS))
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
            self.raw.insert_rows(  # the bulk inserts of a load take plain tuples: no per-row dictionaries
                "paper_sources",
                "source_id, position, paper_id, line, title, authors, ids, url, status, track, keywords, links,"
                " affiliations, extra",
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
                self.conn.execute(
                    select(paper_sources.c.paper_id).where(paper_sources.c.source_id == source_id)
                ).scalars()
            )
            self.conn.execute(update(sources).where(sources.c.id == source_id).values(values))
            self.conn.execute(delete(paper_sources).where(paper_sources.c.source_id == source_id))
            self.conn.execute(delete(events).where(events.c.source_id == source_id))
        else:
            values |= {"resolved_path": input_file.stored, "first_loaded_at": self.now}
            self.raw.renumber("sources")  # (a Core insert: see Driver.NUMBERED)
            source_id = self.conn.execute(insert(sources).values(values).returning(sources.c.id)).scalar_one()
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
        stored: dict[str, tuple] = {}
        unique = list(wanted)
        for part in chunks(unique, IDS_PER_QUERY):
            rows = self.raw.execute(
                "SELECT id, abstract, venue, year, text_source_id FROM papers"
                f" WHERE id IN ({', '.join('?' * len(part))})",
                part,
            )
            stored.update((row[0], row[1:]) for row in rows)
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
                        moved.append({"pid": pid, "text_source_id": source_id})
                    continue
            with self.summary.timed("links"):
                derived = derive(values["abstract"])
                links += link_rows(pid, derived)
            values |= {"code_status": derived.code_status, "updated_at": self.now}
            if pid in stored:
                changed.append({"pid": pid, **values})
            else:
                new.append({"id": pid, **values, "added_at": self.now})
        if new:
            self.raw.insert_rows("papers", NEW_PAPER_COLUMNS, [tuple(row[c] for c in NEW_PAPER_KEYS) for row in new])
            self.added.update(row["id"] for row in new)
            self.keywords.feed(
                (row["id"], row["abstract"], row["abstract_sha256"], fed_title(titles.get(row["id"]))) for row in new
            )
        if moved:
            self.conn.execute(text("UPDATE papers SET text_source_id = :text_source_id WHERE id = :pid"), moved)
        if changed:
            changed_ids = [row["pid"] for row in changed]
            for part in chunks(changed_ids, IDS_PER_QUERY):
                self.conn.execute(  # the abstract's links (those sources give stay)
                    delete(paper_links).where(paper_links.c.paper_id.in_(part), paper_links.c.source_id.is_(None))
                )
            self.conn.execute(
                text(
                    "UPDATE papers SET abstract = :abstract, abstract_sha256 = :abstract_sha256,"
                    " venue = :venue, year = :year, code_status = :code_status,"
                    " text_source_id = :text_source_id, updated_at = :updated_at WHERE id = :pid"
                ),
                changed,
            )
            self.updated.update(changed_ids)
            self.keywords.feed(
                (row["pid"], row["abstract"], row["abstract_sha256"], fed_title(titles.get(row["pid"])))
                for row in changed
            )
        if links:
            self.conn.execute(insert(paper_links), links)
        return ids, {row["id"] for row in new}

    def _save_events(self, parsed: ParsedFile, source_id: int) -> None:
        if not parsed.events:
            return
        self.raw.renumber("events")
        self.conn.execute(
            insert(events),
            [
                {
                    "source_id": source_id,
                    "position": e.position,
                    "type": e.type,
                    "title": clean_text(e.title),
                    "speakers": e.speakers,
                    "url": e.url,
                    "abstract": e.abstract,
                    "venue": parsed.venue,
                    "year": parsed.year,
                }
                for e in parsed.events
            ],
        )
        self.summary.events += len(parsed.events)

    def finish(
        self, paths: list[str], started: float, rescore: bool, stage: Callable[[str], None] | None = None
    ) -> None:
        """Drop orphans, refresh bibliography, keywords and the full-text index, log the run.
        `stage` is told of each long step as it starts."""
        summary, conn = self.summary, self.conn
        stage = stage or (lambda _: None)
        rekeyed: set[str] = set()
        if summary.files_loaded:
            self.raw.execute(FIND_ORPHAN_PAPERS)
            note_removed_papers(self.raw, ORPHAN_PAPERS)
            summary.papers_removed = conn.execute(text(DROP_ORPHAN_PAPERS)).rowcount
            self.raw.execute("DROP TABLE orphan_papers")
            with summary.timed("bibliography"):
                rekeyed = refresh_bibliography(conn, self.touched)
            for statement in REFRESH_REPOS:  # (after the links sources give)
                self.raw.execute(statement.format(differs=self.raw.differs))
            conn.execute(text(DROP_UNCITED_REPOS))
        summary.papers_added = len(self.added)
        summary.papers_updated = len(self.updated - self.added)
        ranked = self.added | self.updated | rekeyed
        changing = len(ranked) + summary.papers_removed
        if rescore or conn.execute(text(KEYWORDS_STALE)).scalar() or (changing and needs_rescore(self.raw, changing)):
            stage("keywords")
            self.defer_fts()  # (every paper's keyword facets may change)
            with summary.timed("keywords"):
                summary.keywords = refresh_keywords(conn, self.keywords)
            summary.rescored = True
        elif ranked:
            stage("keywords")
            with summary.timed("keywords"):
                summary.keywords = update_keywords(conn, self.keywords, ranked, summary.papers_removed)
        elif summary.papers_removed:
            summary.keywords = update_keywords(conn, None, set(), summary.papers_removed)
        summary.papers_total = self.raw.execute("SELECT count(*) FROM papers").fetchone()[0]
        if self.fts_deferred and (summary.files_loaded or summary.keywords is not None):
            stage("full-text index")
            with summary.timed("fts"):
                for statement in REBUILD_SEARCH if self.raw.postgres else REBUILD_FTS:
                    self.raw.execute(statement)
        conn.execute(text(RESUME_FTS))
        summary.duration_s = time.perf_counter() - started
        self.raw.renumber("etl_runs")
        conn.execute(insert(etl_runs).values(summary.run_row(self.now, paths)))


def _check_venues(path: str, parsed: ParsedFile) -> None:
    """Every paper needs a venue and a year (listings have them from their header)."""
    for entry in parsed.entries:
        if not (entry.venue or parsed.venue) or not (entry.year or parsed.year):
            raise InputError(path, "no venue and year for this entry; give --venue and --year", entry.line)
