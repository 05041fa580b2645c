"""Candidate key phrases: runs of content words, each word playing the part `roles` gives it."""

from __future__ import annotations

import re
from itertools import pairwise

from .roles import VERB, WORD_CACHE, WordRoles, is_participle, word_roles
from .wordlists import NOT_ALONE, NOT_LAST, STOP_WORDS

MAX_PHRASE_WORDS = 3
# Boundaries of candidate phrases within a sentence.
# A word, or a character that ends a phrase: punctuation, a full stop, a dash between spaces.
# (A word starts after no letter, digit or hyphen: `3D generative models` and `7B parameters` are not about `D`
# or `B`, `4-DOF parallel mechanism` not about `DOF`, and `Gröbner basis` is not `bner basis`.)
_WORD_OR_BREAK = re.compile(
    r"(?<![\w-])(?:[A-Za-z∂][\w∂#+'’-]*[\w#+]|[A-Za-z∂])|[,;:()\[\]{}\"“”‘’'?!/—]|\.(?!\w)|(?<=\s)[-–](?=\s)"
)


# How whole a candidate phrase stands in its run, at best (the last field of its entry): it ends
# before its head noun (`self-supervised anomaly | detection`); it has its head but starts after a
# word that classifies (`machine | learning models`, `high | resolution images`, `support | vector
# machines`: cut from a longer term, another meaning); whole (from its run's start, or after a word
# that only describes: `novel | graph contrastive loss`).
HEADLESS, LEFT_CUT, WHOLE = 0, 1, 2


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
    verb_next = False  # after a subject pronoun or a modal (and stop words): the next content word is a verb
    after_to = False  # after `to` or `which`: a word most often a verb is one (`to convert natural language`)
    after_aux = False  # after `has`, `is`, `were`: a word in -ed is a verb (`has gained renewed interest`)
    cut = False  # the run starts after an adverb (`partially | observable domains`): its first phrases are cut
    for word in _WORD_OR_BREAK.findall(text):
        r = cache.get(word) or word_roles(word)
        if r.breaks:
            low = r.low
            verb_next = (
                low in _SUBJECTS or low in _MODALS or (verb_next and (low in _BEFORE_VERB or low.endswith("ly")))
            )
            after_to = low in _BEFORE_VERBS or (after_to and low.endswith("ly"))
            after_aux = low in _AUXILIARIES or (after_aux and low.endswith("ly"))
        elif (
            verb_next
            or (after_to and (r.verb or r.verb_s))
            or (after_aux and r.low.endswith("ed"))
            or (r.verb and roles and (roles[-1].plural or (r.low[-1] == "s" and (roles[-1].ends or roles[-1].generic))))
            or (roles and roles[-1].plural and (is_participle(r) or r.verb_form or r.verb_s))
            or (r.participle and roles and roles[-1].ends)
        ):
            # `we build`, `robots can grasp`, `to extract`, `responses serve`, `events occurring`, a
            # noun's `supports`, `raises` (most often verbs; `spectral gauges` stays): the verb is no phrase word
            verb_next = after_to = after_aux = False
            r = VERB
        else:
            after_to = after_aux = False
            if len(roles) > 1 and roles[-1].verb_s and not r.low.endswith("ed"):
                # `recourse benefits users`, `algorithm models human behaviour`: the -s form before
                # a content word is the verb, and the run before it ends there
                run.pop()
                roles.pop()
                position = _end_run(run, roles, position, found, of_head, of_tail, cut)
                of_head = of_tail = None
                run, roles = [], []
                cut = False
        if r.breaks:  # a stop word, a clause break or a verb ends the run
            # `Chee et al.`: a name, no keyword; `space corresponding | to`: a participle, no noun
            if run and (
                (r.low == "et" and run[-1][:1].isupper())
                or (r.low in _OBJECT_STARTS and is_participle(roles[-1]))
                # `the learner searches | the space`, `this architecture supplements | a layer`: a verb
                or (r.low in _DETERMINERS and len(roles) > 1 and roles[-1].verb_s and not roles[-2].plural)
                or r.fragment  # (`initial | ization`)
            ):
                run.pop()
                roles.pop()
            if of_tail is None and len(run) == 1:  # the common case, without a call
                only = roles[0]
                if only.alone:
                    entry = found.get(only.last)
                    whole = HEADLESS if only.modifier else LEFT_CUT if cut else WHOLE
                    if entry is None:
                        found[only.last] = [1, position, run[0], whole]
                    else:
                        entry[0] += 1
                        entry[3] = max(entry[3], whole)
                position += 2
            elif run:
                position = _end_run(run, roles, position, found, of_head, of_tail, cut)
            of_head = (run[-1], roles[-1], position - 2) if run and r.low == "of" else None
            of_tail = None
            run, roles = [], []
            # an adverb grades the word after it: a phrase without it has another meaning
            cut = r.low.endswith("ly") and len(r.low) > 4 and r.low not in STOP_WORDS
            continue
        if of_head is not None and not run:  # the first word after `of`
            of_tail = (word, r)
        if roles and roles[-1].prefix:  # `multi task` is `multi-task` (and `multitask`)
            run[-1] += "-" + word
            roles[-1] = cache.get(run[-1]) or word_roles(run[-1])
            if of_tail is not None and len(run) == 1:
                of_tail = (run[0], roles[0])
        else:
            run.append(word)
            roles.append(r)
        counts[r.low] = counts.get(r.low, 0) + 1
    _end_run(run, roles, position, found, of_head, of_tail, cut)
    return counts, found


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
            _count(found, only.last, position, run[0], HEADLESS if only.modifier else LEFT_CUT if cut else WHOLE)
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


