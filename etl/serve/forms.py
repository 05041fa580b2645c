"""A canned query's form: the order it asks for its parameters (what is wanted first, then which
page), and what each must be (a wrong one is said at once)."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable
from urllib.parse import parse_qsl, quote_plus, urlencode

from ..store.search import MAX_PAGES, PAGE
from ..text.authors import name_key
from .lookup import WHAT_TO_GIVE, find_paper
from .site import DATABASE

_NOT_PARAMETERS = re.compile(r"--[^\n]*|'[^']*'|\"[^\"]*\"")  # (comments and quoted text, as Datasette skips them)
_PARAMETER = re.compile(r"(?<![\w:]):(\w+)")
LAST_PARAMETERS = ("page",)


def parameters(sql: str) -> list[str]:
    """A query's named parameters in the order its form asks for them: as they first appear in its
    SQL (Datasette's order), but the page last (a paged query reads it first, in its first line)."""
    found = list(dict.fromkeys(_PARAMETER.findall(_NOT_PARAMETERS.sub("", sql))))
    return [p for p in found if p not in LAST_PARAMETERS] + [p for p in found if p in LAST_PARAMETERS]


# What a parameter must be, by name, in every canned query that takes it (a test of the value, a
# match or a truth; an empty value is the query's default): a wrong one is said at once, where the
# query would run to the time limit (`min_papers=x`: 5 s, then "SQL Interrupted") or answer
# nothing or nonsense without a word.
_NUMBER = re.compile(r"^\d{1,9}$")
_PAGE = re.compile(r"^0*[1-9]\d{0,8}$")  # (page 0 was page 1 without a word)
_YEAR = re.compile(r"^\d{4}$")
_PERIOD = re.compile(r"^\d{4}(?:\s*-\s*\d{4})?$")
CHECKS: dict[str, tuple[Callable[[str], object], str]] = {
    "min_papers": (_NUMBER.match, "a whole number of papers (5 if empty)"),
    "page": (_PAGE.match, "a page number: 1, 2, ... (the first if empty)"),
    "year": (_YEAR.match, "a year such as 2017 (every year if empty)"),
    "first": (_PERIOD.match, "a year such as 2017 or a range of years such as 2013-2016"),
    "second": (_PERIOD.match, "a year such as 2017 or a range of years such as 2013-2016"),
    "what": (lambda v: v.lower() in ("keywords", "authors", "institutions"), "keywords, authors or institutions"),
}


def wrong_parameters(taken: list[str], values: dict[str, str]) -> list[str]:
    """What is wrong with the `values` given for a query that takes the parameters `taken`, one
    sentence each (none when all is well)."""
    wrong = []
    for name in taken:
        value = (values.get(name) or "").strip()
        if value and name in CHECKS and not CHECKS[name][0](value):
            wrong.append(f"{name} must be {CHECKS[name][1]}, not {value[:40]!r}")
    return wrong


# The last page of a query whose pages stop (search_pages: the best 2,000 results): a later page said
# page 20's rows again (reader2: page 21 gave page 20); the rest are the papers table's search's.
LAST_PAGES = {"search_pages": MAX_PAGES}


def rest_of_pages(values: dict[str, str], extension: str = "") -> str:
    """Where every paper a search finds is listed, past its best: the papers table's search for the
    same words (`/papers/papers?_search=...`, or its `.bib`, ...: `extension`)."""
    return f"/{DATABASE}/papers{extension}?_search={quote_plus((values.get('q') or '').strip())}"


def past_last_page(name: str, values: dict[str, str]) -> list[str]:
    """A page asked past the last of query `name`'s pages (`LAST_PAGES`): one sentence that says where
    its results stop and where the rest are; none otherwise."""
    page = (values.get("page") or "").strip()
    if name not in LAST_PAGES or not _NUMBER.match(page) or int(page) <= LAST_PAGES[name]:
        return []
    last = LAST_PAGES[name]
    return [
        f"page {int(page)} is past the results of {name}, which ranks the best {last * PAGE:,} (pages 1 to {last},"
        f" {PAGE} a page); every paper with the words, past those too: {rest_of_pages(values)}"
    ]


async def empty_page(db, name: str, sql: str | None, taken: list[str], values: dict[str, str]) -> list[str]:
    """A page past the last of a paged query whose pages end with its results (`sql`: the query's;
    papers_by_keyword, disputed_papers, papers_by_institution), one sentence (none when the page
    has rows, or is the first): such a page answered an empty 200 where `search_pages` says where
    its pages stop (reader5)."""
    page = (values.get("page") or "").strip()
    if sql is None or not _NUMBER.match(page) or int(page) <= 1:
        return []
    given = {key: values.get(key, "") for key in taken}
    if (await db.execute(f"SELECT EXISTS (SELECT 1 FROM (\n{sql}\n))", given)).first()[0]:
        return []
    return [f"page {int(page)} is past the last page of {name} for these parameters ({PAGE} a page, from page 1)"]


def untaken_parameters(name: str, taken: list[str], values: dict[str, str]) -> list[str]:
    """The parameters given to query `name` that it does not take, one sentence (none when all are
    its own): `decisions?venue=ICLR` answered every venue's 306 rows without a word. A name
    beginning with `_` is Datasette's (`_size`, `_shape`), never a query's."""
    extra = [key for key in dict.fromkeys(values) if not key.startswith("_") and key not in taken]
    if not extra:
        return []
    given = " or ".join(extra)
    if not taken:
        return [f"{name} takes no parameter, so {given} would change nothing"]
    return [f"{name} takes {', '.join(taken)}; {given} would change nothing"]


# Periods compared one with the other (compare_periods): both are needed, and each must have papers
# (first=2030 gave 25 rows "emerged" from 0 papers; no `second`, everything "faded" to 0).
PERIODS = ("first", "second")
YEARS = "SELECT min(year), max(year) FROM papers WHERE nullif(:venue, '') IS NULL OR venue = :venue"
IN_PERIOD = (
    "SELECT count(*) FROM papers WHERE year BETWEEN :start AND :end AND (nullif(:venue, '') IS NULL OR venue = :venue)"
)


def missing_periods(taken: list[str], values: dict[str, str]) -> list[str]:
    """The periods a query that compares them is not given, one sentence each."""
    if not all(name in taken for name in PERIODS):
        return []
    return [f"{name} is missing: give {CHECKS[name][1]}" for name in PERIODS if not (values.get(name) or "").strip()]


def period_years(value: str) -> tuple[int, int]:
    """The first and last year of a period as `first` and `second` give it (`2017`, `2013-2016`)."""
    years = [int(year) for year in re.findall(r"\d{4}", value)]
    return years[0], years[-1]


async def empty_periods(db, values: dict[str, str]) -> list[str]:
    """The periods given (valid ones) that have no papers (of the venue, if one is given), one sentence each."""
    venue = (values.get("venue") or "").strip()
    wrong = []
    for name in PERIODS:
        value = (values.get(name) or "").strip()
        start, end = period_years(value)
        if (await db.execute(IN_PERIOD, {"start": start, "end": end, "venue": venue})).first()[0]:
            continue
        first, last = (await db.execute(YEARS, {"venue": venue})).first()
        of = f" of {venue}" if venue else ""
        known = f"the papers{of} are of {first} to {last}" if first is not None else f"there are no papers{of}"
        wrong.append(f"{name} ({value}) has no papers{of} to compare: {known}")
    return wrong


def overlapping_periods(taken: list[str], values: dict[str, str]) -> list[str]:
    """The periods compared (valid ones) that share a year, one sentence (a period compared with
    itself gave every keyword as held)."""
    if not all(name in taken for name in PERIODS):
        return []
    (a, b), (c, d) = (period_years(values[name].strip()) for name in PERIODS)
    if max(a, c) > min(b, d):
        return []
    same = "the same period" if (a, b) == (c, d) else "periods that overlap"
    return [
        f"first ({values['first'].strip()}) and second ({values['second'].strip()}) are {same}: compare periods with no year in common"
    ]


# A venue as a query takes it, in the case papers write it (`iclr` found nothing, without a word),
# and a venue or a venue's year without papers said (a query answered nothing, or every paper).
VENUES = "SELECT DISTINCT venue FROM papers"
VENUE_YEARS = "SELECT min(year), max(year) FROM papers WHERE venue = :venue"
YEAR_PAPERS = "SELECT count(*) FROM papers WHERE year = :year AND (nullif(:venue, '') IS NULL OR venue = :venue)"
ALL_YEARS = "SELECT min(year), max(year) FROM papers"


def venue_written(value: str, venues: list[str]) -> str | None:
    """The venue `value` names as papers write it (any case, spaces around it), or None."""
    wanted = value.strip().casefold()
    return next((venue for venue in sorted(venues) if venue.casefold() == wanted), None)


async def unknown_selection(db, taken: list[str], values: dict[str, str]) -> tuple[list[str], str | None]:
    """What is wrong with the venue and year a query is given (a venue no paper has; a year
    without papers, of the venue if one is given), one sentence each, and the venue as papers
    write it (None: as given)."""
    venue = (values.get("venue") or "").strip() if "venue" in taken else ""
    year = (values.get("year") or "").strip() if "year" in taken else ""
    written = None
    if venue:
        venues = [row[0] for row in (await db.execute(VENUES)).rows if row[0]]
        written = venue_written(venue, venues)
        if written is None:
            shown = ", ".join(sorted(venues, key=str.casefold)[:40]) + (", ..." if len(venues) > 40 else "")
            return [f"there are no papers of {venue}: the venues are {shown}"], None
    if not (year and _YEAR.match(year)):
        return [], written
    if (await db.execute(YEAR_PAPERS, {"year": int(year), "venue": written or ""})).first()[0]:
        return [], written
    if written:
        first, last = (await db.execute(VENUE_YEARS, {"venue": written})).first()
        return [
            f"there are no papers of {written} in {year}: the papers of {written} are of {first} to {last}"
        ], written
    first, last = (await db.execute(ALL_YEARS)).first()
    return [f"there are no papers of {year}: the papers are of {first} to {last}"], written


# A country as papers_per_institution takes it: by the English name the institutions table gives
# (`country=USA` answered nothing, without a word); one no institution has is said, with the names
# it may mean (by spelling, or by the initials of a name: USA, UK, UAE).
COUNTRIES = "SELECT DISTINCT country FROM institutions WHERE country IS NOT NULL"


def meant_countries(value: str, countries: list[str]) -> list[str]:
    """The countries of `countries` that `value` (no one of them) may mean, best first."""
    letters = re.sub(r"[^a-z]", "", value.casefold())
    initials = [
        c for c in countries if len(words := c.split()) > 1 and letters and letters.startswith(_initials(words))
    ]
    if len(letters) >= 4:  # (a word of the name: Russia, Korea)
        initials += [c for c in countries if any(w.startswith(letters) for w in c.casefold().split())]
    if initials:
        return list(dict.fromkeys(initials))
    folded = {c.casefold(): c for c in countries}
    return [folded[c] for c in difflib.get_close_matches(value.strip().casefold(), folded, n=3, cutoff=0.75)]


def _initials(words: list[str]) -> str:
    return "".join(word[0] for word in words if word[0].isalpha()).casefold()


async def unknown_country(db, taken: list[str], values: dict[str, str]) -> list[str]:
    """A country no institution has, one sentence with the names it may mean (none when all is well)."""
    country = (values.get("country") or "").strip() if "country" in taken else ""
    if not country:
        return []
    countries = [row[0] for row in (await db.execute(COUNTRIES)).rows]
    if country.casefold() in {c.casefold() for c in countries}:
        return []
    meant = meant_countries(country, countries)
    hint = f"did you mean {' or '.join(meant)}?" if meant else "give a country's English name, such as Germany"
    return [f"no institution's country is {country}: {hint}"]


AUTHOR = "SELECT name FROM authors WHERE normalised = :key OR name = :name LIMIT 1"


async def unknown_author(db, taken: list[str], values: dict[str, str]) -> list[str]:
    """An `author` no author is (by the merge key of the name, as the query reads it), one sentence
    with the name it may mean written the other way round (`he xiangnan`: Xiangnan He), none when
    all is well: `author_papers?author=he xiangnan` answered 0 rows without a word (reader6 item 16)."""
    wanted = " ".join((values.get("author") or "").split()) if "author" in taken else ""
    if not wanted:
        return []
    if (await db.execute(AUTHOR, {"key": name_key(wanted), "name": wanted})).rows:
        return []
    words = wanted.split()
    turned = " ".join(words[1:] + words[:1]) if len(words) > 1 else ""
    found = (await db.execute(AUTHOR, {"key": name_key(turned), "name": turned})).first() if turned else None
    hint = f"did you mean {found[0]}?" if found else "give the whole name as papers write it, given name first"
    return [f"no author is named {wanted[:80]!r}: {hint}"]


async def unknown_paper(datasette, db, taken: list[str], values: dict[str, str]) -> list[str]:
    """A `paper_id` that names no paper (as `/-/paper/<id>` reads ids, or the number in a paper
    page's address), one sentence (none when all is well): `similar_to_paper?paper_id=nosuch`
    answered 0 rows, where a paper without similar papers answers 0 rows too."""
    wanted = (values.get("paper_id") or "").strip() if "paper_id" in taken else ""
    if not wanted:
        return []
    if _NUMBER.match(wanted) and (await db.execute("SELECT 1 FROM papers WHERE pk = :pk", {"pk": int(wanted)})).rows:
        return []
    if await find_paper(datasette, wanted) is not None:
        return []
    return [f"no paper has the id {wanted[:80]!r}: {WHAT_TO_GIVE}, or the number in its page's address"]


def with_checks(
    app,
    datasette,
    taken: dict[str, list[str]],
    database: str,
    examples: dict[str, dict[str, str]],
    paged: dict[str, str] | None = None,
):
    """ASGI middleware: a canned query's page, JSON, CSV or reading list asked with a wrong parameter
    (`wrong_parameters`; `taken`: each query's parameters), a page past its last (`past_last_page`),
    without a period it compares or with one that has no papers (`missing_periods`,
    `empty_periods`), with periods that overlap, with a venue, a venue's year or a country
    without papers (`unknown_selection`, `unknown_country`), an author no paper has (`unknown_author`), or a page past the last of a query
    whose pages end with its results (`paged`: the SQL of each; `empty_page`) is a 400 page of the site that says
    what is wrong; a venue written in another case is passed on as papers write it. A query's
    example (`examples`: what its page opens with) is not asked whether its periods have papers: a
    database of other years shows the example's rows (none), as it shows every other query's."""
    paths = {
        f"/{database}/{name}{ext}": name for name in taken for ext in ("", ".json", ".csv", ".bib", ".ris", ".csljson")
    }

    async def wrapped(scope, receive, send):
        name = paths.get(scope.get("path", "")) if scope.get("type") == "http" else None
        query = scope.get("query_string", b"").decode("latin-1") if name else ""
        values = dict(parse_qsl(query, keep_blank_values=True))
        given = name and any(not key.startswith("_") for key in values)  # (none: the example opens)
        wrong = given and (
            wrong_parameters(taken[name], values)
            or untaken_parameters(name, taken[name], values)
            or missing_periods(taken[name], values)
            or past_last_page(name, values)
            or overlapping_periods(taken[name], values)
        )
        example = {key: value for key, value in values.items() if value and not key.startswith("_")} == examples.get(
            name
        )
        if given and not wrong and not example:
            db = datasette.get_database(database)
            wrong, written = await unknown_selection(db, taken[name], values)
            wrong = wrong or await unknown_country(db, taken[name], values)
            wrong = wrong or await unknown_paper(datasette, db, taken[name], values)
            wrong = wrong or await unknown_author(db, taken[name], values)
            if not wrong and all(period in taken[name] for period in PERIODS):
                wrong = await empty_periods(db, values | ({"venue": written} if written else {}))
            if not wrong and paged and name in paged:
                given = values | ({"venue": written} if written else {})
                wrong = await empty_page(db, name, paged[name], taken[name], given)
            if not wrong and written and written != values.get("venue"):
                scope = dict(scope, query_string=_with_value(query, "venue", written))
        if not wrong:
            return await app(scope, receive, send)
        message = sentence("; ".join(wrong))
        if not scope["path"].endswith(f"/{name}"):  # (JSON, CSV and the reading lists: the error as JSON)
            body, kind = json.dumps({"ok": False, "error": message, "status": 400}).encode(), b"application/json"
        else:
            info = {"ok": False, "error": message, "status": 400, "title": "Invalid parameter"}
            await datasette.invoke_startup()  # (done once; a first request of a test client comes before it)
            body, kind = (await datasette.render_template("error.html", info)).encode(), b"text/html; charset=utf-8"
        await send({"type": "http.response.start", "status": 400, "headers": [(b"content-type", kind)]})
        await send({"type": "http.response.body", "body": body})

    return wrapped


def sentence(text: str) -> str:
    """`text` ended as a sentence: a full stop, unless it ends with a question mark or one already
    (`did you mean United States?` was `United States?.`)."""
    return text if text.endswith((".", "?", "!")) else text + "."


def _with_value(query: str, key: str, value: str) -> bytes:
    """`query` with `key`'s value replaced by `value` (every other pair as it was)."""
    pairs = [(k, value if k == key else v) for k, v in parse_qsl(query, keep_blank_values=True)]
    return urlencode(pairs).encode("ascii")
