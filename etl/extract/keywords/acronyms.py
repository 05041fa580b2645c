"""Acronym definitions, `long form (SF)`, after Schwartz & Hearst (2003)."""

from __future__ import annotations

import re

from .wordlists import FUNCTION_WORDS, NOT_NOUNS, STOP_WORDS, VERBS

_LONG_FORM_EDGES = " ,;:-\"'“”‘’(["  # stripped from a long form's ends
BEFORE_CHARS = 600  # text before a parenthesis that a long form may come from
_PAREN = re.compile(r"\(\s*([^()\s]{2,12}?)s?\s*[;,)]")


def _long_form(short: str, before: str) -> str | None:
    """The words before a parenthesis that `short` abbreviates: the last words whose initials spell
    it, if there are such (`Test Time Adaptation (TTA)`; Schwartz & Hearst alone would take the
    shortest match, `Time Adaptation`); else words whose letters spell it, its first letter at a
    word start or, failing that, at the start of a hyphenated part: `Weight-Decomposed Low-Rank
    Adaptation (DoRA)` (the long form then starts with the whole hyphenated word)."""
    long = _initials(short, before) or _spelled(short, before, "-") or _spelled(short, before, "")
    if long:
        long = _without_stop_word_start(short, long, before)
    # a long form that starts with a verb is a clause, not a term (`Refine Queries for ...`)
    return long if long and long.split()[0].lower() not in VERBS else None


def _without_stop_word_start(short: str, long: str, before: str) -> str | None:
    """A long form never starts with a function word. `the Abstraction and Reasoning Corpus (ARC)`
    matched as `and Reasoning Corpus`: the word before starts like the short form, so the long
    form takes it; `a private call center dataset (PCCD)` drops its article."""
    words = long.split()
    if words[0].lower() not in STOP_WORDS:
        return long
    written = before.split()
    previous = written[-len(words) - 1] if len(written) > len(words) else ""
    if previous[:1].lower() == short[:1].lower() and previous.lower() not in STOP_WORDS:
        return " ".join([previous.lstrip("\"'“‘(["), *words])
    while words and words[0].lower() in STOP_WORDS:
        del words[0]
    return " ".join(words) if len(words) > 1 or (words and len(words[0]) > len(short)) else None


def _initials(short: str, before: str) -> str | None:
    """The last words whose parts (split at hyphens) have `short`'s letters as initials, one part
    per letter: `gradient-guided nested sampling (GGNS)`."""
    letters = [c for c in short.lower() if c.isalnum()]
    if len(letters) < 2 or any(c.isdigit() for c in letters):
        return None
    words = before.split()[-len(letters) :]
    parts = [(i, part.lstrip("\"'“‘([")) for i, word in enumerate(words) for part in word.split("-") if part]
    if len(parts) < len(letters):
        return None
    parts = parts[-len(letters) :]
    if any(part[:1].lower() != c for (_, part), c in zip(parts, letters, strict=True)):
        return None
    return " ".join(words[parts[0][0] :]).strip(_LONG_FORM_EDGES) or None


def _spelled(short: str, before: str, joiners: str) -> str | None:
    max_words = min(len(short) + 5, len(short) * 2)
    words = before.split()[-max_words:]
    text = " ".join(words)
    low, s = text.lower(), short.lower()
    si, li = len(s) - 1, len(low) - 1
    while si >= 0:
        c = s[si]
        if not c.isalnum():
            si -= 1
            continue
        while li >= 0 and (low[li] != c or (si == 0 and li > 0 and (low[li - 1].isalnum() or low[li - 1] in joiners))):
            li -= 1
        if li < 0:
            return None
        si -= 1
        li -= 1
    start = text.rfind(" ", 0, li + 1) + 1
    long = text[start:].strip(_LONG_FORM_EDGES)
    if len(long) <= len(short) or short.lower() in long.lower().split():
        return None
    return long


def acronyms(sentence: str) -> list[tuple[str, str]]:
    """`(short, long)` for each `long form (SF)` definition in the sentence: a short form with two
    capitals or more (`Transformer` is a word, not a short form). A coined name may be spelled
    loosely (`Self-Play fIne-tuNing (SPIN)`); an acronym keyword's long form must also be a term
    its words spell (`is_expansion`)."""
    out = []
    for m in _PAREN.finditer(sentence):
        short = m.group(1)
        if not short[0].isalnum() or sum(c.isupper() for c in short) < 2:
            continue
        long = _long_form(short, _words_before(sentence, m.start()))
        if long and not _coined_inside(short, long):
            out.append((short, long))
    return out


