"""Candidate key phrases: runs of content words, each word playing the part `roles` gives it."""

from __future__ import annotations

import re
from itertools import pairwise

from .heads import COMPOUNDING
from .latin import latin_alternatives
from .roles import (
    AFTER_TO,
    CLAUSE_OPENERS,
    COUNTED_HEADS,
    COUNTS,
    DETERMINERS,
    OBJECT_PRONOUNS,
    OBJECT_STARTS,
    VERB,
    WORD_CACHE,
    WordRoles,
    is_participle,
)
from .wordlists import CLASSIFYING_ADJECTIVES, ING_COMPOUNDS, ING_MODIFIERS, NOT_NOUNS, NOUN_EXCEPTIONS, VERB_FORMS

# Boundaries of candidate phrases within a sentence.
# A word, or a character that ends a phrase: punctuation, a full stop, a dash between spaces.
# (A word starts after no letter, digit or hyphen: `3D generative models` and `7B parameters` are not about `D`
# or `B`, `4-DOF parallel mechanism` not about `DOF`, and `Gröbner basis` is not `bner basis`.)
# A count in digits is a word only before a head it grades (`roles.COUNTED_HEADS`: `3 dimensional
# space`, `4th order dynamics`, `1 bit mantissa`), which it joins as a count in words does.
# `named entity` is one word: `named` before it is no stop word (`a method named X`) but the term's
# own first word (`named entity recognition`, not `entity recognition`; issue #36, kwfirst23). So is
# a Latin expression whose first word is a stop word (`in situ`, `in vivo`, `a priori`: `roles.LATIN`,
# `latin`).
_WORD_OR_BREAK = re.compile(
    r"(?<![\w-])(?:[Nn](?i:amed entit(?:y|ies))(?![\w-])|"
    + latin_alternatives()
    + r"|[A-Za-z∂][\w∂#+'’-]*[\w#+]|[A-Za-z∂])"
    r"|[,;:()\[\]{}\"“”‘’'?!/—]|\.(?!\w)|(?<=\s)[-–](?=\s)"
    r"|(?<![\w.-])\d+(?:st|nd|rd|th)?(?=\s+(?i:" + "|".join(sorted(COUNTED_HEADS)) + r")\b)"
)


# Words after which `to` is an infinitive's (`in order to`, `able to`, `..., to`, `is used to`), not a
# preposition's (`applied to`, `approach to`): a verb's base form after it is the verb, even one the
# lexicon knows as a noun more often (`..., to control devices`); so after `to` and an adverb (`to
# directly control devices`), where no preposition's `to` stands (`_base_verb`).
INFINITIVE_MARKERS = frozenset(
    ", order able unable how used aim aims aiming seek seeks attempt attempts try tries trying want wants"
    " need needs needed strive strives".split()
)
# How whole a candidate phrase stands in its run, at best (the last field of its entry): it ends
# before its head noun (`self-supervised anomaly | detection`); it has its head but starts after a
# word that classifies (`machine | learning models`, `high | resolution images`, `support | vector
# machines`: cut from a longer term, another meaning); whole (from its run's start, or after a word
# that only describes: `novel | graph contrastive loss`). Between the last two, a phrase once written
# before an adjective that opens its run's next compound (`attentive graph | neural network`:
# `_opens_compound`), which is whole only where the catalogue's titles head it as a term of its own
# (`latent variable | discriminative model`: `pieces.mark_before_compounds`).
HEADLESS, LEFT_CUT, BEFORE_COMPOUND, WHOLE = 0, 1, 2, 3


