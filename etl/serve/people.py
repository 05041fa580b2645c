"""An author's page: the papers list narrowed to one person (`?_author=Max Welling`), headed with
their name, their papers newest first, and beside them the people they wrote with most and the
institutions they signed with (the reader's report: the page was headed "papers", "71 rows where
by Max Welling", in venue order, with nobody else on it).

The person is found as the list's filter finds them (`filters`: the merge key of the name, so any
spelling of it). Their co-authors and institutions are read through `paper_authors`' index on
`author_id` and the primary keys of `paper_authors` and `paper_affiliations`: a few thousand index
entries for the catalogue's largest author.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from urllib.parse import parse_qsl

from ..text.authors import name_key
from .exports import query_keys, with_args
from .filters import filter_url
from .site import DATABASE

# Parameters that narrow the papers list besides the author (a column's filter is any name
# without a leading `_`): with one of them the list is no longer all of the person's papers.
NARROWING = frozenset(("_search", "_where", "_topic", "_keyword", "_keyword_id", "_author", "_filter_column"))
SORTS = ("_sort", "_sort_desc")
CO_AUTHORS = 12  # the most frequent co-authors shown
INSTITUTIONS = 6  # the most frequent institutions shown
OTHER_FORMS = 6  # the other forms of the name shown at most

PERSON = "SELECT id, name, papers FROM authors WHERE normalised = :key"
YEARS = """SELECT min(p.year) AS first, max(p.year) AS last FROM paper_authors pa
    JOIN papers p ON p.id = pa.paper_id WHERE pa.author_id = :id"""
# Each co-author once per paper (a record may list a name twice), most papers together first.
WITH = f"""SELECT a.name, count(DISTINCT co.paper_id) AS papers FROM paper_authors me
    JOIN paper_authors co ON co.paper_id = me.paper_id AND co.author_id != me.author_id
    JOIN authors a ON a.id = co.author_id
    WHERE me.author_id = :id GROUP BY co.author_id ORDER BY papers DESC, a.name LIMIT {CO_AUTHORS}"""
SIGNED = f"""SELECT i.id, i.name, i.country, count(DISTINCT me.paper_id) AS papers FROM paper_authors me
    JOIN paper_affiliations af ON af.paper_id = me.paper_id AND af.position = me.position
    JOIN institutions i ON i.id = af.institution_id
    WHERE me.author_id = :id GROUP BY i.id ORDER BY papers DESC, i.name LIMIT {INSTITUTIONS}"""
# Other forms of the person's name (`R. Siegwart`, `Roland Y. Siegwart` beside `Roland Siegwart`): the
# load keeps them apart (docs/inputs.md: one person under several spellings), so the page names them.
# People of the same family name and first initial, through the index on `normalised` (as `CLOSE`)...
FORMS = """SELECT id, name, normalised, papers FROM authors
    WHERE normalised >= :initial AND normalised < :after AND normalised LIKE :initial || '% ' || :family
    AND id != :id ORDER BY papers DESC, name"""
# ... each shown when their given names fit (`given_names_fit`) and a paper of theirs has a co-author of
# the person's, by first initial and family name (old records write co-authors with initials too).
CO_NAMES = """SELECT me.paper_id, a.normalised FROM paper_authors me
    JOIN paper_authors co ON co.paper_id = me.paper_id AND co.author_id != me.author_id
    JOIN authors a ON a.id = co.author_id WHERE me.author_id = :id"""
# The names near one nobody has (`?_author=Yann LeCunn`: an empty list, and no word of Yann LeCun,
# the eleventh reader): people of its first initial whose family name starts with its family name's
# first two letters (a range of the index on `normalised`: 2-5 ms of CPU on the catalogue), the
# closest spellings first.
NEAR = """SELECT name, normalised, papers FROM authors WHERE normalised >= :initial AND normalised < :after
    AND normalised LIKE :initial || '% ' || :start || '%'"""
PERHAPS = 3  # the nearest names offered
CLOSE_ENOUGH = 0.85  # difflib's ratio of the merge keys (`yann lecun` 0.95; not `peter abeles` 0.83 for `pieter abeel`)


def the_author(args) -> str | None:
    """The one person a papers list is narrowed to (`?_author=`), else None (none, or several)."""
    named = [value.strip() for value in args.getlist("_author") if value.strip()]
    return named[0] if len(named) == 1 else None


def only_the_author(args) -> bool:
    """Whether the list is all of one person's papers: nothing narrows it but `_author`."""
    if the_author(args) is None:
        return False
    return not any(key in NARROWING - {"_author"} or not key.startswith("_") for key in args)


