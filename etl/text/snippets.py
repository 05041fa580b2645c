"""A search result's snippet, cut in linear time from a text FTS5's `highlight()` has marked.

FTS5's own `snippet()` scores a window at each match by looking at every match again: its time
grows with the square of a text's matches, inside one call that SQLite's time limit cannot stop
(99,000 characters of `a.a.a.`, searched for `a`: 46 s). `snippet_of(highlight(...))` picks the
same window the same way (each query phrase's first match in a window scores 1,000, a repeat 1,
a window may start at a sentence instead for 100 more, 120 at the text's start), but looks only
at the matches within a window's reach of each: at most `SNIPPET_WORDS` of them. Which phrase of
the query a match is (`learned` and `learning` are one to `learn*`, or to the stem `learn`) is
read from the query: the phrase the match equals, else begins with, else shares most of its
beginning with (a stem: `studies` and `study` are `studi`).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right

SNIPPET_WORDS = 32  # words a snippet shows (as the search query asked of snippet())
START, END = "\x02", "\x03"  # what highlight() is asked to put around each match
ELLIPSIS = "…"
_WORD = re.compile(r"[^\W_]+")  # (FTS5's unicode61 tokenizer: runs of letters and digits)
_SENTENCE = re.compile(r"[.:][ \t\n\r]+(?=[^\W_])")  # (what ends one and the white space before the next)
# A phrase of an FTS5 query: quoted (`"graph neural"`, `""` for a quote) or a bare word, maybe a
# prefix (`*`); a column filter (`{title}:`, `title:`) and the operators are not phrases.
# (Unclosed, a quote or a brace runs to the end: read once, never again from each of its characters.)
_PHRASE = re.compile(r'"((?:[^"]|"")*)(?:"|$)(\*?)|\{[^}]*\}?|(\w+)\s*:|([^\W_]+)(\*?)')
_OPERATORS = frozenset({"AND", "OR", "NOT", "NEAR"})
MAX_PHRASES = 1000  # of a query, read (the search's have at most 96; later ones: no key of their own)


def _folded(word: str) -> str:
    """A word as FTS5's tokenizer compares it: lower case, without accents."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def query_phrases(query: str | None) -> list[tuple[str, bool]]:
    """The first word of each phrase of an FTS5 query (folded), and whether it is a prefix."""
    phrases = []
    for m in _PHRASE.finditer(query or ""):
        if m[1] is not None:
            words = _WORD.findall(m[1].replace('""', '"'))
            if words:
                phrases.append((_folded(words[0]), bool(m[2]) and len(words) == 1))
        elif m[4] is not None and m[4] not in _OPERATORS:
            phrases.append((_folded(m[4]), bool(m[5])))
        if len(phrases) == MAX_PHRASES:
            break
    return phrases


class _Phrases:
    """Which phrase of a query a matched word is (a key), in time that does not grow with the
    query's phrases: the phrase it equals, else the longest prefix phrase it begins with, else the
    phrase it shares most of its beginning with (next to it in their sorted order). Without a
    query, each word is its own phrase."""

    def __init__(self, phrases: list[tuple[str, bool]]):
        self.exact = {phrase for phrase, _ in phrases}
        self.in_order = sorted(self.exact)
        self.prefixes: dict[int, set[str]] = {}
        for phrase, prefix in phrases:
            if prefix:
                self.prefixes.setdefault(len(phrase), set()).add(phrase)

    def __call__(self, word: str) -> str:
        if not self.in_order or word in self.exact:
            return word
        for length in sorted(self.prefixes, reverse=True):
            if length <= len(word) and word[:length] in self.prefixes[length]:
                return word[:length]
        at = bisect_left(self.in_order, word)
        return max(self.in_order[max(0, at - 1) : at + 1], key=lambda phrase: _shared(word, phrase))


def _shared(word: str, phrase: str) -> int:
    """How many characters `word` and `phrase` begin with alike."""
    n = 0
    while n < min(len(word), len(phrase)) and word[n] == phrase[n]:
        n += 1
    return n


