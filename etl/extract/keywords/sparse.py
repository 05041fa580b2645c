"""A sparse card's title terms: the terms a title names that its abstract does not write.

Issue #36, nineteenth part (branch kwsparse21; docs/keywords.md, eighteenth round). Cards of one or
two chips are where a reader sees the worst chips (on every judged card, cards of one chip were
0.141 junk against 0.06-0.09 for cards of three); their abstracts are short or old, and the title
names the paper's terms in a few words that `titles.title_terms` takes only where the abstract
writes them. So, on a card of fewer than SPARSE chips, the title's runs of two or three content
words the abstract does not write (`title_runs`) that the corpus knows as terms and no shape rule
refuses (`is_title_term`) rank after the card's chips, before its topics. Ranked before the chips
that have no evidence but their score (which `support` would then drop), they took 13 judged-ok
chips and 1 junk chip from the judged cards: they take none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .clauses import is_gerund, verb_with_object
from .keyword import Keyword
from .normalise import label_of, normalise_keyword
from .phrases import _WORD_OR_BREAK
from .pieces import continued, in_longer_term
from .roles import WORD_CACHE, WordRoles
from .shapes import SCOPE_MODIFIERS, TITLE_HEAD, filler, not_a_chip
from .termhood import TERMHOOD
from .titles import TITLE_RUN, _key
from .vocabulary import Keyphraseness
from .wordlists import EVALUATIVE_ADJECTIVES, GENERAL_ADJECTIVES

SPARSE = 3  # a card of fewer chips takes its title's terms (up to this many chips in all)
_CARD = 5  # the chips a card shows
STEM = 4  # letters of a word that tell a title's term from a chip's (`_nested`)


def with_title_terms(
    ranked: list[Keyword],
    title: str | None,
    phrases: Mapping[str, list],
    kp: Keyphraseness,
    n_docs: int,
) -> list[Keyword]:
    """`ranked` (best first) with its title's terms (see the module's description) where it shows
    fewer than SPARSE chips (keywords that are no topic or author's), up to SPARSE chips in all,
    after its last chip; not a term that is a chip in other words (`_nested`). `phrases` are the
    abstract's candidates (a term the abstract writes was ranked, or refused, with them)."""
    chips = [k for k in ranked if k.kind not in ("topic", "author")][:_CARD]
    if not title or len(chips) >= SPARSE:
        return ranked
    shown = [_stems(f) for k in chips for f in (k.normalised, *map(normalise_keyword, k.aliases))]
    new: list[tuple[str, str]] = []
    for key, written in title_runs(title):
        # (a run the title writes twice is one term: `Learning to Learn by Gradient Descent by Gradient Descent`)
        wanted = len(new) < SPARSE - len(chips) and key not in phrases and not _nested(_stems(key), shown)
        if wanted and is_title_term(key, written, title, kp, n_docs):
            new.append((key, written))
            shown.append(_stems(key))
    if not new:
        return ranked
    # (after the card's last chip, before the next keyword: a topic or nothing)
    at = ranked.index(chips[-1]) + 1 if chips else 0
    high = ranked[at - 1].score if at else (ranked[0].score if ranked else 1.0) + 0.1
    low = ranked[at].score if at < len(ranked) else 0.0
    step = (high - low) / (len(new) + 1)
    added = [
        Keyword(
            key, label_of([_as_phrase(w, title) for w in written.split(" ")]), "phrase", round(high - step * (i + 1), 4)
        )
        for i, (key, written) in enumerate(new)
    ]
    return [*ranked[:at], *added, *ranked[at:]]


def _nested(words: frozenset[str], shown: list[frozenset[str]]) -> bool:
    """Whether a phrase's words hold a chip's or lie inside one, by their stems (`controllable video
    generation` beside `video generation`, `dynamic modelling` beside `dynamic model`): one keyword twice."""
    return any(words <= w or w <= words for w in shown)


def _stems(key: str) -> frozenset[str]:
    """A key's words cut to STEM letters (`model`, `modelling`: `mode`; `controller`, `control`: `cont`)."""
    return frozenset(word[:STEM] for word in key.split(" "))


def _as_phrase(word: str, title: str) -> str:
    """A title's word as a phrase writes it: lower case, but a name's or acronym's capitals after its
    first letter (`ReLU`, `MORSE`, `Multi-Robot` -> `multi-robot`); all lower in a title of capitals."""
    if title.isupper():
        return word.lower()
    return "-".join(p if any(c.isupper() for c in p[1:]) else p.lower() for p in word.split("-"))


def is_title_term(key: str, written: str, title: str, kp: Keyphraseness, n_docs: int) -> bool:
    """Whether a title's run the abstract does not write is a term: the corpus knows it as one
    (chosen by some author, or a head of the catalogue's titles at TITLE_HEAD), and no rule of a
    phrase's shape refuses it (`shapes`: never a chip, filler; a gerund with its object; a piece
    the titles continue or of a longer term the title writes)."""
    chosen = kp.chosen_elsewhere(key)
    rate = TERMHOOD.rate(key)
    if not (chosen or (rate is not None and rate >= TITLE_HEAD)):
        return False
    first = written[: written.find(" ")].lower()
    # (a title's claim about its work, not its term, where no author chose the phrase: `fast
    # computation`, `large team`, `arbitrary objects`; the title's verb with its object: `learning mixtures`)
    if not chosen and (first in EVALUATIVE_ADJECTIVES or first in GENERAL_ADJECTIVES or first in SCOPE_MODIFIERS):
        return False
    if not chosen and is_gerund(first):
        return False
    return not (
        not_a_chip(key, written, False, None, n_docs, kp)
        or filler(key, written)
        or verb_with_object(key, written, kp.chosen_elsewhere, None)
        or continued(key, written)
        or in_longer_term(key, title)
    )


def title_runs(title: str) -> Iterator[tuple[str, str]]:
    """(key, as written) of the title's runs of two to TITLE_RUN content words (as
    `titles.title_terms` reads them: no evaluative or describing first word, a last that heads)."""
    for run in _runs(title):
        roles = [r for _, r in run]
        first, last = roles[0], roles[-1]
        if (
            1 < len(run) <= TITLE_RUN
            and first.starts
            and not first.describes
            and last.ends
            and not last.modifier
            and not any(r.fragment for r in roles)
        ):
            yield _key(roles), " ".join(word for word, _ in run)


def _runs(title: str) -> Iterator[list[tuple[str, WordRoles]]]:
    """The title's runs of content words with their words as written (`titles._runs`)."""
    run: list[tuple[str, WordRoles]] = []
    cut = False
    for word in (*_WORD_OR_BREAK.findall(title), "."):
        r = WORD_CACHE[word]
        if not r.breaks:
            run.append((word, r))
            continue
        while run and run[0][1].drops:
            run.pop(0)
        if not cut and run:
            yield run
        run, cut = [], r.cuts