def by_year(query: bytes) -> bytes:
    """A papers list's query string (`query`, as the request has it) with `_sort_desc=year` after
    it when it names one author and no order: an author's papers newest first."""
    keys = query_keys(query)
    if "_author" not in keys or keys & set(SORTS):
        return query
    named = [v for k, v in parse_qsl(query.decode("latin-1"), keep_blank_values=True) if k == "_author" and v.strip()]
    return with_args(query, [b"_sort_desc=year"]) if len(named) == 1 else query


async def author_page(database, written: str) -> dict | None:
    """The template variables of the person `written` names (None: nobody of that name)."""
    key = name_key(written)
    found = (await database.execute(PERSON, {"key": key})).rows
    if not found:
        return None
    person = dict(found[0])
    mine = {"id": person["id"]}
    years = dict((await database.execute(YEARS, mine)).first())
    co_authors = [dict(r) for r in (await database.execute(WITH, mine)).rows]
    institutions = [dict(r) for r in (await database.execute(SIGNED, mine)).rows]
    for row in co_authors:
        row["url"] = filter_url("authors", row["name"])
    other_forms = await forms_of_the_name(database, person["id"], key, person["name"])
    for row in institutions:
        row["url"] = institution_url(row.pop("id"))
    return {
        "name": person["name"],
        "papers": person["papers"],
        "years": years_said(years["first"], years["last"]),
        "co_authors": co_authors,
        "institutions": institutions,
        "other_forms": other_forms,
    }


# German umlauts written with an e (`Schoelkopf`, `Juergen`, as ASCII-only records write `Schölkopf`,
# `Jürgen`): the merge key reads `ö` as `o`, so the two are two names (the ninth reader: Bernhard
# Schölkopf's 136 papers, Bernhard Schoelkopf's 9, co-authors in common; 69 such names in the
# catalogue). Two names are alike so only where one writes the umlaut: `Yue Wu` is not `Yu Wu`.
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_WITH_E = re.compile(r"([aou])e")


def umlauts_with_e(name: str) -> str:
    """The merge key of a name with its umlauts written with an e (`Bernhard Schölkopf` ->
    `bernhard schoelkopf`, the key of `Bernhard Schoelkopf`)."""
    return name_key(name.translate(_UMLAUTS))


def family_spellings(name: str, key: str) -> list[str]:
    """The family names (last words of merge keys) the person of `name` (merge key `key`) may be written
    under: their own, with its umlauts written with an e (`schoelkopf` for `Schölkopf`), or an e after
    a, o, u read as an umlaut (`scholkopf` for `Schoelkopf`: `forms_of_the_name` keeps only names that
    write the umlaut); each once."""
    spellings = [key.split()[-1], umlauts_with_e(name).split()[-1], _WITH_E.sub(r"\1", key.split()[-1])]
    return list(dict.fromkeys(spellings))


