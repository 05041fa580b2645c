"""One keyword per concept in a paper's list: variants (nested, plural, hyphenated, an acronym and
its long form) become one keyword with the others as aliases, in the form authors use."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .normalise import normalise_keyword, singular
from .shapes import bare_modifier

# A nested phrase becomes an alias of the keyword it is nested in unless authors pass it over:
# its keyphraseness factor (`Keyphraseness.factor`) is below ALIAS_MIN, half the average phrase's
# (a higher bar cost 1-1.5 points of F1@5 on the held-out venues; no bar, none).
ALIAS_MIN = 0.5
_SEVERAL = re.compile(r",| and ")
_LINKS = frozenset("of from for with in on by to via".split())
_DEFINED = frozenset(("acronym", "method"))


def words_of(label: str) -> frozenset[str]:
    """A label's words as variants compare them: case folded, hyphenated parts apart, singular."""
    return frozenset(map(singular, label.casefold().replace("-", " ").split()))


def _names(k) -> set[str]:
    return {k.normalised, *(normalise_keyword(a) for a in k.aliases)}


def group_variants(ranked: Iterable, preference: Callable[[str], float]) -> list:
    """`ranked` (best first, `Keyword`s) with variants merged: a keyword that shares a name with a
    kept one (its key or an alias), or whose words are a subset or superset of a kept one's label's,
    joins it. The merged keyword has the best member's score and kind and the label of the member
    authors prefer (`preference`, by key; ties: the best-ranked; a method keeps its name), with
    every other form as an alias. Topics are labels of their own: they take no aliases, and a
    phrase that is a shorter form of one (its words fewer, all in the topic's name) drops."""
    ranked = list(ranked)
    known: dict[str, float] = {}  # (each key's preference, asked once)

    def prefer(key: str) -> float:
        value = known.get(key)
        if value is None:
            value = known[key] = preference(key)
        return value

    # (a topic named for several things, `robotics and control`, is no longer form of any one)
    topics = [words_of(k.label) for k in ranked if k.kind == "topic" and not _SEVERAL.search(k.label)]
    groups: list[list] = []
    words: list[frozenset[str]] = []  # the words of each group's representative
    by_name: dict[str, int] = {}
    for k in ranked:
        names = _names(k)
        index = next((by_name[n] for n in names if n in by_name), None)
        mine = words_of(k.label)
        if k.kind == "topic":
            if index is None:
                by_name[k.normalised] = len(groups)
                groups.append([k])
                words.append(mine)
            continue
        if k.kind == "phrase" and any(mine < w for w in topics):
            continue  # a shorter form of a topic the paper has (`diffusion` beside `diffusion models`)
        if index is None or groups[index][0].kind == "topic":
            index = next(
                (i for i, w in enumerate(words) if groups[i][0].kind != "topic" and (mine < w or w < mine)), None
            )
        if index is None:
            index = len(groups)
            groups.append([])
            words.append(mine)
        groups[index].append(k)
        for n in names:
            by_name.setdefault(n, index)
        if len(groups[index]) > 1:
            words[index] = words_of(_representative(groups[index], prefer).label)
    return [_merged(members, prefer) for members in groups]


def _representative(members: list, preference: Callable[[str], float]):
    """The member shown: a method keeps its name (the best-ranked method); otherwise the form
    authors prefer (ties: the best-ranked) among those that are no headless piece of a defined term."""
    if members[0].kind == "method":
        return members[0]
    # (a piece of a term the paper defines names it only where it is a term in it: `model predictive
    # control` for `nonlinear ... (NMPC)`, `text embeddings` for `massive text embeddings benchmark
    # (MTEB)`; not `Multi-Modal` for `Large Multi-Modal Models (LMMs)`, `gaussian mixture` for
    # `Gaussian mixture model (GMM)`)
    # (a name the paper gives is defined too: `Recursive Hermite Polynomial Networks` is not shown
    # as `recursive hermite`; a defined term itself is never a piece: `product quantization (PQ)`)
    defined = [k.label for k in members if k.kind in _DEFINED]
    shown = [
        i for i, k in enumerate(members) if k.kind == "acronym" or not any(headless_piece(k.label, d) for d in defined)
    ]
    best = max(shown, key=lambda i: (preference(members[i].normalised), -i))
    return members[best]


def _sequence(label: str) -> list[str]:
    return [singular(w) for w in label.casefold().replace("-", " ").split()]


def headless_piece(label: str, term: str) -> bool:
    """Whether `label` is a piece of the defined `term` that is no term in it: its start before a
    noun (the head cut off: `gaussian mixture | model`; not `reinforcement learning | from human
    feedback`), a bare modifier inside it (`large | multi-modal | models`) or its rest after a
    possessive, whose owner names the term (`Bird's | eye view`, `Earth Mover's | distance`)."""
    words, defined = _sequence(label), _sequence(term)
    size = len(words)
    if size >= len(defined) or not set(words) <= set(defined):
        return False
    at = next((i for i in range(len(defined) - size + 1) if defined[i : i + size] == words), None)
    if at is None:  # (words apart: another term, `fact verification` beside FEVER's long form)
        return False
    if at and defined[at - 1].endswith(("'s", "’s")):
        return True
    if at == 0 and defined[size] not in _LINKS:
        return True
    return at + size < len(defined) and bare_modifier(label.casefold().split())


def _merged(members: list, preference: Callable[[str], float]):
    """One keyword for a group: the representative, with the other members' forms as aliases
    (a member authors pass over, below ALIAS_MIN, is dropped rather than named: `theory` in
    `reinforcement learning theory`; its own aliases, short forms, stay)."""
    if len(members) == 1:
        return members[0]
    first, rep = members[0], _representative(members, preference)
    seen = {rep.label.casefold()}
    aliases = []
    for k in members:
        named = k is rep or k.kind != "phrase" or preference(k.normalised) >= ALIAS_MIN
        for form in (k.label, *k.aliases) if named else k.aliases:
            if form.casefold() not in seen:
                seen.add(form.casefold())
                aliases.append(form)
    return rep._replace(score=first.score, kind=first.kind, aliases=tuple(aliases))
