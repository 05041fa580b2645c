"""A keyword with a word misspelt is the keyword it misspells: `conter of mass` is `center of mass`.

Issue #36 (branch kwform20). An abstract's typing slip or OCR error is copied into its keywords as
the paper writes it (`conter of mass`, `Kullback-Leiber divergence`, `convolultional neural
networks`, `symmetric positive desnite` with an OCR'd `ﬁ` ligature), and a chip of it is debris to a
reader. Such a keyword is a phrase the catalogue's abstracts seldom write (no `termhood` count: fewer
than its MIN_ABSTRACTS) with a word that no counted phrase has nor `common_words.txt`, one edit from
the word a phrase of CORRECT_ABSTRACTS abstracts or more writes in its place (the same words around
it, or the neighbour beside it: `positive definite` of `positive definite kernel`): one letter
added, dropped or changed, two swapped, or one letter for a lost ligature's two (`ﬁ`, `ﬂ`, `ﬀ`). It
becomes that phrase's keyword, whose label is what most papers write; where the paper has that
keyword too, the misspelt one goes. The counts are `termhood.txt`'s (scripts/build_termhood.py), so
no word list is kept for this. Not a word with a capital among lower-case words (a name, whose
spelling is its own: `Dawid-Skene`, not `scene`), nor one of fewer than MIN_LETTERS letters, which
has too many neighbours one edit away to tell a slip from a name (`Adan` beside `Adam`), nor an edit
at a word's first or last letter, which makes another word (`multiplex`, `nontextual`, `updater`).
On the catalogue's 108,171 phrase and acronym keywords (main's load), 37 are taken for another (39
papers): by my reading 34 slips (`probabalistic roadmap`, `constrastive learning`, `quadratic
programing`), a name's variant (`grassman`) and 2 rare words (`vesicle`, `contiguity`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from itertools import pairwise

from .keyword import Keyword
from .normalise import label_of
from .termhood import TERMHOOD
from .wordlists import COMMON_WORDS

CORRECT_ABSTRACTS = 20  # abstracts (as a candidate) of the phrase a misspelt one is taken for
MIN_LETTERS = 5
LIGATURES = ("fi", "fl", "ff")
_BLANK = "\0"
NAME_WORDS = 2  # capitalised words of a phrase whose capitalised word may be respelt (a name of two)
_SMALL_WORDS = frozenset("a an and for in of on the to with".split())  # (lower case in Title Case)
# A hyphen a PDF's line break left with a space inside a word that `prose.clean` does not join (a
# capitalised part, `Logistic Stick- Breaking Conditional Multinomial Model`, `Soft Actor- Critic`,
# or a pair the catalogue does not write whole, `multi- linked`): the keyword's key reads the hyphen
# as a space already, and its label is the word hyphenated. Not a prefix standing for a second word
# (`amplitude- and frequency-demodulation`, `first- or second-order`). Issue #36 (kwname21).
_BROKEN_HYPHEN = re.compile(r"(?<=[^\W\d_])- +(?!(?i:and|or|to|nor|as|vs|but)\b)(?=[^\W\d_])")


@cache
def _index() -> tuple[dict[tuple[str, str, int], tuple[str, ...]], frozenset[str], frozenset[str]]:
    """Where a slip's right word is looked for: the words of the counted phrases of CORRECT_ABSTRACTS
    abstracts or more by their first letter, last letter and length (an edit keeps the first two and
    changes the length by one at most), the adjacent words of those of three words or more (`positive
    definite` of `positive definite kernel`: a word beside its neighbour), and every word of any
    counted phrase (`COMMON_WORDS` is asked apart: a small load holds it compactly,
    `etl.load.compact_words`). About a third of the memory a table of every phrase with each word
    blanked took, in each keyword worker."""
    shapes: dict[tuple[str, str, int], set[str]] = defaultdict(set)
    pairs: set[str] = set()
    words: set[str] = set()
    for key, (_, abstracts) in TERMHOOD.counts.items():
        parts = key.split(" ")
        words.update(parts)
        if abstracts >= CORRECT_ABSTRACTS and len(parts) > 1:
            for word in parts:
                shapes[word[:1], word[-1:], len(word)].add(word)
            if len(parts) > 2:
                pairs.update(f"{a} {b}" for a, b in pairwise(parts))
    return {shape: tuple(sorted(found)) for shape, found in shapes.items()}, frozenset(pairs), frozenset(words)


def _written_there(place: str, other: str, pairs: frozenset[str]) -> bool:
    """Whether a counted phrase of CORRECT_ABSTRACTS abstracts or more writes `other` in the blank of
    `place`: the whole phrase, or beside the one neighbour a place of two words keeps."""
    filled = place.replace(_BLANK, other)
    return (place.count(" ") == 1 and filled in pairs) or TERMHOOD.counts.get(filled, (0, 0))[1] >= CORRECT_ABSTRACTS


def one_edit(slip: str, word: str) -> bool:
    """Whether `slip` is `word` with one letter added, dropped or changed, two neighbours swapped,
    or one letter in place of a ligature's two (`desnite` of `definite`), inside the word: not at
    its first letter nor its last, where an edit makes another word (`nontextual`, `contextual`;
    `multiplex`, `multiple`; `updater`, `update`; `cfree`, `free`)."""
    if slip == word or slip[0] != word[0] or slip[-1] != word[-1]:
        return False
    if len(slip) == len(word):
        diff = [i for i, (a, b) in enumerate(zip(slip, word, strict=True)) if a != b]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and slip[diff[0]] == word[diff[1]]
            and slip[diff[1]] == word[diff[0]]
        )
    short, long = (slip, word) if len(slip) < len(word) else (word, slip)
    if len(long) - len(short) != 1:
        return False
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    # (one letter dropped, or a ligature's two letters read as one other letter: the slip is the shorter)
    return short[i:] == long[i + 1 :] or (
        short is slip and long[i : i + 2] in LIGATURES and short[i + 1 :] == long[i + 2 :]
    )


def correct_key(key: str, label: str) -> str | None:
    """The key of the phrase keyword `key` (shown as `label`) misspells, or None (see the module)."""
    if " " not in key or key in TERMHOOD.counts:
        return None
    shapes, pairs, known = _index()
    parts = key.split(" ")
    rare = [
        i
        for i, word in enumerate(parts)
        if word not in known and len(word) >= MIN_LETTERS and word.isalpha() and word not in COMMON_WORDS
    ]
    if not rare:  # (most keys: every word one the catalogue writes)
        return None
    written = label.replace("-", " ").split(" ")
    if len(written) != len(parts):
        written = parts
    # (a word with a capital among words without is a name, whose spelling is its own: `Dawid-Skene`,
    # `GP-Thomson`, `Grassman`; a long form all in capitals is not: `Field-Programable-Gate-Array`)
    styled = all(w[:1].isupper() or w in _SMALL_WORDS for w in written)
    best, most = None, 0
    for i in rare:
        word = parts[i]
        # (a name's word among others is respelt only as the whole name the catalogue writes:
        # `Kullback-Leiber divergence` is `Kullback-Leibler divergence`; `Dawid-Skene model` stays)
        named = not styled and written[i] != written[i].lower()
        if named and sum(w[:1].isupper() for w in written) < NAME_WORDS:
            continue
        places = [" ".join([*parts[:i], _BLANK, *parts[i + 1 :]])]
        if len(parts) > 2 and not named:
            places += ([f"{parts[i - 1]} {_BLANK}"] if i else []) + (
                [f"{_BLANK} {parts[i + 1]}"] if i + 1 < len(parts) else []
            )
        near = sorted(
            other
            for size in (len(word) - 1, len(word), len(word) + 1)
            for other in shapes.get((word[:1], word[-1:], size), ())
            if one_edit(word, other)
        )
        for place in places:
            for other in near:
                if _written_there(place, other, pairs):
                    fixed = [*parts[:i], other, *parts[i + 1 :]]
                    abstracts = TERMHOOD.counts.get(place.replace(_BLANK, other), (0, 0))[1]
                    if abstracts > most:
                        best, most = " ".join(fixed), abstracts
            if best is not None:
                return best
    return best


def spelt_right(ranked: list[Keyword]) -> list[Keyword]:
    """The phrase and acronym keywords with a misspelt word as those they misspell (`correct_key`);
    where the paper has that keyword too, the misspelt one goes. Any keyword's label with a line
    break's hyphen inside a word is written hyphenated (`_BROKEN_HYPHEN`)."""
    present = {k.normalised for k in ranked}
    out = []
    for k in ranked:
        if "- " in k.label:  # (a line break's hyphen: `_BROKEN_HYPHEN`)
            k = k._replace(label=_BROKEN_HYPHEN.sub("-", k.label))
        fixed = correct_key(k.normalised, k.label) if k.kind in ("phrase", "acronym") else None
        if fixed is not None:
            if fixed in present:
                continue
            present.add(fixed)
            k = Keyword(fixed, label_of(fixed.split(" ")), k.kind, k.score, (*k.aliases, k.label))
        out.append(k)
    return out
