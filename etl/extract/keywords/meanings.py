"""Short forms the corpus defines (`large language models (LLMs)`), applied to papers that use
them: a phrase that is a defined short form becomes its long form's keyword where the paper writes
that long form too; elsewhere it stays as the paper writes it (issue #36, round 10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .keyword import Keyword
from .normalise import MAX_LABEL_WORDS, normalise_keyword

if TYPE_CHECKING:  # (a small load imports this module, and not what extraction needs)
    from .terms import Terms

# Acronyms the corpus defines: normalised short form -> {normalised long form: label}.
Meanings = dict[str, dict[str, str]]

LONG_FORM_WORDS = 0.5  # the share of a corpus meaning's words a paper writes to be shown it


def merge_acronym_uses(ranked: list[Keyword], meanings: Meanings, writes: Callable[[str], bool]) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning and the paper
    `writes` (given a normalised long form) that long form or has it among its keywords. Another
    paper's meaning is no label of a chip: `TEE` on a paper about transesophageal echocardiography is not `temporal expression
    extraction`, `TV` in "TV shows" not `total variation`, `UPS` on a Gough-Stewart platform not
    `uncalibrated photometric stereo` (the acronym is shown as the paper writes it)."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        # (written as an acronym is, with capitals: `coil`, `grasp`, `nodes` are words, not `COIL`,
        # `GRASP` or `NODE`, whose meanings other papers define)
        targets = meanings.get(k.normalised) if k.kind == "phrase" and k.label != k.label.lower() else None
        if targets and len(targets) == 1 and (next(iter(targets)) in present or writes(next(iter(targets)))):
            ((key, label),) = targets.items()
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
            expanded = _expanded(k.label, meanings, writes)  # `multi-agent RL` is `multi-agent reinforcement learning`
            if expanded is not None:
                key = normalise_keyword(expanded)
                if key in present:
                    continue
                k = Keyword(key, expanded, "phrase", k.score, (k.label,))
                present.add(key)
        merged.append(k)
    return merged


def _expanded(label: str, meanings: Meanings, writes: Callable[[str], bool]) -> str | None:
    """`label` with each short form the corpus defines once, and whose long form the paper
    `writes`, written out; None if it has none."""
    words, changed = label.split(), False
    for i, word in enumerate(words):
        if len(word) > 1 and word.isupper():
            targets = meanings.get(normalise_keyword(word))
            if targets and len(targets) == 1 and writes(next(iter(targets))):
                words[i] = next(iter(targets.values()))
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