# Digits a short form writes for words: `Seq2Seq` (sequence-to-sequence), `B2B`, `P4P`.
_DIGIT_WORDS = {"2": ("to", "two"), "4": ("for", "four"), "3": ("three",), "1": ("one",)}
_LINKS = frozenset("a an and for from in of on or the to via with by at as into over".split())
_DIMENSIONS = re.compile(r"^\d[Dd]$")  # (`3D scene graphs (3DSGs)` is a term)
_NOT_IN_TERMS = re.compile(r"[\d()\[\]{},;:=<>%$/@]")  # numbers, units, lists, clauses, formulas


def is_expansion(short: str, long: str) -> bool:
    """Whether `long` is a term `short` abbreviates: its words spell the short form, each (its
    parts split at hyphens) giving the next letters from its start (`MUltiple SIgnal Classification`,
    `Residual Network`, `t-distributed Stochastic Neighbor Embedding`; linking words such as `of`
    may give none), and it is a noun phrase: no numbers, units, lists or clauses, no verb, and a
    last word that may end a phrase (`Refine Queries for ...`, `performance of SGP on image
    classification (ResNet-50, ImageNet) and machine translation` are not terms)."""
    if not noun_phrase(long):
        return False
    parts = [[p for p in w.lower().split("-") if p] for w in long.split()]
    if _spells("".join(c for c in short.lower() if c.isalnum()), parts, 0, 0):
        return True
    # a coinage's capitals alone (`DoRA`: Weight-Decomposed Low-Rank Adaptation)
    capitals = "".join(c for c in short if c.isupper() or c.isdigit()).lower()
    return capitals != short.lower() and _spells(capitals, parts, 0, 0)


def noun_phrase(long: str) -> bool:
    """Whether a long form may be a term: no numbers, units, lists, clauses or verbs, and a last
    word that may end a phrase (`is_expansion`, `meanings.another_meaning`)."""
    words = long.split()
    if not words or _NOT_IN_TERMS.search(" ".join(w for w in words if not _DIMENSIONS.match(w))):
        return False
    last = words[-1].lower()
    return not (
        any(w.lower() in VERBS for w in words) or last in FUNCTION_WORDS or (last in NOT_NOUNS and last[-3:] != "ing")
    )


def _spells(letters: str, words: list[list[str]], i: int, w: int) -> bool:
    """Whether `words[w:]` spell `letters[i:]`: each word gives at least one letter (a linking
    word may give none) from the starts of its parts, in order."""
    if w == len(words):
        return i == len(letters)
    if i == len(letters):
        return all(word[0] in _LINKS for word in words[w:])
    parts = words[w]
    if len(parts) == 1 and parts[0] in _LINKS and _spells(letters, words, i, w + 1):
        return True
    return any(_spells(letters, words, j, w + 1) for j in _ends_in_word(letters, i, parts) if j > i)


def _ends_in_word(letters: str, i: int, parts: list[str]) -> set[int]:
    """The positions in `letters` that the parts of one word can reach from `i`, each part giving a
    prefix of itself (possibly empty), or a digit standing for it (`2` for `to`)."""
    reach = {i}
    for part in parts:
        nxt = set()
        for j in reach:
            nxt.add(j)
            if j < len(letters) and part in _DIGIT_WORDS.get(letters[j], ()):
                nxt.add(j + 1)
            k = 0
            while j + k < len(letters) and k < len(part) and letters[j + k] == part[k]:
                k += 1
                nxt.add(j + k)
        reach = nxt
    return reach


def _words_before(sentence: str, end: int) -> str:
    """The last `BEFORE_CHARS` characters before `end`, from a word's start: all a long form can
    use (at most 17 words and the one before), so a sentence with many parentheses costs linear time."""
    start = end - BEFORE_CHARS
    if start <= 0:
        return sentence[:end]
    space = sentence.find(" ", start, end)
    return sentence[space + 1 : end] if space >= 0 else ""


def _coined_inside(short: str, long: str) -> bool:
    """Whether a mixed-case coinage has more capitals than `long` has words (and hyphenated
    parts): `a simple method (SimPO)` names a method, it does not abbreviate `simple method`."""
    if short.isupper() or short.islower():
        return False
    parts = sum(len([p for p in word.split("-") if p]) for word in long.split())
    return sum(c.isupper() for c in short) > parts
