"""Datasette over the database: metadata generated from the schema, canned queries read from queries/
(served through the plugin's `canned_queries` hook)."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from ..errors import shown_path
from ..settings import package_folder
from ..store.access import at_head, connect_immutable, connect_read_only, existing_database, on_read_only_media
from ..store.models import Base
from ..store.views import SEARCH_INDEXES, VIEWS
from .dashboard import dashboard
from .forms import LAST_PARAMETERS, parameters
from .ratings import MOST_RATED, SLUG, ratings_dashboard
from .site import DATABASE, plugin_metadata

SETTINGS = {
    "suggest_facets": False,  # suggestions scan every column: slow on a large corpus
    "sql_time_limit_ms": 5000,
    "facet_time_limit_ms": 3000,  # high enough that no default facet is dropped
    "default_facet_size": 12,  # the papers list starts within a screen; each facet links to the rest
    "default_page_size": 50,
    "max_returned_rows": 2000,
    # A streamed CSV stops here (Datasette's 100 MB cut the papers at 55,892 of 90,525): above the
    # largest table of the whole catalogue (papers, ~165 MB of CSV), so a stream ends with its rows.
    "max_csv_mb": 500,
}
# Hidden from the database page: Alembic's and the load's bookkeeping, the stemmed index (the
# search box's), and keyword_pairs, which takes longer than the time limit on tens of thousands
# of papers (20 s on 90,000; the related_keywords query answers for one keyword at any size).
HIDDEN_TABLES = ("alembic_version", "papers_fts", "etl_flags", "keyword_pairs")
DASHBOARD = "paperdb"

# Per-table Datasette options: default facets, sort columns, label columns, full-text search.
TABLE_OPTIONS: dict[str, dict] = {
    "papers": {
        "facets": [
            "code_status",
            {"distinct_array": "topics"},
            "venue",
            {"newest_first": "year"},
            "decision",
            "presentation",
            "primary_area",
        ],
        "sortable_columns": [
            "id",  # (the stable key the README joins on: a librarian orders an export by it)
            "year",
            "venue",
            "code_status",
            "decision",
            "presentation",
            "rating_avg",
            "rating_std",
            "confidence_avg",
            "citations",
            "primary_area",
            "title",
            "added_at",
            "updated_at",
        ],
        "label_column": "title",
    },
    # (by keyword_id, which is indexed: Datasette shows each keyword's label; not by kind, a scan of
    # every row since 0019: 0.6 s on the catalogue's 741,000 rows, and keyword_counts has it)
    "paper_keywords": {"facets": ["keyword_id"], "sortable_columns": ["score", "rank", "kind", "keyword"]},
    "keywords": {
        "facets": ["kind"],
        "sortable_columns": ["papers", "label", "kind"],
        "sort_desc": "papers",
        "label_column": "label",
    },
    "paper_links": {"facets": ["kind", "host", "is_official"]},
    "repos": {
        "facets": ["owner"],
        "sortable_columns": ["papers", "owner", "name"],
        "sort_desc": "papers",
        "label_column": "url",
    },
    "sources": {"label_column": "path", "facets": ["format"]},
    "institutions": {
        "facets": ["country"],
        "sortable_columns": ["papers", "name", "country"],
        "sort_desc": "papers",
        "label_column": "name",
    },
    "authors": {"sortable_columns": ["papers", "name"], "sort_desc": "papers", "label_column": "name"},
    "paper_authors": {"facets": ["author_id"]},
    "paper_ids": {"facets": ["scheme"]},
    "events": {"facets": ["type"]},
    "papers_with_code": {
        "facets": ["owner", "is_official", "code_status"],
        "fts_table": "papers_fts",
        "fts_pk": "paper_pk",
    },
    "keyword_counts": {"facets": ["kind"], "sort_desc": "papers"},
    "topic_counts": {"sort_desc": "papers"},
    "keyword_pairs": {"sort_desc": "lift"},
    "repos_by_owner": {"sort_desc": "papers"},
    "keyword_trends": {"label_column": "keyword"},  # (a facet over 550,000 rows: 0.8 s; ?_facet=kind)
    "similar_papers": {"sortable_columns": ["rank", "score"]},
    "paper_versions": {"facets": ["relation", "same_title"], "sortable_columns": ["similarity"]},
    # (what a load could not use: by kind, by reason or status word, by run; the table is bounded per run)
    "etl_run_issues": {"facets": ["kind", "detail", "run_id"]},
    # (every reviewer's score: by field and why missing; the views sort by what they measure)
    "reviews": {"facets": ["field", "missing"], "sortable_columns": ["score", "reviewer"]},
    "reviewer_disagreement": {"sort_desc": "spread", "facets": ["venue", "year", "decision"]},
    "rating_distribution": {"facets": ["venue", "year", "decision"]},
    "acceptance_by_rating": {"facets": ["venue", "year"]},
}


def queries_dir() -> Path:
    return package_folder("etl.queries")


_LEADING_COMMENT = re.compile(r"\A\s*((?:--[^\n]*\n)+)")
_EXAMPLE = re.compile(r"^Example:\s*(.*)$")


def read_query(path: Path) -> dict:
    """A canned query from a .sql file: the first comment line is its title, the rest of the
    leading comment its description, but for a line `Example: name = value; name = value`: the
    parameters its page opens with (`example`, see `examples`)."""
    sql = path.read_text(encoding="utf-8")
    m = _LEADING_COMMENT.match(sql)
    comment = [line.lstrip("-").strip() for line in m.group(1).splitlines()] if m else []
    title = comment[0] if comment else path.stem.replace("_", " ")
    examples = [e[1] for e in map(_EXAMPLE.match, comment[1:]) if e]
    description = " ".join(line for line in comment[1:] if line and not _EXAMPLE.match(line))
    query = {"sql": sql[m.end() :].strip() if m else sql.strip(), "title": title}
    if description:
        query["description"] = description
    if examples:
        pairs = (part.partition("=") for line in examples for part in line.split(";") if part.strip())
        query["example"] = {name.strip(): value.strip() for name, _, value in pairs}
    return query


# Canned queries whose SQL is longer than this many lines show their results first and their SQL on
# request (Datasette's `hide_sql`): compare_periods' 60 lines filled two screens above its results.
SQL_LINES_SHOWN = 15


def canned_queries(directory: Path | None = None) -> dict[str, dict]:
    """Datasette's canned queries, one per .sql file (without their examples: `query_examples`)."""
    directory = directory or queries_dir()
    found = (read_query(p) | {"name": p.stem} for p in directory.glob("*.sql"))
    # (listed on the database page as a reader looks for them: by title, not by file name)
    queries = {q.pop("name"): q for q in sorted(found, key=lambda q: q["title"].casefold())}
    for query in queries.values():
        query.pop("example", None)
        if query["sql"].count("\n") >= SQL_LINES_SHOWN:
            query["hide_sql"] = True
        if any(p in LAST_PARAMETERS for p in parameters(query["sql"])):
            query["params"] = parameters(query["sql"])
    return queries