def forms_fit(name: str, key: str, other_name: str, other_key: str) -> bool:
    """Whether another author (`other_name`, merge key `other_key`) may be the person of `name` (`key`):
    the same family name and given names that fit (`given_names_fit`), as the merge keys read them or
    with the umlauts written with an e (`Jürgen Schmidhuber`, `Juergen Schmidhuber`)."""
    if key.split()[-1] == other_key.split()[-1] and given_names_fit(key, other_key):
        return True
    mine, theirs = umlauts_with_e(name), umlauts_with_e(other_name)
    return mine.split()[-1:] == theirs.split()[-1:] and given_names_fit(mine, theirs)


def given_names_fit(key: str, other: str) -> bool:
    """Whether two merge keys of one family name may be one person's: their given names agree word
    by word, a word or its initial (`roland siegwart`, `r siegwart`), and either has more only
    as initials (`roland y siegwart`); `wei yao wang` is not `wei wang`, `guang yang` not `guang zhong yang`."""
    mine, theirs = key.split()[:-1], other.split()[:-1]
    if not mine or not theirs:
        return False
    fitting = all(
        a == b or (len(a) == 1 and b[0] == a) or (len(b) == 1 and a[0] == b) for a, b in zip(mine, theirs, strict=False)
    )
    return fitting and all(len(word) == 1 for word in mine[len(theirs) :] + theirs[len(mine) :])


def _short_names(rows) -> dict[str, set[tuple[str, str]]]:
    """Each paper's co-authors (rows of `CO_NAMES`) by first initial and family name."""
    found: dict[str, set[tuple[str, str]]] = {}
    for paper_id, key in rows:
        words = key.split()
        if words:
            found.setdefault(paper_id, set()).add((words[0][0], words[-1]))
    return found


async def forms_of_the_name(database, person_id: int, key: str, name: str = "") -> list[dict]:
    """The other authors who may be the person of `key` (written `name`) under another form of the name
    (`R. Siegwart` for `roland siegwart`, `Bernhard Schoelkopf` for `Bernhard Schölkopf`: `family_spellings`,
    `forms_fit`), most papers first: each with their papers, those with a co-author of the
    person's, and their page (2-5 ms of CPU for the catalogue's largest authors)."""
    words = key.split()
    if len(words) < 2:
        return []
    initial = words[0][0]
    found = []
    for family in family_spellings(name or key, key):
        wanted = {"initial": initial, "after": chr(ord(initial) + 1), "family": family, "id": person_id}
        found += [
            r
            for r in (await database.execute(FORMS, wanted)).rows
            if forms_fit(name or key, key, r["name"], r["normalised"])
        ]
    found.sort(key=lambda r: (-r["papers"], r["name"]))
    if not found:
        return []
    mine = set().union(*_short_names((await database.execute(CO_NAMES, {"id": person_id})).rows).values())
    forms = []
    for row in found:
        theirs = _short_names((await database.execute(CO_NAMES, {"id": row["id"]})).rows)
        shared = sum(1 for names in theirs.values() if names & mine)
        if shared:
            forms.append(
                {
                    "name": row["name"],
                    "papers": row["papers"],
                    "shared": shared,
                    "url": filter_url("authors", row["name"]),
                }
            )
    return forms[:OTHER_FORMS]


def institution_url(institution_id: int) -> str:
    """An institution's papers (the canned query `papers_by_institution`, by the institution's id)."""
    return f"/{DATABASE}/papers_by_institution?institution={institution_id}"


def years_said(first: int | None, last: int | None) -> str:
    """`2005–2024`, `2019`, or nothing (no year known)."""
    if first is None or last is None:
        return ""
    return str(first) if first == last else f"{first}–{last}"


# A query that may be a person's name: two to four words of letters (`Yoshua Bengio`, `Y. Bengio`,
# `Jean-louis Deneubourg`), none of the search's own marks (`*`, quotes).
_NAME_WORDS = (2, 4)
HINTS = 3  # the people a search names at most
SAME = "SELECT name, papers FROM authors WHERE normalised = :key"
# The same family name and first initial (`Y. Bengio`, `Yoshua Bengio`): through the index on
# `normalised`, read from the initial on.
CLOSE = f"""SELECT name, papers FROM authors
    WHERE normalised >= :initial AND normalised < :after AND normalised LIKE :initial || '% ' || :family
    ORDER BY papers DESC, name LIMIT {HINTS}"""