def is_findable_phrase(phrase: str) -> bool:
    """Whether `phrase` can be one of `phrase_candidates`' phrases (for checking topic terms)."""
    words = phrase.split()
    if not 1 <= len(words) <= MAX_PHRASE_WORDS or any(w in STOP_WORDS for w in words):
        return False
    if len(words) == 1:
        return word_roles(words[0]).alone
    return word_roles(words[0]).starts and word_roles(words[-1]).ends


# Pronouns whose next content word is their verb (`we build a benchmark`, `they notice`).
_SUBJECTS = frozenset("we they you he she it".split())
# Words after which a word that is most often a verb is one: `to convert`, `which models`, `that supports`.
_BEFORE_VERBS = frozenset("to which that who".split())
# Auxiliaries: a word in -ed after one is a verb (`has gained`, `were collected`).
_AUXILIARIES = frozenset("has have had is are was were be been being".split())
# Modals: the next content word is a verb (`robots can grasp larger objects`).
_MODALS = frozenset("can could may might will would shall should must cannot".split())
# Words between a subject and its verb: modals, auxiliaries, adverbs (and any -ly adverb).
_BEFORE_VERB = frozenset(
    "can could may might will would shall should must do does did not also further then thus hence"
    " therefore first now still often only even again additionally instead".split()
)
# Words that start a verb's object or complement: an -ing word before one is a participle
# (`providing the`, `corresponding to`), not a noun (`question answering`).
_OBJECT_STARTS = frozenset("the a an to their its our his her this these those each every".split())
# Words that start a noun phrase: a plural-or-verb form right before one is a verb.
_DETERMINERS = frozenset("the a an their its our his her this these those each every up".split())
# Nouns after which the term before them stays whole (`robotic manipulation | tasks`, `anomaly
# detection | methods`, `compliance control | parameters`): the generic nouns, but those that head
# compounds of their own (`deep reinforcement | learning`, `graph neural | networks`); before any
# other noun a phrase has lost its head (`self-supervised anomaly | detection`, `online probabilistic
# label | trees`).
_COMPOUND_HEADS = frozenset(
    "learning training network networks model models function functions data information knowledge space"
    " distribution distributions structure structures feature features input inputs output outputs error errors"
    " loss accuracy quality rate rates cost costs size value values level levels process form forms set sets"
    " point points line lines range state art analysis evaluation target source user users human humans world"
    " real large small high low good time times order type types kind kinds part parts end example examples"
    " integer bit bits quantity decision decisions constraint constraints".split()
)
_AFTER_TERMS = (NOT_LAST | NOT_ALONE) - _COMPOUND_HEADS | frozenset(
    "agent agents module modules pipeline pipelines paradigm paradigms parameter parameters policy policies"
    " procedure procedures".split()
)


def _add_ngrams(run: list[str], roles: list[WordRoles], position: int, found: dict[str, list], cut: bool) -> None:
    """Count the run's phrases of one to three words (see `word_roles` for the rules), each marked
    whole if it once ends with a head: the run's last noun, or one a word of `_AFTER_TERMS` follows
    (`robotic manipulation | tasks`). Before `model(s)`, `network(s)` or any other noun a phrase has
    lost its head (`large language | models`, `self-supervised anomaly | detection`): ranking keeps it
    only as a term authors choose (`language model | alignment`)."""
    size = len(run)
    get = found.get
    # a phrase ending at i has its head; and one starting at i stands whole
    head = [not p.modifier and (not r.ends or r.low in _AFTER_TERMS) for p, r in pairwise(roles)]
    head.append(not roles[-1].modifier)
    left = [LEFT_CUT if cut else WHOLE] + [WHOLE if r.drops else LEFT_CUT for r in roles[:-1]]
    for i in range(size):
        a = roles[i]
        if a.alone:
            key = a.last
            entry = get(key)
            whole = left[i] if head[i] else HEADLESS
            if entry is None:
                found[key] = [1, position + i, run[i], whole]
            elif whole > entry[3]:
                entry[0] += 1
                entry[3] = whole
            else:
                entry[0] += 1
        if not a.starts or i + 1 == size:
            continue
        b = roles[i + 1]
        if b.ends:
            key = a.inner + " " + b.last
            entry = get(key)
            whole = left[i] if head[i + 1] else HEADLESS
            if entry is None:
                found[key] = [1, position + i, run[i] + " " + run[i + 1], whole]
            else:
                entry[0] += 1
                if whole > entry[3]:
                    entry[3] = whole
        if i + 2 < size:
            c = roles[i + 2]
            if c.ends:
                key = a.inner + " " + b.inner + " " + c.last
                entry = get(key)
                whole = left[i] if head[i + 2] else HEADLESS
                if entry is None:
                    found[key] = [1, position + i, run[i] + " " + run[i + 1] + " " + run[i + 2], whole]
                else:
                    entry[0] += 1
                    if whole > entry[3]:
                        entry[3] = whole


def _count(found: dict[str, list], key: str, position: int, written: str, whole: int = WHOLE) -> None:
    """One more use of a phrase: [count, first occurrence, as written, how whole at best]."""
    entry = found.get(key)
    if entry is None:
        found[key] = [1, position, written, whole]
    else:
        entry[0] += 1
        if whole > entry[3]:
            entry[3] = whole
