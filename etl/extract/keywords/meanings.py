"""Short forms the corpus defines (`large language models (LLMs)`), applied to papers that only
use them: a phrase that is a defined short form becomes its long form's keyword."""

from __future__ import annotations

from .keyword import Keyword
from .normalise import MAX_LABEL_WORDS, normalise_keyword

# Acronyms the corpus defines: normalised short form -> {normalised long form: label}.
Meanings = dict[str, dict[str, str]]


def merge_acronym_uses(ranked: list[Keyword], meanings: Meanings) -> list[Keyword]:
    """A phrase that is an acronym the corpus defines (`LLMs`, defined elsewhere as `large
    language models (LLMs)`) becomes that keyword, when the acronym has one meaning."""
    present = {k.normalised for k in ranked}
    merged = []
    for k in ranked:
        # (written as an acronym is, with capitals: `coil`, `grasp`, `nodes` are words, not `COIL`,
        # `GRASP` or `NODE`, whose meanings other papers define)
        targets = meanings.get(k.normalised) if k.kind == "phrase" and k.label != k.label.lower() else None
        if targets and len(targets) == 1:
            ((key, label),) = targets.items()
            if key in present:
                continue
            if len(label.split()) > MAX_LABEL_WORDS:  # (shown by the short form the paper writes)
                k = Keyword(key, k.label, "acronym", k.score, (label,))
            else:
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
    return " ".join(words) if changed and len(" ".join(words).split()) <= MAX_LABEL_WORDS else None
