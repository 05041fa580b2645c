"""How a process is done is no part of its name: a modifier saying how jointly, how well or by
what kind of study something is done, before a noun of doing or a generic head (`joint
estimation`, `unified analysis`, `optimal solution`, `experimental investigation`), is filler
unless the corpus treats the phrase as a concept of its own (issue #36, round 16). Nor is a head
saying only that it is a process, after the noun of doing it restates (`minimization process`,
`learning process`: kwdof24)."""

from __future__ import annotations

from functools import cache

from .termhood import TERMHOOD
from .vocabulary import Keyphraseness
from .wordlists import NOT_NOUNS

# Three small closed classes of English modifiers that say how a process is done, never which
# process: together (`joint estimation`, `unified model`, `integrated navigation`), against a
# bound (`optimal solution`, `tight analysis`), and by what kind of study (`experimental
# investigation`, `theoretical analysis`). Titles promise them before the process they name
# (`Joint Estimation of Shape and Reflectance`, `A Tight and Unified Analysis of ...`,
# `Experimental Verification of ...`), so the catalogue's title heads are no evidence such a
# phrase is a term (`experimental investigation` heads titles 0.52 times per abstract, `joint
# estimation` 0.21; round 15's cost words, `praise.COST_WORDS`, the same). Not `simultaneous`: on
# the judged cards it took one chip judged good (`simultaneous intervention`, the title's
# subject) and one split, no junk.
HOW_WORDS = frozenset(
    "joint unified combined integrated optimal near-optimal tight experimental empirical theoretical".split()
)
# A noun of doing that names a task (`estimation`, `detection`, `analysis`, `investigation`):
# one in DOING_ENDINGS that the catalogue's titles head alone TASK_HEAD times per abstract or more
# (`estimation` 0.41, `detection` 0.49, `investigation` 0.15, each with the kind of task before it
# in titles: `pose estimation`, `object detection`), or a generic or light head (`shapes.GENERIC_HEADS`,
# `wordlists.LIGHT_NOUNS`: `model`, `algorithm`, `solution`). Not a noun of a thing or a state that
# only ends so (`position` 0.02, `motion` 0.08, `attention` 0.11, `action` 0.05, `moment`: the
# robot's `joint position`, `joint attention` of cognitive science), where `joint` is the noun;
# for that noun, a light head only after a word the lexicon knows as no noun (`wordlists.NOT_NOUNS`:
# `optimal solution`, `theoretical perspective`; not a robot's `joint speed`).
DOING_ENDINGS = ("tion", "sion", "ment", "sis")
TASK_HEAD = 0.15  # (as `shapes.TITLE_HEAD`)
# Evidence that the whole is a concept: authors choose it as a keyword (`optimal control`,
# `experimental design`), or the corpus's candidates compound it, a longer phrase opening with it
# in COMPOUNDED abstracts or more of `termhood.txt` (`optimal control problem`, `joint embedding
# space`, `joint optimization framework`): a process named by how it is done is no head of
# other terms.
COMPOUNDED = 10
# Heads that say only that what is before them takes place (`minimization process` is
# `minimization`, `learning process`, `generation process`, `testing procedures`, `evaluation
# methodologies`): after a noun of doing in lower case (DOING_ENDINGS, or a gerund) such a phrase is
# filler unless authors choose it or the catalogue's titles head it as a process of its own, in
# PROCESS_TITLES titles or more (`decision process` 104, `diffusion process` 13; `minimization
# process` 2, `learning process` 4 of its 493 abstracts). Not after a name or a word of no doing
# (`Gaussian process`, `point process`, `CMOS process`, `assembly process`, `exploratory
# procedures`). Issue #36, kwdof24.
PROCESS_HEADS = frozenset("process procedure methodology".split())
PROCESS_TITLES = 10


@cache
def _compounded() -> frozenset[str]:
    """The two-word openings of `termhood.txt`'s longer phrases in COMPOUNDED abstracts or more."""
    out = set()
    for key, (_, abstracts) in TERMHOOD.counts.items():
        if abstracts >= COMPOUNDED and key.count(" ") >= 2:
            out.add(key[: key.find(" ", key.find(" ") + 1)])
    return frozenset(out)


def how_done(key: str, words: list[str], heads: frozenset[str], light: frozenset[str], kp: Keyphraseness) -> bool:
    """Whether two words (`key` normalised, `words` as written) are a modifier of HOW_WORDS in
    lower case before a task's noun of doing (DOING_ENDINGS, TASK_HEAD) or one of `heads` (of
    `light` ones, only after a word that is never a noun: `optimal solution`, not `joint speed`), the phrase neither chosen
    by authors nor compounded by the corpus's candidates (COMPOUNDED)."""
    if len(words) != 2 or not words[0].islower() or words[0] not in HOW_WORDS:
        return False
    head = key[key.rfind(" ") + 1 :]
    if head not in heads or (head in light and words[0] not in NOT_NOUNS):
        rate = TERMHOOD.rate(head) if head.endswith(DOING_ENDINGS) else None
        if rate is None or rate < TASK_HEAD:
            return False
    return not kp.chosen_elsewhere(key) and key not in _compounded()


def restated_process(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """Whether two words (`key` normalised, `words` as written) are a lower-case noun of doing
    before a head of PROCESS_HEADS that restates it, neither chosen by authors nor headed by
    PROCESS_TITLES titles."""
    if len(words) != 2 or not words[0].islower() or key[key.rfind(" ") + 1 :] not in PROCESS_HEADS:
        return False
    first = words[0]
    if not (first.endswith(DOING_ENDINGS) or (first.endswith("ing") and len(first) > 5)):
        return False
    return TERMHOOD.counts.get(key, (0, 0))[0] < PROCESS_TITLES and not kp.chosen_elsewhere(key)
