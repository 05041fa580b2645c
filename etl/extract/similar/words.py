"""The terms a paper is compared by: the words of its title and abstract (case folded, the last
letters of a plural dropped, function words left out; a short form such as `GNN` that names one
keyword stands for that keyword), the pairs of words that follow each other in its title
(`policy gradient`: no function word between; a pair is one term), and the merge keys of its
keywords, with how often each occurs. Its title counts `TITLE_WEIGHT` times and each keyword
`KEYWORD_WEIGHT` times: both say in a few words what the abstract says in many. (The abstract's
pairs too agreed about as well with authors' labels, at ten times the postings: 5 million on the
catalogue, 80 % more time and 70 MB more memory; see docs/evolution.md.)"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from itertools import pairwise

from ..keywords.normalise import singular
from ..keywords.wordlists import FUNCTION_WORDS

TITLE_WEIGHT = 3  # occurrences a title word counts for
KEYWORD_WEIGHT = 2  # occurrences a keyword (extracted, a topic or the authors') counts for
KEYWORD = "="  # a keyword's merge key after this, so that it is never taken for a word
WORD = re.compile(r"\w\w+")  # words of two characters or more (as TF-IDF is usually done)
PAIR = " "  # between the two words of a pair (a word has no space; a keyword's term starts with KEYWORD)
CACHED_WORDS = 200_000  # words as written whose terms `WordTerms` keeps (a fresh word per paper would grow it for ever)

Aliases = Mapping[str, str]  # a short form as written (`GNN`) -> its keyword's merge key (`graph neural network`)


def word_term(word: str) -> str:
    """The term a word as written counts as: its singular, case folded; '' for a function word."""
    word = word.lower()
    return "" if word in FUNCTION_WORDS else singular(word)


def is_pair(term: str) -> bool:
    """Whether a term is a pair of words (`policy gradient`), not a word or a keyword."""
    return PAIR in term and not term.startswith(KEYWORD)


def pairs(terms: list[str]) -> Iterator[str]:
    """The pairs of words next to each other among a text's terms in order ('' for a function
    word, which breaks a pair, as a keyword's term does: it is compared as the keyword)."""
    for first, second in pairwise(terms):
        if first and second and first[0] != KEYWORD and second[0] != KEYWORD:
            yield first + PAIR + second


def short_forms(aliases: Iterable[tuple[str, str, int]]) -> dict[str, str]:
    """The keyword each short form stands for, from (alias as written, a keyword's merge key, its
    papers): of the keywords an alias names (`GNN`: `graph neural network`, `graph neural net`),
    the one most papers have (ties: the first key). Only aliases `read_as_short_form`."""
    best: dict[str, tuple[int, str]] = {}
    for alias, key, papers in aliases:
        if read_as_short_form(alias):
            short = singular_short(alias)
            if short not in best or (-papers, key) < (-best[short][0], best[short][1]):
                best[short] = (papers, key)
    return {alias: key for alias, (_, key) in best.items()}


def read_as_short_form(alias: str) -> bool:
    """Whether a paper's alias of a keyword is a short form the similarity reads: one word with a
    capital letter (`OR` is a short form, `or` a word; `GNNs`, `DKL`, whatever its letters spell:
    `keyword_short_forms`, kept apart from the keyword's names, `keyword_aliases`)."""
    return len(alias) >= 2 and alias != alias.lower() and WORD.fullmatch(alias) is not None


def singular_short(word: str) -> str:
    """A short form without its plural `s`: `GNNs` is `GNN`."""
    return word[:-1] if len(word) > 2 and word.endswith("s") and word[:-1] != word[:-1].lower() else word


class WordTerms(dict):
    """The term of each word as written, worked out once (a corpus repeats its words): a short form
    in `aliases` (see `short_forms`), with a plural `s` or without, stands for its keyword."""

    def __init__(self, aliases: Aliases):
        super().__init__()
        self.aliases = aliases

    def __missing__(self, word: str) -> str:
        if len(self) >= CACHED_WORDS:
            self.clear()  # (the frequent words come back at once; the catalogue has 120,000 words as written: never)
        key = self.aliases.get(singular_short(word))
        term = self[word] = KEYWORD + key if key else word_term(word)
        return term

    def of(self, title: str | None, abstract: str | None, keywords: Iterable[str]) -> Counter[str]:
        """A paper's terms and how often each occurs, from its title, abstract and keywords' merge keys."""
        counts, paired = self.parts(title, abstract, keywords)
        counts.update(paired)
        return counts

    def parts(
        self, title: str | None, abstract: str | None, keywords: Iterable[str]
    ) -> tuple[Counter[str], Counter[str]]:
        """`of`'s terms in two parts: the words and keywords, and the pairs of words (`is_pair`: the
        title's pairs, which no word or keyword is), so a batch's postings are laid out by kind
        without asking each term its kind (`etl.extract.similar.blocks.Gathering`)."""
        # Each word's term by the dict's own lookup mapped over the words, counted by Counter's C
        # loop: no Python step per word (12.8 million words on the catalogue), and sums by `get`,
        # where `counts[term] += n` calls Counter's `__missing__` for every new term.
        # A title's few words and pairs are added one by one (a `Counter` of each made first cost
        # more than its ten steps: 0.2 s of the catalogue's CPU); the sums and the terms' order are
        # the same.
        term = self.__getitem__
        counts = Counter(map(term, WORD.findall(abstract))) if abstract else Counter()
        paired: Counter[str] = Counter()
        get = counts.get
        if title:
            terms = list(map(term, WORD.findall(title)))
            for name in terms:
                counts[name] = get(name, 0) + TITLE_WEIGHT
            got = paired.get
            for name in pairs(terms):
                paired[name] = got(name, 0) + TITLE_WEIGHT
        for key in set(keywords):
            name = KEYWORD + key
            counts[name] = get(name, 0) + KEYWORD_WEIGHT
        counts.pop("", None)
        return counts, paired


def paper_terms(title: str | None, abstract: str | None, keywords: Iterable[str], aliases: Aliases) -> Counter[str]:
    """One paper's terms (see `WordTerms.of`)."""
    return WordTerms(aliases).of(title, abstract, keywords)
