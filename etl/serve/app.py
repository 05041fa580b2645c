"""Datasette over the database: metadata generated from the models, canned queries from queries/."""

from __future__ import annotations

import re
from html import escape
from importlib.resources import files as package_files
from pathlib import Path

from ..store.access import connect_read_only, existing_database, on_read_only_media
from ..store.models import Base
from ..store.views import SEARCH_INDEXES, VIEWS
from .trends import shares_chart

DATABASE_NAME = "papers"
SETTINGS = {
    "suggest_facets": False,  # suggestions scan every column: slow on a large corpus
    "sql_time_limit_ms": 5000,
    "facet_time_limit_ms": 3000,  # high enough that no default facet is dropped
    "default_facet_size": 12,  # the papers list starts within a screen; each facet links to the rest
    "default_page_size": 50,
    "max_returned_rows": 2000,
}
HIDDEN_TABLES = ("alembic_version", "papers_fts", "etl_flags")
DASHBOARD = "paperdb"

# Per-table Datasette options: default facets, sort columns, label columns, full-text search.
TABLE_OPTIONS: dict[str, dict] = {
    "papers": {
        "facets": ["code_status", {"distinct_array": "topics"}, "venue", "year", "decision", "presentation"],
        "sortable_columns": [
            "year",
            "venue",
            "code_status",
            "decision",
            "presentation",
            "title",
            "added_at",
            "updated_at",
        ],
        "label_column": "title",
    },
    "paper_keywords": {"facets": ["kind", "keyword"], "sortable_columns": ["score", "rank", "kind", "keyword"]},
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
    "paper_authors": {"facets": ["name"]},
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
}


def queries_dir() -> Path:
    return Path(str(package_files("etl.queries")))


_LEADING_COMMENT = re.compile(r"\A\s*((?:--[^\n]*\n)+)")


def read_query(path: Path) -> dict:
    """A canned query from a .sql file: the first comment line is its title, the rest of the
    leading comment its description."""
    sql = path.read_text(encoding="utf-8")
    m = _LEADING_COMMENT.match(sql)
    comment = [line.lstrip("-").strip() for line in m.group(1).splitlines()] if m else []
    title = comment[0] if comment else path.stem.replace("_", " ")
    description = " ".join(line for line in comment[1:] if line)
    query = {"sql": sql[m.end() :].strip() if m else sql.strip(), "title": title}
    if description:
        query["description"] = description
    return query


# Canned queries whose long SQL would push their results below the fold: shown on request.
HIDDEN_SQL = ("search", "search_pages")


def canned_queries(directory: Path | None = None) -> dict[str, dict]:
    directory = directory or queries_dir()
    queries = {p.stem: read_query(p) for p in sorted(directory.glob("*.sql"))}
    for name in HIDDEN_SQL:
        if name in queries:
            queries[name]["hide_sql"] = True
    return queries


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


# The dashboard's venue and year filters: each chart query keeps a `[[ ... ]]` part only when
# the filter is set (datasette-dashboards' optional clauses).
WHERE_VENUE_YEAR = "WHERE 1 = 1 [[ AND p.venue = :venue ]] [[ AND p.year = :year ]]"
TOPICS = f"""
SELECT k.keyword AS topic, count(*) AS papers,
       round(100.0 * sum(p.code_status = 'released') / count(*), 1) AS percent_with_code
FROM paper_keywords k JOIN papers p ON p.id = k.paper_id
{WHERE_VENUE_YEAR} AND k.kind = 'topic'
GROUP BY k.keyword
"""


def dashboard() -> dict:
    """Charts for datasette-dashboards: papers and code availability per topic, the code status
    of all papers, each with its numbers, filtered by venue and year."""

    def bars(title: str, query: str, x: str, y: str, x_title: str) -> dict:
        encoding = {
            "y": {"field": y, "type": "nominal", "sort": "-x", "title": None, "axis": {"labelLimit": 400}},
            "x": {"field": x, "type": "quantitative", "title": x_title},
        }
        return {
            "title": title,
            "db": DATABASE_NAME,
            "query": query,
            "library": "vega-lite",
            "display": {
                "encoding": encoding,
                "layer": [
                    {"mark": {"type": "bar", "tooltip": True}},
                    {"mark": {"type": "text", "align": "left", "dx": 3}, "encoding": {"text": {"field": x}}},
                ],
            },
        }

    def options(column: str) -> dict:
        return {
            "name": column.capitalize(),
            "type": "select",
            "db": DATABASE_NAME,
            # as text: the request's value is text, and the dropdown shows the option equal to it
            "query": f"SELECT DISTINCT CAST({column} AS TEXT) FROM papers ORDER BY {column}",
        }

    return {
        "title": "Papers at a glance",
        "description": "Research topics, how often their papers release code, a keyword's or the largest"
        " topics' share of each year's papers, and the code status of all papers; choose a venue or year"
        " to narrow the charts (the shares per year follow the venue), or type a keyword.",
        "filters": {
            "venue": options("venue"),
            "year": options("year"),
            "keyword": {"name": "Keyword (for its share per year)", "type": "text"},
        },
        "layout": [["topics", "code"], ["shares", "shares"], ["status", "status"]],
        "charts": {
            "shares": shares_chart(DATABASE_NAME),
            "topics": bars(
                "Papers per topic",
                f"SELECT topic, papers FROM ({TOPICS}) ORDER BY papers DESC",
                "papers",
                "topic",
                "papers",
            ),
            "code": bars(
                "Papers with released code, per topic (%)",
                f"SELECT topic, percent_with_code FROM ({TOPICS}) WHERE papers >= 3 ORDER BY percent_with_code DESC",
                "percent_with_code",
                "topic",
                "% of the topic's papers",
            ),
            "status": {
                "title": "Code availability",
                "db": DATABASE_NAME,
                "query": f"SELECT p.code_status, count(*) AS papers FROM papers p {WHERE_VENUE_YEAR}"
                " GROUP BY p.code_status",
                "library": "vega-lite",
                "display": {
                    "encoding": {
                        "theta": {"field": "papers", "type": "quantitative", "stack": True},
                        "color": {"field": "code_status", "type": "nominal", "title": "code status"},
                    },
                    "layer": [
                        {"mark": {"type": "arc", "innerRadius": 40, "outerRadius": 110, "tooltip": True}},
                        {
                            "mark": {"type": "text", "radius": 130, "fontSize": 13},
                            "encoding": {"text": {"field": "papers", "type": "quantitative"}},
                        },
                    ],
                },
            },
        },
    }


