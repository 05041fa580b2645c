"""Where papers come from (Core tables): the input files loaded, each record of a paper they hold,
the programme events that are not papers, and the load runs."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Double, ForeignKey, Integer, String, Table, Text, text, true

from .base import metadata

UNKNOWN_STATUS_COMMENT = (
    "Records stored with a status word paperdb does not know (their decision left NULL; listed in etl_run_issues);"
    " NULL for runs before revision 0025, which did not count them"
)
ISSUES_COMMENT = (
    "What each load could not use as it is: the records it skipped, the records with a status word paperdb does"
    " not know (stored, decision NULL), the files it passed over; at most 1,000 of a kind per file and run, then"
    " one row counting the rest (paperdb load --report FILE lists every one)."
)

RECORD_RATING = "Mean review rating the record gives (its rating_avg); NULL when outside the venue's scale (a 0)"
RECORD_CONFIDENCE = (
    "Mean reviewer confidence the record gives (its confidence_avg); NULL when outside the venue's scale"
)

sources = Table(
    "sources",
    metadata,
    Column("id", Integer, primary_key=True, comment="Source number"),
    Column("path", Text, nullable=False, comment="Path as given to paperdb load"),
    Column(
        "resolved_path",
        Text,
        nullable=False,
        unique=True,
        comment="Absolute path with symlinks resolved: identifies the source",
    ),
    Column("sha256", String(64), nullable=False, comment="SHA-256 (hex) of the file's bytes"),
    Column("size", Integer, nullable=False, comment="File size in bytes"),
    Column(
        "format",
        Text,
        nullable=False,
        comment="Input format: listing, icml-events, pmlr-bibtex, paperlists, csv or jsonl",
    ),
    Column("venue", Text, nullable=True, comment="Venue named by the file"),
    Column("year", Integer, nullable=True, comment="Year named by the file"),
    Column("papers", Integer, nullable=False, comment="Number of papers (abstracts) in the file"),
    Column("first_loaded_at", Text, nullable=False, comment="UTC time the file was first loaded"),
    Column("last_loaded_at", Text, nullable=False, comment="UTC time the file's current content was loaded"),
    Column(
        "options",
        Text,
        nullable=True,
        comment="The load options that change what the file means (--venue, --year, --format) it was last loaded with, a JSON object; NULL: none",
    ),
    comment="Input files loaded, one row per file location.",
)

paper_sources = Table(
    "paper_sources",
    metadata,
    Column("source_id", Integer, ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True, comment="sources.id"),
    Column("position", Integer, primary_key=True, comment="1-based order of the abstract in the file"),
    Column(
        "paper_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="papers.id",
    ),
    Column("line", Integer, nullable=False, comment="1-based line where the abstract starts"),
    Column("title", Text, nullable=True, comment="Title as this source writes it"),
    Column("authors", Text, nullable=True, comment="JSON array of author names as this source writes them"),
    Column("ids", Text, nullable=True, comment="JSON object of the ids this source gives: scheme -> value"),
    Column("url", Text, nullable=True, comment="The paper's URL in this source"),
    Column("status", Text, nullable=True, comment="Decision or presentation as this source writes it"),
    Column("track", Text, nullable=True, comment="Track as this source names it"),
    Column("keywords", Text, nullable=True, comment="JSON array of the author keywords this source gives"),
    Column("links", Text, nullable=True, comment="JSON array of the code and project links this source gives"),
    Column(
        "affiliations",
        Text,
        nullable=True,
        comment="JSON array, one per author: the [institution, country] pairs this source gives",
    ),
    Column(
        "extra",
        Text,
        nullable=True,
        comment="JSON object of every other field this source gives (ratings, tldr, pdf, bibtex, ...): nothing is lost;"
        " on SQLite packed (deflate with a preset dictionary): read it as JSON with extra_json(extra), a SQL function"
        " of Datasette's and of etl.store.functions.register",
    ),
    Column(
        "abstract",
        Text,
        nullable=True,
        comment="The record's abstract as written, where it differs from papers.abstract (the paper's as written; else NULL)",
    ),
    Column(
        "has_abstract",
        Boolean,
        nullable=False,
        server_default=true(),
        comment="Whether the record gives an abstract (a title alone, or a placeholder such as TBD, does not)",
    ),
    Column("venue", Text, nullable=True, comment="The venue the record gives (its own, else its file's), as written"),
    Column("year", Integer, nullable=True, comment="The year the record gives (its own, else its file's)"),
    Column("rating_avg", Double, nullable=True, comment=RECORD_RATING),
    Column("confidence_avg", Double, nullable=True, comment=RECORD_CONFIDENCE),
    Column("citations", Integer, nullable=True, comment="Citations the record counts (NULL: unknown)"),
    Column("primary_area", Text, nullable=True, comment="The primary area the record gives"),
    Column("tldr", Text, nullable=True, comment="The TL;DR the record gives"),
    comment="Where each paper was found: file, order in the file and line.",
)

events = Table(
    "events",
    metadata,
    Column("id", Integer, primary_key=True, comment="Event number"),
    Column(
        "source_id",
        Integer,
        ForeignKey("sources.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="sources.id",
    ),
    Column("position", Integer, nullable=False, comment="1-based order among the file's events"),
    Column("type", Text, nullable=False, index=True, comment="Workshop, Tutorial, Invited Talk, ..."),
    Column("title", Text, nullable=False, comment="Title for display"),
    Column("speakers", Text, nullable=False, comment="Speakers or organisers as listed"),
    Column("url", Text, nullable=True, comment="Virtual-site URL (host lower-cased)"),
    Column("abstract", Text, nullable=False, comment="Description, possibly empty"),
    Column("venue", Text, nullable=True, comment="Venue"),
    Column("year", Integer, nullable=True, comment="Year"),
    comment="Programme events that are not papers: workshops, tutorials, talks.",
)

etl_flags = Table(
    "etl_flags",
    metadata,
    Column("name", Text, primary_key=True, comment="fts_deferred: the load rebuilds papers_fts itself at the end"),
    comment="Set only inside a running load's transaction (never seen committed).",
)

etl_runs = Table(
    "etl_runs",
    metadata,
    Column("id", Integer, primary_key=True, comment="Run number"),
    Column("started_at", Text, nullable=False, comment="UTC start time (ISO 8601)"),
    Column("finished_at", Text, nullable=False, comment="UTC end time (ISO 8601)"),
    Column("status", Text, nullable=False, comment="ok, or partial when --keep-going skipped bad files"),
    Column("paths", Text, nullable=False, comment="JSON array of the paths given"),
    Column("files_seen", Integer, nullable=False, comment="Input files found"),
    Column("files_loaded", Integer, nullable=False, comment="Files read and loaded (new or changed)"),
    Column("files_unchanged", Integer, nullable=False, comment="Files skipped: same SHA-256 as loaded"),
    Column(
        "files_skipped",
        Integer,
        nullable=False,
        comment="Files passed over: not listings in a walked directory, or bad with --keep-going",
    ),
    Column("papers_added", Integer, nullable=False, comment="Papers new to the database"),
    Column("papers_updated", Integer, nullable=False, comment="Papers whose stored text, venue or year changed"),
    Column("papers_removed", Integer, nullable=False, comment="Papers removed: no source lists them any more"),
    Column("duration_s", Double, nullable=False, comment="Wall-clock seconds"),
    Column("paperdb_version", Text, nullable=False, comment="paperdb version that ran the load"),
    Column(
        "records_skipped",
        Integer,
        nullable=False,
        server_default=text("0"),
        comment="Records the load could not use (no title and no abstract, not an object, ...)",
    ),
    Column(
        "records_repaired",
        Integer,
        nullable=False,
        server_default=text("0"),
        comment="Records the load stored after a repair (a NUL removed, a field of the wrong type dropped, ...)",
    ),
    Column(
        "sources_removed",
        Integer,
        nullable=False,
        server_default=text("0"),
        comment="Sources removed with what only they gave (paperdb remove, load --prune)",
    ),
    Column("records_unknown_status", Integer, nullable=True, comment=UNKNOWN_STATUS_COMMENT),
    comment="One row per successful paperdb load (a failed load leaves no trace).",
)

etl_run_issues = Table(
    "etl_run_issues",
    metadata,
    Column(
        "run_id",
        Integer,
        ForeignKey("etl_runs.id", ondelete="CASCADE"),
        primary_key=True,
        comment="etl_runs.id: the load that met it",
    ),
    Column("number", Integer, primary_key=True, comment="1-based order in the run"),
    Column("path", Text, nullable=False, comment="The file, as given to paperdb load (sources.path)"),
    Column(
        "line",
        Integer,
        nullable=True,
        comment="1-based line where the record starts; NULL for a whole file, and for the row counting those not listed",
    ),
    Column(
        "position",
        Integer,
        nullable=True,
        comment="paper_sources.position of a record stored (a status word paperdb does not know); NULL for one skipped",
    ),
    Column(
        "kind",
        Text,
        nullable=False,
        comment="record skipped, unknown status, abstract of another record (its abstract is another record's: left out, a repair), file skipped or file failed",
    ),
    Column(
        "detail",
        Text,
        nullable=False,
        comment="Why the record was skipped or the file passed over, or the status word as written",
    ),
    Column("title", Text, nullable=True, comment="The record's title as written, placeholder or not"),
    Column("record_id", Text, nullable=True, comment="An id the record gives (doi:..., openreview:...), else its URL"),
    comment=ISSUES_COMMENT,
)