def query_examples(directory: Path | None = None) -> dict[str, dict[str, str]]:
    """The parameters each canned query's page opens with, by query (those that have any)."""
    directory = directory or queries_dir()
    found = {p.stem: read_query(p).get("example") for p in sorted(directory.glob("*.sql"))}
    return {name: example for name, example in found.items() if example}


def table_metadata() -> dict[str, dict]:
    """Descriptions of every table, view and column (from the models' comments and `VIEWS`),
    with each table's Datasette options."""
    tables: dict[str, dict] = {}
    for table in Base.metadata.tables.values():
        tables[table.name] = {
            "description": table.comment or "",
            "columns": {c.name: c.comment or "" for c in table.columns},
        }
    for view in (*VIEWS, *SEARCH_INDEXES):
        tables[view.name] = {"description": view.description, "columns": dict(view.columns)}
    for name, options in TABLE_OPTIONS.items():
        tables[name].update(options)
        if "sortable_columns" in options and name in Base.metadata.tables:
            # the table page's forms sort by the primary key: it must stay sortable
            keys = [c.name for c in Base.metadata.tables[name].primary_key.columns]
            tables[name]["sortable_columns"] = keys + [c for c in options["sortable_columns"] if c not in keys]
    for name in HIDDEN_TABLES:
        tables.setdefault(name, {})["hidden"] = True
    return tables