def phrase_candidates(text: str) -> tuple[dict[str, int], dict[str, list]]:
    """(lower-case content word -> count, normalised phrase -> [count, index of first occurrence,
    the phrase as written, how whole it once stands: `WHOLE`, `LEFT_CUT` or `HEADLESS`]) for runs of content words:
    phrases of up to three words, in which generic words never stand alone and describing words never
    end a phrase (see `_add_ngrams`)."""
    found: dict[str, list] = {}
    counts: dict[str, int] = {}
    position = 0
    cache = WORD_CACHE
    run: list[str] = []
    roles: list[WordRoles] = []
    of_head = None  # (word, roles, position) of the last word before an `of`: `mixture | of experts`
    of_tail = None  # (word, roles) of the first word after it, counted when it ends its run
    # what the words before say of the next content word (`roles.AFTER_SUBJECT`, `AFTER_TO`,
    # `AFTER_AUXILIARY`): each word's part in it is decided once, in its `WordRoles`
    state = 0
    cut = False  # the run starts after an adverb (`partially | observable domains`): its first phrases are cut
    last, last_word = VERB, ""  # the word that ended the last run (or came after it): what the next run follows
    infinitive = False  # the last `to` is an infinitive's (after `INFINITIVE_MARKERS`)
    words = _WORD_OR_BREAK.findall(text)
    for word, r in zip(words, map(cache.__getitem__, words), strict=True):  # (the roles of known words looked up in C)
        if r.breaks:
            state = r.moves[state]
            infinitive = r.low == "to" and (roles[-1].low if run else last.low) in INFINITIVE_MARKERS
        elif (
            (r.verb_when >> state) & 1
            or (
                roles
                and (r.verb_when >> (8 + roles[-1].kind)) & 1
                and (r.low not in _ING_HEADS or _clause(roles[-1], r))
            )
            or (state & AFTER_TO and not run and (infinitive or last.cuts) and _base_verb(word, r))
        ):
            # `we build`, `robots can grasp`, `to extract`, `responses serve`, `..., to control devices`,
            # `to directly control devices`: the verb is no phrase word
            state = 0
            r = VERB
        else:
            state = 0
            if len(roles) > 1 and roles[-1].verb_s and not r.low.endswith("ed"):
                # `recourse benefits users`, `algorithm models human behaviour`: the -s form before
                # a content word is the verb, and the run before it ends there
                run.pop()
                roles.pop()
                position = _end_run(run, roles, position, found, of_head, of_tail, cut)
                of_head = of_tail = None
                run, roles = [], []
                cut = False
                last = VERB
            joins = False  # `multi task` is `multi-task` (and `multitask`), `higher level` is `higher-level`
            if r.low in COUNTED_HEADS:  # `first order marginals`: the count and its head are one modifier
                if not run and (last.low in COUNTS or last.low[:1].isdigit()):
                    word = last_word + "-" + word
                    r = cache[word]
                else:
                    joins = bool(roles) and (roles[-1].low in COUNTS or roles[-1].low[:1].isdigit())
            elif len(roles) == 1 and (
                (last.low in CLAUSE_OPENERS and _opens_clause(roles[0], r))
                or (last.low == "to" and _adjective(r) and _base_verb(run[0], roles[0]))
            ):
                # `..., rendering significant jitters`, `to travel long distances`: the participle or the
                # verb is no phrase word, its object stays whole
                run, roles = [], []
                position += 1
                cut = False
            if of_head is not None and not run:  # the first word after `of`
                of_tail = (word, r)
            if joins or (roles and roles[-1].prefix):
                run[-1] += "-" + word
                roles[-1] = cache[run[-1]]
                if of_tail is not None and len(run) == 1:
                    of_tail = (run[0], roles[0])
            else:
                run.append(word)
                roles.append(r)
            counts[r.low] = counts.get(r.low, 0) + 1
            continue
        # a stop word, a clause break or a verb ends the run
        if not run:
            of_head = None
            cut = r.cuts
            last, last_word = r, word
            continue
        # `Chee et al.`: a name, no keyword; `space corresponding | to`: a participle, no noun
        if (
            r.pops
            and (
                (r.low == "et" and run[-1][:1].isupper())
                or (
                    r.low in OBJECT_STARTS
                    and is_participle(roles[-1])
                    and _clause(roles[-2] if len(roles) > 1 else None, roles[-1])
                )
                or (r.low in OBJECT_PRONOUNS and roles[-1].low.endswith("ing"))  # (`rendering them`)
                # `the learner searches | the space`, `this architecture supplements | a layer`: a verb
                or (r.low in DETERMINERS and len(roles) > 1 and roles[-1].verb_s and not roles[-2].plural)
                or r.fragment  # (`initial | ization`)
            )
        ) or (
            # `..., rendering the methods impractical`, `thus rendering standard RL inefficient`: a participle
            len(run) == 1 and last.low in CLAUSE_OPENERS and _opens_clause(roles[0], r)
        ):
            run.pop()
            roles.pop()
        if of_tail is None and len(run) == 1:  # the common case, without a call
            only = roles[0]
            if only.alone:
                key = only.alone_key or only.last
                entry = found.get(key)
                whole = HEADLESS if only.modifier else LEFT_CUT if cut else WHOLE
                if entry is None:
                    found[key] = [1, position, run[0], whole]
                else:
                    entry[0] += 1
                    entry[3] = max(entry[3], whole)
            position += 2
        elif of_tail is None and run:
            _add_ngrams(run, roles, position, found, cut, r.low == "of")
            position += len(run) + 1
        elif run:
            position = _end_run(run, roles, position, found, of_head, of_tail, cut)
        of_head = (run[-1], roles[-1], position - 2) if run and r.low == "of" else None
        of_tail = None
        run, roles = [], []
        # an adverb grades the word after it: a phrase without it has another meaning
        cut = r.cuts
        last, last_word = r, word
    _end_run(run, roles, position, found, of_head, of_tail, cut)
    return counts, found


