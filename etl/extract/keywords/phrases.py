"""Candidate key phrases: runs of content words, with the part each word may play in a phrase."""

from __future__ import annotations

import re
from typing import NamedTuple

from .memo import Memo
from .normalise import JOINED_PREFIXES, singular, unhyphenate
from .wordlists import DESCRIPTIVE_SUFFIXES, NOT_ALONE, NOT_LAST, NOT_NOUNS, NOUN_EXCEPTIONS, STOP_WORDS, VERBS

MAX_PHRASE_WORDS = 3
# Boundaries of candidate phrases within a sentence.
# A word, or a character that ends a phrase: punctuation, a full stop, a dash between spaces.
# (A word does not start after a digit: `3D generative models` and `7B parameters` are not about `D` or `B`.)
_WORD_OR_BREAK = re.compile(
    r"(?<!\d)(?:[A-Za-z∂][\w∂#+'’-]*[\w#+]|[A-Za-z∂])|[,;:()\[\]{}\"“”‘’'?!]|\.(?!\w)|(?<=\s)[-–—](?=\s)"
)
_BREAKS = STOP_WORDS | set(",;:()[]{}\"“”‘’'?!.-–—") | {"et", "al", "etc", "cf", "vs", "viz", "ie", "eg"}


class WordRoles(NamedTuple):
    """What a word may be in a candidate phrase (see `word_roles` for the rules)."""

    low: str  # lower case
    inner: str  # normalised inside a phrase (hyphens as spaces)
    last: str  # normalised at the end of a phrase (last part singular)
    ends: bool  # may end a phrase
    starts: bool  # may start a phrase
    alone: bool  # may be a keyword on its own
    generic: bool  # a generic word (`model`, `tasks`): never a keyword alone
    breaks: bool  # a stop word or punctuation: ends the run of content words
    prefix: bool  # a prefix written apart (`multi`, `non`): joins the next word


def phrase_candidates(text: str) -> tuple[dict[str, int], dict[str, list]]:
    """(lower-case content word -> count, normalised phrase -> [count, index of first occurrence,
    the phrase as written]) for runs of content words: phrases of up to three words, in which generic
    words never stand alone and describing words never end a phrase."""
    found: dict[str, list] = {}
    counts: dict[str, int] = {}
    position = 0
    cache = _WORD_CACHE
    run: list[str] = []
    roles: list[WordRoles] = []
    of_head = None  # (word, roles, position) of the last word before an `of`: `mixture | of experts`
    verb_next = False  # after a subject pronoun (and stop words): the next content word is its verb
    for word in _WORD_OR_BREAK.findall(text):
        r = cache.get(word) or word_roles(word)
        if r.breaks:
            verb_next = r.low in _SUBJECTS or (verb_next and (r.low in _BEFORE_VERB or r.low.endswith("ly")))
        elif verb_next:  # `we build`, `they notice`, `we can also model`: the verb is no phrase word
            verb_next = False
            r = _VERB
        if r.breaks:  # a stop word, a clause break or a subject's verb ends the run
            # `Chee et al.`: a name, no keyword; `space corresponding | to`: a participle, no noun
            if run and (
                (r.low == "et" and run[-1][:1].isupper()) or (r.low in _OBJECT_STARTS and _is_participle(roles[-1]))
            ):
                run.pop()
                roles.pop()
            of_head = (run[-1], roles[-1], position + len(run) - 1) if run and r.low == "of" else None
            if len(run) == 1:  # the common case, without a call
                only = roles[0]
                if only.alone:
                    entry = found.get(only.last)
                    if entry is None:
                        found[only.last] = [1, position, run[0]]
                    else:
                        entry[0] += 1
                position += 2
                run, roles = [], []
            elif run:
                _add_ngrams(run, roles, position, found)
                position += len(run) + 1
                run, roles = [], []
        elif of_head is not None:  # the first word after `of`
            _add_of_phrase(of_head, word, r, found)
            of_head = None
            run.append(word)
            roles.append(r)
            counts[r.low] = counts.get(r.low, 0) + 1
        elif roles and roles[-1].prefix:  # `multi task` is `multi-task` (and `multitask`)
            run[-1] += "-" + word
            roles[-1] = cache.get(run[-1]) or word_roles(run[-1])
            counts[r.low] = counts.get(r.low, 0) + 1
        else:
            run.append(word)
            roles.append(r)
            counts[r.low] = counts.get(r.low, 0) + 1
    if run:
        _add_ngrams(run, roles, position, found)
    return counts, found


def _add_of_phrase(head: tuple, word: str, r: WordRoles, found: dict[str, list]) -> None:
    """Count `A of B` (`mixture of experts`, `chain of thought`, `theory of mind`) when A may start
    a phrase and B end one, neither is a generic word (not `number of parameters`) and B is no
    short form (`potential of AI`, `safety of LLMs`: authors write `AI potential`, `LLM safety`)."""
    first, a, position = head
    if not (a.starts and r.ends) or a.generic or r.generic or word.rstrip("s").isupper():
        return
    key = a.inner + " of " + r.last
    entry = found.get(key)
    if entry is None:
        found[key] = [1, position, first + " of " + word]
    else:
        entry[0] += 1


def is_findable_phrase(phrase: str) -> bool:
    """Whether `phrase` can be one of `phrase_candidates`' phrases (for checking topic terms)."""
    words = phrase.split()
    if not 1 <= len(words) <= MAX_PHRASE_WORDS or any(w in STOP_WORDS for w in words):
        return False
    if len(words) == 1:
        return word_roles(words[0]).alone
    return word_roles(words[0]).starts and word_roles(words[-1]).ends


