"""A topic taxonomy document (`etl/data/topics.json` or the user's own) parsed and checked: each
topic a name that is a keyword and lists of text terms; anything else a one-line error; pure."""

from __future__ import annotations

import json

from ...errors import PaperdbError
from .normalise import normalise_keyword
from .roles import is_findable_phrase
from .topics import Taxonomy, build_taxonomy, read_evidence


def parse_taxonomy(data: bytes, source: str) -> Taxonomy:
    """The taxonomy a JSON document holds: `{"topics": [{"name": ..., "terms": [...], "weak":
    [...]}, ...]}`, with the shipped learned evidence of the topics it names; anything else is a
    one-line error naming `source` (reading the file is the caller's: `etl.load.taxonomy`)."""
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise PaperdbError(f"{source}: not a topic taxonomy ({exc})") from None
    return build_taxonomy(_topics(source, document), normalise_keyword, is_findable_phrase, source, read_evidence())


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
        for key in ("terms", "weak", "needs", "passing"):
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
