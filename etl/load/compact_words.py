"""The keyword rules' long word lists held compactly in the short process that ranks a small
load's few papers (`etl.load.apart`, issue 41): there a frozenset's table and a string object a
word were 5.3 MB of objects (1.6 held compactly; the benchmark's edit's keyword step 4 MB lower),
for about 10,000 lookups. A corpus's ranking keeps the frozensets (millions of lookups). Either
answers every `word in LIST` alike, so the keyword rules' fingerprint (`etl.load.rules`), which
this module is not part of, stays as it is."""

from __future__ import annotations

from collections.abc import Iterable

from ..extract.keywords import wordlists

# The lists of 3,000 words or more (`etl.extract.keywords.wordlists`), which the rules only ask `in`.
LONG = ("NOT_NOUNS", "VERBS", "VERB_S_FORMS", "COMMON_WORDS", "HYPHEN_HEADS", "VERB_FORMS")


class CompactWords:
    """A word list as one string a bucket of the words that share their first `PREFIX`
    characters, a word a line: `word in words` answers as a frozenset of them does, in about a
    third of its memory (the six long lists: 5.3 -> 1.6 MB) and about 1 microsecond more a lookup."""

    PREFIX = 3
    __slots__ = ("_buckets",)

    def __init__(self, words: Iterable[str]) -> None:
        buckets: dict[str, list[str]] = {}
        for word in words:
            buckets.setdefault(word[: self.PREFIX], []).append(word)
        self._buckets = {prefix: "\n" + "\n".join(bucket) + "\n" for prefix, bucket in buckets.items()}

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or "\n" in word:  # (a word is one line: no two are one)
            return False
        bucket = self._buckets.get(word[: self.PREFIX])
        return bucket is not None and f"\n{word}\n" in bucket


def hold_compactly() -> None:
    """Read the long word lists now, as `CompactWords`, where `wordlists` would read them as
    frozensets when first asked for (PEP 562): in a process about to import the keyword rules.
    A list already read is left as it is."""
    held = vars(wordlists)
    for name in LONG:
        if name not in held:
            setattr(wordlists, name, CompactWords(wordlists._lines(wordlists._FILES[name])))
