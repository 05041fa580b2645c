"""The schema's one definition, with provenance.py, people.py and keywords.py: papers, their links, repositories
and ids as SQLAlchemy Core tables, with
its columns' types, keys, indexes and descriptions (Alembic's revisions create them and
compare them with a database, and the writer's column lists are generated from them:
etl/store/column_names.py). A load into a database at the schema head imports none of this."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Double, ForeignKey, Index, Integer, String, Table, Text, text

from .base import metadata

RATING_AVG = (
    "Mean of the kept per-reviewer ratings (reviews) of the first record that gives any; the source's own"
    " mean (paperlists rating_avg, of [mean, std] the mean) only when no record gives per-reviewer ratings;"
    " NULL when none (a 0 outside the venue's scale is none)"
)
CONFIDENCE_AVG = (
    "Mean of the kept per-reviewer confidences (reviews), else the source's own mean (paperlists"
    " confidence_avg) when no record gives them; NULL when none"
)

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
        comment=(
            "Stable key: first 16 hex digits of SHA-256 of the normalised abstract; with no abstract, of the"
            " DOI, OpenReview, arXiv, PMLR or ACL id, else venue, year and title (docs/joins.md#paper-identity)"
        ),
    ),
    Column(
        "venue",
        Text,
        nullable=False,
        comment="Canonical venue name (etl/registries/venues.csv: NIPS, neurips are NeurIPS); as written in"
        " paper_sources.venue",
    ),
    Column("year", Integer, nullable=False, comment="Year from the listing header, e.g. 2024"),
    Column(
        "title",
        Text,
        nullable=True,
        comment="Title for display (markup removed), NULL until a bibliographic source gives one",
    ),
    Column(
        "abstract",
        Text,
        nullable=True,
        comment="Abstract as its source wrote it: trimmed, hard-wrapped lines joined by one space (papers.id and abstract_sha256 are of this text); NULL when no source gives one",
    ),
    Column(
        "abstract_sha256",
        String(64),
        nullable=True,
        index=True,
        comment="SHA-256 (hex) of the abstract as its source wrote it, for verbatim matching with other data",
    ),
    Column(
        "code_status",
        Text,
        nullable=False,
        index=True,
        server_default=text("'none'"),
        comment="released (an official link to a repository, gist or package, not promised for later), promised (code to come), mentioned (code said to be available, or only a user's page on a code host) or none (neither the abstract nor the source's record links to code or says it is available: not known to be released; the pages say \"no link found\")",
    ),
    Column(
        "keywords",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of the paper's top keywords (methods, acronyms, phrases; at most 10) as the paper writes them, best first: the keyword text the search indexes (papers_fts, papers_fts_words) read; keyword_labels is the facet's copy",
    ),
    Column(
        "keyword_labels",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of the labels (keywords.label) of the paper's keywords, each once, best first: methods, acronyms and phrases, then the authors' (topics are in topics); the keyword facet's values and the chips of the papers list, as the keyword pages and ?_keyword= name and count them",
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
        comment="Normalised title for joins: the abstract normalisation of docs/joins.md",
    ),
    Column(
        "authors",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of author names in order; a copy of paper_authors for facets",
    ),
    Column(
        "url",
        Text,
        nullable=True,
        index=True,  # (`/-/paper/<address>`: the paper whose own address it is)
        comment="The paper's page (PMLR or virtual site)",
    ),
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
    Column(
        "track",
        Text,
        nullable=True,
        comment="Track the status word names (COLING's Industry: industry), else as the source names it: main, ...",
    ),
    Column(
        "author_keywords",
        Text,
        nullable=False,
        server_default=text("'[]'"),
        comment="JSON array of the keywords the authors chose, from the first source that gives them; also kind 'author' in paper_keywords",
    ),
    Column("rating_avg", Double, nullable=True, index=True, comment=RATING_AVG),
    Column("confidence_avg", Double, nullable=True, index=True, comment=CONFIDENCE_AVG),
    Column("rating_min", Double, nullable=True, comment="Lowest kept rating (reviews); NULL when none"),
    Column("rating_max", Double, nullable=True, comment="Highest kept rating (reviews); NULL when none"),
    Column(
        "rating_std",
        Double,
        nullable=True,
        comment="Spread of the kept ratings: their population standard deviation, as paperlists' [mean, std]",
    ),
    Column(
        "reviews",
        Integer,
        nullable=True,
        comment="Reviewers with a kept score (reviews), of the record the ratings come from; NULL when none",
    ),
    Column(
        "citations",
        Integer,
        nullable=True,
        index=True,
        comment="Citations a source counts (Google Scholar, paperlists gs_citation); NULL when unknown",
    ),
    Column(
        "primary_area",
        Text,
        nullable=True,
        index=True,
        comment="The primary area the authors chose (OpenReview venues)",
    ),
    Column("tldr", Text, nullable=True, comment="The authors' one-sentence summary (TL;DR), where a source gives one"),
    Column(
        "abstract_clean",
        Text,
        nullable=True,
        comment="The abstract cleaned for reading and search, where cleaning changes it (LaTeX text commands, TeX quotes and PDF debris; inline math, Markdown and URLs kept for the renderer), else NULL: coalesce(abstract_clean, abstract), or the view papers_text, is every paper's cleaned text",
    ),
    Index(None, "venue", "year"),
    # (a title's papers, and a paper without an abstract found by venue, year and title at once)
    Index(None, "title_key", "venue", "year"),
    comment="One row per distinct paper, identified by its normalised abstract.",
)


paper_links = Table(
    "paper_links",
    metadata,
    Column("paper_id", String(16), ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True, comment="papers.id"),
    Column(
        "offset",
        Integer,
        primary_key=True,
        comment="Character offset of the link in the cleaned abstract (papers_text); -1, -2, ... for the links sources give",
    ),
    Column(
        "url",
        Text,
        nullable=False,
        comment="Canonical URL: a code link's repository, user, gist or package (https://github.com/<owner>/<repo>, names as written); any other link's whole URL, query included",
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
        comment="Code: repo (a repository on a code host), user (a user or organisation there), gist, code (a package, notebook, review copy, git.io link); not code: pages (*.github.io), project (a project page), video, paper, licence, dataset, other (etl/data/link_hosts.txt)",
    ),
    Column("host", Text, nullable=False, index=True, comment="Host of the canonical URL, lower case, without www."),
    Column(
        "owner",
        Text,
        nullable=True,
        index=True,
        comment="User or organisation the URL names (code links, GitHub Pages, Hugging Face datasets, ...)",
    ),
    Column("repo", Text, nullable=True, comment="Repository, package or dataset name the URL names"),
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
    comment="Links cited in abstracts or given by sources, each of its kind, in canonical form.",
)

repos = Table(
    "repos",
    metadata,
    Column("id", Integer, primary_key=True, comment="Repository number"),
    Column("host", Text, nullable=False, comment="Code host, e.g. github.com"),
    Column("owner", Text, nullable=False, index=True, comment="User or organisation, as first written"),
    Column("name", Text, nullable=False, comment="Repository name, as first written"),
    Column("url", Text, nullable=False, comment="Canonical URL, e.g. https://github.com/<owner>/<name>"),
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
        comment="icml_poster, openreview, pmlr, arxiv, doi, acl_anthology, ieee_article_number, neurips_proceedings, bibtex_key, semantic_scholar",
    ),
    Column("value", String, primary_key=True, comment="The identifier"),
    Column("source_id", Integer, nullable=False, comment="sources.id that gave it"),
    Index(None, "scheme", "value"),
    comment="Identifiers other datasets use for each paper (for joins).",
    sqlite_with_rowid=False,  # (stored in key order: the table is its key's index)
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
