"""A card shows only chips something stands behind: after its first, a phrase needs evidence beyond its score.

Issue #36, round 7. Judged chips at ranks 2-5 of nine judged catalogue samples (3,846 chips, ranked
in process with round 6's rules against the catalogue's statistics; `scripts/chip_classes.py`), by
what speaks for a phrase first: a name or a defined term 0.04 junk, a phrase of the title 0.07, one
the catalogue's titles head (termhood TITLE_HEAD or more) 0.09, one some author of another venue
chose as a keyword 0.10, one the abstract repeats 0.13, one with a name's capitals 0.15, and the
rest, written once with none of these, 0.22 (209 of the 454 junk chips). A lone word is weaker
evidence of a term than a phrase: 48 of 164 single-word chips were junk (`modeling`, `rendering`,
`categorization`, `geometry`), most with one kind of evidence only. So, after the paper's first
chip, a phrase with no evidence is no keyword, and a single word needs two kinds; the card shows
fewer chips, or the next ones that have evidence (`rank.KEEP` holds enough phrases for that).

Round 12: an author's choice is evidence for a phrase of several words only where authors choose it
as often as the prior rate of phrases of its length (`Keyphraseness.chosen_as_often`): some author
chose `machine learning`, `data collection`, `model size` or `efficient inference`, most pass them
over where their abstracts have them. On every judged card this took 31 junk chips and 68 good ones.
"""

from __future__ import annotations

from collections.abc import Mapping

from .keyword import Keyword
from .normalise import normalise_keyword
from .shapes import TITLE_HEAD
from .termhood import ONE_WORD, TERMHOOD
from .vocabulary import Keyphraseness

# Uses in the abstract that are evidence (a phrase written once, 22 % junk; twice or more, 13 %).
REPEATED = 2
# Kinds of evidence a single word needs (title, an author's choice, titles heading it, repeats):
# with one, dropping `modeling` took `reasoning` and `alignment` from COLM 2024's cards less often
# than it kept them, but with two the single words in COLM 2024's top five stay at 0.30.
ONE_WORD_EVIDENCE = 2
# Junk grows with a chip's place on the card (issue #36, round 12: every judged card of `docs/chips`,
# ranked in process, 0.05 junk at the first place, 0.12 at the fifth), and a lone word's most. From
# LATE_PLACE on, a lower-case single word needs LATE_ONE_WORD_EVIDENCE kinds: on the judged cards
# this took 11 junk chips (`modeling` cut from `opponent modeling`, `geometry`, `categorization`) and
# 5 good ones. From the third place on, it took 28 junk and 37 good ones, but also COLM 2024's
# `alignment`, `retrieval`, `generalization` and CoRL 2023's `manipulation`, which their authors
# chose (F1@5 0.241 -> 0.238, 0.213 -> 0.210).
LATE_PLACE = 5
LATE_ONE_WORD_EVIDENCE = 3


def backed(
    ranked: list[Keyword],
    phrases: Mapping[str, list],
    title_words: frozenset[str],
    kp: Keyphraseness,
) -> list[Keyword]:
    """`ranked` without the phrases after the paper's first chip (its first keyword that is no
    topic: a card always shows one) that have no evidence but their score (`has_evidence`; a
    single word from the card's LATE_PLACE on needs more)."""
    out, place = [], 0
    for k in ranked:
        if k.kind == "topic":
            out.append(k)
            continue
        if not place or k.kind != "phrase" or has_evidence(k, phrases, title_words, kp, place + 1):
            out.append(k)
            place += 1
    return out


def has_evidence(
    k: Keyword, phrases: Mapping[str, list], title_words: frozenset[str], kp: Keyphraseness, place: int = 2
) -> bool:
    """Whether a phrase keyword has evidence of being a term of the paper at the card's `place`:
    for one word, two of `_evidence`'s kinds (its termhood judged as a word's, ONE_WORD; a
    lower-case word from LATE_PLACE on, LATE_ONE_WORD_EVIDENCE); for several, one of them on any of
    its forms (an author's choice only where authors choose it as often as the average phrase of
    its length), or a name's capitals (a capital after a word's first letter: `KITTI dataset`)."""
    if " " not in k.normalised:
        late = place >= LATE_PLACE and k.label.isalpha() and k.label.islower()
        need = LATE_ONE_WORD_EVIDENCE if late else ONE_WORD_EVIDENCE
        return sum(_evidence(k.normalised, phrases, title_words, kp, ONE_WORD)) >= need
    for key in (k.normalised, *(normalise_keyword(a) for a in k.aliases)):
        if any(_evidence(key, phrases, title_words, kp, TITLE_HEAD, as_often=True)):
            return True
    return any(c.isupper() for word in k.label.split(" ") for c in word[1:])


def _evidence(
    key: str,
    phrases: Mapping[str, list],
    title_words: frozenset[str],
    kp: Keyphraseness,
    heads: float,
    as_often: bool = False,
) -> tuple[bool, bool, bool, bool]:
    """(all its words in the title, chosen by some author (`as_often`: as often as the prior of its
    length, `Keyphraseness.chosen_as_often`), the catalogue's titles head it `heads` times per
    abstract or more, the abstract writes it REPEATED times or more)."""
    rate = TERMHOOD.rate(key)
    entry = phrases.get(key)
    return (
        title_words.issuperset(key.split(" ")),
        kp.chosen_as_often(key) if as_often else kp.chosen_elsewhere(key),
        rate is not None and rate >= heads,
        entry is not None and entry[0] >= REPEATED,
    )
