"""A topic gives its place in the paper's five to a keyword that is a kind of it (issue #36).

A topic is a label to browse by; a keyword of the paper that ends with the topic's name, or is or
ends with one of the parts the name lists, is a kind of it and says more (`offline reinforcement
learning` of `reinforcement learning`, `unsupervised domain adaptation` and `adversarial attacks` of
`transfer, domain adaptation and generalization` and `robustness and adversarial attacks`, `model
predictive control` of `robotics and control`). Ranked above such a keyword, the topic took a place
of the five the keyword should have had (CoRL 2023's BridgeData V2: `reinforcement learning`
fourth, the authors' `offline reinforcement learning` sixth). A topic of the five now ranks just
below the kinds of it that the five would hold without it (those in the next FIVE places); it stays
the paper's topic (its row, `papers.topics` and the topic's pages keep it). Not further: below a
kind of it that stays out of the five anyway, the topic would give its place to an unrelated
keyword, and authors choose both (`privacy` and `differential privacy`, `interpretability` and
`mechanistic interpretability`): going below every kind of it cost COLM 2024 0.0008 of F1@5
against this rule, out of the five altogether 0.0021 (docs/keywords.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .keyword import Keyword

STEP = 0.0001  # below the narrower keyword's score, at the scores' precision (4 places)
FIVE = 5  # the places of a card's first look (the shared tools' top five)
_PARTS = re.compile(r", | and ")
_LINKS = frozenset("of from for with in on by to via and or".split())  # (`variants._LINKS`, and coordination)


def parts(topic_key: str) -> tuple[str, ...]:
    """The things a topic's name lists (`robotics and control`: `robotics`, `control`), or none."""
    listed = tuple(p for p in _PARTS.split(topic_key) if p)
    return listed if len(listed) > 1 else ()


def narrower(key: str, topic_key: str) -> bool:
    """Whether a keyword (its normalised key) is a kind of the topic: it ends with the topic's name,
    or is or ends with one of the parts the name lists, after words that describe it (not after a
    link word: `redundancy of control` is no kind of control, `planning and control` none either)."""
    if key == topic_key:
        return False
    return any(key == part or _kind_of(key, part) for part in parts(topic_key)) or _kind_of(key, topic_key)


def _kind_of(key: str, head: str) -> bool:
    if not key.endswith(" " + head):
        return False
    return _LINKS.isdisjoint(key[: -len(head)].split())


def topics_below_narrower(ranked: Sequence[Keyword]) -> list[Keyword]:
    """`ranked` (best first) with each topic of the paper's five scored just below the kinds of it
    (`narrower`) that it ranks above and the five would hold without it (the next FIVE places)."""
    out = list(ranked)
    for topic in [k for k in ranked if k.kind == "topic"]:
        at = next(i for i, k in enumerate(out) if k is topic)
        kinds = [
            k.score for k in out[at + 1 : FIVE + 1] if k.kind != "topic" and narrower(k.normalised, topic.normalised)
        ]
        if not kinds:
            continue
        moved = topic._replace(score=max(0.0, round(min(kinds) - STEP, 4)))
        del out[at]
        place = next((i for i, k in enumerate(out) if k.score < moved.score), len(out))
        out.insert(place, moved)
    return out