def _read(db_file: str, immutable: bool, read):
    """`read(connection)` on the database, or None where it is not migrated yet."""
    import sqlite3

    if immutable:  # read-only media: WAL files cannot be made, so read the file as it is
        con = connect_immutable(existing_database(db_file))
    else:
        con = connect_read_only(db_file)
    try:
        return read(con)
    except sqlite3.Error:  # not migrated yet: nothing loaded
        return None
    finally:
        con.close()


def loaded(db_file: str, immutable: bool = False) -> list[tuple[str, int, int]]:
    """(venue, year, papers) of a database, most papers first: what the home page names."""
    sql = "SELECT venue, year, count(*) FROM papers GROUP BY venue, year ORDER BY count(*) DESC, venue, year"
    return _read(db_file, immutable, lambda con: con.execute(sql).fetchall()) or []


def empty_parts(db_file: str, immutable: bool = False) -> frozenset[str]:
    """The tables no row has been loaded into yet, and the columns of papers' default facets
    that no paper has a value of (`papers.decision`): what the database page and the papers
    list leave out (each an index lookup or the first row of a table)."""

    def read(con) -> frozenset[str]:
        empty = {
            t
            for t in Base.metadata.tables
            if t != "papers" and not con.execute(f'SELECT 1 FROM "{t}" LIMIT 1').fetchone()
        }
        for facet in TABLE_OPTIONS["papers"]["facets"]:
            column = facet if isinstance(facet, str) else next(iter(facet.values()))
            if not con.execute(
                f'SELECT 1 FROM papers WHERE "{column}" IS NOT NULL AND "{column}" != \'[]\' LIMIT 1'
            ).fetchone():
                empty.add(f"papers.{column}")
        return frozenset(empty)

    return _read(db_file, immutable, read) or frozenset()


VENUES_NAMED = 12  # venue-years the home page names; the venues query lists every one


def describe_loaded(venues: list[tuple[str, int, int]]) -> str:
    """`2,610 papers: ICML 2024 (2,610)`, each venue-year linked to its papers, the rest to the
    venues query; or that nothing is loaded yet."""
    if not venues:
        return "No papers loaded yet: run <code>paperdb load</code>."
    total = sum(n for _, _, n in venues)
    shown = ", ".join(
        f'<a href="/{DATABASE}/papers?{escape(urlencode({"venue": venue, "year": year}))}">{escape(venue)} {year}</a> ({n:,})'
        for venue, year, n in venues[:VENUES_NAMED]
    )
    more = len(venues) - VENUES_NAMED
    rest = f' and <a href="/{DATABASE}/venues">{more} more venues and years</a>' if more > 0 else ""
    return f"{total:,} papers: {shown}{rest}."


def _without_empty_parts(tables: dict[str, dict], empty: frozenset[str]) -> dict[str, dict]:
    """`tables` with the empty ones hidden and the papers list's facets of no value left out."""
    for name in empty:
        if name in tables:
            tables[name]["hidden"] = True
    papers = tables["papers"]
    papers["facets"] = [
        f for f in papers["facets"] if f"papers.{f if isinstance(f, str) else next(iter(f.values()))}" not in empty
    ]
    return tables


