"""The SQL functions paperdb's canned queries use, for any SQLite connection: `register(conn)`.

Datasette registers them itself; elsewhere (the sqlite3 module, pandas, a notebook) one call does:

    import sqlite3
    from etl.store.functions import register
    conn = register(sqlite3.connect("db/papers.db"))

The search functions turn what a user typed into FTS5 queries that cannot be a syntax error: each
word is quoted, and a trailing `*` keeps prefix search (`quantiz*`: `MIN_PREFIX` letters or more,
else the word as typed). `search_words` asks for every
word in one of its singular or plural forms (`transformer` finds `transformers`, never
`transform`: the words index has no stemming); `search_phrase` for the words as typed, in order,
and `search_phrases` for them with the last in any form; `search_most` for all but one of them,
`search_any` for any; `search_stems` and `fts_query` for every word's Porter stem (the stemmed
index stems them). Function words (`of`, `the`) are not
required unless there is nothing else.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from functools import cache

from ..extract.keywords import normalise_keyword
from ..extract.keywords.normalise import IRREGULAR, singular
from ..extract.record_paper import title_key
from ..settings import package_folder
from ..text.authors import name_key
from ..text.cleaning import institution_key
from ..text.institution_variants import filed_key
from ..text.paper_ids import address_forms_json, id_forms_json
from ..text.short_forms import SMALL_WORDS, known_long_forms, short_form_of
from ..text.snippets import snippet_of
from .record_extra import unpack_extra

MAX_SEARCH_TERMS = 32  # more words make FTS5 work past the SQL time limit (400 took 40 s)
# A prefix (`quantiz*`) needs this many letters, else it is the word as typed: FTS5 reads every
# word a prefix begins and bm25 scores every paper with one, so on the whole catalogue (90,525
# papers) `a*` took 2.8 s of CPU and hit the time limit, `co*` 1.2 s, the slowest of three letters
# (`in*`, `pro*`, `con*`) 0.5-0.6 s, of four or more under 0.2 s.
MIN_PREFIX = 3
MOST_WORDS = 8  # up to this many words, a partial match lacks one word at most (n queries of n - 1 words)
NOTHING = '""'  # an FTS5 query that matches no row
PLURALS = {single: plural for plural, single in IRREGULAR.items()}  # (`series`, `data`: their own plural)
# The characters FTS5's unicode61 tokenizer keeps in a token (letters, digits, private use):
# anything else separates words, in the index and so in the query.
_TOKEN = re.compile(r"[^\W_]+")


def search_terms(text: str | None) -> list[tuple[str, bool]]:
    """The words of a search as the index holds them (case folded, split where the tokenizer
    splits: `in-context` is two words), each with whether it ends in `*` (a prefix); at most
    `MAX_SEARCH_TERMS`. A prefix shorter than `MIN_PREFIX` letters is the word as typed."""
    terms: list[tuple[str, bool]] = []
    for chunk in (text or "").split():
        prefix = chunk.endswith("*")
        words = _TOKEN.findall(chunk.lower())  # (as the tokenizer folds case)
        terms += [(w, prefix and i == len(words) - 1 and len(w) >= MIN_PREFIX) for i, w in enumerate(words)]
    return terms[:MAX_SEARCH_TERMS]


@cache
def function_words() -> frozenset[str]:
    """The words a search does not require (etl/data/function_words.txt)."""
    text = package_folder("etl").joinpath("data/function_words.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def content_terms(terms: list[tuple[str, bool]]) -> list[tuple[str, bool]]:
    """The terms a paper must have: all but the function words (a prefix is never one)."""
    return [t for t in terms if t[0] not in function_words() or t[1]]


def plural(word: str) -> str | None:
    """The plural of a singular English noun (`network` -> `networks`, `policy` -> `policies`,
    `LLM` -> `LLMs`), or None for a word that does not take one here (numbers, `robotics`)."""
    if word in PLURALS:
        return PLURALS[word] if PLURALS[word] != word else None
    if not word.isalpha() or len(word) < 3:  # (`of`, `in`: no plural to look for)
        return None
    if word.endswith(("ss", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("s"):  # (a plural already, or `robotics`, `analysis`: no plural of its own)
        return None
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def word_forms(word: str) -> list[str]:
    """The word as typed, its singular and its plural: the forms a search treats as the word
    (a function word has only itself)."""
    forms = [word]
    if word in function_words():
        return forms
    one = singular(word)
    for form in (one, plural(one)):
        if form and form not in forms:
            forms.append(form)
    return forms


def _quoted(word: str, prefix: bool = False) -> str:
    return f'"{word}"' + ("*" if prefix else "")


def _either(word: str, prefix: bool) -> str:
    if prefix:
        return _quoted(word, True)
    forms = word_forms(word)
    return _quoted(forms[0]) if len(forms) == 1 else "(" + " OR ".join(map(_quoted, forms)) + ")"


def search_words(text: str | None) -> str:
    """Every word of `text` in one of its forms: `("transformer" OR "transformers") AND ...`;
    function words (`of`, `the`) only when there is nothing else."""
    terms = search_terms(text)
    required = content_terms(terms)
    if terms and not required:  # nothing but function words (`the of`): the phrase, in a title
        return "{title}: " + search_phrase(text)
    return " AND ".join(_either(w, p) for w, p in required) or NOTHING


def search_any(text: str | None) -> str:
    """Any word of `text` but the function words, in one of its forms (as a snippet highlights
    them); a search of nothing but function words is their phrase."""
    terms = search_terms(text)
    if terms and not content_terms(terms):
        return search_phrase(text)
    return " OR ".join(_either(w, p) for w, p in content_terms(terms)) or NOTHING


def search_most(text: str | None) -> str:
    """All but one of the words of `text`, whichever one (for a search of three words or more
    that no paper has all of); past `MOST_WORDS` words, any of them. Fewer than three words: nothing
    (`machine learning` without `machine` is another search)."""
    terms = content_terms(search_terms(text))
    if len(terms) < 3:
        return NOTHING
    parts = [_either(w, p) for w, p in terms]
    if len(parts) > MOST_WORDS:
        return " OR ".join(parts)
    return " OR ".join("(" + " AND ".join(parts[:i] + parts[i + 1 :]) + ")" for i in range(len(parts)))


def search_phrase(text: str | None) -> str:
    """The words of `text` as typed and in order: one FTS5 phrase (`"large language models"`)."""
    terms = search_terms(text)
    if not terms:
        return NOTHING
    return _quoted(" ".join(w for w, _ in terms), terms[-1][1])


def search_phrases(text: str | None) -> str:
    """The words of `text` as typed and in order, the last in any of its forms: `"mobile
    manipulation" OR "mobile manipulations"` (the head of an English noun phrase is the word that
    takes the plural; FTS5 phrases cannot hold an OR)."""
    terms = search_terms(text)
    if not terms:
        return NOTHING
    (last, prefix), before = terms[-1], "".join(w + " " for w, _ in terms[:-1])
    return " OR ".join(_quoted(before + form, prefix) for form in ([last] if prefix else word_forms(last)))


def search_stems(text: str | None) -> str:
    """Every word of `text` but the function words, for the stemmed index (which stems them
    itself); a search of nothing but function words is their phrase, in a title."""
    terms = search_terms(text)
    required = content_terms(terms)
    if terms and not required:
        return "{title}: " + search_phrase(text)
    return " AND ".join(_quoted(w, p) for w, p in required) or NOTHING


def fts_query(text: str | None) -> str:
    """A user's search words as an FTS5 query for the stemmed index: each word quoted, all
    required (the first `MAX_SEARCH_TERMS`); a trailing `*` keeps prefix search (`quant*`) of
    `MIN_PREFIX` letters or more. Blank input matches nothing."""
    terms = []
    for word in "".join(c if c.isprintable() else " " for c in text or "").split():  # (NUL and controls: spaces)
        prefix = word.endswith("*")
        word = word.rstrip("*").replace('"', '""')
        prefix = prefix and len(word) >= MIN_PREFIX
        if word:
            terms.append(f'"{word}"' + ("*" if prefix else ""))
            if len(terms) == MAX_SEARCH_TERMS:
                break
    return " ".join(terms) or NOTHING


_ESCAPE_FTS = re.compile(r'\s+|(".*?")')


def escape_fts(query: str | None) -> str:
    """A search box's text as Datasette's `escape_fts` quotes it for a table's `?_search=` (each
    word or `"phrase"` quoted; an unbalanced `"` closed at the end), but text of no word or phrase
    (`""`, a lone `"`) matches nothing: Datasette's gave an empty query, an FTS5 syntax error."""
    query = query or ""
    if query.count('"') % 2:
        query += '"'
    bits = [b for b in _ESCAPE_FTS.split(query) if b and b != '""']
    return " ".join(b if b.startswith('"') else f'"{b}"' for b in bits) or NOTHING


