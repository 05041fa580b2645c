"""Praise is no part of a term: an evaluative adjective a title or an abstract puts before a term
(`accurate intent classification`, `robust place recognition`) is taken off the chip (issue #36,
round 9)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Set
from functools import cache

from .keyword import Keyword
from .normalise import label_of, normalise_keyword
from .shapes import TITLE_HEAD, NotTerms
from .termhood import TERMHOOD
from .vocabulary import Keyphraseness
from .wordlists import EVALUATIVE_ADJECTIVES

# Praise (`accurate intent classification` for "... Fast and Accurate Intent Recognition", `robust
# loop closure`, `robust place recognition`): an evaluative adjective (`wordlists.EVALUATIVE_ADJECTIVES`,
# the words titles coordinate and abstracts grade) before a term is no part of the term, whatever
# the title says: the chip is the term without it (`intent classification`, `place recognition`),
# or nothing where one word is left (`efficient search`). The phrase stays whole only where the
# catalogue's titles head it (TITLE_HEAD: `robust optimization`), authors choose it (`safe
# exploration`) or the abstract writes it PRAISED_USES times or more (`unpraised`). Issue #36,
# round 9.
PRAISED_USES = 2
# A word of cost before a process (a noun of doing, PROCESS_ENDINGS) says how fast or cheaply it is
# done, never which process: `efficient computation`, `efficient navigation`, `fast detection`,
# `scalable inference`. Titles promise that so often (`Efficient Computation of ...`) that their
# heads are no evidence the phrase is a term: it stays whole only where authors choose it or the
# abstract writes it PRAISED_USES times. A thing so graded stays where titles head it (`fast rates`
# of learning theory, `efficient transformer`). Issue #36, round 15.
COST_WORDS = frozenset("efficient fast scalable affordable".split())
PROCESS_ENDINGS = ("tion", "sion", "ing", "ment")
# Nor before a generic head: a noun the catalogue writes after very many modifiers (MANY_MODIFIERS
# phrases of two words in `termhood.txt`: `model` 514, `data` 301, `algorithm` 248,
# `network` 187, `control` 177; 30 nouns) names no kind of its own, so `Efficient Control of ...`,
# `A Fast Algorithm for ...` promise cost, not a term: `efficient control`, `efficient network`,
# `scalable algorithms`, `fast algorithm` stay whole only on the same terms as a process (issue #36,
# kwfill22: on every judged card 6 such chips junk, none ok). A head of fewer kinds stays where the
# titles head it: `fast rates` (`rate` 54), `efficient transformer` (15), `efficient architecture`
# (54), `scalable inference` (47); the nouns near the bar, `detection` 98 and `prediction` 100, end as
# a process does (round 15 took them). The 30 nouns are counted once a process, from the shipped
# counts (12 ms, 4 KB).
MANY_MODIFIERS = 100
# `state-of-the-art`, written so or as its short form `SOTA` (`a SOTA fingerprint matcher`, expanded to
# the corpus's meaning), grades whatever term follows it, however often the abstract writes it.
_STATE_OF_THE_ART = {"state-of-the-art": "state of the art ", "sota": "sota "}
_OPENINGS = tuple(_STATE_OF_THE_ART.values())
# (each evaluative adjective as the words of a normalised key: `fine-grained` -> `fine grained`)
_EVALUATIVE = frozenset(tuple(normalise_keyword(w).split(" ")) for w in EVALUATIVE_ADJECTIVES)
_EVALUATIVE_FIRST = frozenset(words[0] for words in _EVALUATIVE)


def praised(key: str, written: str, count: int, kp: Keyphraseness) -> int:
    """The words of a phrase (`key` normalised, `written` as the abstract has it, `count` times)
    that are an evaluative adjective before a term, where the whole is no term of its own (see
    PRAISED_USES); else 0. The adjective is the phrase's first written word, in lower case: a
    compound's part is none (`general-purpose arm`), nor is a name's word (`Diverse Learner`)."""
    first = written[: written.find(" ")]
    if key.startswith(_OPENINGS):  # (a test on the key first: most phrases open with neither)
        opening = _STATE_OF_THE_ART.get(first.lower())
        if opening is not None and key.startswith(opening):
            return opening.count(" ")
    if count >= PRAISED_USES or " " not in key or key[: key.find(" ")] not in _EVALUATIVE_FIRST:
        return 0
    if not first.islower():
        return 0
    words = tuple(normalise_keyword(first).split(" "))
    if words not in _EVALUATIVE or key.count(" ") < len(words):
        return 0
    rate = TERMHOOD.rate(key)
    headed = rate is not None and rate >= TITLE_HEAD and not (words[0] in COST_WORDS and _costed(key))
    return len(words) if not headed and not kp.chosen_elsewhere(key) else 0


def _costed(key: str) -> bool:
    """Whether a cost word's head (`key`'s last word) is a process or a generic head, whose title
    heads are no evidence of a term (see COST_WORDS, MANY_MODIFIERS)."""
    return key.endswith(PROCESS_ENDINGS) or key[key.rfind(" ") + 1 :] in heads_of_many_modifiers()


@cache
def heads_of_many_modifiers() -> frozenset[str]:
    """The nouns `termhood.txt` has after MANY_MODIFIERS different modifiers or more (counted
    once, on the first cost word's phrase a title heads)."""
    modifiers: Counter[str] = Counter()
    for key in TERMHOOD.counts:
        if key.count(" ") == 1 and not key.endswith("*"):
            modifiers[key[key.find(" ") + 1 :]] += 1
    return frozenset(head for head, n in modifiers.items() if n >= MANY_MODIFIERS)


def unpraised(
    kept: list[tuple[Keyword, str]],
    phrases: Mapping[str, list],
    titled: Set[str] | tuple[()],
    kp: Keyphraseness,
    shared: Callable[[str], int | None],
    not_terms: NotTerms | None,
) -> list[Keyword]:
    """The phrase keywords (each with its phrase as written) with their praise taken off
    (`praised`): `accurate intent classification` is shown as `intent classification`, with
    its score (the weight the title gave the praised phrase is the term's), `efficient search` not
    at all, and a term shown twice so, once at its better rank. Only the few phrases kept are
    looked at (every candidate was 4 % of ranking's CPU)."""
    out: list[Keyword] = []
    seen: set[str] = set()
    for k, written in kept:
        count = phrases[k.normalised][0]
        size = praised(k.normalised, written, count, kp)
        if size:
            rest = k.normalised.split(" ")[size:]
            if len(rest) < 2:
                continue
            key, written = " ".join(rest), written[written.find(" ") + 1 :]
            if not_terms is not None and key not in phrases:
                not_terms.note(key, written, count, k.normalised in titled, shared(key))
            k = Keyword(key, label_of(written.split(" ")), "phrase", k.score)
        if k.normalised not in seen:
            seen.add(k.normalised)
            out.append(k)
    return out
