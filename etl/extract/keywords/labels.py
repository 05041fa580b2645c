"""The label a keyword is shown by: the form most of its papers write, with the capitals of
writing conventions taken off and the capitals of names kept (issue #36: "a keyword's label is the
form most papers write"; docs/keywords.md, branch kwlabel27).

`label_of` keeps a word's capitals only where it has one past its first letter (`ImageNet`, `BERT`),
so a hyphenated word of a Title Case long form kept its own (`Long-Short Term Memory` -> `Long-Short
term memory`), and names lost theirs (`Gaussian process` -> `gaussian process`). `shown_label`
reads each word of a label: a hyphenated word whose parts are only capitalised, none of them a
name, is lowered (`long-short`, `vision-and-language`, `signal-to-noise`); one with a name keeps its
capitals (`Kullback-Leibler`, `Frank-Wolfe`, `Rao-Blackwellized`); a word or part the catalogue
writes as a name (`wordlists.NAMES`: `Gaussian`, `Markov`, `Bayesian`) is capitalised; a word with a
capital inside a part (`ImageNet`, `RGB-D`, `QuIP#`) stays as written; a name's possessive is the
name's (`Alzheimer's disease`, `Stein's unbiased risk estimator`: read28). `most_written` picks the form
most papers write, counted by the form shown; `relabelled` gives a paper's ranked keywords the
label most papers write of each acronym's meaning, where ranking read the smallest. Pure; applied
to the labels a ranking gives, never read by the ranking (its keys and scores are the same)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from . import wordlists
from .keyword import Keyword
from .normalise import singular


def _capitalised(part: str) -> bool:
    return part[:1].isupper() and part[1:] == part[1:].lower()


POSSESSIVE = ("'s", "\u2019s", "'", "\u2019")  # (`alzheimer's disease`, `raven\u2019s progressive matrices`)


def _named(part: str) -> str:
    """`part` capitalised where it is a name, alone or with a possessive ending (`Alzheimer's`)."""
    stem = next((part[: -len(end)] for end in POSSESSIVE if part.endswith(end)), part)
    return part[:1].upper() + part[1:] if stem in wordlists.NAMES else part


def _shown_word(word: str) -> str:
    if "-" not in word:
        if word.islower():
            return _named(word)
        return word  # (a capital inside, as `label_of` keeps it: `ImageNet`; or no letter)
    parts = word.split("-")
    if any(p[1:] != p[1:].lower() for p in parts):  # (`RGB-D`, `GPT-4V`, `multi-AUV`: a name's capitals)
        return word
    if any(_capitalised(p) and p.lower() in wordlists.NAMES for p in parts):
        return "-".join(p if _capitalised(p) else _named(p) for p in parts)  # (as written: `Frank-Wolfe`)
    return "-".join(_named(p.lower()) if _capitalised(p) else _named(p) for p in parts)


def shown_label(label: str) -> str:
    """`label` (as `label_of` gives it) as a keyword is shown: see the module's docstring."""
    return " ".join(_shown_word(w) for w in label.split(" "))


def _first(forms: Mapping[str, int]) -> str:
    """The form with most papers; ties: the lower-case form, then the alphabetical."""
    return min(forms, key=lambda f: (-forms[f], f != f.lower(), f))


def most_written(forms: Mapping[str, int]) -> str:
    """Of a keyword's `forms` (form -> papers writing it), the one most papers write, counted by the
    form shown (`Long Short-Term Memory` and `long short-term memory` are one); of the forms shown
    so, the one written most. Ties: the lower-case form, then the alphabetical."""
    if len(forms) == 1:
        return next(iter(forms))
    shown: Counter[str] = Counter()
    for form, papers in forms.items():
        shown[shown_label(form)] += papers
    best = _first(shown)
    return _first({form: papers for form, papers in forms.items() if shown_label(form) == best})


def same_number(label: str, other: str) -> str:
    """`label` with `other`'s last word where the two differ in it only by number or capitals: a
    short form's definers write its long form in a sentence, often plural (`Knowledge graphs (KGs)
    are ...`, `Markov decision processes (MDPs)`), where the keyword is named by its singular
    (`knowledge graph`, 320 papers); the number stays the one the papers' keywords vote for."""
    words, last = label.rsplit(" ", 1) if " " in label else ("", label)
    theirs = other.rsplit(" ", 1)[-1]
    if last == theirs or singular(last.lower()) != singular(theirs.lower()):
        return label
    return f"{words} {theirs}" if words else theirs


def relabelled(ranked: list[Keyword], shown: Mapping[str, str]) -> list[Keyword]:
    """A paper's ranked keywords with each meaning's label ranking read (`shown`'s keys: the smallest
    its papers write) as most of them write it (`shown`'s values), whole (an acronym's keyword) or
    inside a phrase that writes a short form out (`MEMS accelerometers`); keys and order unchanged."""
    out = []
    for k in ranked:
        if k.kind in ("acronym", "phrase"):
            label = shown.get(k.label)
            if label is None and k.aliases and " " in k.label:
                label = _inside(k.label, shown)
            if label is not None:
                k = k._replace(label=label)
        out.append(k)
    return out


def _inside(label: str, shown: Mapping[str, str]) -> str | None:
    """`label` with the longest stretch of its words that `shown` has replaced, or None."""
    words = label.split(" ")
    for size in range(len(words) - 1, 0, -1):
        for start in range(len(words) - size + 1):
            new = shown.get(" ".join(words[start : start + size]))
            if new is not None:
                return " ".join([*words[:start], new, *words[start + size :]])
    return None