def build_metadata(
    venues: list[tuple[str, int, int]] | None = None,
    empty: frozenset[str] = frozenset(),
    most_rated: tuple[str, int] | None = None,
) -> dict:
    """Datasette 0.65 metadata for the database; the home page names the `venues` loaded (as
    `loaded` reads them when the server starts), the `empty` tables and facets (as
    `empty_parts` finds them) are left out, and the ratings page opens with `most_rated`."""
    venues = venues or []
    names = sorted({venue for venue, _, _ in venues})
    unfilled = sorted(name for name in empty if "." not in name and name not in HIDDEN_TABLES)
    description = "One row per paper in papers; everything else joins on papers.id."
    if unfilled:
        description += f" No source loaded so far fills {', '.join(unfilled)}: they are listed with the hidden tables."
    return {
        "title": "paperdb: machine-learning conference papers",
        "description_html": (
            f"<p>{describe_loaded(venues)} Each paper comes with the code links and keywords paperdb"
            " extracts from its abstract (and, where a source gives them, its title, authors,"
            f' affiliations and decision). Browse <a href="/{DATABASE}/papers">papers</a> and narrow'
            " them with the facets (topic, code status, venue, year, decision), search them with the"
            f' <a href="/{DATABASE}/search">ranked search</a>, run one of the'
            f' <a href="/{DATABASE}#queries">canned queries</a> (on the database page), or look at the'
            ' <a href="/-/dashboards/paperdb">charts</a> and the reviewers\' <a href="/-/dashboards/ratings">ratings</a>.</p>'
        ),
        "source": (", ".join(names[:6]) + (" and more" if len(names) > 6 else "") + ", loaded by paperdb")
        if names
        else "paperdb",
        "license": "Abstracts © their authors; paperdb code Apache-2.0",
        "databases": {
            DATABASE: {
                "description": description,
                "tables": _without_empty_parts(table_metadata(), empty),
                # (the canned queries come through the plugin's `canned_queries` hook)
            }
        },
        "plugins": {
            **plugin_metadata(),  # (what tells the plugin this Datasette is paperdb's)
            "datasette-dashboards": {DASHBOARD: dashboard(), SLUG: ratings_dashboard(most_rated)},
            "datasette-mcp": {"canned_queries": True},  # (the queries as MCP tools, beside paperdb's: etl/serve/mcp)
        },
    }


def make_datasette(db_file: str, immutable: bool = False):
    """A configured Datasette instance (used by `serve` and by the tests' in-process client); the
    plugin (`etl.serve.plugin`) brings its templates and static files."""
    from .internals import FileDatabase, new_datasette

    existing_database(db_file)
    immutable = immutable or on_read_only_media(db_file)  # (no -shm file can be made there)
    rated = _read(db_file, immutable, lambda con: con.execute(MOST_RATED).fetchone())
    metadata = build_metadata(loaded(db_file, immutable), empty_parts(db_file, immutable), rated)
    ds = new_datasette(metadata, SETTINGS)
    # Named "papers" whatever the file is called, so URLs and metadata always agree.
    ds.add_database(FileDatabase(ds, path=db_file, is_mutable=not immutable), name=DATABASE)
    if "_memory" in ds.databases:  # added because no file was given to the constructor
        ds.remove_database("_memory")
    return ds


def serve(db_file: str, host: str = "127.0.0.1", port: int = 8001, immutable: bool = False) -> None:
    """Migrate if the schema is behind (unless immutable, or on read-only media), then run
    Datasette until interrupted. A schema at head is read without the write lock, so the server
    starts while a load runs, and its pages show each commit."""
    from .server import listen, run

    existing_database(db_file)
    immutable = immutable or on_read_only_media(db_file)
    with listen(host, port) as sock:  # (first: a busy port is said before any work)
        if not immutable and not at_head(db_file):
            from ..store.engine import migrate_database

            migrate_database(db_file)
        ds = make_datasette(db_file, immutable=immutable)
        url = f"http://{host}:{sock.getsockname()[1]}/"

        def said() -> None:
            print(f"paperdb: serving {shown_path(db_file)} at {url}", flush=True)
            print(f"paperdb: MCP for AI assistants at {url}-/mcp (docs/assistants.md)", flush=True)

        run(ds.app(), sock, said, stopping=ds.databases[DATABASE].interrupt)