def loaded(db_file: str, immutable: bool = False) -> list[tuple[str, int, int]]:
    """(venue, year, papers) of a database, most papers first: what the home page names."""
    import sqlite3

    if immutable:  # read-only media: WAL files cannot be made, so read the file as it is
        con = sqlite3.connect(f"file:{existing_database(db_file)}?immutable=1", uri=True)
    else:
        con = connect_read_only(db_file)
    try:
        return con.execute(
            "SELECT venue, year, count(*) FROM papers GROUP BY venue, year ORDER BY count(*) DESC, venue, year"
        ).fetchall()
    except sqlite3.Error:  # not migrated yet: nothing loaded
        return []
    finally:
        con.close()


def describe_loaded(venues: list[tuple[str, int, int]]) -> str:
    """`2,610 papers: ICML 2024 (2,610)`, or that nothing is loaded yet."""
    if not venues:
        return "No papers loaded yet: run <code>paperdb load</code>."
    total = sum(n for _, _, n in venues)
    shown = ", ".join(f"{escape(venue)} {year} ({n:,})" for venue, year, n in venues[:12])
    more = f" and {len(venues) - 12} more venues and years" if len(venues) > 12 else ""
    return f"{total:,} papers: {shown}{more}."


def build_metadata(venues: list[tuple[str, int, int]] | None = None) -> dict:
    """Datasette 0.65 metadata for the database; the home page names the `venues` loaded (as
    `loaded` reads them when the server starts)."""
    venues = venues or []
    names = sorted({venue for venue, _, _ in venues})
    return {
        "title": "paperdb: machine-learning conference papers",
        "description_html": (
            f"<p>{describe_loaded(venues)} Each paper comes with the code links and keywords paperdb"
            " extracts from its abstract (and, where a source gives them, its title, authors,"
            ' affiliations and decision). Browse <a href="/papers/papers">papers</a> and narrow'
            " them with the facets (topic, code status, venue, year, decision), search them with the"
            ' <a href="/papers/search">ranked search</a>, run one of the'
            ' <a href="/papers#queries">canned queries</a> (on the database page), or look at the'
            ' <a href="/-/dashboards/paperdb">charts</a>.</p>'
        ),
        "source": (", ".join(names[:6]) + (" and more" if len(names) > 6 else "") + ", loaded by paperdb")
        if names
        else "paperdb",
        "license": "Abstracts © their authors; paperdb code Apache-2.0",
        "databases": {
            DATABASE_NAME: {
                "description": "One row per paper in papers; everything else joins on papers.id.",
                "tables": table_metadata(),
                "queries": canned_queries(),
            }
        },
        "plugins": {"datasette-dashboards": {DASHBOARD: dashboard()}},
    }


def make_datasette(db_file: str, immutable: bool = False):
    """A configured Datasette instance (used by `serve` and by the tests' in-process client); the
    plugin (`etl.serve.plugin`) brings its templates and static files."""
    from datasette.database import Database

    from .internals import new_datasette

    existing_database(db_file)
    immutable = immutable or on_read_only_media(db_file)  # (no -shm file can be made there)
    ds = new_datasette(build_metadata(loaded(db_file, immutable)), SETTINGS)
    # Named "papers" whatever the file is called, so URLs and metadata always agree.
    ds.add_database(Database(ds, path=db_file, is_mutable=not immutable), name=DATABASE_NAME)
    if "_memory" in ds.databases:  # added because no file was given to the constructor
        ds.remove_database("_memory")
    return ds


def serve(db_file: str, host: str = "127.0.0.1", port: int = 8001, immutable: bool = False) -> None:
    """Migrate (unless immutable, or on read-only media), then run Datasette until interrupted."""
    from .server import listen, run

    existing_database(db_file)
    immutable = immutable or on_read_only_media(db_file)
    with listen(host, port) as sock:  # (first: a busy port is said before any work)
        if not immutable:
            from ..store.engine import migrate_database

            migrate_database(db_file)
        ds = make_datasette(db_file, immutable=immutable)
        url = f"http://{host}:{sock.getsockname()[1]}/"
        run(ds.app(), sock, lambda: print(f"paperdb: serving {db_file} at {url}", flush=True))
