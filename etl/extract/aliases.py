"""What an alias of a keyword is (`keyword_aliases`): another way of writing the same concept; pure.

A paper's variants are merged into one keyword (`keywords.variants`): its plural and hyphenated
forms, an acronym and its long form, and also a shorter phrase nested in a longer one on that
paper (`supervised learning` shown as `self-supervised learning`). The last is right for one
paper's list, wrong as a name for the keyword everywhere: `?_keyword=supervised learning` would
list the self-supervised papers. So the corpus keeps as an alias only:

- a `form`: the same merge key (case, plural, hyphenation, joined prefixes: `Graph-Neural Nets`);
- a `short form`: one written token whose letters spell the keyword's words (`GNNs`, `RL`, `MORL`
  for `multi-objective reinforcement learning`), its first letter the first word's, each word
  (but a linking word: `of`, `from`) giving letters from its initial on;
- a `written form`: the keyword's words with a short form for some of them (`multi-agent RL` for
  `multi-agent reinforcement learning`, `R-L`);
- a `long form`: the words a one-word keyword (a name: `DoRA`) abbreviates, two or more of them
  giving letters from their initials (`Weight-Decomposed Low-Rank Adaptation`), the keyword not
  one of them (`planar SLAM` is no form of `SLAM`).

Anything else (`alias_kind` None) is not an alias: `deep reinforcement learning` of `deep
learning`, `RLHF` of `reinforcement learning`, `LVLM` of `large language models`.
"""

from __future__ import annotations

import re

from .keywords import normalise_keyword
from .keywords.normalise import singular

__all__ = ["ALIAS_KINDS", "alias_kind", "kept_alias"]

ALIAS_KINDS = ("form", "short form", "written form", "long form")
_LINKS = frozenset("a an and as at by for from in into of on or over the to via with".split())
_TOKENS = re.compile(r"[\s/-]+")


def alias_kind(key: str, alias: str) -> str | None:
    """How `alias` (as written) names the keyword whose merge key is `key` (`ALIAS_KINDS`), or None
    where it is no other name of it (a phrase nested in it or around it on one paper)."""
    folded = normalise_keyword(alias)
    if not folded or not key:
        return None
    if folded == key:
        return "form"
    mine, theirs = folded.casefold().split(), key.split()  # (a name in capitals, `mAP`, as its letters)
    shorts = _short_tokens(alias)
    if len(theirs) == 1 and len(mine) > 1 and theirs[0] not in map(singular, mine):
        return "long form" if _spells(_letters(theirs[0]), mine, anchored=False) else None
    if not shorts or not _written(tuple(mine), tuple(theirs), frozenset(shorts)):
        return None
    return "short form" if len(mine) == 1 else "written form"


def kept_alias(key: str, alias: str) -> bool:
    """Whether `keyword_aliases` keeps `alias` for the keyword whose merge key is `key`: where
    `alias_kind` names it. A one-word short form of another concept (`DKL` of `deep learning`,
    `PBR` of `rendering`, `LVLM` of `large language models`) is no name of the keyword; the
    similarity reads it as the keyword all the same, from `keyword_short_forms`
    (`similar.words.read_as_short_form`; docs/keywords.md, branch kwalias2)."""
    return alias_kind(key, alias) is not None


def _short_tokens(alias: str) -> set[str]:
    """The tokens of `alias` written as short forms: with a capital past their first letter, or
    all capitals (`RL`, `GNNs`, `DoRA`, the `R` and `L` of `R-L`), case folded."""
    return {t.casefold() for t in _TOKENS.split(alias) if t and (t.isupper() or any(c.isupper() for c in t[1:]))}


def _letters(token: str) -> str:
    return "".join(c for c in token.casefold() if c.isalnum())


def _written(mine: tuple[str, ...], theirs: tuple[str, ...], shorts: frozenset[str]) -> bool:
    """Whether the words `mine` are the words `theirs`, each the same word or a short form
    (`shorts`) of a run of them. (Memoised within the call, in a dict: a cache kept across calls,
    or a cached closure, which is a reference cycle, held every pair of a load while the load runs
    with the garbage collector paused: 40-70 MB on the catalogue's keyword step.)"""
    return _rest(mine, theirs, shorts, 0, 0, {})


def _rest(mine: tuple[str, ...], theirs: tuple[str, ...], shorts: frozenset[str], i: int, j: int, memo: dict) -> bool:
    """`_written` of mine[i:] against theirs[j:], each pair once (`memo`)."""
    if (i, j) not in memo:
        memo[i, j] = _rest_found(mine, theirs, shorts, i, j, memo)
    return memo[i, j]


def _rest_found(
    mine: tuple[str, ...], theirs: tuple[str, ...], shorts: frozenset[str], i: int, j: int, memo: dict
) -> bool:
    if i == len(mine) or j == len(theirs):
        return i == len(mine) and j == len(theirs)
    word = mine[i]
    if singular(word) == singular(theirs[j]) and _rest(mine, theirs, shorts, i + 1, j + 1, memo):
        return True
    if word not in shorts and word + "s" not in shorts:
        return False
    for letters in {_letters(word), _letters(word[:-1]) if len(word) > 2 and word.endswith("s") else ""} - {""}:
        for end in range(j + 1, len(theirs) + 1):
            if _spells(letters, list(theirs[j:end]), anchored=True) and _rest(mine, theirs, shorts, i + 1, end, memo):
                return True
    return False


def _spells(letters: str, words: list[str], anchored: bool) -> bool:
    """Whether `letters` abbreviate `words`, in order: each word that gives letters gives them from
    its initial on (`MORL`: m-o of `multiobjective`, r, l). Anchored: the first letter is the first
    word's and every word but a linking one gives some; else words may be passed over (`DoRA`:
    `weight` passed, d-o of `decomposed`, `low` passed, r, a), two of them giving letters at least."""
    if not letters or not words or (anchored and letters[0] != words[0][0]):
        return False
    return _fits(letters, words, anchored, 0, 0, 0, {})


def _fits(letters: str, words: list[str], anchored: bool, at: int, word: int, giving: int, memo: dict) -> bool:
    """letters[at:] from words[word:] (`_spells`; `giving`: words that gave, to 2), each once (`memo`)."""
    key = (at, word, giving)
    if key not in memo:
        memo[key] = _fits_found(letters, words, anchored, at, word, giving, memo)
    return memo[key]


def _fits_found(letters: str, words: list[str], anchored: bool, at: int, word: int, giving: int, memo: dict) -> bool:
    if at == len(letters):
        return all(w in _LINKS for w in words[word:]) if anchored else giving >= 2
    if word == len(words):
        return False
    text = words[word]
    if text[0] == letters[at]:
        # this word gives letters[at:end], the first its initial, the others in order inside it
        end, pos = at + 1, 1
        while True:
            if _fits(letters, words, anchored, end, word + 1, min(giving + 1, 2), memo):
                return True
            if end == len(letters):
                break
            pos = text.find(letters[end], pos)
            if pos < 0:
                break
            end, pos = end + 1, pos + 1
    return (not anchored or text in _LINKS) and _fits(letters, words, anchored, at, word + 1, giving, memo)
