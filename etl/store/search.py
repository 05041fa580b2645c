"""Full-text search on SQLite: the indexes a load rebuilds, and the paged form of the search query.

`papers_fts` (Porter stems; Datasette's search box) and `papers_fts_words` (the words as written;
the `search` query's ranking) follow every write to papers through triggers, except inside a
load that set `etl_flags.fts_deferred`: such a load runs `REBUILD_FTS` once before it commits (each
index rebuilt and merged into one segment).
PostgreSQL keeps both in `papers_search` (`etl.store.writer.REBUILD_SEARCH_VECTORS`).

queries/search_pages.sql is queries/search.sql with a `page` parameter, made by `paged`
(`python -m etl.store.search` rewrites it; a test fails when it is stale), so that both rank alike.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..settings import package_folder

FTS_INDEXES = ("papers_fts", "papers_fts_words")
# Each index built afresh, then merged into one segment (`optimize`): the rebuild leaves it in the
# segments it wrote as it went, 1.2 MB more of the catalogue's 107 MB (0.7 s of CPU to merge).
REBUILD_FTS = [
    f"INSERT INTO {name} ({name}) VALUES ('{step}')" for name in FTS_INDEXES for step in ("rebuild", "optimize")
]

PAGE = 100  # results a page shows
MAX_PAGES = 20  # pages search_pages goes to (2,000 results, Datasette's most rows)
PAGES_HEADER = f"""-- Search papers, page by page
-- The search query's ranking (see search), {PAGE} results a page: page 2 shows results {PAGE + 1} to
-- {2 * PAGE}, up to page {MAX_PAGES} (the best {PAGE * MAX_PAGES:,}). Empty page: the first. A page after {MAX_PAGES} has no
-- rows (its page says where the results stop): the papers table's search (papers?_search=...) lists
-- every paper with the words.
-- Example: q = graph neural networks; page = 1
-- (made from search.sql by `python -m etl.store.search`; do not edit by hand)
"""
# What changes from search.sql: each way of matching gives its results up to the page's end,
# tiers make room up to it, and the page is cut from the ranking of the words (BEST: replaced
# first, as the generic LIMIT below would match it too); results that resemble one another then
# move up within the page, so pages never overlap.
BEST = "tier, titled DESC, bare, typed DESC, relevance DESC, pk LIMIT {}\n"
PAGED = [
    (  # (a page past the last: none, where page 21 gave page 20 again)
        "WITH\n",
        f"WITH\npage AS (SELECT iif(cast(:page AS INTEGER) > {MAX_PAGES}, 0, max(cast(:page AS INTEGER), 1) * {PAGE})"
        " AS last),\n",
    ),
    (BEST.format(PAGE), BEST.format(f"{PAGE} OFFSET (SELECT last FROM page) - {PAGE}")),
    (f"LIMIT {PAGE}\n),\n", "LIMIT (SELECT last FROM page)\n),\n"),
    (f"< {PAGE}", "< (SELECT last FROM page)"),
    ("o.place AS rank", f"o.place + (SELECT last FROM page) - {PAGE} AS rank"),  # (the place among all pages)
]


def paged(search_sql: str) -> str:
    """search_pages.sql from the text of search.sql."""
    body = search_sql[search_sql.index("WITH\n") :]
    for old, new in PAGED:
        if old not in body:
            raise ValueError(f"search.sql no longer has {old!r}: update etl.store.search.PAGED")
        body = body.replace(old, new)
    return PAGES_HEADER + body


def main(directory: str | None = None) -> None:
    folder = Path(directory or str(package_folder("etl.queries")))
    search = (folder / "search.sql").read_text(encoding="utf-8")
    (folder / "search_pages.sql").write_text(paged(search), encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:])
