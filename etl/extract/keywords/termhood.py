"""Termhood: whether a phrase is a term, from how often the catalogue's titles use it as a head
against how often its abstracts have it as a candidate (`etl/data/termhood.txt`)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from ...settings import package_folder
from .normalise import normalise_keyword
from .roles import LATIN
from .vocabulary import Keyphraseness
from .wordlists import STOP_WORDS

DATA_FILE = package_folder("etl") / "data" / "termhood.txt"
COLUMNS = "phrase\ttitles using it as a head\tabstracts with it as a candidate"
# Titles are term-dense: `graph neural network` ends a phrase of many titles, `input data`,
# `large gains` or `memory requirements` of almost none, and a modifier (`markov`, `multi-label`,
# `positive semi-definite`, `low power`) heads few of the titles it is in. A phrase's termhood is
# the titles where it is a head per abstract that has it as a candidate, smoothed by SMOOTH_HEADS
# and SMOOTH_ABSTRACTS; only phrases in MIN_ABSTRACTS abstracts or more are judged (a rarer phrase,
# a new field's or one paper's coinage, has too few uses to tell).
MIN_ABSTRACTS = 10
# Title heads of three words or more in LONG_HEADS titles are shipped too, however few abstracts
# have them as candidates: the longer terms a candidate may be a piece of (`pieces`).
LONG_HEADS = 3
SMOOTH_HEADS, SMOOTH_ABSTRACTS = 0.1, 1
# Thresholds, measured on 1,562 judged chips of two catalogue samples: phrases of several words
# below 0.02 were junk in 45 % (filler and headless modifiers: `input data`, `low power`), from
# 0.02 to 0.04 in about 25 %, above 0.1 in 4 %; single words (lower case: a name or acronym is
# spared) below 0.3 in 40 % (`robot`, `sensors`, `modeling`, `geometry`), above it in 1 of 16
# (`manipulation`, `pruning` stay). A phrase too rare to judge is judged by its head, the last
# word: below 0.018, 23 of 62 such chips were junk (`model deals`, `speed increases`, `million
# samples`), against 12 % above; HEADS at 0.035 rather than 0.02 showed 9 junk chips fewer and 12
# good ones fewer on a judged sample of 160 papers (`min-max formulation` stays).
SEVERAL_WORDS, ONE_WORD, HEADS = 0.04, 0.3, 0.035
# A phrase's first word is judged too, by the phrases it opens (`input *`, `future *`, `known *`,
# `relative *`: descriptions open many abstract phrases and few title heads; `graph *`, `deep *`
# open terms): below OPENERS, 80 of 133 judged chips were junk, against 10 % above.
OPENERS = 0.06
# A title's parts: a colon, a comma, brackets or a dash ends a phrase as the end of a title does.
_SEGMENT = re.compile(r"[:;,.?!()\[\]\"/]|\s[-–—]\s")
_TOKEN = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")
LONGEST = 5  # words of a title phrase counted
_ENTITY = frozenset(("entity", "entities"))
# A Latin expression whose first word is a stop word is one word (`roles.LATIN`, as `phrases` reads
# it): its first word opens a title's phrase (`In Situ Correction of ...`: `_opens`), and a phrase it opens
# is judged by the phrases the expression opens (`in situ *`, `a priori *`), not by those its stop
# word does (`a *`, where `a priori` and its phrases buried `a-expansion` and `A-optimal design`; kwdebris26).
_LATIN_FIRST = frozenset(expression.split()[0] for expression in LATIN)


def title_heads(title: str, cache: dict[str, str] | None = None) -> Iterator[str]:
    """The keys of the title's phrases (runs of words neither starting nor ending with a stop word,
    up to LONGEST) that end where the title's words do or before a stop word: the phrases the
    title uses as heads (`graph neural network` in `Graph Neural Networks for ...`, not `graph
    neural`). A key may repeat."""
    cache = {} if cache is None else cache
    for segment in _SEGMENT.split(title):
        tokens = _TOKEN.findall(segment)
        stop = _stops(tokens)
        opens = _opens(tokens, stop)
        for end in range(1, len(tokens) + 1):
            if stop[end - 1] or (end < len(tokens) and not stop[end]):
                continue
            for start in range(max(0, end - LONGEST), end):
                if not opens[start]:
                    continue
                text = " ".join(tokens[start:end])
                key = cache.get(text)
                if key is None:
                    key = cache[text] = normalise_keyword(text)
                yield key


def _stops(tokens: list[str]) -> list[bool]:
    """Which tokens are stop words: `named` before `entity` is none, but the term's first word
    (`Named Entity Recognition`, as `phrases` reads it)."""
    low = [t.lower() for t in tokens]
    return [
        w in STOP_WORDS and not (w == "named" and i + 1 < len(low) and low[i + 1] in _ENTITY) for i, w in enumerate(low)
    ]


def _opens(tokens: list[str], stop: list[bool]) -> list[bool]:
    """Which tokens can open a phrase: no stop word, but a Latin expression's first word (`In Situ
    Correction`, `A Priori Knowledge`), which still ends none (`Barge-In`, `Adaptive | In Situ ...`)."""
    return [
        not s or (i + 1 < len(tokens) and f"{tokens[i].lower()} {tokens[i + 1].lower()}" in LATIN)
        for i, s in enumerate(stop)
    ]


def title_runs(title: str, cache: dict[str, str] | None = None, longest: int = 3) -> Iterator[str]:
    """The keys of every run of one to `longest` words of the title's segments that neither starts
    nor ends with a stop word, heads or not (`mixed integer` in `Mixed Integer Linear Programs`).
    A key may repeat."""
    cache = {} if cache is None else cache
    for segment in _SEGMENT.split(title):
        tokens = _TOKEN.findall(segment)
        stop = _stops(tokens)
        opens = _opens(tokens, stop)
        for start in range(len(tokens)):
            if not opens[start]:
                continue
            for end in range(start + 1, min(len(tokens), start + longest) + 1):
                if stop[end - 1]:
                    continue
                text = " ".join(tokens[start:end])
                key = cache.get(text)
                if key is None:
                    key = cache[text] = normalise_keyword(text)
                yield key


def opener(key: str) -> str:
    """The pattern of the phrases a phrase's first word opens: `graph neural network` -> `graph *`;
    a Latin expression is one word (`in situ correction` -> `in situ *`, `a priori` -> `a priori *`)."""
    space = key.find(" ")
    if key[:space] in _LATIN_FIRST:
        end = key.find(" ", space + 1)
        expression = key if end < 0 else key[:end]
        if expression in LATIN:
            return expression + " *"
    return key[:space] + " *"


@dataclass(frozen=True)
class Termhood:
    """The shipped counts: key -> (titles using it as a head, abstracts with it as a candidate)."""

    counts: Mapping[str, tuple[int, int]]
    long_heads: int = LONG_HEADS

    def rate(self, key: str) -> float | None:
        """Titles using `key` as a head per abstract that has it (smoothed), or None when the
        abstracts have it too seldom to tell."""
        heads, abstracts = self.counts.get(key, (0, 0))
        if abstracts < MIN_ABSTRACTS:
            return None
        return (heads + SMOOTH_HEADS) / (abstracts + SMOOTH_ABSTRACTS)

    def is_term(self, key: str, written: str) -> bool:
        """Whether a phrase can be a keyword by its use in titles: a lower-case single word needs
        ONE_WORD, a phrase of several words SEVERAL_WORDS (or if it is too rare to tell, its head
        word HEADS) and a first word that opens terms (OPENERS); a phrase with a name or acronym in
        it (`_named`) always can, and so can one too rare to tell whose head is too."""
        if _named(written):
            return True
        rate = self.rate(key)
        if " " not in key:
            return rate is None or rate >= ONE_WORD
        first = self.rate(opener(key))
        if first is not None and first < OPENERS:
            return False
        if rate is not None:
            return rate >= SEVERAL_WORDS
        head = self.rate(key[key.rfind(" ") + 1 :])
        return head is None or head >= HEADS


def _named(written: str) -> bool:
    """Whether a phrase has a word with a capital after its first letter: a name or an acronym
    (`SLAM`, `LiDAR`, `junk DNA hypothesis`), which titles need not have used before."""
    if written.islower():  # (no capital anywhere: most candidates, answered in C)
        return False
    return any(c.isupper() for word in written.split(" ") for c in word[1:])


def parse_termhood(text: str) -> Termhood:
    """The counts in the data file's text (lines of `key`, heads, abstracts; `#` lines are its header)."""
    counts = {}
    pairs: dict[tuple[int, int], tuple[int, int]] = {}  # (44,581 phrases share 7,758 pairs: one tuple each, -2 MB)
    # (a line at a time: a list of every line, freed among the keys kept, left 3 MB of holes in the heap)
    for line in io.StringIO(text):
        line = line.rstrip("\n")
        if line and not line.startswith("#"):
            key, heads, abstracts = line.split("\t")
            pair = (int(heads), int(abstracts))
            counts[key] = pairs.setdefault(pair, pair)
    return Termhood(counts)


