"""SQL views on top of the tables: their definitions (used by migrations) and documentation."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class View:
    name: str
    description: str
    columns: dict[str, str] = field(default_factory=dict)
    # SQL that counts the view's rows without reading them through its joins, where every row of a
    # table it reads is one of its rows (None: count the view)
    count_sql: str | None = None
    # Columns whose values tell its rows apart, which a sorted page breaks ties by (empty: every
    # column; a sort by every column of papers_text put each abstract into SQLite's sorter)
    key: tuple[str, ...] = ()


# The SQL of each view lives in the migration that creates it (a revision must not change when
# this file does); here is what users read about them, in docs/schema.md and in Datasette.
# Every paper's abstract cleaned for reading and search, as SQL over papers: abstract_clean holds
# the cleaned text only where cleaning changes the abstract as written (about one in eight).
CLEAN_ABSTRACT = "coalesce(abstract_clean, abstract)"

VIEWS: list[View] = [
    View(
        "papers_text",
        "Every paper's text for reading and search: the abstract cleaned (LaTeX text commands, TeX quotes and PDF"
        " debris read) where cleaning changes it, else as written; the content of papers_fts_words.",
        {
            "pk": "papers.pk",
            "id": "papers.id",
            "title": "papers.title",
            "abstract_clean": "The cleaned abstract: coalesce(papers.abstract_clean, papers.abstract)",
            "keywords": "papers.keywords (the JSON array of the paper's top keywords as it writes them)",
            "author_keywords": "papers.author_keywords (the JSON array of the authors' keywords)",
        },
        key=("pk",),
    ),
    View(
        "papers_with_code",
        "Papers joined to the repositories they link to, on any code host (links of kind repo: GitHub, GitLab,"
        " Bitbucket, Hugging Face models and spaces, ...; one row per link).",
        {
            "paper_id": "papers.id",
            "paper_pk": "papers.pk (the papers_fts rowid, for search)",
            "venue": "Venue",
            "year": "Year",
            "title": "Title (NULL until a bibliographic source gives one)",
            "code_status": "papers.code_status",
            "url": "Canonical repository URL",
            "url_key": "Lower-cased URL: joins repos.url_key and other datasets",
            "owner": "User or organisation (GitLab: with its subgroups)",
            "repo": "Repository name",
            "path": "Sub-path the abstract points to, if any",
            "is_official": "1 the paper's own code, 0 someone else's, NULL unknown",
            "abstract": "papers.abstract (as written)",
        },
    ),
    View(
        "repos_by_owner",
        "Users and organisations of code hosts (GitHub, GitLab, Hugging Face, ...; one row per name, whichever its host)"
        " by the repositories and papers that cite them.",
        {
            "owner": "User or organisation",
            "repositories": "Distinct repositories of this owner cited",
            "papers": "Papers citing any of them",
        },
    ),
    View(
        "code_availability",
        "Papers per code status, per venue and year.",
        {
            "venue": "Venue",
            "year": "Year",
            "code_status": "released, promised, mentioned or none",
            "papers": "Number of papers",
            "percent": "Share of the venue-year's papers, in percent",
        },
    ),
    View(
        "keyword_counts",
        "Every keyword with the number of papers that have it; an acronym's short form and its long form"
        " (UAVs, unmanned aerial vehicles) once, as the long form, with the papers of both (keyword_partners).",
        {
            "keyword": "Display label",
            "kind": "method, acronym, phrase, topic or author (keywords.kind)",
            "papers": "Number of papers with this keyword, or with any of its other forms (each paper once)",
            "normalised": "Merge key (keywords.normalised)",
            "keyword_id": "keywords.id",
            "other_forms": "The keywords counted with it (an acronym's short form: UAVs), else NULL",
        },
        key=("keyword_id",),
    ),
    View(
        "topic_counts",
        "Research topics with their number of papers and how many of those released code (counted from"
        " papers.topics, read from its index: quick at any size).",
        {
            "topic": "Topic name, from the taxonomy",
            "papers": "Papers with this topic among their topics (papers.topics, the topic chips and facet: fewer"
            " than keywords.papers, which counts the papers with it in any way, as a phrase or the authors' keyword too)",
            "with_code": "Of those, papers with code_status released",
            "percent_with_code": "with_code as a percentage of papers",
        },
    ),
    View(
        "keyword_pairs",
        "Keywords that occur together in the top ten keywords of at least two papers, with how much"
        " more often than chance (lift). It pairs every keyword with every other, so on tens of"
        " thousands of papers it takes longer than Datasette allows (20 s on 90,000): Datasette lists it"
        " with the hidden tables, and the related_keywords query answers for one keyword at any size.",
        {
            "keyword_a": "A keyword label",
            "keyword_b": "Another keyword label",
            "papers": "Papers having both",
            "lift": "Papers having both / the papers independence predicts (above 1: associated)",
        },
    ),
]

VIEWS.append(
    View(
        "paper_titles",
        "Every title any source gives a paper, with the source; `chosen` marks the one papers.title"
        " shows (rule in docs/inputs.md).",
        {
            "paper_id": "papers.id",
            "title_raw": "The title as the source writes it",
            "format": "The source's format",
            "source": "The source's file name (its whole path, to load it again: sources.path by source_id)",
            "source_id": "sources.id",
            "position": "Position of the paper in the source",
            "chosen": "1 for the title papers.title shows",
        },
        key=("source_id", "position"),  # (paper_sources' primary key)
    )
)

VIEWS.append(
    View(
        "keyword_trends",
        "Each keyword's papers per venue and year and their share of that venue-year's papers, so venues of"
        " different sizes compare (from keyword_trend_counts, kept by each load; docs/evolution.md); an acronym's"
        " short form and its long form once, as the long form (keyword_partner_trends).",
        {
            "keyword": "Display label (keywords.label)",
            "kind": "How papers have it: method, acronym or phrase (extracted), topic, or author (the authors chose it)",
            "venue": "Venue",
            "year": "Year",
            "papers": "Papers of that venue and year with the keyword (or its other forms), as that kind",
            "share": "papers / venue_papers (0 to 1)",
            "venue_papers": "All papers of that venue and year",
            "keyword_id": "keywords.id",
            "normalised": "Merge key (keywords.normalised): filter on it to find a keyword however written",
            "other_forms": "The keywords counted with it (an acronym's short form: UAVs), else NULL",
        },
        # (each row of keyword_trend_counts outside a pair, and of keyword_partner_trends, is one of its rows: the keyword is a foreign key, and a load
        # counts a keyword's papers of a venue and year from those papers, so the venue-year has some;
        # counting through the joins took 0.47 s of CPU on the catalogue's 279,168 rows, this 0.01 s)
        count_sql="""SELECT (SELECT count(*) FROM keyword_trend_counts c WHERE NOT EXISTS
            (SELECT 1 FROM keyword_partners j WHERE j.keyword_id = c.keyword_id))
            + (SELECT count(*) FROM keyword_partner_trends)""",
        key=("keyword_id", "kind", "venue", "year"),  # (keyword_trend_counts' primary key)
    )
)

# The full-text indexes (created by revisions 0004 and 0018, papers_fts_words remade by 0024; not models: Alembic does not manage them).
SEARCH_INDEX = View(
    "papers_fts",
    'FTS5 index of papers (content="papers", rowid = papers.pk, Porter stemming), kept in sync by'
    " triggers on papers: the search box of the papers table. Query it with MATCH and rank with bm25();"
    " the `search` canned query turns to it (stems) when no paper has the words.",
    {
        "title": "papers.title",
        "abstract": "papers.abstract (as written)",
        "keywords": "papers.keywords (the JSON array of the paper's top keywords as it writes them)",
    },
)
WORDS_INDEX = View(
    "papers_fts_words",
    "FTS5 index of papers' words as written (content='papers_text', rowid = papers.pk, no stemming: `transformer`"
    " is not `transform`), kept in sync by triggers on papers; the `search` query ranks with it.",
    {
        "title": "papers.title",
        "abstract_clean": "papers_text.abstract_clean (the abstract cleaned for reading and search)",
        "keywords": "papers.keywords (the JSON array of the paper's top keywords as it writes them)",
        "author_keywords": "papers.author_keywords (the JSON array of the authors' keywords)",
    },
)
SEARCH_INDEXES = [SEARCH_INDEX, WORDS_INDEX]

# The reviews' views (revision 0030): ratings are the papers' means of their kept per-reviewer
# scores, `rating` a half-point bucket (6.0: a mean from 6.0 to below 6.5); docs/reviews.md.
RATING_BUCKET = "The papers' mean rating rounded down to its half point: 6.0 holds means from 6.0 to below 6.5"
VENUE, YEAR = ("venue", "Venue"), ("year", "Year")
VIEWS += [
    View(
        "rating_distribution",
        "How a venue-year's papers were rated, by decision and presentation: papers per half-point bucket of their"
        " mean rating (the kept per-reviewer scores; papers without a rating are left out).",
        {
            **dict([VENUE, YEAR]),
            "decision": "accepted, rejected, withdrawn or unknown",
            "presentation": "oral, spotlight, poster, workshop, ... (empty when none)",
            "rating": RATING_BUCKET,
            "papers": "Papers of that venue, year, decision, presentation and rating",
        },
    ),
    View(
        "score_distribution",
        "Every kept per-reviewer score counted: reviews per venue, year, field (rating, confidence, novelty, ...),"
        " score, decision and presentation.",
        {
            **dict([VENUE, YEAR]),
            "field": "reviews.field",
            "score": "reviews.score: one reviewer's score",
            "decision": "The paper's decision (unknown when none)",
            "presentation": "The paper's presentation (empty when none)",
            "reviews": "Reviewers who gave this score",
        },
    ),
    View(
        "acceptance_by_rating",
        "The acceptance boundary: per venue, year and half-point bucket of the mean rating, the papers rated, how many"
        " were accepted and rejected, and the share accepted (the acceptance_boundary query lists the papers either"
        " side of it).",
        {
            **dict([VENUE, YEAR]),
            "rating": RATING_BUCKET,
            "papers": "Papers with a rating in the bucket",
            "accepted": "Of them, accepted",
            "rejected": "Of them, rejected (the others were withdrawn, sent to a workshop, or have no decision)",
            "percent_accepted": "accepted / papers, in percent",
        },
    ),
    View(
        "reviewer_disagreement",
        "Papers whose reviewers disagreed: each paper with two or more kept ratings, with their spread (sort by"
        " spread or rating_std; the reviewer_disagreement query lists the ratings).",
        {
            "paper_id": "papers.id",
            **dict([VENUE, YEAR]),
            "title": "papers.title",
            "decision": "accepted, rejected, withdrawn or unknown",
            "presentation": "papers.presentation",
            "rating_avg": "Mean of the kept ratings",
            "rating_min": "Lowest kept rating",
            "rating_max": "Highest kept rating",
            "spread": "rating_max - rating_min",
            "rating_std": "Population standard deviation of the kept ratings",
            "reviews": "Reviewers with a kept score",
        },
        key=("paper_id",),
    ),
    View(
        "ratings_citations",
        "Ratings against citations: per venue, year and half-point bucket of the mean rating, the papers, how many"
        " have a citation count, and their mean and highest count (Google Scholar's, as paperlists gives it).",
        {
            **dict([VENUE, YEAR]),
            "rating": RATING_BUCKET,
            "papers": "Papers with a rating in the bucket",
            "with_citations": "Of them, papers whose citations are known",
            "mean_citations": "Their mean citation count",
            "max_citations": "The highest citation count among them",
        },
    ),
]
