"""The forms keywords are merged under and shown in: normalised keys and display labels."""

from __future__ import annotations

import re
from functools import lru_cache

from . import wordlists  # (its long lists read when `cut_before_head` first asks: the loader imports this module)
from .spellings import AMERICAN, WORD_NAMES

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
        "un",
    )
)
_PREFIX_HYPHEN = re.compile(r"(?<![^\s-])(" + "|".join(sorted(JOINED_PREFIXES)) + r")-(?=\w)")


def unhyphenate(text: str) -> str:
    """Hyphens as spaces, except after a prefix that is also written joined (`multi-agent` ->
    `multiagent`). `text` is lower case."""
    if "-" not in text:
        return text
    return _PREFIX_HYPHEN.sub(r"\1", text).replace("-", " ")


# (the irregular plurals `singular` changes that do not end in s)
_IRREGULAR_NOT_S = {w: one for w, one in IRREGULAR.items() if not w.endswith("s") and len(w) > 3 and w.isalpha()}


def singular(word: str) -> str:
    """A simple English singular for the last word of a phrase (`networks` -> `network`,
    `analyses` -> `analysis`). Not `inflect.singular_noun`: measured on ML words it is 260x
    slower (170 us a word, called for every candidate) and wrong where this is right (`bias` ->
    `bia`, `matrices` -> `matrice`, `data` -> `datum`, `dynamics` -> `dynamic`)."""
    if not word.endswith("s"):  # (most words: only an irregular plural changes, `criteria`, `data`)
        return _IRREGULAR_NOT_S.get(word, word)
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


def spelled(text: str) -> str:
    """`text` (lower case, words apart) with British spellings American (`AMERICAN`)."""
    if " " not in text:
        return AMERICAN.get(text, text)
    return " ".join(AMERICAN.get(w, w) for w in text.split(" "))


def word_name(word: str) -> str:
    """The key of a word written with capitals past its first letter that the catalogue also
    writes in capitals as a name (`WORD_NAMES`): as written, singular (`ROBOT`, `GAMES` ->
    `GAME`, `mAP`, `GRaSP`); else '' (`robot`, `Robots`, `SLAM`: no such word)."""
    if not word.isalpha() or word[1:] == word[1:].lower():
        return ""
    low = word.lower()
    name = singular(low)
    if name not in WORD_NAMES and low not in WORD_NAMES:
        return ""
    if word.isupper():
        return name.upper()
    return word[: len(name)] if low.startswith(name) else word


_NOT_WORD = re.compile(r"[\W_]+")


def key_forms(words: set[str], written: str) -> set[str]:
    """`words` (a title's, case folded; changed) with each word's singular and American spelling
    (`Localisations`: `localization`), and the key of each name in capitals `written` holds (`ROBOT`)."""
    words.update([singular(w) for w in words if w.endswith("s")])
    words.update([AMERICAN[w] for w in words if w in AMERICAN])
    words.update(filter(None, map(word_name, _NOT_WORD.split(written))))
    return words


@lru_cache(maxsize=1 << 16)
def normalise_keyword(text: str) -> str:
    """The form keywords are merged under: case folded, hyphens and spaces alike (hyphens after
    `JOINED_PREFIXES` removed), British spellings American (`AMERICAN`), last word singular.
    `Graph Neural Networks` and `graph-neural network` are one keyword, and so are `multi-agent
    systems` and `multiagent system`, `Bayesian optimisation` and `bayesian optimization`. A word
    written in capitals that the catalogue also writes so as a name (`WORD_NAMES`) keeps them
    (`ROBOT`, `GRASP`, `GAMES` -> `GAME`): a name, not the word (`robot`)."""
    name = word_name(text.strip())
    if name:
        return name
    tokens = text.replace("’", "'").split()
    words: list[str] = []
    joins = False
    for token in tokens:  # (a prefix joins the next word only as a word of its own, as phrase keys do:
        # `multi task` is `multitask`, `coarse-to-fine model` is not `coarse to finemodel`)
        low = token.casefold()
        parts = [AMERICAN.get(w, w) for w in unhyphenate(low).split()]
        if joins and parts:
            words[-1] += parts.pop(0)
        words.extend(parts)
        joins = low.removesuffix("-") in JOINED_PREFIXES  # (`Meta- Path`: a line break's hyphen)
    if words:
        last = tokens[-1]
        if len(last) == 3 and last[2] == "s" and last[:2].isupper():  # `LMs`: a short form's plural (`lm`)
            words[-1] = words[-1][:-1]
        else:
            last = singular(words[-1])
            words[-1] = AMERICAN.get(last, last)  # (`colours`: `colour` -> `color`)
    return " ".join(words)


# A label of more words is a sentence, not a chip (`Density-Based spatial clustering of applications
# with noise`): such a term is shown by its short form, its long form an alias. Its words are counted
# with a hyphen's parts apart (`label_words`), as another paper may write them.
MAX_LABEL_WORDS = 6


def label_words(label: str) -> int:
    """A label's words, a hyphen's parts counted apart: `ultra-high frequency radio-frequency
    identification tag` is seven (`ultra high frequency radio frequency identification tag`, as
    another paper writes it), no label but the short form's `UHF RFID tag`."""
    return len(label.replace("-", " ").split())


def label_of(words: list[str]) -> str:
    """Display form: lower case, except words written with inner capitals (`ImageNet`, `GNN`)."""
    if len(words) == 1:  # the common case, without a generator
        w = words[0]
        return w if w[1:] != w[1:].lower() else w.lower()
    return " ".join(w if w[1:] != w[1:].lower() else w.lower() for w in words)


def cut_before_head(long: str) -> bool:
    """Whether a short form's Title Case long form ends in an adjective (a word the lexicon knows
    as no noun and no verb, `wordlists.NOT_NOUNS` less `VERBS`, not a word in -ing), so the name's
    head is the noun the text writes after it: `the Edge Constraint Adaptive (ECA) method`, `a
    Single Stage Headless (SSH) face detector`. Such a long form is no name written out: the method
    is shown as its short form (`rank._named`). A name ending in a verb is one (`Drop to Adapt`,
    `Explore-Then-Commit`). Issue #36 (kwname21)."""
    last = long.rsplit(" ", 1)[-1].rsplit("-", 1)[-1].lower()
    return last in wordlists.NOT_NOUNS and last not in wordlists.VERBS and not last.endswith("ing")