def _normalise(text: str | None) -> str | None:
    return None if text is None else normalise_keyword(str(text))


# Words an institution's short form leaves out (`Massachusetts Institute of Technology`: MIT;
# `Université Pierre et Marie Curie`: UPMC): the small words of `etl.text.short_forms`.
_NOT_IN_INITIALS = SMALL_WORDS


def initials(text: str | None) -> str | None:
    """The first letters of a name's words but `of`, `the`, `and`, ... (`massachusetts institute of
    technology` -> `mit`, `Carnegie Mellon University` -> `cmu`), lower case; None for one word."""
    words = [w for w in _TOKEN.findall(str(text or "").casefold()) if w not in _NOT_IN_INITIALS]
    return "".join(w[0] for w in words) if len(words) > 1 else None


# A name's own short form in parentheses at its end (`German Aerospace Center (DLR)`, `Massachusetts
# Institute of Technology (MIT)`, and the other way round, `KAIST (Korea Advanced Institute of ...)`).
_OWN_SHORT_FORM = re.compile(r"\(([^()]{2,100})\)\s*$")


def own_short_form(name: str | None) -> str | None:
    """The other name an institution's name gives itself in parentheses at its end, as `institution_key`
    reads it (`German Aerospace Center (DLR)` -> `dlr`, `Massachusetts Institute of Technology (MIT)` ->
    `mit`), else None: the ninth reader's `papers_by_institution?institution=MIT` left out the 21
    papers of `Massachusetts Institute of Technology (MIT)`, whose initials are `mitm`."""
    found = _OWN_SHORT_FORM.search(str(name or ""))
    return (institution_key(found[1]) or None) if found else None


