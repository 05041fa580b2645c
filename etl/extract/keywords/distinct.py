"""A paper's ranked list without phrases that only repeat another keyword: a phrase every use of
which lies inside a higher keyword adds nothing, and a phrase that holds every use of a higher
phrase is the variant the abstract actually uses."""

from __future__ import annotations

from collections.abc import Mapping


def distinct(ranked: list, phrases: Mapping[str, list]) -> list:
    """`ranked` (best first, `Keyword`s) without redundant phrases.

    Nested keywords are ones whose words are a subset of the other's. A phrase inside a higher
    keyword is dropped when the abstract never uses it outside (its count is the higher one's:
    `salient` in `salient entities`, twice each); a phrase around a higher phrase takes that
    phrase's place and score when it holds all of its uses. Other nestings stay: then each is
    used on its own and is often the author's keyword. Counts in `phrases` (`[count, ...]`)
    include uses inside longer phrases. Methods, acronyms and topics are never dropped."""
    kept: list = []
    words_of: list[frozenset[str]] = []
    by_word: dict[str, list[int]] = {}  # word -> kept keywords that have it (topics aside)
    for k in ranked:
        kind = k.kind
        if kind == "topic":
            kept.append(k)
            words_of.append(frozenset())
            continue
        key = k.normalised
        words = frozenset(key.split()) if " " in key else frozenset((key,))
        if kind == "phrase" and (" " in key or key in by_word):  # (one word only ever sits inside another)
            nested = _nested(words, words_of, by_word)
            if nested:
                uses = _uses(phrases, key)
                i = _inside(words, uses, nested, kept, words_of, phrases)
                if i is not None:
                    continue
                i = _around(words, uses, nested, kept, words_of, phrases)
                if i is not None:
                    kept[i] = k._replace(score=kept[i].score)
                    words_of[i] = words
                    for word in words:
                        by_word.setdefault(word, []).append(i)
                    continue
        for word in words:
            by_word.setdefault(word, []).append(len(kept))
        kept.append(k)
        words_of.append(words)
    return kept


def _nested(words: frozenset[str], words_of: list, by_word: Mapping[str, list[int]]) -> list[int]:
    """Kept keywords whose words contain `words` or are contained in them, best first."""
    sharing = None
    for word in words:
        hit = by_word.get(word)
        if hit:
            sharing = hit if sharing is None else sharing + hit
    if sharing is None:  # the common case: no word in common
        return []
    return sorted({i for i in sharing if words < words_of[i] or words > words_of[i]})


def _inside(words, uses, nested, kept, words_of, phrases) -> int | None:
    for i in nested:
        if words < words_of[i] and uses <= _uses(phrases, kept[i].normalised):
            return i
    return None


def _around(words, uses, nested, kept, words_of, phrases) -> int | None:
    for i in nested:
        if words > words_of[i] and kept[i].kind == "phrase" and uses >= _uses(phrases, kept[i].normalised):
            return i
    return None


def _uses(phrases: Mapping[str, list], key: str) -> int:
    entry = phrases.get(key)
    return entry[0] if entry else 1