# The -ing words of `ING_COMPOUNDS` (`passing`, `closing`): after a noun, any other is a verb.
_ING_HEADS = frozenset(pair.rpartition(" ")[2] for pair in ING_COMPOUNDS)


def _clause(before: WordRoles | None, r: WordRoles) -> bool:
    """Whether a participle after a word the rules read as a verb's subject is one (`robots
    operating`, `a rig consisting`), not a compound's head (`message passing`, `loop closing`:
    `ING_COMPOUNDS`)."""
    return before is None or before.low + " " + r.low not in ING_COMPOUNDS


def _base_verb(word: str, r: WordRoles) -> bool:
    """Whether a content word may be a verb's base form (`control`, `travel`, `capture`), where
    what stands around it makes it one: after an infinitive's `to` (`INFINITIVE_MARKERS`),
    or after `to` and before an adjective that is no noun (`to travel long distances`, `to control
    nonlinear systems`: a noun, an adjective and a noun make no compound)."""
    low = r.low
    return (
        low in VERB_FORMS and not (r.describes or low.endswith("ed") or low in NOUN_EXCEPTIONS) and word[1:] == low[1:]
    )


def _adjective(r: WordRoles) -> bool:
    """Whether a content word is an adjective that starts a verb's object (`long`, `nonlinear`),
    not a modifier that makes a compound with the word before (`model based`, `model free`)."""
    low = r.low
    return (
        r.describes or (not r.ends and (low in NOT_NOUNS or (len(low) > 5 and low.endswith(_ADJECTIVE_ENDINGS))))
    ) and not (r.prefix or low.endswith("ed") or low in COMPOUNDING or low in CLASSIFYING_ADJECTIVES)


_ADJECTIVE_ENDINGS = ("al", "ar", "ive", "ous", "ic", "able", "ible", "ful", "less", "ent", "ant")


def _opens_clause(first: WordRoles, after: WordRoles) -> bool:
    """Whether a run's first word, after a comma, `thus`, `thereby`, `hence` or `often`
    (`roles.CLAUSE_OPENERS`), opens a participle clause: a noun in -ing before a determiner, a
    pronoun or a describing word (`..., rendering standard RL inefficient`, `thus rendering the
    methods impractical`; not `..., rendering quality`, a generic noun). Not after another adverb,
    which grades a participle before a noun (`rapidly exploring random trees`); nor a word in -ing
    that cannot stand alone, before its noun (`..., spiking neural networks`)."""
    return (
        first.alone
        and first.low.endswith("ing")
        and (after.pops or after.describes or not (after.breaks or after.ends or after.generic))
    )


def _end_run(
    run: list[str], roles: list[WordRoles], position: int, found: dict[str, list], of_head, of_tail, cut: bool = False
) -> int:
    """Count the phrases of a run that ends (and an `A of B` before it whose B is the run's head);
    returns the position after it. With `cut`, the run starts after an adverb."""
    if not run:
        return position
    if of_tail is not None and (len(run) == 1 or roles[1].low.endswith("ing")):
        _add_of_phrase(of_head, of_tail[0], of_tail[1], found)
    if len(run) == 1:  # the common case, without a call
        only = roles[0]
        if only.alone:
            _count(
                found,
                only.alone_key or only.last,
                position,
                run[0],
                HEADLESS if only.modifier else LEFT_CUT if cut else WHOLE,
            )
        return position + 2
    _add_ngrams(run, roles, position, found, cut)
    return position + len(run) + 1