def load_termhood(path: Path = DATA_FILE) -> Termhood:
    """The counts shipped with paperdb (none if the file is missing: every phrase can be a term)."""
    try:
        return parse_termhood(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Termhood({})


TERMHOOD = load_termhood()

# A phrase the catalogue's titles seldom use as a head for how often its abstracts have it is no
# term (`input data`, `memory requirements`, `low power`, `markov`, `robot`: `Termhood.is_term`), and no
# keyword where nothing else speaks for it: of several words, unless the paper's title has it, the
# abstract writes it REPEATED times or more or some author chose it (the vocabulary or the corpus:
# `scalable oversight`, `irrelevant information` on COLM 2024); one word alone, unless authors
# choose it AUTHORS_ALONE times as often as the average candidate (`reasoning`, `alignment`; not
# `modeling`, `geometry`), or as often as the average (factor 1) and the abstract repeats it.
# (COLM 2024's authors choose new terms the catalogue's titles have not used: without these, its
# F1@5 fell from 0.283 to 0.277.)
REPEATED = 3
AUTHORS_ALONE = 2.5


def not_a_term(key: str, written: str, count: int, in_title: bool, kp: Keyphraseness) -> bool:
    """Whether a candidate the abstract writes `count` times is no keyword by its termhood (above)."""
    if TERMHOOD.is_term(key, written):
        return False
    if " " not in key:
        return kp.factor(key) < (AUTHORS_ALONE if count < REPEATED else 1)
    return count < REPEATED and not in_title and not kp.chosen_elsewhere(key)