def _name_key(key: Callable[[str], str]) -> Callable[[str | None], str | None]:
    """`key` of a name as SQL gives it: NULL for NULL or blank text."""
    return lambda text: key(str(text)) if text is not None and str(text).strip() else None


def _author_key(text: str | None) -> str | None:
    """An author's merge key (authors.normalised): accents and case folded, as loads merge names."""
    return None if text is None else name_key(str(text))


def _extra_json(value: bytes | str | None) -> str | None:
    """paper_sources.extra as the JSON text it packs (`etl.store.record_extra`)."""
    return unpack_extra(value)


FUNCTIONS = {
    "escape_fts": escape_fts,  # (Datasette's, registered after it: see `escape_fts`)
    "fts_query": fts_query,
    "search_words": search_words,
    "search_phrase": search_phrase,
    "search_phrases": search_phrases,
    "search_any": search_any,
    "search_most": search_most,
    "search_stems": search_stems,
    "normalise_keyword": _normalise,
    "title_key": lambda text: title_key(str(text)) if text is not None else None,  # (papers.title_key's form)
    "initials": initials,
    "own_short_form": own_short_form,
    "institution_key": _name_key(institution_key),
    # (the key institutions.normalised files a name under, `etl.text.institution_variants`:
    # `Albert-Ludwigs-Universität Freiburg` -> `freiburg university`)
    "institution_filed_key": _name_key(filed_key),
    "author_key": _author_key,
    "paper_id_forms": id_forms_json,  # (the forms of a paper id `/-/paper/` accepts: `etl.text.paper_ids`)
    "paper_address_forms": address_forms_json,  # (the forms of a paper page's address `/-/paper/` accepts)
    "extra_json": _extra_json,
}


def _snippet(marked=None, query=None, *more) -> str | None:
    """`snippet_of(marked[, query])` in SQL: NULL for anything but text (a number, a third argument)."""
    if more or not isinstance(marked, str):
        return None
    return snippet_of(marked, query if isinstance(query, str) else None)


def _short_form_of(short=None, name=None, *more) -> int | None:
    """`short_form_of(short, name)` in SQL: 1 when `short` is the name's own short form as a load
    files `name (short)` under the name (`etl.text.short_forms`: `KAUST`, `TU Wien`, `DLR` of `German
    Aerospace Center`), else 0; NULL for anything but two texts."""
    if more or not isinstance(short, str) or not isinstance(name, str):
        return None
    return int(short_form_of(short, name))


def _known_long_forms(short=None, *more) -> str | None:
    """`known_long_forms(short)` in SQL: a JSON array of the filing keys of the names a short form of
    other words stands for (`DLR`: `german aerospace center`, ...), `[]` for any other text."""
    return None if more or not isinstance(short, str) else known_long_forms(short, filed_key)


VARIADIC = {"snippet_of": _snippet, "short_form_of": _short_form_of, "known_long_forms": _known_long_forms}


def register(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Add the search functions, `normalise_keyword(text)`, `initials(name)`, `own_short_form(name)`, `institution_key(name)`,
    `institution_filed_key(name)` (the key `institutions.normalised` files a name under), `short_form_of(short,
    name)` and `known_long_forms(short)` (an institution's own short form: `etl.text.short_forms`), `author_key(name)`, `paper_id_forms(id)` (a JSON array of the forms `paper_ids` may hold for an id
    as a reader wrote it), `paper_address_forms(text)` (those `papers.url` may hold for a page's address), `extra_json(paper_sources.extra)` (the record's other fields as a JSON
    text: `json_extract(extra_json(extra), '$.bibtex')`) and `snippet_of(highlight(fts, column, char(2), char(3)), query)` (the
    search's snippets, `etl.text.snippets`) to `conn`; returns it."""
    for name, function in FUNCTIONS.items():
        conn.create_function(name, 1, function, deterministic=True)
    for name, variadic in VARIADIC.items():
        conn.create_function(name, -1, variadic, deterministic=True)
    return conn