def _add_of_phrase(head: tuple, word: str, r: WordRoles, found: dict[str, list]) -> None:
    """Count `A of B` (`mixture of experts`, `chain of thought`, `theory of mind`) when A may start
    a phrase and B end one, neither is a generic word (not `number of parameters`) and B is no
    short form (`potential of AI`, `safety of LLMs`: authors write `AI potential`, `LLM safety`).
    B is the head of its run, or a gerund follows (`chain of thought | prompting`): `histograms of
    gradient | orientations` is no phrase."""
    first, a, position = head
    if not (a.starts and r.ends) or a.generic or r.generic or word.rstrip("s").isupper():
        return
    key = a.inner + " of " + r.last
    _count(found, key, position, first + " of " + word)


def _add_ngrams(
    run: list[str], roles: list[WordRoles], position: int, found: dict[str, list], cut: bool, of: bool = False
) -> None:
    """Count the run's phrases of one to three words (see `word_roles` for the rules), each marked
    whole if it once ends with a head: the run's last noun, or one a word of `roles.AFTER_TERMS` follows
    (`robotic manipulation | tasks`). Before `model(s)`, `network(s)` or any other noun a phrase has
    lost its head (`large language | models`, `self-supervised anomaly | detection`): ranking keeps it
    only as a term authors choose (`language model | alignment`). With `of` (the run ends before it),
    two words opening with a describing word (`automatic conversion | of 3D models`, `reduced set | of`)
    name a process or part whose object follows: whole only as a title term (`BEFORE_COMPOUND`, kwnohead24)."""
    size = len(run)
    get = found.get
    # how whole a phrase ending at i stands: it has its head (`WordRoles.heads` of the word after it),
    # and does not stand before an adjective that opens the run's next compound (`WordRoles.opens`:
    # `attentive graph | neural network`; not a lone word, `automata | theoretic planning`), one
    # ending with a generic noun too (`accelerated path | integral method`, kwnohead24)
    ends = [WHOLE if not p.modifier and q.heads else HEADLESS for p, q in pairwise(roles)]
    ends.append(HEADLESS if roles[-1].modifier else WHOLE)
    if size > 2 and (roles[-1].ends or roles[-1].generic):
        for i in range(size - 2):
            if ends[i] and roles[i + 1].opens and run[i][1:].islower():  # (a name stays: `RAVEN II | surgical robot`)
                ends[i] = BEFORE_COMPOUND
    left = LEFT_CUT if cut else WHOLE  # how whole a phrase starting at i stands
    of_at = size - 2 if of and size > 1 and roles[-2].describes else -1  # (where the object's process starts)
    for i, a in enumerate(roles):
        if a.alone:
            key = a.alone_key or a.last
            entry = get(key)
            whole = left if ends[i] else HEADLESS
            if entry is None:
                found[key] = [1, position + i, run[i], whole]
            else:
                entry[0] += 1
                if whole > entry[3]:
                    entry[3] = whole
        # an -ing word opens a phrase before a term's noun (`ING_MODIFIERS`), cutting the next: `missing data | problems`
        opens = a.starts or (i + 1 < size and a.low + " " + roles[i + 1].last in ING_MODIFIERS)
        if opens and i + 1 < size:
            b = roles[i + 1]
            if b.ends:
                key = a.inner + " " + b.last
                entry = get(key)
                whole = left if ends[i + 1] > left else ends[i + 1]
                whole = BEFORE_COMPOUND if i == of_at and whole == WHOLE else whole
                if entry is None:
                    found[key] = [1, position + i, run[i] + " " + run[i + 1], whole]
                else:
                    entry[0] += 1
                    if whole > entry[3]:
                        entry[3] = whole
            if i + 2 < size and roles[i + 2].ends:
                key = a.inner + " " + b.inner + " " + roles[i + 2].last
                entry = get(key)
                whole = left if ends[i + 2] > left else ends[i + 2]
                if entry is None:
                    found[key] = [1, position + i, run[i] + " " + run[i + 1] + " " + run[i + 2], whole]
                else:
                    entry[0] += 1
                    if whole > entry[3]:
                        entry[3] = whole
        left = WHOLE if a.drops and a.starts == opens else LEFT_CUT


def _count(found: dict[str, list], key: str, position: int, written: str, whole: int = WHOLE) -> None:
    """One more use of a phrase: [count, first occurrence, as written, how whole at best]."""
    entry = found.get(key)
    if entry is None:
        found[key] = [1, position, written, whole]
    else:
        entry[0] += 1
        if whole > entry[3]:
            entry[3] = whole
