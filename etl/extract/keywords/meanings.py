"""Short forms the corpus defines (`large language models (LLMs)`), applied to papers that use
them: a phrase that is a defined short form becomes its long form's keyword where the meaning is
the field's (many papers define it, the one way) or the paper writes that long form too, and the
paper does not define the short form otherwise itself; elsewhere it stays as the paper writes it
(issue #36, the tenth round)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .keyword import Keyword
from .normalise import MAX_LABEL_WORDS, normalise_keyword

if TYPE_CHECKING:  # (a small load imports this module, and not what extraction needs)
    from .terms import Terms

# Acronyms the corpus defines: normalised short form -> {normalised long form: (label, papers
# defining it so)}.
Meanings = dict[str, dict[str, tuple[str, int]]]
# Whether a paper takes a meaning: (short form, long form's key, papers defining it so) -> bool.
Takes = Callable[[str, str, int], bool]

LONG_FORM_WORDS = 0.5  # the share of a corpus meaning's words a paper writes to be shown it
# The papers that define a short form's one meaning for it to be the field's, shown on papers that
# only use the short form (`DPO`: 11 papers of the catalogue, 2 of COLM 2024's 299; `BERT`, 5;
# `LSTM`, 109). Of the catalogue's 6,527 short forms with one meaning, 5,433 are defined by one
# paper, 557 by two, 184 by three; the corpus defines the short form another way as often or more
# (`electrocardiogram (ECG)`, whose long form does not spell it) for 11 % of those defined once,
# 4 % of those defined twice, 2 % from three papers on: one paper's meaning is thin, two agreeing
# are the corpus's (docs/keywords.md, the tenth round).
FIELD_WIDE = 2
# ... and at least this share of the papers writing the short form (a phrase of its own) define it
# so: `RGB` (1,022 papers write it, 2 define `red green blue`), `NODE`, `MeSH`, `RAPID` are words
# of their own. Of the 929 one-meaning short forms two papers or more define, only these four fall
# under 0.005; the next is `BERT` (5 of 422, 0.012).
DEFINED_SHARE = 0.01


def merge_acronym_uses(ranked: list[Keyword], meanings: Meanings, takes: Takes) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning and the paper
    `takes` it (see `takes_meaning`) or has the long form among its keywords. Another paper's
    meaning is no label of a chip: `TEE` on a paper about transesophageal echocardiography is not
    `temporal expression extraction`, `UPS` on a Gough-Stewart platform not `uncalibrated
    photometric stereo` (the acronym is shown as the paper writes it)."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        # (written as an acronym is, with capitals: `coil`, `grasp`, `nodes` are words, not `COIL`,
        # `GRASP` or `NODE`, whose meanings other papers define)
        targets = meanings.get(k.normalised) if k.kind == "phrase" and k.label != k.label.lower() else None
        if targets and len(targets) == 1 and _taken(k.normalised, targets, present, takes):
            ((key, (label, _)),) = targets.items()
            if key in present:
                continue
            if len(label.split()) > MAX_LABEL_WORDS:  # (shown by the short form the paper writes)
                k = Keyword(key, k.label, "acronym", k.score, (label,))
            else:
                k = Keyword(key, label, "acronym", k.score, (k.label,))
            present.add(key)
        elif targets and len(targets) == 1:  # (an acronym as this paper writes it: `TEE`, `UPS`)
            k = Keyword(k.normalised, k.label, "acronym", k.score, k.aliases)
        elif k.kind == "phrase" and " " in k.label and k.label != k.label.lower():
            expanded = _expanded(k.label, meanings, takes)  # `multi-agent RL` is `multi-agent reinforcement learning`
            if expanded is not None:
                key = normalise_keyword(expanded)
                if key in present:
                    continue
                k = Keyword(key, expanded, "phrase", k.score, (k.label,))
                present.add(key)
        merged.append(k)
    return merged


def _taken(short: str, targets: dict[str, tuple[str, int]], present: set[str], takes: Takes) -> bool:
    """Whether a paper takes a short form's one meaning: a keyword of it already, or `takes`."""
    ((key, (_, papers)),) = targets.items()
    return key in present or takes(short, key, papers)


def _expanded(label: str, meanings: Meanings, takes: Takes) -> str | None:
    """`label` with each short form the corpus defines once, and whose meaning the paper `takes`,
    written out; None if it has none."""
    words, changed = label.split(), False
    for i, word in enumerate(words):
        if len(word) > 1 and word.isupper():
            short = normalise_keyword(word)
            targets = meanings.get(short)
            if targets and len(targets) == 1:
                ((key, (long, papers)),) = targets.items()
                if takes(short, key, papers):
                    words[i] = long
                    changed = True
    return " ".join(words) if changed and len(" ".join(words).split()) <= MAX_LABEL_WORDS else None


def writes_long_form(terms: Terms, in_title: frozenset[str]) -> Callable[[str], bool]:
    """Whether the paper (its abstract's phrases and definitions, its title's words `in_title`)
    writes a long form, given normalised: whole, or `LONG_FORM_WORDS` of its words (`direct
    preference optimization` on a paper writing `preference` and `optimization`; not `total
    variation` on one about TV shows)."""
    written: set[str] = set()

    def writes(key: str) -> bool:
        words = key.split(" ")
        if key in terms.phrases or key in terms.acronyms or in_title.issuperset(words):
            return True
        if not written:
            written.update(in_title, (w for phrase in terms.phrases for w in phrase.split(" ")))
        return sum(w in written for w in words) >= LONG_FORM_WORDS * len(words)

    return writes


def takes_meaning(terms: Terms, in_title: frozenset[str], df: Mapping[str, int]) -> Takes:
    """Whether the paper takes the corpus's meaning of a short form it uses without defining it:
    never where it defines the short form otherwise itself, with none of the meaning's words
    (`magnetoencephalography (MEG)`, not `matrix exponentiated gradient`; `electrocardiogram (ECG)`:
    its long form does not spell it), always where it defines it with some of the meaning's words,
    else where the meaning is the field's (`FIELD_WIDE` papers or more define it, and
    `DEFINED_SHARE` of the papers `df` says write the short form) or the paper writes its long form
    (`writes_long_form`: `temporal expression extraction`, defined by one paper, only where
    written)."""
    writes = writes_long_form(terms, in_title)
    own = terms.defined

    def takes(short: str, key: str, papers: int) -> bool:
        if short in own:
            # (its own definition, spelled or not, may say more: `cross-domain named entity
            # recognition (NER)` is still `named entity recognition`; one with none of its words is
            # another meaning)
            return not set(own[short].split(" ")).isdisjoint(key.split(" "))
        field_wide = papers >= FIELD_WIDE and papers >= DEFINED_SHARE * df.get(short, 1)
        return field_wide or writes(key)

    return takes
