"""The schema's one definition: every table of a paper's record as a SQLAlchemy Core table, with
its columns' types, keys, indexes and descriptions (Alembic's revisions create them, the models in
`models.py` map onto them, and the writer derives its column lists from them). Importing these
costs a load none of the ORM's start-up."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Double, ForeignKey, Index, Integer, String, Table, Text, text

from .base import metadata

papers = Table(
    "papers",
    metadata,
    Column(
        "pk",
        Integer,
        primary_key=True,
        comment="SQLite rowid (INTEGER PRIMARY KEY); stable across VACUUM; used by papers_fts",
    ),
    Column(
        "id",
        String(16),
        nullable=False,
        unique=True,
        comment="Stable key: first 16 hex digits of SHA-256 of the normalised abstract (docs/joins.md)",
    ),
    Column("venue", Text, nullable=False, comment="Venue from the listing header, e.g. ICML"),
    Column("year", Integer, nullable=False, comment="Year from the listing header, e.g. 2024"),
    Column(
        "title",
        Text,
        nullable=True,
        comment="Title for display (markup removed), NULL until a bibliographic source gives one",
    ),
    Column(
        "abstract", Text, nullable=False, comment="Abstract as written, trimmed; hard-wrapped lines joined by one space"
    ),
    Column(
        "abstract_sha256",
        String(64),
        nullable=False,
        index=True,
        comment="SHA-256 (hex) of the abstract exactly as stored",
    ),
    Column(
        "code_status",
        Text,
        nullable=False,
        index=True,
        server_default=text("'none'"),
        comment="released (an official code link), promised (code to come), mentioned (code said to be available, no link) or none",
    ),
    Column(
        "keywords",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of the paper's top keyword labels (methods, acronyms, phrases), best first; a copy of paper_keywords for Datasette array facets",
    ),
    # (indexed: a covering index for the topic facet and filter on a large corpus)
    Column(
        "topics",
        Text,
        nullable=False,
        index=True,
        server_default=text("'[]'"),
        comment="JSON array of the paper's research topics, each once; a copy of paper_keywords for facets",
    ),
    Column(
        "title_raw",
        Text,
        nullable=True,
        comment="The chosen title as its source wrote it (LaTeX, braces); rule in docs/inputs.md",
    ),
    Column(
        "title_key",
        Text,
        nullable=True,
        index=True,
        comment="Normalised title for joins: the abstract normalisation of docs/joins.md",
    ),
    Column(
        "authors",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of author names in order; a copy of paper_authors for facets",
    ),
    Column("url", Text, nullable=True, comment="The paper's page (PMLR or virtual site)"),
    Column(
        "text_source_id", Integer, nullable=True, comment="sources.id the stored abstract, venue and year come from"
    ),
    Column("title_source_id", Integer, nullable=True, comment="sources.id the chosen title comes from"),
    Column("added_at", Text, nullable=False, comment="UTC time (ISO 8601) of the load that first added the paper"),
    Column(
        "updated_at", Text, nullable=False, comment="UTC time (ISO 8601) of the load that last changed the paper's text"
    ),
    Column(
        "decision",
        Text,
        nullable=True,
        index=True,
        comment="accepted, rejected or withdrawn, from the sources' status; NULL when no source says",
    ),
    Column(
        "presentation",
        Text,
        nullable=True,
        index=True,
        comment="oral, spotlight, poster, workshop, findings, long, short, ... (lower case); NULL when unknown",
    ),
    Column("track", Text, nullable=True, comment="Track as the source names it: main, ..."),
    Column(
        "author_keywords",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of the keywords the authors chose, from the first source that gives them; also kind 'author' in paper_keywords",
    ),
    Index(None, "venue", "year"),
    comment="One row per distinct paper, identified by its normalised abstract.",
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
        comment="JSON object of every other field this source gives (ratings, tldr, pdf, ...): nothing is lost",
    ),
    comment="Where each paper was found: file, order in the file and line.",
)

paper_links = Table(
    "paper_links",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column(
        "offset",
        Integer,
        primary_key=True,
        comment="Character offset of the link in the abstract; -1, -2, ... for the links sources give",
    ),
    Column(
        "url", Text, nullable=False, comment="Canonical URL, e.g. https://github.com/<owner>/<repo> (names as written)"
    ),
    Column(
        "url_key",
        Text,
        nullable=False,
        index=True,
        comment="Lower-cased canonical URL: the join key (GitHub is case-insensitive)",
    ),
    Column("raw", Text, nullable=False, comment="The link as written in the abstract (or the source)"),
    Column(
        "kind",
        Text,
        nullable=False,
        index=True,
        comment="repo, user (GitHub user or organisation), pages (*.github.io), gist or other",
    ),
    Column("host", Text, nullable=False, index=True, comment="Host name, lower case, without www."),
    Column(
        "owner", Text, nullable=True, index=True, comment="GitHub user or organisation (repo, user, pages, gist links)"
    ),
    Column("repo", Text, nullable=True, comment="GitHub repository name (repo links)"),
    Column("path", Text, nullable=True, comment="What follows the repository (tree/main/src) or the site (page path)"),
    Column(
        "is_official",
        Boolean,
        nullable=True,
        comment="1 when the abstract offers the link as its own code or data (or a source gives it as the paper's), 0 when it cites someone else's, NULL when the wording does not say",
    ),
    Column(
        "source_id",
        Integer,
        nullable=True,
        comment="sources.id of the source that gives the link (github, project fields); NULL when it is cited in the abstract",
    ),
    comment="Links cited in abstracts or given by sources; GitHub ones in canonical form.",
)

repos = Table(
    "repos",
    metadata,
    Column("id", Integer, primary_key=True, comment="Repository number"),
    Column("host", Text, nullable=False, comment="Code host, e.g. github.com"),
    Column("owner", Text, nullable=False, index=True, comment="User or organisation, as first written"),
    Column("name", Text, nullable=False, comment="Repository name, as first written"),
    Column("url", Text, nullable=False, comment="Canonical URL https://github.com/<owner>/<name>"),
    Column(
        "url_key", Text, nullable=False, unique=True, comment="Lower-cased canonical URL: joins paper_links.url_key"
    ),
    Column("papers", Integer, nullable=False, comment="Number of papers citing the repository"),
    comment="One row per distinct code repository cited by any paper.",
)


paper_ids = Table(
    "paper_ids",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column(
        "scheme",
        String,
        primary_key=True,
        comment="icml_poster, openreview, pmlr, arxiv, doi, bibtex_key, semantic_scholar",
    ),
    Column("value", String, primary_key=True, comment="The identifier"),
    Column("source_id", Integer, nullable=False, comment="sources.id that gave it"),
    Index(None, "scheme", "value"),
    comment="Identifiers other datasets use for each paper (for joins).",
)

paper_former_ids = Table(
    "paper_former_ids",
    metadata,
    Column("former_id", String(16), primary_key=True, comment="The paper's earlier papers.id"),
    Column(
        "paper_id",
        String(16),
        ForeignKey("papers.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
        comment="papers.id: its id now",
    ),
    Column("revision", Text, nullable=False, comment="The schema revision that changed it"),
    comment="Ids papers had before a change of the normalisation (to join data keyed by them).",
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
    Column("papers_updated", Integer, nullable=False, comment="Papers whose stored text changed"),
    Column("papers_removed", Integer, nullable=False, comment="Papers removed: no source lists them any more"),
    Column("duration_s", Double, nullable=False, comment="Wall-clock seconds"),
    Column("paperdb_version", Text, nullable=False, comment="paperdb version that ran the load"),
    comment="One row per successful paperdb load (a failed load leaves no trace).",
)
