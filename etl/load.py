"""The one place that writes: a load run is a single transaction over all its input files."""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone

from sqlalchemy import Connection, delete, insert, select, text, update

from . import __version__
from .derive import derive, link_rows
from .db import ensure_parent, make_engine, migrate, transaction
from .errors import InputError
from .identity import abstract_sha256, paper_id
from .corpus import corpus_keywords, facet_arrays, paused_gc
from .models import EtlRun, Keyword, KeywordAlias, Paper, PaperKeyword, PaperLink, PaperSource, Source
from .topics import load_taxonomy, taxonomy_path
from .records import Listing
from .sources import InputFile, bundled_listings_dir, discover, read_input

CHUNK = 500  # ids per `IN (...)` query; well under SQLite's variable limit

# One row per distinct repository link; owner and name as written in the smallest URL, so the
# choice does not depend on load order. Ids of repositories already known do not change.
REFRESH_REPOS = """
INSERT INTO repos (host, owner, name, url, url_key, papers)
SELECT 'github.com', owner, repo, min(url), url_key, count(DISTINCT paper_id)
FROM paper_links WHERE kind = 'repo' GROUP BY url_key
ON CONFLICT (url_key) DO UPDATE SET
    owner = excluded.owner, name = excluded.name, url = excluded.url, papers = excluded.papers
WHERE (owner, name, url, papers) IS NOT (excluded.owner, excluded.name, excluded.url, excluded.papers)
"""
DROP_UNCITED_REPOS = """
DELETE FROM repos WHERE url_key NOT IN (SELECT url_key FROM paper_links WHERE kind = 'repo')
"""


