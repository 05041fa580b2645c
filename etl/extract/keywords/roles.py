"""What a word may be in a candidate phrase (`word_roles`): its normalised forms, whether it may
start, end or stand alone as a phrase, and whether it breaks a run (stop words, verbs, debris)."""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from .heads import AFTER_TERMS, opens_compound
from .memo import Memo
from .normalise import JOINED_PREFIXES, singular, spelled, unhyphenate, word_name
from .wordlists import (
    CLASSIFYING_ADJECTIVES,
    DESCRIPTIVE_SUFFIXES,
    GENERAL_ADJECTIVES,
    GRADABLE_ADJECTIVES,
    HYPHEN_HEADS,
    LIKELY_VERBS,
    NAMED_MODIFIERS,
    NOT_ALONE,
    NOT_LAST,
    NOT_NOUNS,
    NOUN_EXCEPTIONS,
    PARTICIPLES,
    STOP_WORDS,
    TERM_STOPS,
    VERB_FORMS,
    VERB_S_FORMS,
    VERBS,
)

_BREAKS = STOP_WORDS | set(",;:()[]{}\"“”‘’'?!.-–—") | {"et", "al", "etc", "cf", "vs", "viz", "ie", "eg", "aka", "resp"}


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
    verb_s: bool  # a plural noun or a verb (`models`, `benefits`): a verb before a content word
    plural: bool  # a plural noun (its singular differs)
    fragment: bool  # the end of a word a line break split (`initial | ization`): debris
    describes: bool  # a describing word (`realistic`, `generated`, `multi-label`): see `describes`
    modifier: bool  # a hyphenated word the abstracts put before nouns (`multi-label`): no head unless chosen
    drops: bool  # an evaluative word a term after it stands without (`novel | graph contrastive loss`)
    # The word's part in the context rules of `phrase_candidates`, decided once per word:
    kind: int  # as the word before another: PLURAL | ENDS | GENERIC
    verb_when: int  # where a content word is a verb: bit s for the state s before it, bit 8 + k after a word of kind k
    moves: tuple[int, ...]  # a break word: the state after it, by the state before it (`_moves`)
    pops: bool  # a break word that may take the run's last word out (`et`, a determiner, a fragment)
    cuts: bool  # an adverb (`partially | observable domains`): the run after it starts cut
    heads: bool  # a phrase before this word has its head (see `AFTER_TERMS`)
    alone_key: str = ""  # normalised alone, where not `last`: a name in capitals that is also a word (`ROBOT`)
    opens: bool = False  # an adjective that opens a compound inside a run (see `opens_compound`)


# Pronouns whose next content word is their verb (`we build a benchmark`, `they notice`).
SUBJECTS = frozenset("we they you he she it".split())
# Words after which a word that is most often a verb is one: `to convert`, `which models`, `that supports`.
BEFORE_VERBS = frozenset("to which that who".split())
# Auxiliaries: a word in -ed after one is a verb (`has gained`, `were collected`).
AUXILIARIES = frozenset("has have had is are was were be been being".split())
# Modals: the next content word is a verb (`robots can grasp larger objects`).
MODALS = frozenset("can could may might will would shall should must cannot".split())
# Words between a subject and its verb: modals, auxiliaries, adverbs (and any -ly adverb).
BEFORE_VERB = frozenset(
    "can could may might will would shall should must do does did not also further then thus hence"
    " therefore first now still often only even again additionally instead".split()
)
# Words that start a verb's object or complement: an -ing word before one is a participle
# (`providing the`, `corresponding to`), not a noun (`question answering`).
OBJECT_STARTS = frozenset("the a an to their its our his her this these those each every".split())
# Object pronouns (and `it` right after a word in -ing): a word in -ing before one is a verb, even one the lexicon
# knows as a noun (`thus rendering them unfit`, `rendering it`, `by training themselves`).
OBJECT_PRONOUNS = frozenset("it them themselves us itself".split())
# Heads a count or an order grades (`first order`, `three dimensional`, `few shot`, `two layer`, `higher
# level`, `one bit`, `high frequency`), and the counts: written apart, the two are one modifier
# (`first-order marginals`, `high-frequency information`), not a phrase of the head alone.
COUNTED_HEADS = frozenset("order dimensional shot layer level stage step bit frequency".split())
COUNTS = frozenset(
    "first second third fourth fifth nth one two three four five six seven eight nine ten few single zero"
    " high low higher lower".split()
)
# Words after which a noun in -ing before its object is a participle (`..., rendering standard RL
# inefficient`, `thus rendering the methods impractical`): `phrases._opens_clause`.
CLAUSE_OPENERS = frozenset(", thus thereby hence often".split())
# Latin expressions whose first word is a stop word: one word, as if hyphenated (`in situ correction`, not
# `situ correction`: `phrases._WORD_OR_BREAK`; kwdebris25)
LATIN = frozenset(("in situ", "in vivo", "in vitro", "in silico", "in utero", "a priori", "a posteriori"))
# Stop words that are the first word of terms: the run after one starts cut (`nonlinear least |
# squares problem` is no `squares problem`, `least-squares error` no `squares error`).
CUTTING_STOPS = frozenset(["least"])
# Words that start a noun phrase: a plural-or-verb form right before one is a verb.
DETERMINERS = frozenset("the a an their its our his her this these those each every up".split())
WORD_MEMO = 50_000  # words whose roles are remembered at a time (about 380 bytes a word)


