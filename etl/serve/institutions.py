"""An institution's papers (the canned query `papers_by_institution`) headed with what the text
names: each institution's name, country and papers, and how many pages of 100 they fill (the
reader's report: `?institution=161` showed "100 rows", not the 379 papers on 4 pages, nor whose).
The institutions are those the query itself chooses (its `chosen`, read from its SQL: a test fails
when the SQL no longer has it), so the header names exactly the institutions whose papers it lists."""

from __future__ import annotations

from functools import cache
from urllib.parse import urlencode

from .site import DATABASE

QUERY = "papers_by_institution"
PAGE = 100  # the query's papers a page
_CHOSEN_END = ",\nhits AS"  # (the query's CTEs up to `chosen`, the institutions its text names)
# (one query: `chosen` is materialised once, and the page's own query reads it again)
NAMED = """
SELECT i.id, i.name, i.country, i.papers,
    (SELECT count(DISTINCT a.paper_id) FROM paper_affiliations a JOIN chosen c ON c.id = a.institution_id) AS listed
FROM chosen c JOIN institutions i ON i.id = c.id ORDER BY i.papers DESC, i.name"""


@cache
def chosen_sql() -> str:
    """The query's SQL up to its `chosen` CTE (the institutions its `:institution` names)."""
    from .app import canned_queries

    sql = canned_queries()[QUERY]["sql"]
    return sql[: sql.index(_CHOSEN_END)]


def page_number(value: str | None) -> int:
    """The page the query shows for `page=` as written (the first when empty or not a number)."""
    text = (value or "").strip()
    return max(int(text), 1) if text.isascii() and text.isdigit() else 1


async def institution_header(database, institution: str, page: str | None) -> dict | None:
    """What heads the page of `papers_by_institution?institution=...&page=...`: the institutions
    named (id, name, country, papers), the papers listed (each once), the page shown, the pages and
    a link to each; None when the text names no institution (the query's form says so)."""
    if not institution.strip():
        return None
    params = {"institution": institution, "page": page or ""}
    named = [dict(r) for r in (await database.execute(chosen_sql() + NAMED, params)).rows]
    if not named:
        return None
    papers = named[0].pop("listed")
    for row in named[1:]:
        row.pop("listed")
    pages = max(-(-papers // PAGE), 1)

    def url(number: int) -> str:
        return f"/{DATABASE}/{QUERY}?" + urlencode({"institution": institution.strip(), "page": number})

    return {
        "institutions": named,
        "papers": papers,
        "page": page_number(page),
        "pages": pages,
        "page_urls": [(number, url(number)) for number in range(1, pages + 1)],
    }
