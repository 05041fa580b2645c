"""SQLAlchemy 2 models: the schema's single description (Alembic migrations create it)."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, String, Text, text
from sqlalchemy.orm import Mapped, mapped_column

from .base import NAMING_CONVENTION, Base  # noqa: F401 (re-exported)

# Authors and institutions, and keyword statistics, live in their own modules; every model is
# importable from here.
from .people import Author, Institution, PaperAffiliation, PaperAuthor  # noqa: F401
from .scoring import KeywordMeaning, KeywordScoring, KeywordStat  # noqa: F401


class Paper(Base):
    __tablename__ = "papers"
    __table_args__ = (
        Index(None, "venue", "year"),
        {"comment": "One row per distinct paper, identified by its normalised abstract."},
    )

    pk: Mapped[int] = mapped_column(
        primary_key=True,
        comment="SQLite rowid (INTEGER PRIMARY KEY); stable across VACUUM; used by papers_fts",
    )
    id: Mapped[str] = mapped_column(
        String(16),
        unique=True,
        comment="Stable key: first 16 hex digits of SHA-256 of the normalised abstract (docs/joins.md)",
    )
    venue: Mapped[str] = mapped_column(Text, comment="Venue from the listing header, e.g. ICML")
    year: Mapped[int] = mapped_column(comment="Year from the listing header, e.g. 2024")
    title: Mapped[str | None] = mapped_column(
        Text, comment="Title for display (markup removed), NULL until a bibliographic source gives one"
    )
    abstract: Mapped[str] = mapped_column(
        Text, comment="Abstract as written, trimmed; hard-wrapped lines joined by one space"
    )
    abstract_sha256: Mapped[str] = mapped_column(
        String(64), index=True, comment="SHA-256 (hex) of the abstract exactly as stored"
    )
    code_status: Mapped[str] = mapped_column(
        Text,
        index=True,
        server_default=text("'none'"),
        comment="released (an official code link), promised (code to come), mentioned"
        " (code said to be available, no link) or none",
    )
    keywords: Mapped[str] = mapped_column(
        Text,
        server_default=text("'[]'"),
        comment="JSON array of the paper's top keyword labels (methods, acronyms, phrases), best"
        " first; a copy of paper_keywords for Datasette array facets",
    )
    topics: Mapped[str] = mapped_column(
        Text,
        server_default=text("'[]'"),
        index=True,  # covering index for the topic facet and filter on a large corpus
        comment="JSON array of the paper's research topics, each once; a copy of paper_keywords for facets",
    )
    title_raw: Mapped[str | None] = mapped_column(
        Text, comment="The chosen title as its source wrote it (LaTeX, braces); rule in docs/inputs.md"
    )
    title_key: Mapped[str | None] = mapped_column(
        Text, index=True, comment="Normalised title for joins: the abstract normalisation of docs/joins.md"
    )
    authors: Mapped[str] = mapped_column(
        Text,
        server_default=text("'[]'"),
        comment="JSON array of author names in order; a copy of paper_authors for facets",
    )
    url: Mapped[str | None] = mapped_column(Text, comment="The paper's page (PMLR or virtual site)")
    text_source_id: Mapped[int | None] = mapped_column(
        comment="sources.id the stored abstract, venue and year come from"
    )
    title_source_id: Mapped[int | None] = mapped_column(comment="sources.id the chosen title comes from")
    added_at: Mapped[str] = mapped_column(Text, comment="UTC time (ISO 8601) of the load that first added the paper")
    updated_at: Mapped[str] = mapped_column(
        Text, comment="UTC time (ISO 8601) of the load that last changed the paper's text"
    )
    decision: Mapped[str | None] = mapped_column(
        Text,
        index=True,
        comment="accepted, rejected or withdrawn, from the sources' status; NULL when no source says",
    )
    presentation: Mapped[str | None] = mapped_column(
        Text,
        index=True,
        comment="oral, spotlight, poster, workshop, findings, long, short, ... (lower case); NULL when unknown",
    )
    track: Mapped[str | None] = mapped_column(Text, comment="Track as the source names it: main, ...")
    author_keywords: Mapped[str] = mapped_column(
        Text,
        server_default=text("'[]'"),
        comment="JSON array of the keywords the authors chose, from the first source that gives them;"
        " also kind 'author' in paper_keywords",
    )


class Source(Base):
    __tablename__ = "sources"
    __table_args__ = {"comment": "Input files loaded, one row per file location."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Source number")
    path: Mapped[str] = mapped_column(Text, comment="Path as given to paperdb load")
    resolved_path: Mapped[str] = mapped_column(
        Text, unique=True, comment="Absolute path with symlinks resolved: identifies the source"
    )
    sha256: Mapped[str] = mapped_column(String(64), comment="SHA-256 (hex) of the file's bytes")
    size: Mapped[int] = mapped_column(comment="File size in bytes")
    format: Mapped[str] = mapped_column(
        Text, comment="Input format: listing, icml-events, pmlr-bibtex, paperlists, csv or jsonl"
    )
    venue: Mapped[str | None] = mapped_column(Text, comment="Venue named by the file")
    year: Mapped[int | None] = mapped_column(comment="Year named by the file")
    papers: Mapped[int] = mapped_column(comment="Number of papers (abstracts) in the file")
    first_loaded_at: Mapped[str] = mapped_column(Text, comment="UTC time the file was first loaded")
    last_loaded_at: Mapped[str] = mapped_column(Text, comment="UTC time the file's current content was loaded")


class PaperSource(Base):
    __tablename__ = "paper_sources"
    __table_args__ = {"comment": "Where each paper was found: file, order in the file and line."}

    source_id: Mapped[int] = mapped_column(
        ForeignKey("sources.id", ondelete="CASCADE"), primary_key=True, comment="sources.id"
    )
    position: Mapped[int] = mapped_column(primary_key=True, comment="1-based order of the abstract in the file")
    paper_id: Mapped[str] = mapped_column(ForeignKey("papers.id", ondelete="CASCADE"), index=True, comment="papers.id")
    line: Mapped[int] = mapped_column(comment="1-based line where the abstract starts")
    title: Mapped[str | None] = mapped_column(Text, comment="Title as this source writes it")
    authors: Mapped[str | None] = mapped_column(Text, comment="JSON array of author names as this source writes them")
    ids: Mapped[str | None] = mapped_column(Text, comment="JSON object of the ids this source gives: scheme -> value")
    url: Mapped[str | None] = mapped_column(Text, comment="The paper's URL in this source")
    status: Mapped[str | None] = mapped_column(Text, comment="Decision or presentation as this source writes it")
    track: Mapped[str | None] = mapped_column(Text, comment="Track as this source names it")
    keywords: Mapped[str | None] = mapped_column(Text, comment="JSON array of the author keywords this source gives")
    links: Mapped[str | None] = mapped_column(
        Text, comment="JSON array of the code and project links this source gives"
    )
    affiliations: Mapped[str | None] = mapped_column(
        Text, comment="JSON array, one per author: the [institution, country] pairs this source gives"
    )
    extra: Mapped[str | None] = mapped_column(
        Text, comment="JSON object of every other field this source gives (ratings, tldr, pdf, ...): nothing is lost"
    )


class PaperLink(Base):
    __tablename__ = "paper_links"
    __table_args__ = {"comment": "Links cited in abstracts or given by sources; GitHub ones in canonical form."}

    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"
    )
    offset: Mapped[int] = mapped_column(
        primary_key=True,
        comment="Character offset of the link in the abstract; -1, -2, ... for the links sources give",
    )
    url: Mapped[str] = mapped_column(
        Text, comment="Canonical URL, e.g. https://github.com/<owner>/<repo> (names as written)"
    )
    url_key: Mapped[str] = mapped_column(
        Text, index=True, comment="Lower-cased canonical URL: the join key (GitHub is case-insensitive)"
    )
    raw: Mapped[str] = mapped_column(Text, comment="The link as written in the abstract (or the source)")
    kind: Mapped[str] = mapped_column(
        Text, index=True, comment="repo, user (GitHub user or organisation), pages (*.github.io), gist or other"
    )
    host: Mapped[str] = mapped_column(Text, index=True, comment="Host name, lower case, without www.")
    owner: Mapped[str | None] = mapped_column(
        Text, index=True, comment="GitHub user or organisation (repo, user, pages, gist links)"
    )
    repo: Mapped[str | None] = mapped_column(Text, comment="GitHub repository name (repo links)")
    path: Mapped[str | None] = mapped_column(
        Text, comment="What follows the repository (tree/main/src) or the site (page path)"
    )
    is_official: Mapped[bool | None] = mapped_column(
        comment="1 when the abstract offers the link as its own code or data (or a source gives it"
        " as the paper's), 0 when it cites someone else's, NULL when the wording does not say"
    )
    source_id: Mapped[int | None] = mapped_column(
        comment="sources.id of the source that gives the link (github, project fields); NULL when"
        " it is cited in the abstract"
    )


class Repo(Base):
    __tablename__ = "repos"
    __table_args__ = {"comment": "One row per distinct code repository cited by any paper."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Repository number")
    host: Mapped[str] = mapped_column(Text, comment="Code host, e.g. github.com")
    owner: Mapped[str] = mapped_column(Text, index=True, comment="User or organisation, as first written")
    name: Mapped[str] = mapped_column(Text, comment="Repository name, as first written")
    url: Mapped[str] = mapped_column(Text, comment="Canonical URL https://github.com/<owner>/<name>")
    url_key: Mapped[str] = mapped_column(
        Text, unique=True, comment="Lower-cased canonical URL: joins paper_links.url_key"
    )
    papers: Mapped[int] = mapped_column(comment="Number of papers citing the repository")


class Keyword(Base):
    __tablename__ = "keywords"
    __table_args__ = {"comment": "Distinct keywords over all papers, merged by normalised text."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Keyword number")
    normalised: Mapped[str] = mapped_column(
        Text,
        unique=True,
        comment="Merge key: case folded, hyphens as spaces, last word singular (docs/keywords.md)",
    )
    label: Mapped[str] = mapped_column(Text, comment="Display form, as papers most often write it")
    kind: Mapped[str] = mapped_column(
        Text, index=True, comment="method, acronym, phrase or topic: the kind most papers found it as"
    )
    papers: Mapped[int] = mapped_column(index=True, comment="Number of papers with this keyword")


class KeywordAlias(Base):
    __tablename__ = "keyword_aliases"
    __table_args__ = {"comment": "Other names of a keyword: the short forms of acronyms (GNN)."}

    keyword_id: Mapped[int] = mapped_column(
        ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, comment="keywords.id"
    )
    alias: Mapped[str] = mapped_column(primary_key=True, comment="The other name, as written")
    normalised: Mapped[str] = mapped_column(Text, index=True, comment="The alias case folded")


class PaperKeyword(Base):
    __tablename__ = "paper_keywords"
    __table_args__ = {"comment": "Each paper's keywords with their kind, score and rank."}

    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"
    )
    keyword_id: Mapped[int] = mapped_column(
        ForeignKey("keywords.id", ondelete="CASCADE"), primary_key=True, index=True, comment="keywords.id"
    )
    keyword: Mapped[str] = mapped_column(Text, index=True, comment="The keyword's label (keywords.label)")
    kind: Mapped[str] = mapped_column(
        Text,
        primary_key=True,
        index=True,
        comment="How it was found in this paper: method, acronym, phrase or topic; author when the"
        " authors chose it (beside the extracted row of the same keyword, if any)",
    )
    score: Mapped[float] = mapped_column(
        comment="Importance in this paper, higher is more important; comparable across kinds (author: 0, not ranked)"
    )
    rank: Mapped[int] = mapped_column(comment="1-based rank by score within the paper (author: the authors' order)")


class PaperId(Base):
    __tablename__ = "paper_ids"
    __table_args__ = (
        Index(None, "scheme", "value"),
        {"comment": "Identifiers other datasets use for each paper (for joins)."},
    )

    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"
    )
    scheme: Mapped[str] = mapped_column(
        primary_key=True,
        comment="icml_poster, openreview, pmlr, arxiv, doi, bibtex_key, semantic_scholar",
    )
    value: Mapped[str] = mapped_column(primary_key=True, comment="The identifier")
    source_id: Mapped[int] = mapped_column(comment="sources.id that gave it")


class PaperFormerId(Base):
    __tablename__ = "paper_former_ids"
    __table_args__ = {"comment": "Ids papers had before a change of the normalisation (to join data keyed by them)."}

    former_id: Mapped[str] = mapped_column(String(16), primary_key=True, comment="The paper's earlier papers.id")
    paper_id: Mapped[str] = mapped_column(
        ForeignKey("papers.id", ondelete="CASCADE"), index=True, comment="papers.id: its id now"
    )
    revision: Mapped[str] = mapped_column(Text, comment="The schema revision that changed it")


class Event(Base):
    __tablename__ = "events"
    __table_args__ = {"comment": "Programme events that are not papers: workshops, tutorials, talks."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Event number")
    source_id: Mapped[int] = mapped_column(
        ForeignKey("sources.id", ondelete="CASCADE"), index=True, comment="sources.id"
    )
    position: Mapped[int] = mapped_column(comment="1-based order among the file's events")
    type: Mapped[str] = mapped_column(Text, index=True, comment="Workshop, Tutorial, Invited Talk, ...")
    title: Mapped[str] = mapped_column(Text, comment="Title for display")
    speakers: Mapped[str] = mapped_column(Text, comment="Speakers or organisers as listed")
    url: Mapped[str | None] = mapped_column(Text, comment="Virtual-site URL (host lower-cased)")
    abstract: Mapped[str] = mapped_column(Text, comment="Description, possibly empty")
    venue: Mapped[str | None] = mapped_column(Text, comment="Venue")
    year: Mapped[int | None] = mapped_column(comment="Year")


class EtlFlag(Base):
    __tablename__ = "etl_flags"
    __table_args__ = {"comment": "Set only inside a running load's transaction (never seen committed)."}

    name: Mapped[str] = mapped_column(
        Text, primary_key=True, comment="fts_deferred: the load rebuilds papers_fts itself at the end"
    )


class EtlRun(Base):
    __tablename__ = "etl_runs"
    __table_args__ = {"comment": "One row per successful paperdb load (a failed load leaves no trace)."}

    id: Mapped[int] = mapped_column(primary_key=True, comment="Run number")
    started_at: Mapped[str] = mapped_column(Text, comment="UTC start time (ISO 8601)")
    finished_at: Mapped[str] = mapped_column(Text, comment="UTC end time (ISO 8601)")
    status: Mapped[str] = mapped_column(Text, comment="ok, or partial when --keep-going skipped bad files")
    paths: Mapped[str] = mapped_column(Text, comment="JSON array of the paths given")
    files_seen: Mapped[int] = mapped_column(comment="Input files found")
    files_loaded: Mapped[int] = mapped_column(comment="Files read and loaded (new or changed)")
    files_unchanged: Mapped[int] = mapped_column(comment="Files skipped: same SHA-256 as loaded")
    files_skipped: Mapped[int] = mapped_column(
        comment="Files passed over: not listings in a walked directory, or bad with --keep-going"
    )
    papers_added: Mapped[int] = mapped_column(comment="Papers new to the database")
    papers_updated: Mapped[int] = mapped_column(comment="Papers whose stored text changed")
    papers_removed: Mapped[int] = mapped_column(comment="Papers removed: no source lists them any more")
    duration_s: Mapped[float] = mapped_column(comment="Wall-clock seconds")
    paperdb_version: Mapped[str] = mapped_column(Text, comment="paperdb version that ran the load")