class RolesMemo(Memo[WordRoles]):
    """Words' remembered roles; `memo[word]` works out a word's, or takes its lower case's where only its first
    letter is a capital (`Learning`: `word_roles` reads the case past it, or whole, `A1`, `G’s`, `LMs`)."""

    __slots__ = ()

    def __missing__(self, word: str) -> WordRoles:
        low = word.lower()
        if word[1:] != low[1:] or word == low or word.isupper() or (word[2:] == "s" and word[:2].isupper()):
            return word_roles(word)
        return self.remember(word, self[low])


WORD_CACHE = RolesMemo(WORD_MEMO)
# a verb ends the run as a stop word does (and takes no word out of it)
VERB = WordRoles(
    low="",
    inner="",
    last="",
    ends=False,
    starts=False,
    alone=False,
    generic=False,
    breaks=True,
    prefix=False,
    verb_s=False,
    plural=False,
    fragment=False,
    describes=False,
    modifier=False,
    drops=False,
    kind=0,
    verb_when=0,
    moves=(0,) * 8,
    pops=False,
    cuts=False,
    heads=True,
)
# A count's unit (`6 DOF robot arm`, `two DoF joints`): it grades the count before it, and a phrase
# it opens is a piece cut from that count (`DOF manipulator`), as `7-DOF manipulator` written with a
# hyphen is `manipulator` (`phrases._WORD_OR_BREAK`).
_UNITS = frozenset("dof dofs".split())
# Endings of words that describe (adjectives, participles, adverbs): they may start a phrase or sit
# inside one, but a phrase does not end with one, nor is one a keyword alone.
_MODIFIER_ENDINGS = ("ed", "ly", "al", "ar", "ive", "ous", "ic", "able", "ible", "ful", "less", "ing")
# Hyphenated compounds that describe (`large-scale`, `first-order`, `LLM-based`): like adjectives,
# they start phrases (`first-order methods`) but neither end one nor stand alone.
_COMPOUND_MODIFIERS = (
    *DESCRIPTIVE_SUFFIXES,
    *"-term -width -dimensional -grained -range -efficient -dependent -independent -invariant -equivariant".split(),
)


# The end of a word a line break split in a PDF's text (`initial ization`, `representa-tion`): debris.
_WORD_END = re.compile(
    r"(?:^|-)(?:[st]ions?|ments?|ness|it(?:y|ies)|[iy]zations?|[iy]sations?|ations?|tures?|ances?|ences?)$"
)


