"""Research topics from the editable taxonomy in `etl/data/topics.json`; pure matching.

Topics are matched against what keyword extraction already found in an abstract (its words and
candidate phrases), so they cost a few dictionary look-ups per abstract, not another text scan.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.resources import files as package_files

from ...errors import PaperdbError
from .memo import Memo
from .normalise import normalise_keyword
from .phrases import is_findable_phrase

STRONG, WEAK = 2, 1  # weight of an occurrence of a specific and of a merely suggestive term
# A paper gets a topic when its term occurrences weigh at least THRESHOLD and one of them is a
# specific term, or when suggestive terms alone weigh WEAK_ALONE (`convex` and `gradient` once
# each are not yet optimisation) and at least WEAK_TERMS of them are different terms: one shared
# word, however often written, is no evidence (`text` in a motion-generation abstract is not
# natural language processing). Against IJCAI's subject areas the second condition moved macro
# precision 0.365 -> 0.379 and recall 0.518 -> 0.510 (scripts/topic_agreement.py).
THRESHOLD = 2
WEAK_ALONE = 2 * THRESHOLD
WEAK_TERMS = 2
WORD_MEMO = 50_000  # words whose topic hits are remembered at a time
PREFIX_INDEX = 3  # prefix terms are indexed by their first letters; a prefix term has at least these


@dataclass(frozen=True)
class Taxonomy:
    names: tuple[str, ...]
    words: dict[str, list[tuple[int, int]]]  # exact word -> [(topic index, weight)]
    prefixes: dict[str, list[tuple[str, int, int]]]  # first letters -> [(prefix, topic, weight)]
    phrases: dict[str, list[tuple[int, int]]]  # normalised phrase -> [(topic index, weight)]
    # word -> its (topic, weight) hits, exact and prefix terms together: filled as words are met
    word_hits: Memo[tuple[tuple[int, int], ...]] = field(
        default_factory=lambda: Memo(WORD_MEMO), compare=False, repr=False
    )


def taxonomy_path() -> str:
    """`$PAPERDB_TOPICS` if set, else the taxonomy shipped with the package."""
    return os.environ.get("PAPERDB_TOPICS") or str(package_files("etl") / "data" / "topics.json")


def build_taxonomy(
    topics: list[dict], normalise: Callable[[str], str], is_phrase: Callable[[str], bool], source: str
) -> Taxonomy:
    """Index the topics' terms. `normalise` is the keyword normalisation; `is_phrase` says whether a
    phrase can be found by keyword extraction at all (a term that cannot is an error)."""
    words: dict[str, list[tuple[int, int]]] = {}
    prefixes: dict[str, list[tuple[str, int, int]]] = {}
    phrases: dict[str, list[tuple[int, int]]] = {}
    for i, topic in enumerate(topics):
        for key, weight in (("terms", STRONG), ("weak", WEAK)):
            for term in topic.get(key, ()):
                term = term.strip().lower()
                if " " in term:
                    if not is_phrase(term):
                        raise PaperdbError(
                            f"{source}: topic {topic['name']!r}: term {term!r} can never match (it holds"
                            " a stop word or ends with a describing word); use a one-word term or a"
                            " longer phrase"
                        )
                    phrases.setdefault(normalise(term), []).append((i, weight))
                elif term.endswith("*"):
                    prefix = term[:-1]
                    if len(prefix) < PREFIX_INDEX:
                        raise PaperdbError(f"{source}: topic {topic['name']!r}: prefix {term!r} is too short")
                    prefixes.setdefault(prefix[:PREFIX_INDEX], []).append((prefix, i, weight))
                else:
                    words.setdefault(term, []).append((i, weight))
    return Taxonomy(tuple(t["name"] for t in topics), words, prefixes, phrases)


MAX_TAXONOMY_BYTES = 10_000_000  # the bundled one is 20 KB


def parse_taxonomy(data: bytes, source: str) -> Taxonomy:
    """The taxonomy a JSON document holds: `{"topics": [{"name": ..., "terms": [...], "weak":
    [...]}, ...]}`; anything else is a one-line error naming `source` (reading the file is the
    caller's: `etl.load.taxonomy`)."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise PaperdbError(f"{source}: not a topic taxonomy ({exc})") from None
    return build_taxonomy(_topics(source, document), normalise_keyword, is_findable_phrase, source)


def _topics(path: str, data: object) -> list[dict]:
    """The topics of a taxonomy file, checked: each a name and lists of text terms."""
    topics = data.get("topics") if isinstance(data, dict) else None
    if not isinstance(topics, list):
        raise PaperdbError(f"{path}: not a topic taxonomy (an object with a list `topics` is expected)")
    names: dict[str, str] = {}  # the keyword a topic is stored as -> its name
    for n, topic in enumerate(topics, 1):
        if not isinstance(topic, dict) or not isinstance(topic.get("name"), str) or not topic["name"].strip():
            raise PaperdbError(f"{path}: topic {n}: an object with a `name` is expected")
        name = topic["name"]
        _check_name(path, n, name)
        for key in ("terms", "weak"):
            terms = topic.get(key, [])
            if not isinstance(terms, list) or not all(isinstance(t, str) and t.strip() and _is_text(t) for t in terms):
                raise PaperdbError(f"{path}: topic {name!r}: `{key}` must be a list of words or phrases")
        key = normalise_keyword(name)
        if key in names:
            # (a topic is a keyword: two names under one keyword broke every load on a UNIQUE constraint)
            raise PaperdbError(
                f"{path}: topic {n}: {name!r} is the same keyword as the topic {names[key]!r};"
                " topic names must differ in more than case, hyphens or a plural"
            )
        names[key] = name
    return topics


MAX_NAME_CHARS = 200  # (the bundled names are under 50)


def _check_name(path: str, n: int, name: str) -> None:
    """A topic's name must be a keyword: text SQLite can store (no lone surrogate such as `\\ud800`),
    on one line, of bounded length, with a letter or digit to merge it by."""
    if not _is_text(name) or not name.isprintable():
        raise PaperdbError(f"{path}: topic {n}: the name {name!r} holds a control character or is not text (UTF-8)")
    if len(name) > MAX_NAME_CHARS:
        raise PaperdbError(f"{path}: topic {n}: the name is longer than {MAX_NAME_CHARS} characters")
    if not any(c.isalnum() for c in name):
        raise PaperdbError(f"{path}: topic {n}: the name {name!r} has no letter or digit")


def _is_text(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (JSON's `"\\ud800"` decodes to a lone surrogate, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _word_hits(taxonomy: Taxonomy, word: str) -> tuple[tuple[int, int], ...]:
    """(topic, weight) of every term that matches `word`, exact terms first; remembered."""
    hits = list(taxonomy.words.get(word, ()))
    hits += [
        (topic, weight)
        for prefix, topic, weight in taxonomy.prefixes.get(word[:PREFIX_INDEX], ())
        if word.startswith(prefix)
    ]
    return taxonomy.word_hits.remember(word, tuple(hits))


def match_topics(words: Mapping[str, int], phrases: Mapping[str, object], taxonomy: Taxonomy) -> dict[str, int]:
    """Topic name -> weight, for topics whose terms occur enough. `words` maps each lower-case
    word of the abstract to its count; `phrases` maps normalised candidate phrases to
    `[count, ...]` (from keyword extraction)."""
    weights: dict[int, int] = {}
    terms: dict[int, int] = {}  # different terms seen, by topic
    specific: set[int] = set()  # topics with an occurrence of a specific term
    known = taxonomy.word_hits
    for word, count in words.items():
        hits = known.get(word)
        if hits is None:
            hits = _word_hits(taxonomy, word)
        for topic, weight in hits:
            weights[topic] = weights.get(topic, 0) + weight * count
            terms[topic] = terms.get(topic, 0) + 1
            if weight == STRONG:
                specific.add(topic)
    table = taxonomy.phrases
    for key, entry in phrases.items():
        hits = table.get(key)
        if hits is not None:
            for topic, weight in hits:
                weights[topic] = weights.get(topic, 0) + weight * entry[0]  # type: ignore[index]
                terms[topic] = terms.get(topic, 0) + 1
                if weight == STRONG:
                    specific.add(topic)
    return {
        taxonomy.names[i]: w
        for i, w in weights.items()
        if w >= THRESHOLD and (i in specific or (w >= WEAK_ALONE and terms[i] >= WEAK_TERMS))
    }
