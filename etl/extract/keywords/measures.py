"""What an abstract names only as the measure of its results (`by more than 0.8 dB in terms of Peak
Signal-to-Noise Ratio (PSNR)`, `over 5% in terms of AUC-ROC`, `an accuracy of 95.2%`, `a success
rate of 90%`); pure.

A paper's evaluation measure is seldom its keyword: the shipped vocabulary's authors chose
`success rate` in none of the 113 abstracts that write it, and no author there chose `PSNR`,
`AUC`, `BLEU` or `accuracy`. A phrase, a short form or a name every writing of which stands in a
measure's place is no chip (`rank.rank_keywords`), unless the title names it or authors chose it.
A measure's place is

- the words after `in terms of` (and `the`) where a figure stands in the FIGURE_BEFORE characters
  before it, up to the first word that is no phrase word, with the short form in brackets after
  them (`by more than 0.8 dB in terms of Peak Signal-to-Noise Ratio (PSNR) on Set5`; not `we analyse
  these errors in terms of Gaussian random fields`, a paper's own subject);
- the words right after a figure, a number with a decimal point or a per cent sign (`0.8 dB`, `5%
  AUC`, `95.2 % accuracy`, `32.57 BLEU score`; a whole number counts things: `4 DOF`, `57 Atari games`);
- the words right before `of`, `=` or `:` and such a figure (`an AUC of 0.91`, `PSNR: 32.1`, `a
  success rate of 90%`).

Issue #36 (docs/keywords.md, "Terms, not fragments", fifteenth round).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .phrases import _WORD_OR_BREAK, phrase_candidates
from .roles import WORD_CACHE
from .vocabulary import Keyphraseness

MAX_MEASURE_WORDS = 4  # phrase words read on either side of a figure or after `in terms of`
# a figure: a number with a decimal point or a per cent sign (`0.8`, `5%`, `95.2 %`), a word of its own
_FIGURE = re.compile(r"\d(?<![\w.]\d)\d*(?:\.\d+(?:\s*(?:\\?%|percent\b))?|\s*(?:\\?%|percent\b))(?=[\s,;)])")
_DIGIT = re.compile(r"\d")
FIGURE_BEFORE = 40  # characters before `in terms of` where a figure is written (`over 5% in terms of AUC-ROC`)
_IN_TERMS = re.compile(r"\bin\s+terms\s+of\s+(?:the\s+)?", re.IGNORECASE)
_BEFORE_FIGURE = re.compile(r"(?:\s+of|\s*[=:])\s*$")


def measure_keys(
    text: str, phrases: Mapping[str, list], acronyms: Mapping[str, tuple], methods: Mapping[str, tuple]
) -> frozenset[str]:
    """The keys of the candidates (`phrases`, `acronyms`' long forms, `methods`) that the cleaned
    abstract `text` writes only in a measure's place (see the module's description). A defined
    term counts when its long form and every writing of its short form are there."""
    places = _places(text) if "terms of" in text or _FIGURE.search(text) else None
    if not places:
        return frozenset()
    counted: dict[str, int] = {}
    tokens: dict[str, int] = {}
    for place in places:
        for key, entry in phrase_candidates(place)[1].items():
            counted[key] = counted.get(key, 0) + entry[0]
        for token in _WORD_OR_BREAK.findall(place):
            tokens[token] = tokens.get(token, 0) + 1
    out = {key for key, n in counted.items() if key in phrases and n >= phrases[key][0]}
    for key, (_, short, _) in acronyms.items():
        if key in counted and tokens.get(short, 0) >= _written(short, text):
            out.add(key)
    for key, (label, _) in methods.items():
        if label in tokens and tokens[label] >= _written(label, text):
            out.add(key)
    return frozenset(out)


def _written(word: str, text: str) -> int:
    """How often `text` writes `word` as a word of its own (as `_WORD_OR_BREAK` reads words)."""
    return sum(1 for token in _WORD_OR_BREAK.findall(text) if token == word)


def _places(text: str) -> list[str]:
    """The stretches of `text` in a measure's place, each as its phrase words are written."""
    places = []
    for m in _IN_TERMS.finditer(text):
        if _DIGIT.search(text, max(0, m.start() - FIGURE_BEFORE), m.start()):
            places.append(" ".join(_run(_WORD_OR_BREAK.findall(text, m.end(), m.end() + 120))))
    for m in _FIGURE.finditer(text):
        after = _run(_WORD_OR_BREAK.findall(text, m.end(), m.end() + 80))
        if after:
            places.append(" ".join(after))
        before = text[max(0, m.start() - 80) : m.start()]
        slot = _BEFORE_FIGURE.search(before)
        if slot is not None:
            run = _run(_WORD_OR_BREAK.findall(before, 0, slot.start())[::-1])[::-1]
            if run:
                places.append(" ".join(run))
    return places


def _run(words: list[str]) -> list[str]:
    """The phrase words `words` open with (at most MAX_MEASURE_WORDS), and a short form in
    brackets right after them (`Peak Signal-to-Noise Ratio (PSNR)`)."""
    run = []
    for word in words[:MAX_MEASURE_WORDS]:
        if WORD_CACHE[word].breaks:
            break
        run.append(word)
    rest = words[len(run) :]
    if run and len(rest) >= 3 and rest[0] == "(" and rest[2] == ")":
        run += rest[:3]
    return run


def is_measure(key: str, measures: frozenset[str], in_title: frozenset[str], kp: Keyphraseness) -> bool:
    """Whether a keyword (`key` normalised) is the measure of the paper's results only: in
    `measures` (`measure_keys`), not every word in the title (`titles.title_words`) and not chosen
    by authors elsewhere (`kp`)."""
    return key in measures and not all(w in in_title for w in key.split(" ")) and not kp.chosen_elsewhere(key)
