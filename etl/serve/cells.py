"""How paperdb's cells read in Datasette: abstracts and snippets rendered, papers linked to their
own page from every table and query, JSON arrays of topics, keywords and authors as chips, a source
by its file name (never the loading machine's folders: the path is on the source's own row)."""

from __future__ import annotations

import json
import re
from html import escape
from urllib.parse import quote, urlencode

from markupsafe import Markup

from ..extract.hosts import RELEASE_KINDS
from ..store.record_extra import unpack_extra
from ..text.cleaning import clean_title
from .filters import filter_url
from .internals import expanded_foreign_key
from .paper import PAPER_ID, code_address, file_name, keyword_url, paper_url, web_url
from .render import preview, render_abstract, render_snippet, render_title
from .site import DATABASE

AUTHORS_SHOWN = 4  # authors a list shows before "+ N more"
# Longer abstracts in a table or query's rows show their opening, the rest on a click (one
# abstract was a screen's height: 49 rows of papers_by_repo_owner made a page of 19,000 px).
FOLDED_FROM = 400
# Columns that hold a papers.id, linked to its page (`later_id`: rejected_papers' other version).
PAPER_COLUMNS = ("paper_id", "id", "other_id", "similar_id", "later_id")
CODE = ", ".join(f"'{kind}'" for kind in sorted(RELEASE_KINDS))  # the kinds of link that make code released
CHIP_COLUMNS = {
    "topics": "topic",
    "keywords": "keyword",
    "keyword_labels": "keyword",
    "author_keywords": "keyword",
    "authors": "author",
    "coauthors": "author",  # (author_papers': each linked, every one, as the text listed them)
}


def _chips(items: list, column: str, limit: int | None = None) -> Markup:
    shown = items[:limit] if limit else items
    out = []
    for item in shown:
        text = str(item)
        kind = CHIP_COLUMNS[column]
        href = keyword_url(text) if kind == "keyword" else filter_url("authors" if kind == "author" else column, text)
        out.append(f'<a class="chip kind-{kind}" href="{escape(href)}">{escape(text)}</a>')
    if limit and len(items) > limit:
        out.append(f'<span class="note">+ {len(items) - limit} more</span>')
    return Markup(f'<span class="chips">{" ".join(out)}</span>')


# A count of papers in these tables links to the papers it counts: table -> (url template, row key).
PAPER_COUNTS = {
    "repos": (f"/{DATABASE}/papers_with_code?url_key={{}}", "url_key"),
    "authors": (f"/{DATABASE}/paper_authors?author_id={{}}", "id"),
    "institutions": (f"/{DATABASE}/papers_by_institution?institution={{}}", "id"),
    "institutions_query": (f"/{DATABASE}/papers_by_institution?institution={{}}", "institution_id"),
    "keywords": (f"/{DATABASE}/papers_by_keyword?keyword={{}}", "label"),
    "keyword_counts": (f"/{DATABASE}/papers_by_keyword?keyword={{}}", "keyword"),
}


# In query results: the column that says what a count of papers counts.
QUERY_COUNTS = {"institution_id": "institutions_query", "url_key": "repos", "keyword": "keyword_counts"}


def _counted_papers(row, value, table: str | None):
    if table is None and _is_venues(row):
        # (the venues query: a venue-year's papers, which its papers list shows)
        href = f"/{DATABASE}/papers?" + urlencode({"venue": row["venue"], "year": row["year"]})
        return Markup(f'<a href="{escape(href)}">{value:,}</a>')
    if table in (None, "keyword_trends") and (narrowed := _keyword_papers_of(row)) is not None:
        return Markup(f'<a href="{escape(narrowed)}">{value:,}</a>')
    if table is None and row is not None:
        table = next((t for key, t in QUERY_COUNTS.items() if key in row.keys()), None)  # noqa: SIM118 (a sqlite3.Row)
    target = PAPER_COUNTS.get(table or "")
    if target is None or row is None or target[1] not in row.keys():  # noqa: SIM118 (a sqlite3.Row)
        return None
    href = target[0].format(quote(str(row[target[1]])))
    return Markup(f'<a href="{escape(href)}">{value:,}</a>')