def word_roles(word: str) -> WordRoles:
    """The parts `word` may play in a phrase (remembered). Describing words (adjectives, participles) do not end a phrase;
    verbs in -ing and adverbs in -ly do not start one (`maintaining user privacy`); a word in -ing
    ends a phrase as a noun (`question answering`) but stands alone only if it is a known noun."""
    cached = WORD_CACHE.get(word)
    if cached is None and word.lower() in LATIN:  # (`in situ`: as `in-situ`, after a head: `dictionary in situ`)
        return word_roles(word.replace(" ", "-"))._replace(heads=True)
    if cached is None:
        low = word.lower()
        inner = spelled(unhyphenate(low))  # (British spellings American: `normalise_keyword`)
        head, _, tail = inner.rpartition(" ")
        last = (head + " " if head else "") + spelled(singular(tail))
        if len(word) == 3 and word[2] == "s" and word[:2].isupper():  # `LMs`, `EBs`: a short form's plural
            last = low[:2]
        # a known noun, also as the last part of a hyphenated word (`Q-learning`, `score-matching`), or a name
        known = low in NOUN_EXCEPTIONS or tail in NOUN_EXCEPTIONS or word[1:] != word[1:].lower()
        gerund = low.endswith("ing")
        compound = low in TERM_STOPS  # (`mechanism design`, `pose estimation`: a noun, unless a verb)
        ends = (
            low not in NOT_LAST
            and (known or gerund or not low.endswith(_MODIFIER_ENDINGS))
            and not low.endswith(_COMPOUND_MODIFIERS)
            and (known or gerund or low not in NOT_NOUNS)  # `dense`, `efficient`, `online`: never the head of a phrase
        )
        starts = (known or not low.endswith(("ing", "ly"))) and low not in _UNITS
        alone = (
            ends
            and (known or (not gerund and not low.endswith(("ize", "izes"))))
            and low not in NOT_ALONE
            and (len(low) >= 4 or known)
            and not compound
        )
        # a lone letter (`e.g.` reads as `e`, `g`), an abbreviation (`et al.`) or a possessive
        # (`the model's output`) ends the run as a stop word does
        # an adverb (`frequently`: a -ly word the lexicon knows as no noun) ends it too, so a verb
        # after it never closes a phrase (`approaches frequently encounter`); so does a verb
        breaks = (
            (low in _BREAKS and not compound)
            or len(low) == 1
            or low.endswith(("'s", "’s"))
            or (low.endswith("ly") and low in NOT_NOUNS and not known)
            or (low in VERBS and not known)  # `approach represents molecules`, `calibrate model predictions`
            or (len(low) > 6 and low.endswith(("ize", "izes")) and not known)  # `to synergize grasping`
            or "_" in low  # LaTeX debris (`Sigma_XX`)
        )
        # debris ends the run too
        fragment = _WORD_END.search(low) is not None
        breaks = breaks or fragment
        verb_s = low in VERB_S_FORMS and not known
        plural = last != inner and not word.isupper()
        generic = low in NOT_ALONE
        fragment = fragment and low[:1].isalpha()
        cached = WordRoles(
            low,
            inner,
            last,
            ends,
            starts,
            alone,
            generic,
            breaks,
            low in JOINED_PREFIXES,
            verb_s,
            plural,
            fragment,
            describes(low) and not known,
            # (`AI-powered`; a name's capitals make no head of a word the abstracts put before nouns:
            # `Karush-Kuhn-Tucker`, `Gough-Stewart`, `NAMED_MODIFIERS`)
            "-" in low
            and (low not in HYPHEN_HEADS or known)
            and (not known or low.endswith("ed") or low in NAMED_MODIFIERS),
            # (and a verb in -ing before its object: `in reducing | tool motion`)
            (
                (((low in GRADABLE_ADJECTIVES or low in _QUANTIFIERS) and not low.endswith("ed")) or low in PARTICIPLES)
                and not known
            )
            or low in _UNITS,  # (and a unit: `6 DOF | robot arm` is whole)
            plural * PLURAL | ends * ENDS | generic * GENERIC,
            _verb_when(word, low, known, verb_s) | compound * _COMPOUND_VERB,
            _moves(low),
            low == "et" or low in OBJECT_STARTS or low in DETERMINERS or low in OBJECT_PRONOUNS or fragment,
            (low.endswith("ly") and len(low) > 4 and low not in STOP_WORDS) or low in CUTTING_STOPS,
            not ends or low in AFTER_TERMS,
            word_name(word),
            opens_compound(low, ends, starts, breaks, describes(low) and not known),
        )
        WORD_CACHE.remember(word, cached)
    return cached


PLURAL, ENDS, GENERIC = 1, 2, 4  # the kinds of word before another (`WordRoles.kind`)
# The state of `phrase_candidates` before a content word, as bits: after a subject pronoun or a
# modal (and words between it and its verb), the next content word is a verb; after `to` or
# `which`, a word most often a verb is one; after an auxiliary, a word in -ed is one.
AFTER_SUBJECT, AFTER_TO, AFTER_AUXILIARY = 1, 2, 4


# The masks of `_verb_when`: the states with a bit set, and the kinds with a bit set.
_STATES_SUBJECT, _STATES_TO, _STATES_AUXILIARY = 0xAA, 0xCC, 0xF0  # (states 1, 3, 5, 7; 2, 3, 6, 7; 4 to 7)
_KINDS_PLURAL, _KINDS_ENDS, _KINDS_ENDS_OR_GENERIC = 0xAA, 0xCC, 0xFC
# Where a word of `TERM_STOPS` is a verb: after a subject, a modal, `to` or `which`, or a plural noun.
_COMPOUND_VERB = _STATES_SUBJECT | _STATES_TO | _KINDS_PLURAL << 8


