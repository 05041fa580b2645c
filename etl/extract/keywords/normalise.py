"""The forms keywords are merged under and shown in: normalised keys and display labels."""

from __future__ import annotations

from functools import lru_cache


def singular(word: str) -> str:
    """A simple English singular for the last word of a phrase (`networks` -> `network`)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ics", "as")):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 16)
def normalise_keyword(text: str) -> str:
    """The form keywords are merged under: case folded, hyphens and spaces alike, last word
    singular. `Graph Neural Networks` and `graph-neural network` are one keyword."""
    words = text.casefold().replace("-", " ").replace("’", "'").split()
    if words:
        words[-1] = singular(words[-1])
    return " ".join(words)


def label_of(words: list[str]) -> str:
    """Display form: lower case, except words written with inner capitals (`ImageNet`, `GNN`)."""
    if len(words) == 1:  # the common case, without a generator
        w = words[0]
        return w if w[1:] != w[1:].lower() else w.lower()
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in words)
