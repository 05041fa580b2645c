"""Candidates that are pieces of a longer term the abstract writes: `chain monte carlo` of `markov
chain monte carlo`, `simultaneous localization` of `simultaneous localization and mapping`,
`modified artificial potential` of `artificial potential field`; and candidates written before the
compound they modify, `attentive graph` of `attentive graph neural network`, or before a slash
that joins two modifiers of one head, `six-axis force` of `six-axis force/torque sensor`."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from pathlib import Path

from ...settings import package_folder
from .heads import AFTER_TERMS
from .keyword import Keyword
from .phrases import BEFORE_COMPOUND, HEADLESS, LEFT_CUT, WHOLE, phrase_candidates
from .shapes import MODIFIER_CHOSEN, named_modifier
from .termhood import HEADS, TERMHOOD, Termhood
from .vocabulary import Keyphraseness
from .wordlists import STOP_WORDS

# A longer term takes a piece only where it is at least PIECE_SHARE of the titles the piece heads
# (`markov chain monte carlo` of `chain monte carlo`, `simultaneous localization and mapping` of
# `simultaneous localization`); a piece that heads titles of its own stays a term where the longer
# one is written (`reinforcement learning` in `deep reinforcement learning`, `neural network` in
# `graph neural network`).
PIECE_SHARE = 0.5


def term_pieces(termhood: Termhood) -> dict[str, tuple[str, ...]]:
    """piece -> the longer terms it is cut from: for each phrase of three words or more that titles
    head at least `termhood.LONG_HEADS` times, the phrase without its first word and without its
    last (and the stop words before it: `simultaneous localization` of `... and mapping`), where
    the longer term has PIECE_SHARE of the piece's title heads."""
    pieces: dict[str, list[str]] = {}
    counts = termhood.counts
    for key, (heads, _) in counts.items():
        if heads < termhood.long_heads or key.count(" ") < 2 or key.endswith(" *"):
            continue
        words = key.split(" ")
        left = words[:-1]
        while left and left[-1] in STOP_WORDS:
            left.pop()
        for piece in (" ".join(words[1:]), " ".join(left)):
            if " " in piece and heads >= PIECE_SHARE * counts.get(piece, (0, 0))[0]:
                pieces.setdefault(piece, []).append(key)
    return {piece: tuple(longer) for piece, longer in pieces.items()}


PIECES = term_pieces(TERMHOOD)

# A phrase the catalogue's titles write in CONTAINED titles or more and end a phrase with in at
# most CONTINUED_SHARE of them (`scripts/build_continued.py`, `etl/data/continued.txt`) is a piece
# whose head the titles go on to name: `mixed integer` (never a head in 29 titles: `... Linear
# Programs`), `multi-label` (3 of 224: `... Learning`), `multi-agent reinforcement` (0 of 86),
# `non-Gaussian`, `six degree-of-freedom`. It is no chip, unless the paper writes it as a head in
# the plural (`support vectors` is a term, `support vector` a piece of `support vector machine`),
# it is a short form (`PACS`) or the shipped vocabulary's authors choose it `shapes.MODIFIER_CHOSEN`
# times as often as the average phrase, as a bare modifier stands (`multi-agent`, `open
# vocabulary`, `maximum entropy`: the vocabulary's, not the corpus's, whose author keywords list
# `multi-label` for multi-label learning). Issue #36, round 9. A phrase no title heads that ends with
# such a word, one the titles head alone below `termhood.HEADS` (`membrane micro | emboss`, `partial
# wasserstein`, `camera moving`), has lost its head too, unless the paper writes that word in the
# plural or as a name's last part (`image residuals`, `BERT-large`; kwnohead24: not `financial fraud`,
# `fraud` heading titles 0.06 times per abstract); so has one of three words or more that ends with a
# continued pair no title heads (`large-scale | multi-agent path`, `target | video moment`; kwhyph28).
CONTAINED, CONTINUED_SHARE = 10, 0.1
CONTINUED_FILE = package_folder("etl") / "data" / "continued.txt"