WORD_MEMO = 50_000  # words whose roles are remembered at a time (about 350 bytes a word)
_WORD_CACHE: Memo[WordRoles] = Memo(WORD_MEMO)
# Pronouns whose next content word is their verb (`we build a benchmark`, `they notice`).
_SUBJECTS = frozenset("we they you he she it".split())
# Words between a subject and its verb: modals, auxiliaries, adverbs (and any -ly adverb).
_BEFORE_VERB = frozenset(
    "can could may might will would shall should must do does did not also further then thus hence"
    " therefore first now still often only even again additionally instead".split()
)
# Words that start a verb's object or complement: an -ing word before one is a participle
# (`providing the`, `corresponding to`), not a noun (`question answering`).
_OBJECT_STARTS = frozenset("the a an to their its our his her this these those each every".split())
# Nouns that head the term before them: `large language | models` is no phrase without `models`.
_TERM_HEADS = frozenset("model models network networks".split())
_VERB = WordRoles("", "", "", False, False, False, False, True, False)  # a verb ends the run as a stop word does
# Endings of words that describe (adjectives, participles, adverbs): they may start a phrase or sit
# inside one, but a phrase does not end with one, nor is one a keyword alone.
_MODIFIER_ENDINGS = ("ed", "ly", "al", "ar", "ive", "ous", "ic", "able", "ible", "ful", "less", "ing")
# Hyphenated compounds that describe (`large-scale`, `first-order`, `LLM-based`): like adjectives,
# they start phrases (`first-order methods`) but neither end one nor stand alone.
_COMPOUND_MODIFIERS = (
    *DESCRIPTIVE_SUFFIXES,
    "-term",
    "-width",
    "-dimensional",
    "-grained",
    "-range",
    "-efficient",
    "-dependent",
    "-independent",
    "-invariant",
    "-equivariant",
)


def word_roles(word: str) -> WordRoles:
    """The parts `word` may play in a phrase (remembered). Describing words (adjectives, participles) do not end a phrase;
    verbs in -ing and adverbs in -ly do not start one (`maintaining user privacy`); a word in -ing
    ends a phrase as a noun (`question answering`) but stands alone only if it is a known noun."""
    cached = _WORD_CACHE.get(word)
    if cached is None:
        low = word.lower()
        inner = unhyphenate(low)
        head, _, tail = inner.rpartition(" ")
        last = (head + " " if head else "") + singular(tail)
        if len(word) == 3 and word[2] == "s" and word[:2].isupper():  # `LMs`, `EBs`: a short form's plural
            last = low[:2]
        # a known noun, also as the last part of a hyphenated word (`Q-learning`, `score-matching`), or a name
        known = low in NOUN_EXCEPTIONS or tail in NOUN_EXCEPTIONS or word[1:] != word[1:].lower()
        gerund = low.endswith("ing")
        ends = (
            low not in NOT_LAST
            and (known or gerund or not low.endswith(_MODIFIER_ENDINGS))
            and not low.endswith(_COMPOUND_MODIFIERS)
            and (known or gerund or low not in NOT_NOUNS)  # `dense`, `efficient`, `online`: never the head of a phrase
        )
        starts = known or not low.endswith(("ing", "ly"))
        alone = (
            ends
            and (known or (not gerund and not low.endswith(("ize", "izes"))))
            and low not in NOT_ALONE
            and (len(low) >= 4 or known)
        )
        # a lone letter (`e.g.` reads as `e`, `g`), an abbreviation (`et al.`) or a possessive
        # (`the model's output`) ends the run as a stop word does
        # an adverb (`frequently`: a -ly word the lexicon knows as no noun) ends it too, so a verb
        # after it never closes a phrase (`approaches frequently encounter`); so does a verb
        breaks = (
            low in _BREAKS
            or len(low) == 1
            or low.endswith(("'s", "’s"))
            or (low.endswith("ly") and low in NOT_NOUNS and not known)
            or (low in VERBS and not known)  # `approach represents molecules`, `calibrate model predictions`
        )
        cached = WordRoles(low, inner, last, ends, starts, alone, low in NOT_ALONE, breaks, low in JOINED_PREFIXES)
        _WORD_CACHE.remember(word, cached)
    return cached


def _is_participle(r: WordRoles) -> bool:
    """Whether the word may be a verb in -ing rather than a noun (see `_OBJECT_STARTS`)."""
    return r.low.endswith("ing") and r.low in NOT_NOUNS and r.low not in NOUN_EXCEPTIONS


def _add_ngrams(run: list[str], roles: list[WordRoles], position: int, found: dict[str, list]) -> None:
    """Count the run's phrases of one to three words (see `word_roles` for the rules)."""
    size = len(run)
    get = found.get
    for i in range(size):
        a = roles[i]
        if a.alone:
            key = a.last
            entry = get(key)
            if entry is None:
                found[key] = [1, position + i, run[i]]
            else:
                entry[0] += 1
        if not a.starts or i + 1 == size:
            continue
        b = roles[i + 1]
        # `model(s)` and `network(s)` are the head of the term before them (`large language | models`);
        # other generic nouns follow a whole term (`robotic manipulation | tasks`, `score matching | techniques`)
        if b.ends and not (i + 2 < size and roles[i + 2].low in _TERM_HEADS):
            key = a.inner + " " + b.last
            entry = get(key)
            if entry is None:
                found[key] = [1, position + i, run[i] + " " + run[i + 1]]
            else:
                entry[0] += 1
        if i + 2 < size:
            c = roles[i + 2]
            if c.ends and not (i + 3 < size and roles[i + 3].low in _TERM_HEADS):
                key = a.inner + " " + b.inner + " " + c.last
                entry = get(key)
                if entry is None:
                    found[key] = [1, position + i, run[i] + " " + run[i + 1] + " " + run[i + 2]]
                else:
                    entry[0] += 1
