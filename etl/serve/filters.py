"""Filters of the papers list by topic, keyword and author that read indexed tables, not JSON text.

`?_topic=robotics and control`, `?_keyword=GNN` and `?_author=Radhika Nagpal` narrow the papers
list as `topics__arraycontains=`, a keyword and `authors__arraycontains=` would, but through
`paper_keywords` (by keyword_id) and `paper_authors` (by author_id), each with its index: the
JSON filters read every paper's array (1 to 5 s on 90,000 papers), these a few index entries.
Topic and keyword chips, the topic facet and a paper's authors link to them (`filter_url`).
A name is resolved as the load merges it: a keyword by its merge key (a text that is no keyword's
own, by the keywords it is another form of: `ASR`, `keyword_aliases`), an author by the merge key
of the name (`name_key`), so any spelling of it finds them; a keyword's list is as long as its page says (with the keyword
of its acronym's other form, where its page names it: `SLAM` and `simultaneous localization and
mapping`, `SHORT_AND_LONG`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from ..extract.keywords import normalise_keyword
from ..text.authors import name_key
from .site import DATABASE, send_redirect

# column of papers -> the parameter that filters by one of its values
PARAMETERS = {"topics": "_topic", "keywords": "_keyword", "keyword_labels": "_keyword", "authors": "_author"}
# Datasette's JSON filter of each of those columns, which the papers page reads as that parameter
# (`indexed_filters`: `topics__arraycontains=computer vision` read every paper's topics for the
# count and each facet, 0.68-0.76 s of CPU on the catalogue, `_topic=` 0.46 s).
JSON_FILTERS = {f"{column}__arraycontains": parameter for column, parameter in PARAMETERS.items()}

# An acronym's short form and its long form name one thing, as a reader reads them (read25: the
# card's `SLAM` chip, the method `SLAM` of 243 papers, listed none of the 458 of the acronym
# `simultaneous localization and mapping`): each names the other's keyword where the load paired
# them (`keyword_partners`, the rule in `etl.store.partners`: the corpus's meaning of the short form
# is the field's). 276 such pairs on the catalogue.
SHORT_AND_LONG = """SELECT o.keyword_id FROM keywords k JOIN keyword_partners j ON j.keyword_id = k.id
    JOIN keyword_partners o ON o.joined_id = j.joined_id WHERE k.normalised = :{p} AND o.keyword_id != k.id"""
# A keyword's own text names it (and its acronym's other form: `SHORT_AND_LONG`), with any other
# keyword shown by the same label (`DBSCAN`: the method, 2 papers, and
# the acronym of `density based spatial clustering of applications with noise`, 7, as the label
# facet counts them; reader6 item 7); a text that is no keyword's names every keyword it is another
# form of (`ASR`).
KEYWORD = (
    """SELECT id FROM keywords WHERE normalised = :{p}
    UNION ALL SELECT id FROM keywords WHERE label = :{p}_label AND kind != 'topic'
    UNION ALL SELECT DISTINCT a.keyword_id FROM keyword_aliases a
    WHERE a.normalised IN (:{p}_folded, :{p}) AND NOT EXISTS (SELECT 1 FROM keywords WHERE normalised = :{p})
    UNION ALL """
    + SHORT_AND_LONG
)
# Every keyword a text names: its own and those it is another form of (`/-/keyword/RL`: `RL` and
# `reinforcement learning`), the most papers first.
NAMED = """SELECT id, normalised, label, kind, papers FROM keywords WHERE id IN (
    SELECT id FROM keywords WHERE normalised = :k
    UNION SELECT id FROM keywords WHERE label = :k_label AND kind != 'topic'
    UNION SELECT keyword_id FROM keyword_aliases WHERE normalised IN (:k_folded, :k)
) ORDER BY papers DESC, label"""
TOPIC = "SELECT id FROM keywords WHERE normalised = :{p}"
# One keyword by its id, with the keywords counted as one with it (`keyword_partners`): what a count
# of `top_keywords` or `keyword_trends` lists (IROS 2020's `unmanned aerial vehicles 28`, UAVs' too).
ONE = """SELECT id FROM keywords WHERE id = :{p} UNION ALL SELECT o.keyword_id FROM keyword_partners j
    JOIN keyword_partners o ON o.joined_id = j.joined_id WHERE j.keyword_id = :{p} AND o.keyword_id != j.keyword_id"""
KEYWORD_IDS = {"_keyword": KEYWORD, "_topic": TOPIC, "_keyword_id": ONE}  # (the keywords a value names)
# The papers each parameter selects (their ids), and how many there are (from the counts loads keep).
PAPERS = {
    "_topic": "SELECT paper_id FROM paper_keywords WHERE kind = 'topic' AND keyword_id = (" + TOPIC + ")",
    "_keyword": "SELECT paper_id FROM paper_keywords WHERE keyword_id IN (" + KEYWORD + ")",
    # (as counted: not as a topic, which `_topic` lists; 2024's `large language models 229 LLMs` of
    # top_keywords listed the topic's 866 papers too, read27)
    "_keyword_id": "SELECT paper_id FROM paper_keywords WHERE kind != 'topic' AND keyword_id IN (" + ONE + ")",
    "_author": "SELECT paper_id FROM paper_authors WHERE author_id = (SELECT id FROM authors WHERE normalised = :{p})",
}
# The papers a keyword's chip lists (`?_keyword=<text>`, the parameter `k`), each once.
LISTED = "SELECT count(DISTINCT paper_id) FROM (" + PAPERS["_keyword"].format(p="k") + ")"
SIZE = {
    "_topic": "SELECT papers FROM keywords WHERE normalised = :{p}",
    "_keyword": "SELECT sum(papers) FROM keywords WHERE id IN (" + KEYWORD + ")",
    "_keyword_id": """SELECT coalesce((SELECT papers FROM keyword_partners WHERE keyword_id = :{p}),
        (SELECT papers FROM keywords WHERE id = :{p}))""",
    "_author": "SELECT papers FROM authors WHERE normalised = :{p}",
}
# From this many papers on, the papers list finds them by reading its indexes through (each
# facet one index, each index entry tested against the set) rather than looking each paper up
# by id: on 90,000 papers a topic of 28,000 takes 0.15 s a facet either way round, 1.2 s a page
# the first way, well under half a second the second. (`+pk`: SQLite may not use the rowid to
# look the set up.) Fewer papers are looked up, so a page of them need not read the table.
BROAD = 2_000
WHERE = "id IN ({papers})"
WHERE_BROAD = "+pk IN (SELECT p.pk FROM papers p WHERE p.id IN ({papers}))"


def int_or_none(value: str) -> int | None:
    """A keyword id as `?_keyword_id=` gives it; None (no keyword) for any other text, a number
    past SQLite's integers too (`99999999999999999999999` was a 400), and digits of another script
    (`²` was a 500, `١٢` named keyword 12)."""
    written = value.strip()
    return int(written) if written.isascii() and written.isdigit() and len(written) <= 18 else None


SAYS = {"_topic": "topic is {}", "_keyword": "keyword is {}", "_keyword_id": "keyword is {}", "_author": "by {}"}
KEYS: dict[str, Callable[[str], Any]] = {
    "_topic": normalise_keyword,
    "_keyword": normalise_keyword,
    "_keyword_id": int_or_none,
    "_author": name_key,
}
# A keyword by its id as the list's heading says it: with the keywords counted as one with it.
LABEL = """SELECT k.label || coalesce(' or ' || j.other_forms, '') FROM keywords k
    LEFT JOIN keyword_partners j ON j.keyword_id = k.id WHERE k.id = :id"""


def keyword_params(text: str, key: Any, name: str = "k") -> dict[str, Any]:
    """The parameters a text's look-ups take (`KEYWORD`, `NAMED`, `LISTED`: `:k`, `:k_folded`,
    `:k_label`, or another `name`'s): its key (`KEYS`' for its parameter: None for an id that
    names none), its folded and its written form."""
    return {
        name: key,
        f"{name}_folded": text.strip().lower(),
        f"{name}_label": text.strip(),
    }


async def keyword_pages(args, database) -> list[dict]:
    """The page of each keyword and topic the list is narrowed to (`?_keyword=`, `?_topic=`):
    (`keyword_page_url`), with its share of each year's papers (a chip led to the list, which
    had no way there). A keyword that is another's other name (`GNN`) gives the keyword's page."""
    pages: list[dict] = []
    for parameter in ("_keyword", "_topic", "_keyword_id"):
        for value in (v for v in args.getlist(parameter) if v.strip()):
            mine = keyword_params(value, KEYS[parameter](value))
            sql = f"SELECT id, label FROM keywords WHERE id IN ({KEYWORD_IDS[parameter].format(p='k')}) ORDER BY id"
            for row in (await database.execute(sql, mine)).rows:
                pages.append({"label": row["label"], "url": keyword_page_url(row["label"])})
    return pages


def keyword_page_url(keyword: str) -> str:
    """A keyword's own page (its share of each year's papers, related keywords: `trends`) by its
    stable address, its text (`/-/keyword/large%20language%20models`): a load gives keywords other
    ids (`keywords.id` 58903 was `large language models`, a load later `last joint`)."""
    return f"/-/keyword/{quote(keyword, safe='')}"


async def keywords_named(database, text: str) -> list[dict]:
    """The keywords `text` names (`NAMED`: its label or normalised text, any case, and the keywords
    it is another form of), the most papers first: id, normalised, label, kind, papers."""
    return [dict(row) for row in (await database.execute(NAMED, keyword_params(text, normalise_keyword(text)))).rows]


# The keywords whose label or alias is a text in another case (`grasp`: `GRASP` and `GRaSP`, since a
# short form in capitals is a keyword of its own), asked where no keyword has the text (`NAMED`):
# every label and alias read (130,786 and 20,066 on the catalogue: 20 ms), on a page that was a 404.
ALIKE = """SELECT id, normalised, label, kind, papers FROM keywords WHERE id IN (
    SELECT id FROM keywords WHERE lower(label) = :k_lower
    UNION SELECT keyword_id FROM keyword_aliases WHERE lower(alias) = :k_lower
) ORDER BY papers DESC, label LIMIT 50"""


async def keywords_alike(database, text: str) -> list[dict]:
    """The keywords whose label or alias is `text` in any case (`ALIKE`), the most papers first."""
    return [dict(row) for row in (await database.execute(ALIKE, {"k_lower": text.strip().lower()})).rows]


def address_of(named: list[dict], text: str) -> dict | None:
    """The keyword `/-/keyword/<text>` opens, of those `text` names (`keywords_named`): the only
    one, or the text's own keyword where it has the most papers (`graph neural networks`, though
    `GNN` names it too); None where the reader chooses (`RL`: `reinforcement learning` 4,405, the
    keyword `RL` 9; `ASR`, another form of several)."""
    if len(named) == 1:
        return named[0]
    own = normalise_keyword(text)
    first = named[0] if named else None
    if first and first["papers"] > named[1]["papers"] and first["normalised"] == own:
        return first
    return None


def filter_url(column: str, value: str) -> str:
    """The papers list narrowed to the papers whose `column` (topics, keywords, authors) holds `value`."""
    return f"/{DATABASE}/papers?{PARAMETERS[column]}={quote(value)}"


async def paper_filters(args, database) -> tuple[list[str], dict[str, str], list[str]]:
    """(where clauses, parameters, descriptions) for the request's `_topic`, `_keyword` and
    `_author` values (each may be given more than once: every one must hold); `database` is
    asked how many papers each selects (`BROAD`)."""
    clauses: list[str] = []
    params: dict[str, str] = {}
    says: list[str] = []
    for parameter, papers in PAPERS.items():
        for i, value in enumerate(v for v in args.getlist(parameter) if v.strip()):
            name = f"paperdb{parameter}{i}"
            mine = keyword_params(value, KEYS[parameter](value), name)
            found = (await database.execute(SIZE[parameter].format(p=name), mine)).first()
            broad = bool(found and found[0] and found[0] >= BROAD)
            clauses.append((WHERE_BROAD if broad else WHERE).format(papers=papers.format(p=name)))
            params |= mine
            shown = value.strip()
            if parameter == "_keyword_id":  # (said by its label)
                label = (await database.execute(LABEL, {"id": mine[name]})).first()
                shown = label[0] if label else shown
            says.append(SAYS[parameter].format(shown))
    return clauses, params, says


def indexed_query(query: str) -> str | None:
    """The query string of the papers page with each JSON filter of `JSON_FILTERS` given as the
    parameter that filters through the indexed tables (`topics__arraycontains=computer vision` as
    `_topic=computer vision`), the rest kept in order; None where it has none."""
    pairs = parse_qsl(query, keep_blank_values=True)
    if not any(key in JSON_FILTERS for key, _ in pairs):
        return None
    return urlencode([(JSON_FILTERS.get(key, key), value) for key, value in pairs])


def indexed_filters(app, database: str):
    """ASGI middleware: the papers page (HTML: its JSON and CSV answer the filter as asked) given a
    JSON filter of topics, keywords or authors is redirected to the same page filtered through the
    indexed tables (`indexed_query`), as its facets and chips link it."""
    page = f"/{database}/papers"

    async def wrapped(scope, receive, send):
        if scope.get("type") == "http" and scope.get("method") in ("GET", "HEAD") and scope.get("path") == page:
            query = indexed_query((scope.get("query_string") or b"").decode("utf-8", "replace"))
            if query is not None:
                await send_redirect(send, f"{page}?{query}".encode("ascii"))
                return
        await app(scope, receive, send)

    return wrapped
