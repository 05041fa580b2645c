"""What a word may be in a candidate phrase (`word_roles`): its normalised forms, whether it may
start, end or stand alone as a phrase, and whether it breaks a run (stop words, verbs, debris)."""

from __future__ import annotations

import re
from typing import NamedTuple

from .memo import Memo
from .normalise import JOINED_PREFIXES, singular, unhyphenate
from .wordlists import (
    CLASSIFYING_ADJECTIVES,
    DESCRIPTIVE_SUFFIXES,
    GENERAL_ADJECTIVES,
    GRADABLE_ADJECTIVES,
    HYPHEN_HEADS,
    LIKELY_VERBS,
    NOT_ALONE,
    NOT_LAST,
    NOT_NOUNS,
    NOUN_EXCEPTIONS,
    PARTICIPLES,
    STOP_WORDS,
    VERB_FORMS,
    VERB_S_FORMS,
    VERBS,
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
    verb: bool  # most often a verb (`convert`, `serve`): one after `to` or a plural noun
    verb_s: bool  # a plural noun or a verb (`models`, `benefits`): a verb before a content word
    plural: bool  # a plural noun (its singular differs)
    fragment: bool  # the end of a word a line break split (`initial | ization`): debris
    describes: bool  # a describing word (`realistic`, `generated`, `multi-label`): see `describes`
    participle: bool  # a word in -ing that takes a complement (`consisting`): a verb after a noun
    verb_form: bool  # may be a verb's base or past form (`form`, `spread`): a verb after a plural noun
    modifier: bool  # a hyphenated word the abstracts put before nouns (`multi-label`): no head unless chosen
    drops: bool  # an evaluative word a term after it stands without (`novel | graph contrastive loss`)


WORD_MEMO = 50_000  # words whose roles are remembered at a time (about 350 bytes a word)
WORD_CACHE: Memo[WordRoles] = Memo(WORD_MEMO)
# a verb ends the run as a stop word does
VERB = WordRoles(
    "", "", "", False, False, False, False, True, False, True, False, False, False, False, False, False, False, False
)
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


# The end of a word a line break split in a PDF's text (`initial ization`, `representa-tion`): debris.
_WORD_END = re.compile(
    r"(?:^|-)(?:[st]ions?|ments?|ness|it(?:y|ies)|[iy]zations?|[iy]sations?|ations?|tures?|ances?|ences?)$"
)


def word_roles(word: str) -> WordRoles:
    """The parts `word` may play in a phrase (remembered). Describing words (adjectives, participles) do not end a phrase;
    verbs in -ing and adverbs in -ly do not start one (`maintaining user privacy`); a word in -ing
    ends a phrase as a noun (`question answering`) but stands alone only if it is a known noun."""
    cached = WORD_CACHE.get(word)
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
            or (len(low) > 6 and low.endswith(("ize", "izes")) and not known)  # `to synergize grasping`
            or "_" in low  # LaTeX debris (`Sigma_XX`)
        )
        # debris ends the run too
        fragment = _WORD_END.search(low) is not None
        breaks = breaks or fragment
        verb = low in LIKELY_VERBS and not known
        verb_s = low in VERB_S_FORMS and not known
        plural = last != inner and not word.isupper()
        cached = WordRoles(
            low,
            inner,
            last,
            ends,
            starts,
            alone,
            low in NOT_ALONE,
            breaks,
            low in JOINED_PREFIXES,
            verb,
            verb_s,
            plural,
            fragment and low[:1].isalpha(),
            describes(low) and not known,
            low in PARTICIPLES and not known,
            low in VERB_FORMS and word[1:] == word[1:].lower(),  # (a noun too: `objects need`)
            "-" in low and low not in HYPHEN_HEADS and (not known or low.endswith("ed")),  # (`AI-powered`)
            # (and a verb in -ing before its object: `in reducing | tool motion`)
            (((low in GRADABLE_ADJECTIVES or low in _QUANTIFIERS) and not low.endswith("ed")) or low in PARTICIPLES)
            and not known,
        )
        WORD_CACHE.remember(word, cached)
    return cached


def is_participle(r: WordRoles) -> bool:
    """Whether the word may be a verb in -ing rather than a noun (see `_OBJECT_STARTS`)."""
    return r.low.endswith("ing") and r.low in NOT_NOUNS and r.low not in NOUN_EXCEPTIONS


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