# The venues query's counts of decisions: none (NULL) where no paper of the venue-year has a decision.
DECISIONS = ("accepted", "rejected", "withdrawn")
NO_DECISIONS = "the source gives no decisions for this venue and year"


def _keyword_papers_of(row) -> str | None:
    """The papers list a count of `top_keywords` or `keyword_trends` of one venue or year counts
    (`?_keyword=`, a topic's `?_topic=`, with the venue and year: ICRA 2005's `humanoid robot 20`
    linked the keyword's papers of every venue and year, the eighth reader; a keyword by its id where
    the row has it: its chip's list holds its acronym's other form too, `filters.SHORT_AND_LONG`), else None."""
    if row is None or not {"keyword", "venue", "year"} <= set(row.keys()):
        return None
    narrowing = [(key, row[key]) for key in ("venue", "year") if row[key] is not None]
    keys = row.keys()
    by, value = "_keyword", row["keyword"]
    if "kind" in keys and row["kind"] == "topic":
        by = "_topic"
    elif "keyword_id" in keys and row["keyword_id"] is not None:  # (that keyword alone, as counted)
        by, value = "_keyword_id", row["keyword_id"]
    return f"/{DATABASE}/papers?" + urlencode([(by, value), *narrowing]) if narrowing else None


def _topic_papers(row, value, column: str) -> Markup | None:
    """A row of `topic_counts`: the topic and its count link its papers, `with_code` those of them
    that released code (the view named 49 topics and their counts, none a link, the counts unformatted)."""
    if "topic" not in row.keys():  # noqa: SIM118 (a sqlite3.Row; `?_nocol=topic`)
        return None
    args = {"_topic": str(row["topic"]), **({"code_status": "released"} if column == "with_code" else {})}
    href = escape(f"/{DATABASE}/papers?" + urlencode(args, quote_via=quote))
    if column == "topic" and isinstance(value, str):
        return Markup(f'<a href="{href}">{escape(value)}</a>')
    if column in ("papers", "with_code") and isinstance(value, int):
        return Markup(f'<a href="{href}">{value:,}</a>')
    return None


def _is_venues(row) -> bool:
    return row is not None and tuple(row.keys())[:3] == ("venue", "year", "papers")


def _paper_id_of(row) -> str | None:
    if row is None:
        return None
    keys = row.keys()
    for key in ("paper_id", "id"):
        if key in keys and isinstance(row[key], str) and PAPER_ID.match(row[key]):
            return row[key]
    return None


