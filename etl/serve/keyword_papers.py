"""A keyword's papers (the canned query `papers_by_keyword`) headed with how many papers it lists
and the pages of 100 they fill, each page linked (the eighth reader: `?keyword=SLAM` showed "Custom
SQL query returning 100 rows", the first 100 of 1,000 and more, with no way on but the `page` box,
where `papers_by_institution` said "1,303 papers ... on 14 pages of 100"). The keywords counted are
those the query itself names (its `keyword_id IN (...)`, read from its SQL: a test fails when the SQL
no longer has it), so the count is of exactly the papers it lists."""

from __future__ import annotations

from functools import cache
from urllib.parse import quote, urlencode

from .institutions import page_number
from .site import DATABASE

QUERY = "papers_by_keyword"
PAGE = 100  # the query's papers a page
ALL_PAGES_UP_TO = 15  # more pages than this: the first two, those around the page shown, the last two
_NAMED = ("WHERE pk.keyword_id IN (", "\n    )\n    GROUP BY pk.paper_id")  # (the keywords the text names)


@cache
def count_sql() -> str:
    """The papers the query lists for a `:keyword`, each once (its own choice of keywords)."""
    from .app import canned_queries

    sql = canned_queries()[QUERY]["sql"]
    start = sql.index(_NAMED[0]) + len(_NAMED[0])
    named = sql[start : sql.index(_NAMED[1], start)]
    return f"SELECT count(DISTINCT pk.paper_id) FROM paper_keywords pk WHERE pk.keyword_id IN ({named}\n)"


def pages_shown(page: int, pages: int) -> list[int | None]:
    """The page numbers to link (None: a gap), `page` among them: every page up to
    `ALL_PAGES_UP_TO`, else the first two, two either side of `page` and the last two."""
    if pages <= ALL_PAGES_UP_TO:
        return list(range(1, pages + 1))
    wanted = sorted({1, 2, pages - 1, pages} | {n for n in range(page - 2, page + 3) if 1 <= n <= pages})
    shown: list[int | None] = []
    for number in wanted:
        if shown and number - (shown[-1] or 0) > 1:
            shown.append(None)
        shown.append(number)
    return shown


async def keyword_header(database, keyword: str, page: str | None) -> dict | None:
    """What heads the page of `papers_by_keyword?keyword=...&page=...`: the text asked, its page
    (`/-/keyword/`), the papers listed, the page shown, the pages and a link to each shown
    (`pages_shown`); None when the text names no keyword's papers (the query says so)."""
    said = keyword.strip()
    if not said:
        return None
    papers = (await database.execute(count_sql(), {"keyword": keyword})).first()[0]
    if not papers:
        return None
    pages = -(-papers // PAGE)
    shown = page_number(page)

    def url(number: int) -> str:
        return f"/{DATABASE}/{QUERY}?" + urlencode({"keyword": said, "page": number})

    return {
        "keyword": said,
        "keyword_url": f"/-/keyword/{quote(said, safe='')}",
        "papers": papers,
        "page": shown,
        "pages": pages,
        "page_urls": [(number, url(number) if number else None) for number in pages_shown(shown, pages)],
    }
