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
fewer chips, or the next ones that have evidence (`rank.KEEP` holds enough phrases for that). A
name in mixed case the title writes (`GrabCut`) counts its capitals as a second kind (2026-12-06).
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


def backed(
    ranked: list[Keyword],
    phrases: Mapping[str, list],
    title_words: frozenset[str],
    kp: Keyphraseness,
) -> list[Keyword]:
    """`ranked` without the phrases after the paper's first chip (its first keyword that is no
    topic: a card always shows one) that have no evidence but their score (`has_evidence`)."""
    out, first = [], True
    for k in ranked:
        if k.kind == "topic":
            out.append(k)
            continue
        if first or k.kind != "phrase" or has_evidence(k, phrases, title_words, kp):
            out.append(k)
        first = False
    return out


def has_evidence(k: Keyword, phrases: Mapping[str, list], title_words: frozenset[str], kp: Keyphraseness) -> bool:
    """Whether a phrase keyword has evidence of being a term of the paper: for one word, two of
    `_evidence`'s kinds (its termhood judged as a word's, ONE_WORD); for several, one of them on any
    of its forms, or a name's capitals (a capital after a word's first letter: `KITTI dataset`)."""
    if " " not in k.normalised:
        evidence = _evidence(k.normalised, phrases, title_words, kp, ONE_WORD)
        # (a name in mixed case the title writes, `GrabCut`, is the paper's subject: its capitals are a
        # second kind of evidence; any capitals, `AI`, `SE`, put more junk on cards)
        named = evidence[0] and any(c.isupper() for c in k.label[1:]) and any(c.islower() for c in k.label)
        return sum(evidence) + named >= ONE_WORD_EVIDENCE
    for key in (k.normalised, *(normalise_keyword(a) for a in k.aliases)):
        if any(_evidence(key, phrases, title_words, kp, TITLE_HEAD)):
            return True
    return any(c.isupper() for word in k.label.split(" ") for c in word[1:])


def _evidence(
    key: str, phrases: Mapping[str, list], title_words: frozenset[str], kp: Keyphraseness, heads: float
) -> tuple[bool, bool, bool, bool]:
    """(all its words in the title, chosen by some author, the catalogue's titles head it `heads`
    times per abstract or more, the abstract writes it REPEATED times or more)."""
    rate = TERMHOOD.rate(key)
    entry = phrases.get(key)
    return (
        title_words.issuperset(key.split(" ")),
        kp.chosen_elsewhere(key),
        rate is not None and rate >= heads,
        entry is not None and entry[0] >= REPEATED,
    )
