"""A paper's keywords ranked against corpus statistics, best first, scores comparable across kinds."""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Mapping
from typing import NamedTuple

from .distinct import distinct
from .normalise import label_of, normalise_keyword, singular, unhyphenate
from .terms import METHOD_PREFIX, Terms
from .wordlists import COMMON_WORDS

_LOG = [0.0] + [math.log(i) for i in range(1, 64)]
KEEP = {"method": 3, "acronym": 4, "phrase": 8, "topic": 3}  # most keywords of a kind per paper
IN_TITLE = 3.0  # weight factor of the longest phrases whose every word is in the paper's title
# A common English word (`text`, `search`, `people`) the abstract uses fewer than COMMON_USES
# times is too general to be a keyword alone: its weight is multiplied by COMMON_ALONE.
COMMON_ALONE, COMMON_USES = 0.3, 3
_NOT_WORD = re.compile(r"[\W_]+")
_HYPHENATED = re.compile(r"[^\W_]+(?:-[^\W_]+)+")


class Keyword(NamedTuple):
    """A ranked keyword of one paper (a named tuple: cheap to send between processes)."""

    normalised: str
    label: str
    kind: str  # method, acronym, phrase or topic
    score: float
    aliases: tuple[str, ...] = ()


def rank_keywords(terms: Terms, df: Mapping[str, int], n_docs: int, title: str | None = None) -> list[Keyword]:
    """A paper's keywords, best first. Scores are comparable across kinds: a paper's own method
    names first (1-3.5; at most 0.5 for a name 1% of the papers use), then acronyms it defines
    (1-1.3), key phrases (up to 0.9) and topics (0.2-0.36, below most phrases; a topic the paper abbreviates takes the acronym's).
    Given the paper's `title`, the longest phrases made only of its words weigh `IN_TITLE` times more."""
    common = max(3, n_docs // 100)  # a name this many papers use is not one paper's own method
    out: list[Keyword] = []
    taken: set[str] = set()
    for key, (label, strength) in sorted(terms.methods.items(), key=lambda kv: -kv[1][1]):
        if df.get(METHOD_PREFIX + label, 1) > common:
            strength = min(strength, 0.5)
        aliases = tuple(short for long, short, _ in terms.acronyms.values() if normalise_keyword(long) == key)
        out.append(Keyword(key, label, "method", round(strength, 4), aliases))
    out = sorted(out, key=lambda k: -k.score)[: KEEP["method"]]
    taken.update(k.normalised for k in out)
    acr = []
    topic_keys = terms.topic_keys
    topic_aliases: dict[str, tuple[tuple[str, ...], float]] = {}
    for key, (long, short, uses) in terms.acronyms.items():
        if key in taken:
            continue
        # a term the authors define is one they hold key: above every phrase (on author keywords
        # of other venues, defined terms were right about four times as often as phrases)
        score = round(0.9 + 0.1 * min(uses, 4), 4)
        if key in topic_keys:  # `large language models (LLMs)` is the topic, with its alias
            topic_aliases[key] = ((short,), score)
            continue
        acr.append(Keyword(key, label_of(long.split()), "acronym", score, (short,)))
    acr = sorted(acr, key=lambda k: (-k.score, k.normalised))[: KEEP["acronym"]]
    out += acr
    taken.update(k.normalised for k in acr)
    skip = taken | topic_keys | {normalise_keyword(short) for _, short, _ in terms.acronyms.values()}
    log_n = math.log(n_docs + 1)
    rare = log_n - math.log(2) + 1  # the weight of a phrase no other paper uses
    get, log = df.get, math.log
    titled = _title_phrases(terms.phrases, title) if title else ()
    candidates = []
    for key, (count, first, written) in terms.phrases.items():
        if key in skip:
            continue
        shared = get(key)
        weight = (1 + _LOG[count] if count < 64 else 1 + log(count)) * (
            rare if shared is None else log_n - log(shared + 1) + 1
        )
        if first < 40:
            weight *= 1.5
        if key in titled:
            weight *= IN_TITLE
        if count < COMMON_USES and " " not in key and key in COMMON_WORDS and written[1:].islower():
            weight *= COMMON_ALONE
        candidates.append((-weight, key, written))  # then the key: ties break the same way on every run
    scored = heapq.nsmallest(KEEP["phrase"], candidates)  # the same as sorted(...)[:KEEP], with fewer comparisons
    top = -scored[0][0] if scored else 1.0
    for weight, key, written in scored:
        weight = -weight
        out.append(Keyword(key, label_of(written.split(" ")), "phrase", round(0.9 * weight / top, 4)))
        taken.add(key)
    topics = sorted(terms.topics.items(), key=lambda kv: (-kv[1], kv[0]))[: KEEP["topic"]]
    for name, weight in topics:
        key = normalise_keyword(name)
        if key not in taken:
            aliases, score = topic_aliases.get(key, ((), 0.0))
            score = max(score, round(0.2 + 0.02 * min(weight, 8), 4))
            out.append(Keyword(key, name, "topic", score, aliases))
    return distinct(sorted(out, key=lambda k: (-k.score, k.normalised)), terms.phrases)


def title_words(title: str) -> frozenset[str]:
    """The words of a title as phrase keys have them: case folded, hyphenated parts apart and
    joined (`multi-agent`: `multi`, `agent`, `multiagent`), each word also in its singular."""
    folded = title.casefold()
    words = set(_NOT_WORD.split(folded))
    if "-" in folded:
        for token in _HYPHENATED.findall(folded):
            words.update(unhyphenate(token).split())
    words.update([singular(w) for w in words if w.endswith("s")])
    return frozenset(words)


def _title_phrases(phrases: Mapping[str, list], title: str) -> set[str]:
    """The phrases made only of title words and inside no longer such phrase (`perspective
    awareness`, not `awareness`, for `... Retrievers on Perspective Awareness`)."""
    words = title_words(title)
    inside = [
        key
        for key in phrases
        if key.partition(" ")[0] in words and (" " not in key or words.issuperset(key.split(" ")))
    ]
    longer = [frozenset(key.split(" ")) for key in inside if " " in key]
    if not longer:
        return set(inside)
    in_longer = frozenset().union(*longer)
    return {
        key
        for key in inside
        if (key not in in_longer if " " not in key else not any(frozenset(key.split(" ")) < w for w in longer))
    }


# Acronyms the corpus defines: normalised short form -> {normalised long form: label}.
Meanings = dict[str, dict[str, str]]


def merge_acronym_uses(ranked: list[Keyword], meanings: Meanings) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        targets = meanings.get(k.normalised) if k.kind == "phrase" else None
        if targets and len(targets) == 1:
            ((key, label),) = targets.items()
            if key in present:
                continue
            k = Keyword(key, label, "acronym", k.score, (k.label,))
            present.add(key)
        elif k.kind == "phrase" and " " in k.label and k.label != k.label.lower():
            expanded = _expanded(k.label, meanings)  # `multi-agent RL` is `multi-agent reinforcement learning`
            if expanded is not None:
                key = normalise_keyword(expanded)
                if key in present:
                    continue
                k = Keyword(key, expanded, "phrase", k.score, (k.label,))
                present.add(key)
        merged.append(k)
    return merged


def _expanded(label: str, meanings: Meanings) -> str | None:
    """`label` with each short form the corpus defines once written out; None if it has none."""
    words, changed = label.split(), False
    for i, word in enumerate(words):
        if len(word) > 1 and word.isupper():
            targets = meanings.get(normalise_keyword(word))
            if targets and len(targets) == 1:
                words[i] = next(iter(targets.values()))
                changed = True
    return " ".join(words) if changed else None