@dataclass
class RunSummary:
    """What a load did; printed by the CLI and stored in `etl_runs`."""

    db: str
    files_seen: int = 0
    files_loaded: int = 0
    files_unchanged: int = 0
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why): junk in a walk
    failed: list[str] = field(default_factory=list)  # errors of bad files passed over by --keep-going
    papers_added: int = 0
    papers_updated: int = 0
    papers_removed: int = 0
    keywords: int | None = None  # distinct keywords after a rescore; None when not rescored
    duration_s: float = 0.0
    timings: dict[str, float] = field(default_factory=dict)  # seconds per stage, for benchmarks

    @contextmanager
    def timed(self, stage: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timings[stage] = self.timings.get(stage, 0.0) + time.perf_counter() - started

    @property
    def status(self) -> str:
        return "partial" if self.failed else "ok"

    def line(self) -> str:
        skipped = f", {len(self.skipped)} skipped" if self.skipped else ""
        skipped += f", {len(self.failed)} failed" if self.failed else ""
        return (
            f"{self.db}: {self.files_loaded} of {self.files_seen} files loaded"
            f" ({self.files_unchanged} unchanged{skipped}); papers: {self.papers_added} added,"
            f" {self.papers_updated} updated, {self.papers_removed} removed"
            + (f"; {self.keywords} keywords" if self.keywords is not None else "")
            + f" in {self.duration_s:.2f}s"
        )


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


def load(
    db_file: str,
    paths: Iterable[str] = (),
    *,
    venue: str | None = None,
    year: int | None = None,
    keep_going: bool = False,
    rescore: bool = False,
    progress: Callable[[InputFile], None] | None = None,
) -> RunSummary:
    """Migrate `db_file` and load `paths` (the bundled listings if none) in one transaction.

    Keywords are recomputed for the whole corpus in the same transaction whenever papers were
    added, changed or removed (or `rescore` is set), so readers never see half-updated scores.
    On any error nothing is written: the transaction rolls back, and a database file this run
    created is removed again.
    """
    paths = list(paths) or [str(bundled_listings_dir())]
    discovery = discover(paths)
    started = time.perf_counter()
    summary = RunSummary(db=db_file, files_seen=len(discovery.files), skipped=list(discovery.skipped))
    existed = os.path.exists(db_file)
    ensure_parent(db_file)
    engine = make_engine(db_file)
    try:
        with paused_gc(), transaction(engine) as conn:
            migrate(conn)
            run = _Run(conn, summary, venue, year, keep_going)
            for input_file in discovery.files:
                if progress:
                    progress(input_file)
                run.load_file(input_file)
            run.finish(paths, started, rescore)
    except BaseException:
        engine.dispose()
        if not existed:
            remove_database(db_file)
        raise
    engine.dispose()
    return summary


def remove_database(db_file: str) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.remove(db_file + suffix)
        except FileNotFoundError:
            pass


class _Run:
    """State of one load inside its transaction."""

    def __init__(self, conn: Connection, summary: RunSummary, venue, year, keep_going: bool):
        self.conn = conn
        self.summary = summary
        self.venue = venue
        self.year = year
        self.keep_going = keep_going
        self.now = utcnow()
        self.known = {
            row.resolved_path: (row.id, row.sha256)
            for row in conn.execute(select(Source.resolved_path, Source.id, Source.sha256))
        }
        self.added: set[str] = set()
        self.updated: set[str] = set()

    def load_file(self, input_file: InputFile) -> None:
        try:
            with open(input_file.path, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            self._bad(InputError(input_file.path, exc.strerror or str(exc)))
            return
        digest = hashlib.sha256(data).hexdigest()
        known = self.known.get(input_file.resolved)
        if known and known[1] == digest:
            self.summary.files_unchanged += 1
            return
        try:
            with self.summary.timed("read"):
                listing = read_input(input_file.path, data, self.venue, self.year)
        except InputError as exc:
            self._bad(exc)
            return
        with self.summary.timed("insert"):
            source_id = self._save_source(input_file, data, digest, listing, known)
            ids = self._save_papers(listing)
            self.conn.execute(
                insert(PaperSource),
                [
                    {"source_id": source_id, "position": e.position, "paper_id": pid, "line": e.line}
                    for e, pid in zip(listing.entries, ids)
                ],
            )
        self.summary.files_loaded += 1

    def _bad(self, exc: InputError) -> None:
        if not self.keep_going:
            raise exc
        self.summary.failed.append(str(exc))

    def _save_source(self, input_file, data, digest, listing: Listing, known) -> int:
        values = {
            "path": input_file.path,
            "sha256": digest,
            "size": len(data),
            "format": "listing",
            "venue": listing.venue,
            "year": listing.year,
            "papers": len(listing.entries),
            "last_loaded_at": self.now,
        }
        if known:
            source_id = known[0]
            self.conn.execute(update(Source).where(Source.id == source_id).values(values))
            self.conn.execute(delete(PaperSource).where(PaperSource.source_id == source_id))
        else:
            values |= {"resolved_path": input_file.resolved, "first_loaded_at": self.now}
            source_id = self.conn.execute(insert(Source).values(values)).inserted_primary_key[0]
        self.known[input_file.resolved] = (source_id, digest)
        return source_id

    def _save_papers(self, listing: Listing) -> list[str]:
        """Insert new papers; a paper already known takes this file's text (last loaded wins).
        Returns the paper id of each entry."""
        ids = [paper_id(entry.abstract) for entry in listing.entries]
        wanted: dict[str, dict] = {}
        for entry, pid in zip(listing.entries, ids):
            wanted.setdefault(
                pid,
                {
                    "abstract": entry.abstract,
                    "abstract_sha256": abstract_sha256(entry.abstract),
                    "venue": listing.venue,
                    "year": listing.year,
                },
            )
        unique = list(wanted)
        stored: dict[str, tuple] = {}
        for i in range(0, len(unique), CHUNK):
            rows = self.conn.execute(
                select(Paper.id, Paper.abstract, Paper.venue, Paper.year).where(
                    Paper.id.in_(unique[i : i + CHUNK])
                )
            )
            stored.update((row.id, tuple(row[1:])) for row in rows)
        new, changed, links = [], [], []
        for pid, values in wanted.items():
            if pid in stored and stored[pid] == (values["abstract"], values["venue"], values["year"]):
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
            self.conn.execute(insert(Paper), new)
            self.added.update(row["id"] for row in new)
        if changed:
            changed_ids = [row["pid"] for row in changed]
            for i in range(0, len(changed_ids), CHUNK):
                self.conn.execute(
                    delete(PaperLink).where(PaperLink.paper_id.in_(changed_ids[i : i + CHUNK]))
                )
            self.conn.execute(
                text(
                    "UPDATE papers SET abstract = :abstract, abstract_sha256 = :abstract_sha256,"
                    " venue = :venue, year = :year, code_status = :code_status,"
                    " updated_at = :updated_at WHERE id = :pid"
                ),
                changed,
            )
            self.updated.update(changed_ids)
        if links:
            self.conn.execute(insert(PaperLink), links)
        return ids

    def finish(self, paths: list[str], started: float, rescore: bool) -> None:
        summary = self.summary
        if summary.files_loaded:
            summary.papers_removed = self.conn.execute(
                text(
                    "DELETE FROM papers WHERE NOT EXISTS"
                    " (SELECT 1 FROM paper_sources ps WHERE ps.paper_id = papers.id)"
                )
            ).rowcount
            self.conn.execute(text(REFRESH_REPOS))
            self.conn.execute(text(DROP_UNCITED_REPOS))
        summary.papers_added = len(self.added)
        summary.papers_updated = len(self.updated - self.added)
        stale = self.conn.execute(
            text("SELECT EXISTS (SELECT 1 FROM papers) AND NOT EXISTS (SELECT 1 FROM paper_keywords)")
        ).scalar()
        if rescore or stale or self.added or self.updated or summary.papers_removed:
            with summary.timed("keywords"):
                summary.keywords = refresh_keywords(self.conn)
        summary.duration_s = time.perf_counter() - started
        self.conn.execute(
            insert(EtlRun).values(
                started_at=self.now,
                finished_at=utcnow(),
                status=summary.status,
                paths=json.dumps(paths, ensure_ascii=False),
                files_seen=summary.files_seen,
                files_loaded=summary.files_loaded,
                files_unchanged=summary.files_unchanged,
                files_skipped=len(summary.skipped) + len(summary.failed),
                papers_added=summary.papers_added,
                papers_updated=summary.papers_updated,
                papers_removed=summary.papers_removed,
                duration_s=round(summary.duration_s, 4),
                paperdb_version=__version__,
            )
        )


def refresh_keywords(conn: Connection) -> int:
    """Recompute every paper's keywords against the current corpus and store them; returns the
    number of distinct keywords. Keyword ids of surviving keywords do not change."""
    papers = conn.execute(select(Paper.id, Paper.abstract).order_by(Paper.id))
    corpus = corpus_keywords(((row.id, row.abstract) for row in papers), load_taxonomy(taxonomy_path()))
    conn.execute(delete(PaperKeyword))
    conn.execute(delete(KeywordAlias))
    known = {
        row.normalised: row
        for row in conn.execute(select(Keyword.normalised, Keyword.id, Keyword.label, Keyword.kind, Keyword.papers))
    }
    gone = [row.id for key, row in known.items() if key not in corpus.keywords]
    for i in range(0, len(gone), CHUNK):
        conn.execute(delete(Keyword).where(Keyword.id.in_(gone[i : i + CHUNK])))
    new = [
        {"normalised": key, "label": label, "kind": kind, "papers": papers}
        for key, (label, kind, papers) in corpus.keywords.items()
        if key not in known
    ]
    changed = [
        {"kid": known[key].id, "label": label, "kind": kind, "papers": papers}
        for key, (label, kind, papers) in corpus.keywords.items()
        if key in known and (known[key].label, known[key].kind, known[key].papers) != (label, kind, papers)
    ]
    if new:
        conn.execute(insert(Keyword), new)
    if changed:
        conn.execute(
            text("UPDATE keywords SET label = :label, kind = :kind, papers = :papers WHERE id = :kid"), changed
        )
    ids = {row.normalised: row.id for row in conn.execute(select(Keyword.normalised, Keyword.id))}
    rows = [
        (pid, ids[k.normalised], corpus.keywords[k.normalised][0], k.kind, k.score, rank)
        for pid, ranked in corpus.by_paper.items()
        for rank, k in enumerate(ranked, 1)
    ]
    if rows:  # the largest insert of a load: plain tuples, no per-row dictionaries
        conn.exec_driver_sql(
            "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
    aliases = [
        {"keyword_id": ids[key], "alias": alias, "normalised": alias.casefold()}
        for key, names in sorted(corpus.aliases.items())
        for alias in sorted(names)
    ]
    if aliases:
        conn.execute(insert(KeywordAlias), aliases)
    _update_facet_arrays(conn, corpus.by_paper)
    return len(corpus.keywords)


def _update_facet_arrays(conn: Connection, by_paper) -> None:
    """Copy each paper's keyword labels and topics to papers.keywords/.topics where they changed."""
    current = {row.id: (row.keywords, row.topics) for row in conn.execute(select(Paper.id, Paper.keywords, Paper.topics))}
    changed = []
    for pid, ranked in by_paper.items():
        labels, topics = facet_arrays(ranked)
        values = (json.dumps(labels, ensure_ascii=False), json.dumps(topics, ensure_ascii=False))
        if current.get(pid) != values:
            changed.append({"pid": pid, "keywords": values[0], "topics": values[1]})
    if changed:
        conn.execute(text("UPDATE papers SET keywords = :keywords, topics = :topics WHERE id = :pid"), changed)