def load_continued(path: Path = CONTINUED_FILE) -> frozenset[str]:
    """The continued phrases shipped with paperdb (none if the file is missing)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return frozenset()
    return frozenset(line.split("\t", 1)[0] for line in io.StringIO(text) if line.strip() and not line.startswith("#"))


CONTINUED = load_continued()


def continued(key: str, label: str, pieces: frozenset[str] = CONTINUED) -> bool:
    """Whether a phrase keyword (`key` normalised, shown as `label`) is a continued piece or ends
    with a continued word, written in lower case and singular (above)."""
    if label.isupper():
        return False
    tail = key[key.rfind(" ") + 1 :]
    if key in pieces:
        last = label[label.rfind(" ") + 1 :].lower().replace("-", "")
    elif " " in key and not TERMHOOD.counts.get(key, (0, 0))[0] and _continued_tail(key, tail, pieces):
        last = label[max(label.rfind(" "), label.rfind("-")) + 1 :]  # (`image residuals` stays)
        last = last if label[label.rfind(" ") + 1 :].islower() else ""  # (a name stays: `BERT-large`)
    else:
        return False
    return last == tail and _VOCABULARY_ALONE.factor(key) < MODIFIER_CHOSEN


_VOCABULARY_ALONE = Keyphraseness()  # (the shipped vocabulary's authors, no corpus)


def _continued_tail(key: str, tail: str, pieces: frozenset[str]) -> bool:
    """Whether a phrase of several words ends with a continued word the titles head alone below
    `termhood.HEADS` (`membrane micro`), or one of three words or more with a continued pair no
    title heads (`large-scale | multi-agent path` of "large-scale multi-agent path finding", `target
    video moment`; not `planar pose graph`, `drivable free space`, which titles head: kwhyph28)."""
    if tail in pieces and _no_head(tail):
        return True
    cut = key.rfind(" ", 0, len(key) - len(tail) - 1)
    pair = key[cut + 1 :]
    return cut > 0 and pair in pieces and not TERMHOOD.counts.get(pair, (0, 0))[0]


def _no_head(word: str) -> bool:
    """Whether the titles head `word` alone below `termhood.HEADS` (`micro`; not `fraud`, `snake`)."""
    rate = TERMHOOD.rate(word)
    return rate is None or rate < HEADS


def cut_off(keyword: Keyword, kp: Keyphraseness) -> bool:
    """Whether a ranked keyword is a piece shown without the rest of its term: a phrase the titles
    go on to name (`continued`: `multi-label`, `mixed integer`), or a name the abstracts write only
    before its noun (`LLM-generated`, `multi-AUV`, `non-Markovian`, `Cramer-Rao`:
    `shapes.named_modifier`; unless authors choose it, as a bare modifier stands; issue #36, round 11)."""
    if keyword.kind == "phrase":
        return continued(keyword.normalised, keyword.label)
    return (
        keyword.kind == "method"
        and named_modifier(keyword.label.split(" "))
        and kp.factor(keyword.normalised) < MODIFIER_CHOSEN
    )


def mark_pieces(text: str, phrases: Mapping[str, list], pieces: Mapping[str, tuple[str, ...]] = PIECES) -> None:
    """Mark cut from a longer term (`phrases.LEFT_CUT`, at most) the candidates of `phrases` (entries
    as `phrases.phrase_candidates` makes them) that the abstract `text` writes only inside a longer
    term (see `term_pieces`), so that they are no keywords unless authors choose them: the candidate is
    a piece, or its last two words start one (`modified artificial potential` in `modified
    artificial potential field`), or its first two words end one."""
    folded = None
    for key, entry in phrases.items():
        if " " not in key:
            continue
        extended = _extensions(key, pieces)
        if not extended:
            continue
        if folded is None:
            folded = text.casefold().replace("-", " ")
        if sum(folded.count(_stem(term)) for term in extended) >= entry[0]:
            entry[3] = min(entry[3], LEFT_CUT)


# A phrase the abstract writes only before an adjective that opens the next compound of its run
# (`phrases.BEFORE_COMPOUND`: `attentive graph | neural network`, `implicit graph | generative
# models`, `Markovian jump | linear systems`, `passive rotating | hemispherical shells`) is a term
# there only where the catalogue's titles head it in TITLE_TERM titles or more, as a term of its
# own (`latent variable | discriminative model` 25 titles, `photometric stereo | neural network`
# 47, `needle insertion | haptic simulators` 29, `adversarial bandit | convex optimization` 13);
# elsewhere its head is cut off (`phrases.HEADLESS`): no keyword unless authors choose it. Issue
# #36, round 16.
TITLE_TERM = 3


def mark_before_compounds(phrases: Mapping[str, list], counts: Mapping[str, tuple[int, int]] = TERMHOOD.counts) -> None:
    """Settle the candidates of `phrases` (entries as `phrases.phrase_candidates` makes them) that
    stand at best before the compound they modify: whole where `counts` (the titles heading each
    phrase) make them a term of their own, headless elsewhere (see TITLE_TERM)."""
    for key, entry in phrases.items():
        if entry[3] == BEFORE_COMPOUND:
            entry[3] = WHOLE if counts.get(key, (0, 0))[0] >= TITLE_TERM else HEADLESS


# Two words joined by a slash before their head are one coordinated modifier (`six-axis
# force/torque sensor`, `hybrid position/force control`, `planning/guidance approach`): a candidate
# the abstract writes only right before such a slash has lost its head (`six-axis force`, `hybrid
# position`: `phrases.HEADLESS`), a keyword only where authors choose it. Not where no head follows
# the pair: a phrase opening with its second word within three words (`text/image deep learning
# system` has one, kwhead22; `precision/recall and`, `SVHN/CIFAR-10/CIFAR-100` none). (The phrase
# after the slash is most often a term of its own, `torque control`, `rod system` of `plunger/rod
# system`: marking it cut took 5 good chips for 3 junk on the judged cards, and is not done.)
_SLASHED = re.compile(r"(?<![\w-])([A-Za-z][\w-]*)/([A-Za-z][\w-]*)\s+([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})")
_CLAUSE_BREAK = re.compile(r".*[,;:()\[\].!?/]", re.DOTALL)  # (the clause before a slash starts after the last)


def mark_slashed(text: str, phrases: Mapping[str, list]) -> None:
    """Mark headless the candidates of `phrases` (entries as `phrases.phrase_candidates` makes them)
    that the abstract `text` writes only before a slash joining two modifiers of one head (see
    `_SLASHED`)."""
    if "/" not in text:
        return
    before: dict[str, int] = {}  # key -> its uses right before such a slash
    for match in _SLASHED.finditer(text):
        first, second, head = match.groups()
        if not any(
            " " in key and near[2].startswith(second) for key, near in phrase_candidates(second + " " + head)[1].items()
        ):
            continue  # (no head after the pair, within three words: `precision/recall and`)
        start = text[max(0, match.start() - 80) : match.start()]
        clause = _CLAUSE_BREAK.match(start)
        if clause is not None:
            start = start[clause.end() :]
        for key, near in phrase_candidates(start + first)[1].items():
            if near[2].endswith(first):
                before[key] = before.get(key, 0) + 1
    for key, uses in before.items():
        entry = phrases.get(key)
        if entry is not None and uses >= entry[0]:
            entry[3] = HEADLESS


def in_longer_term(key: str, text: str, pieces: Mapping[str, tuple[str, ...]] = PIECES) -> bool:
    """Whether `text` (a title) writes the phrase `key` inside a longer term it is a piece of
    (`regret algorithm` in `... and No Regret Algorithms`: see `mark_pieces`)."""
    extended = _extensions(key, pieces)
    if not extended:
        return False
    folded = text.casefold().replace("-", " ")
    return any(_stem(term) in folded for term in extended)


def _stem(term: str) -> str:
    """A term as its written forms start (a key has its last word singular: `field` finds
    `fields`, `mapping` itself, `strateg` `strategies`)."""
    return term[:-1] if term.endswith("y") else term


def _extensions(key: str, pieces: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The candidate `key` as written inside each longer term it is a piece of."""
    longer = pieces.get(key)
    if longer is not None:
        return list(longer)
    if key.count(" ") != 2:
        return []
    first, rest = key.split(" ", 1)
    head, last = key.rsplit(" ", 1)
    after, before = pieces.get(rest), pieces.get(head)
    if after is None and before is None:  # (most candidates: no lists built)
        return []
    return [f"{first} {term}" for term in after or () if term.startswith(rest + " ")] + [
        f"{term} {last}" for term in before or () if term.endswith(" " + head)
    ]


# A phrase the abstract writes once, where another of the paper's keywords goes on from it (sharing
# its last words or right after them), is that keyword's modifier cut from it: `low-resource
# dialogue` of `low-resource dialogue state tracking` beside `dialogue state tracking`, `learning
# Riemannian` of `learning Riemannian stable dynamical systems`. It goes unless it is a term of its
# own: headed by TITLE_TERM titles or more, chosen by authors, a candidate of WRITTEN_BY papers of
# the corpus or more (`suction grasp` of "suction grasp point detection", 5 of the catalogue's), or
# named by the title without that keyword after it (`Guided Deep Decoder:` beside "a guided deep
# decoder network"). A corpus too small to know its terms (`rank.TERM_CORPUS`) tells no piece.
# Not before a generic noun that keeps the term before it whole (`heads.AFTER_TERMS`: `sparse SLAM
# | system`), nor around an `A of B` phrase, whose place is its head's. Read from the entries'
# first uses (`phrase_candidates` counts a run's words one place apart). Issue #36 (kwhead22).
WRITTEN_BY = 3  # (as `rank.TERM_PAPERS`)


def continued_by_keyword(
    kept: list[Keyword], phrases: Mapping[str, list], title: str | None, kp: Keyphraseness, known: bool
) -> list[Keyword]:
    """`kept` without the phrases another of its keywords goes on from (see above); `known`: the
    corpus is large enough to know its terms."""
    if not known:
        return kept
    get = phrases.get
    entries = [(k, get(k.normalised)) for k in kept]
    once = [(k, e) for k, e in entries if e is not None and e[0] == 1 and k.kind == "phrase" and " " in k.normalised]
    if not once:
        return kept
    starts: dict[int, list] = {}
    for k, e in entries:
        if e is not None and " of " not in k.normalised:
            starts.setdefault(e[1], []).append(e)
    folded = None
    gone = set()
    for k, entry in once:
        after = _going_on(entry, starts)
        if after is None or " of " in k.normalised:
            continue
        key = k.normalised
        if (
            TERMHOOD.counts.get(key, (0, 0))[0] >= TITLE_TERM
            or kp.chosen_elsewhere(key)
            or kp.df.get(key, 0) >= WRITTEN_BY
        ):
            continue
        if folded is None:
            folded = " ".join(title.casefold().replace("-", " ").split()) if title else ""
        if after[0] not in folded or after[1] in folded:
            gone.add(key)
    return [k for k in kept if k.normalised not in gone] if gone else kept


def _going_on(entry: list, starts: Mapping[int, list]) -> tuple[str, str] | None:
    """The phrase of `entry` and the longer one it makes with a keyword that goes on from it at its
    first use (both hyphens apart), or None."""
    size = entry[2].count(" ") + 1
    words = None
    for shared in range(size):
        at = starts.get(entry[1] + size - shared)
        if at is None:  # (most phrases: no keyword there)
            continue
        words = words or entry[2].lower().split(" ")
        for after in at:
            going = after[2].lower().split(" ")
            if len(going) > shared and going[:shared] == words[size - shared :] and going[shared] not in AFTER_TERMS:
                return " ".join(words).replace("-", " "), " ".join(words + going[shared:]).replace("-", " ")
    return None