def _verb_when(word: str, low: str, known: bool, verb_s: bool) -> int:
    """Where a content word is a verb, not a phrase word (`we build`, `robots can grasp`, `to
    extract`, `responses serve`, `events occurring`, a noun's `supports`, `raises`; `spectral
    gauges` stays): bit s set for each state s before it (see AFTER_SUBJECT), bit 8 + k for each
    kind k of the run's word before it (see PLURAL)."""
    verb = low in LIKELY_VERBS and not known  # most often a verb (`convert`, `serve`): after `to`, a plural noun
    states = _STATES_SUBJECT
    if verb or verb_s:
        states |= _STATES_TO
    if low.endswith("ed"):
        states |= _STATES_AUXILIARY
    kinds = 0
    if verb:  # (`raises` after a singular noun too: `the model raises`)
        kinds = _KINDS_ENDS_OR_GENERIC | _KINDS_PLURAL if low[-1:] == "s" else _KINDS_PLURAL
    # after a plural noun: a participle, a verb's base or past form (`form`, `spread`), an -s form
    if is_participle_word(low) or (low in VERB_FORMS and word[1:] == word[1:].lower()) or verb_s:
        kinds |= _KINDS_PLURAL
    if low in PARTICIPLES and not known:  # an -ing word that takes a complement (`consisting`): after a noun
        kinds |= _KINDS_ENDS
    return states | kinds << 8


@cache
def _moves_of(subject: bool, keeps: bool, to: bool, ly: bool, auxiliary: bool) -> tuple[int, ...]:
    return tuple(
        (subject or bool(state & AFTER_SUBJECT and keeps)) * AFTER_SUBJECT
        | (to or bool(state & AFTER_TO and ly)) * AFTER_TO
        | (auxiliary or bool(state & AFTER_AUXILIARY and ly)) * AFTER_AUXILIARY
        for state in range(8)
    )


def _moves(low: str) -> tuple[int, ...]:
    """The state after a break word, by the state before it (see AFTER_SUBJECT): a subject or
    a modal sets AFTER_SUBJECT, the words between them and their verb keep it; `to` sets AFTER_TO,
    an auxiliary AFTER_AUXILIARY, an adverb in -ly keeps either."""
    ly = low.endswith("ly")
    return _moves_of(
        low in SUBJECTS or low in MODALS, ly or low in BEFORE_VERB, low in BEFORE_VERBS, ly, low in AUXILIARIES
    )


def is_participle(r: WordRoles) -> bool:
    """Whether the word may be a verb in -ing rather than a noun (see `OBJECT_STARTS`)."""
    return is_participle_word(r.low)


def is_participle_word(low: str) -> bool:
    """`is_participle` of a lower-case word."""
    return low.endswith("ing") and low in NOT_NOUNS and low not in NOUN_EXCEPTIONS


# Quantifiers that describe how many, not what (`multiple challenges`, `numerous applications`).
_QUANTIFIERS = frozenset("multiple numerous countless myriad".split())


def describes(low: str) -> bool:
    """Whether a word describes rather than classifies, so that a phrase opening with it is a
    description (`realistic images`, `generated samples`, `multiple challenges`, `hand-designed
    competitors`) unless authors choose it, and a phrase after it is whole (`novel | graph
    contrastive loss`): a general or gradable adjective, a quantifier, a past participle (an -ed
    word the lexicon knows as no noun), or a hyphenated modifier ending in one (`man-made`); not
    an adjective that opens authors' keywords (`partial differential equations`)."""
    return low not in CLASSIFYING_ADJECTIVES and (
        low in GENERAL_ADJECTIVES
        or low in GRADABLE_ADJECTIVES
        or low in _QUANTIFIERS
        or (low.endswith(("ed", "-made")) and (low in NOT_NOUNS or "-" in low))
    )


MAX_PHRASE_WORDS = 3  # (the longest candidate phrase: `phrases._add_ngrams`)


def is_findable_phrase(phrase: str) -> bool:
    """Whether `phrase` can be one of `phrases.phrase_candidates`' phrases (for checking topic terms)."""
    words = phrase.split()
    if not 1 <= len(words) <= MAX_PHRASE_WORDS or any(w in STOP_WORDS for w in words):
        return False
    if len(words) == 1:
        return word_roles(words[0]).alone
    return word_roles(words[0]).starts and word_roles(words[-1]).ends