def render(row, value, column: str, table: str | None, datasette):
    """The HTML of a cell, an awaitable of it, or None for Datasette's own rendering."""
    expanded = expanded_foreign_key(value) if column == "paper_id" else None
    if expanded is not None:  # a foreign key Datasette expanded with its label
        pid, label = str(expanded[0]), expanded[1]
        if PAPER_ID.match(pid):
            shown = f"{escape(str(label))} <em>{pid}</em>" if label and label != pid else pid
            return Markup(f'<a href="{paper_url(pid)}">{shown}</a>')
    source = expanded_foreign_key(value) if column.endswith("source_id") else None
    if source is not None and isinstance(source[1], str):  # (sources' label is its path: the file name shown)
        address = datasette.urls.row(DATABASE, "sources", str(source[0]))
        return Markup(
            f'<a href="{escape(address)}">{escape(file_name(source[1]))}</a>&nbsp;<em>{escape(str(source[0]))}</em>'
        )
    if table == "topic_counts" and row is not None:  # (a topic's papers, and those with code: `_topic`)
        return _topic_papers(row, value, column)
    if column == "papers" and isinstance(value, int):
        return _counted_papers(row, value, table)
    if value is None and column in DECISIONS and table is None and _is_venues(row):
        return Markup(f'<span class="note" title="{NO_DECISIONS}">—</span>')
    if table == "paper_sources" and column == "extra" and isinstance(value, bytes):  # (packed: its JSON shown)
        return Markup.escape(unpack_extra(value))  # (as Datasette writes a text: &#34; for ")
    if not isinstance(value, str):
        return None
    if (table, column) in LOADER_PATHS:  # (a load's files: their names; the paths stay in sources)
        return Markup(escape(", ".join(file_name(p) for p in _paths(value))))
    if column in ("abstract", "abstract_clean"):  # (its own class: Datasette's `td em` is small and grey, for notes)
        shown = Markup(f'<span class="abstract-text">{render_abstract(value)}</span>')
        if table == "papers" or len(value) <= FOLDED_FROM:
            return shown
        return Markup(f'<details class="abstract"><summary>{preview(value)} <em>more</em></summary>{shown}</details>')
    if column == "snippet":
        return Markup(render_snippet(value))
    if column in PAPER_COLUMNS and PAPER_ID.match(value) and not (table == "papers" and column == "id"):
        return Markup(f'<a href="{paper_url(value)}">{value}</a>')
    if column in ("title", "title_raw"):
        return _title(row, value, column, table)
    if column == "url" and table is None and web_url(value):  # (a query's: its page at the source)
        return _address(value)
    if column == "keyword":
        return Markup(f'<a href="{escape(keyword_url(value))}">{escape(value)}</a>')
    if column in CHIP_COLUMNS and value.startswith("["):
        try:
            items = json.loads(value)
        except ValueError:
            return None
        if isinstance(items, list):
            return _chips(items, column, AUTHORS_SHOWN if column == "authors" else None)
    if column == "code_status" and value == "released" and table == "papers" and row is not None and "id" in row.keys():  # noqa: SIM118 (a sqlite3.Row)
        return _with_repository(datasette, row["id"], value)
    return None


# The loader's records that name the files it read by their whole path (etl_run_issues.path, a JSON
# list in etl_runs.paths): shown by file name, as a paper's page shows its sources; `sources.path`
# keeps the whole path, which a user gives `paperdb load` or `paperdb remove` again.
LOADER_PATHS = {("etl_run_issues", "path"), ("etl_runs", "paths")}


def _paths(value: str) -> list[str]:
    """The paths a cell names: a JSON list of them, or one."""
    if value.startswith("["):
        try:
            items = json.loads(value)
        except ValueError:
            return [value]
        return [str(item) for item in items] if isinstance(items, list) else [value]
    return [value]


def _address(url: str) -> Markup:
    """A link to `url` that reads without its scheme and may break after each `/` (a query's
    column stays narrow: `ijcai.org/proceedings/2020/294`)."""
    shown = re.sub(r"^https?://(www\.)?", "", url.strip())
    parts = "/<wbr>".join(escape(part) for part in shown.split("/"))
    return Markup(f'<a href="{escape(url.strip())}" rel="nofollow">{parts}</a>')


def _title(row, value: str, column: str, table: str | None) -> Markup | None:
    """A title with its formulas drawn (from `title_raw` where the row has it), linked to its
    paper's page outside the papers table."""
    raw = value if column == "title_raw" else _value(row, "title_raw")
    shown = render_title(clean_title(raw) if column == "title_raw" else value, raw)
    pid = _paper_id_of(row) if table != "papers" and column == "title" else None
    if pid:
        return Markup(f'<a href="{paper_url(pid)}">{shown}</a>')
    return None if shown == escape(value) else Markup(shown)  # (None: Datasette's own cell)


def _value(row, key: str):
    return row[key] if row is not None and key in row.keys() else None  # noqa: SIM118 (a sqlite3.Row)


def _with_repository(datasette, paper_id: str, value: str):
    async def inner() -> Markup:
        rows = await datasette.get_database(DATABASE).execute(
            f"SELECT url, kind, path FROM paper_links WHERE paper_id = ? AND is_official AND kind IN ({CODE})"
            " ORDER BY kind != 'repo', source_id IS NULL, \"offset\" LIMIT 1",
            [paper_id],
        )
        if not rows.rows:
            return Markup(escape(value))
        url = code_address(*rows.first())
        return Markup(
            f'{escape(value)}: <a href="{escape(url)}" rel="nofollow">{escape(url.removeprefix("https://"))}</a>'
        )

    return inner
