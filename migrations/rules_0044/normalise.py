"""The forms keywords are merged under and shown in: normalised keys and display labels."""

from __future__ import annotations

import re
from functools import lru_cache

# Plurals the suffix rules below would get wrong (`analyses` is not `analyse`, `series` stays).
IRREGULAR = {
    "analyses": "analysis",
    "hypotheses": "hypothesis",
    "syntheses": "synthesis",
    "theses": "thesis",
    "diagnoses": "diagnosis",
    "prognoses": "prognosis",
    "parentheses": "parenthesis",
    "axes": "axis",
    "matrices": "matrix",
    "indices": "index",
    "vertices": "vertex",
    "simplices": "simplex",
    "appendices": "appendix",
    "series": "series",
    "species": "species",
    "criteria": "criterion",
    "phenomena": "phenomenon",
    "biases": "bias",
    "aliases": "alias",
    "statuses": "status",
    "viruses": "virus",
    "corpora": "corpus",
    "children": "child",
    "people": "people",
    "mice": "mouse",
    "stimuli": "stimulus",
    "radii": "radius",
    "nuclei": "nucleus",
    "foci": "focus",
    "loci": "locus",
    "schemata": "schema",
    "lemmata": "lemma",
    "data": "data",
    "media": "media",
    "feet": "foot",
}
# Prefixes that are written hyphenated or joined alike: `multi-agent` and `multiagent`,
# `pre-training` and `pretraining` are one keyword (the hyphen goes; elsewhere it is a space).
JOINED_PREFIXES = frozenset(
    (
        "multi",
        "non",
        "pre",
        "post",
        "semi",
        "sub",
        "co",
        "meta",
        "self",
        "fine",
        "re",
        "inter",
        "intra",
        "cross",
        "hyper",
        "over",
        "under",
        "auto",
        "anti",
    )
)
_PREFIX_HYPHEN = re.compile(r"(?<![^\s-])(" + "|".join(sorted(JOINED_PREFIXES)) + r")-(?=\w)")


def unhyphenate(text: str) -> str:
    """Hyphens as spaces, except after a prefix that is also written joined (`multi-agent` ->
    `multiagent`). `text` is lower case."""
    if "-" not in text:
        return text
    return _PREFIX_HYPHEN.sub(r"\1", text).replace("-", " ")


def singular(word: str) -> str:
    """A simple English singular for the last word of a phrase (`networks` -> `network`,
    `analyses` -> `analysis`). Not `inflect.singular_noun`: measured on ML words it is 260x
    slower (170 us a word, called for every candidate) and wrong where this is right (`bias` ->
    `bia`, `matrices` -> `matrice`, `data` -> `datum`, `dynamics` -> `dynamic`)."""
    if len(word) <= 3 or not word.isalpha():
        return word
    irregular = IRREGULAR.get(word)
    if irregular is not None:
        return irregular
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ics", "as")):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 16)
def normalise_keyword(text: str) -> str:
    """The form keywords are merged under: case folded, hyphens and spaces alike (hyphens after
    `JOINED_PREFIXES` removed), last word singular. `Graph Neural Networks` and `graph-neural
    network` are one keyword, and so are `multi-agent systems` and `multiagent system`."""
    words = unhyphenate(text.casefold()).replace("’", "'").split()
    if len(words) > 1 and not JOINED_PREFIXES.isdisjoint(words[:-1]):  # `multi task`: one word, as `multi-task` is
        joined: list[str] = []
        for word in words:
            if joined and joined[-1] in JOINED_PREFIXES:
                joined[-1] += word
            else:
                joined.append(word)
        words = joined
    if words:
        words[-1] = singular(words[-1])
    return " ".join(words)


# A label of more words is a sentence, not a chip (`Density-Based spatial clustering of applications
# with noise`): such a term is shown by its short form, its long form an alias.
MAX_LABEL_WORDS = 6


def label_of(words: list[str]) -> str:
    """Display form: lower case, except words written with inner capitals (`ImageNet`, `GNN`)."""
    if len(words) == 1:  # the common case, without a generator
        w = words[0]
        return w if w[1:] != w[1:].lower() else w.lower()
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in words)