def _unmarked(marked: str) -> tuple[str, list[tuple[int, int]]]:
    """The text without its marks, and the (start, end) of each marked stretch in it."""
    first, *chunks = marked.split(START)
    pieces, spans, length = [first.replace(END, "")], [], len(first.replace(END, ""))
    for chunk in chunks:
        inside, _, after = chunk.partition(END)
        spans.append((length, length + len(inside)))
        after = after.replace(END, "")  # (an END without its START: no mark)
        pieces += [inside, after]
        length += len(inside) + len(after)
    return "".join(pieces), spans


def _sentence_starts(text: str, starts: list[int]) -> list[int]:
    """The words (by where they start) that start a sentence, as FTS5 finds them: the first, and
    each after a `.` or `:` and white space."""
    found = [0] if starts else []
    index = {at: i for i, at in enumerate(starts)}
    found += [index[m.end()] for m in _SENTENCE.finditer(text) if m.end() in index and index[m.end()] > 0]
    return found


def _score(matches: list[tuple[int, int, str]], positions: list[int], start: int, width: int) -> int:
    """The score of the matches in the `width` words from `start`."""
    window = matches[bisect_left(positions, start) : bisect_left(positions, start + width)]
    keys = {key for _, _, key in window}
    return 1000 * len(keys) + len(window) - len(keys)


def _best_start(words: int, matches: list[tuple[int, int, str]], sentences: list[int], width: int) -> int:
    """The first word of the best window (FTS5's choice), the window of each match slid along."""
    positions = [word for word, _, _ in matches]
    best, best_start, after = 0, 0, 0
    counts: dict[str, int] = {}
    sentence_scores: dict[int, int] = {}
    for i, (word, _, key) in enumerate(matches):
        while after < len(matches) and positions[after] < word + width:  # (the window from this match)
            counts[matches[after][2]] = counts.get(matches[after][2], 0) + 1
            after += 1
        last_word, last_size, _ = matches[after - 1]
        score = 1000 * len(counts) + (after - i) - len(counts)
        if score > best:
            adjusted = word - int((width - (last_word + last_size - word)) / 2)  # (C's division: toward zero)
            best, best_start = score, max(0, min(adjusted, words - width))
        if sentences and words > width:
            sentence = sentences[bisect_right(sentences, word) - 1]
            if sentence < word:
                if sentence not in sentence_scores:
                    bonus = 120 if sentence == 0 else 100
                    sentence_scores[sentence] = _score(matches, positions, sentence, width) + bonus
                if sentence_scores[sentence] > best:
                    best, best_start = sentence_scores[sentence], sentence
        counts[key] -= 1  # (this match leaves the window)
        if not counts[key]:
            del counts[key]
    return best_start


def snippet_of(marked: str | None, query: str | None = None, width: int = SNIPPET_WORDS) -> str | None:
    """The snippet of a text that `highlight(fts, column, char(2), char(3))` has marked for the
    FTS5 `query`: `width` words around its best matches, marked as they were, with `…` where the
    text goes on."""
    if marked is None:
        return None
    phrase_of, keys = _Phrases(query_phrases(query)), {}
    text, spans = _unmarked(marked)
    starts = [m.start() for m in _WORD.finditer(text)]
    if not starts:
        return text
    matches = []  # (first word, words, phrase of the query) of each marked stretch
    for begin, end in spans:
        first, after = bisect_left(starts, begin), bisect_left(starts, end)
        if first < after:
            word = _folded(_WORD.match(text, starts[first])[0])  # type: ignore[index]  # (a word starts there)
            if word not in keys:
                keys[word] = phrase_of(word)
            matches.append((first, after - first, keys[word]))
    start = _best_start(len(starts), matches, _sentence_starts(text, starts), width)
    stop = min(start + width, len(starts)) - 1
    begin = 0 if start == 0 else starts[start]
    end = len(text) if stop == len(starts) - 1 else _WORD.match(text, starts[stop]).end()  # type: ignore[union-attr]
    shown, at = [], begin
    for first, last in spans:  # (as FTS5: a match that starts before the window is not marked)
        last = min(last, end)
        if begin <= first < last:
            shown += [text[at:first], START, text[first:last], END]
            at = last
    shown.append(text[at:end])
    return (ELLIPSIS if start > 0 else "") + "".join(shown) + ("" if end == len(text) else ELLIPSIS)