# The family name alone (`Burgard`: Wolfram Burgard, W. Burgard): the last word of the merge key.
FAMILY = f"""SELECT name, papers FROM authors WHERE normalised LIKE '% ' || :family
    ORDER BY papers DESC, name LIMIT {HINTS}"""


def could_be_a_name(query: str) -> bool:
    """Whether a search's words could be a person's name (`could_be_a_name('Yoshua Bengio')`)."""
    words = query.split()
    return _NAME_WORDS[0] <= len(words) <= _NAME_WORDS[1] and all(
        any(c.isalpha() for c in word) and all(c.isalpha() or c in ".-'" for c in word) for word in words
    )


def could_be_a_family_name(query: str) -> bool:
    """Whether a search's one word could be a family name as a reader types one (`Burgard`,
    `O'Brien`, `McCallum`): three letters or more, the first a capital, not all capitals (`SLAM`,
    `BERT` are acronyms)."""
    word = query.strip()
    return len(word) >= 3 and word[0].isupper() and not word.isupper() and all(c.isalpha() or c in "-'" for c in word)


async def authors_named(database, query: str) -> list[dict]:
    """The people a search may mean (`q=Yoshua Bengio`): `people_named`, when the words can be a name;
    for one capitalised word (`q=Burgard`), up to three people of that family name, most papers first
    (a scan of `authors.normalised`: 19 ms of CPU at the median, 48 at most, on the catalogue's 128,892 people)."""
    if could_be_a_name(query):
        return await people_named(database, query)
    if not could_be_a_family_name(query):
        return []
    return await people_of_family(database, query)


async def people_of_family(database, family: str) -> list[dict]:
    """Up to three people of the family name `family` (`Burgard`, `Cohen-Or`, in any case), most papers
    first, each with their page (`FAMILY`)."""
    key = name_key(family)
    if not key:
        return []
    found = (await database.execute(FAMILY, {"family": key})).rows
    return offered(found)


async def people_named(database, query: str) -> list[dict]:
    """The people `query` may name: the author of that name as the load merges names, else up to
    three with its family name and first initial, most papers first; each with their page
    (`filter_url`)."""
    key = name_key(query)
    if not key:
        return []
    found = (await database.execute(SAME, {"key": key})).rows
    if not found and " " in key:
        initial, family = key[0], key.rsplit(" ", 1)[1]
        after = chr(ord(initial) + 1)
        found = (await database.execute(CLOSE, {"initial": initial, "after": after, "family": family})).rows
    return offered(found)


async def people_perhaps(database, written: str) -> list[dict]:
    """Up to `PERHAPS` people a name nobody has may mean: those of its family name and first
    initial (`people_named`), else those spelled nearly so (`NEAR`, `CLOSE_ENOUGH`), the closest
    first, then the most papers; each with their page."""
    named = await people_named(database, written)
    key = name_key(written)
    if named or " " not in key:
        return named
    initial, family = key[0], key.rsplit(" ", 1)[1]
    mine = {"initial": initial, "after": chr(ord(initial) + 1), "start": family[:2]}
    found = [
        (SequenceMatcher(None, key, r["normalised"]).ratio(), r) for r in (await database.execute(NEAR, mine)).rows
    ]
    near = sorted((f for f in found if f[0] >= CLOSE_ENOUGH), key=lambda f: (-f[0], -f[1]["papers"], f[1]["name"]))
    return offered(r for _, r in near[:PERHAPS])


def offered(rows) -> list[dict]:
    """People as a page offers them: name, papers and their page (`filter_url`)."""
    return [{"name": r["name"], "papers": r["papers"], "url": filter_url("authors", r["name"])} for r in rows]
