"""The terms a paper's title names: its words as phrase keys have them (`title_words`), the
abstract's phrases made of them (`title_phrases`, weighed more by `rank`), the short runs it
writes whole (`title_terms`), the heads of its runs after an adjective (`title_heads`) and the name
it opens with (`title_name`)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache

from .coined import looks_coined
from .normalise import key_forms, normalise_keyword, unhyphenate
from .phrases import _WORD_OR_BREAK
from .roles import WORD_CACHE, WordRoles

TITLE_RUN = 3  # a title's run of content words of up to TITLE_RUN words names a term whole (`title_terms`)
_ARTICLES = frozenset(("the", "a", "an"))
_NOT_WORD = re.compile(r"[\W_]+")
_HYPHENATED = re.compile(r"(?<![^\W_])[^\W_]+(?:-[^\W_]+)+")  # (from a word's start only: linear)
# A negation's `non` written with a hyphen or apart before a word (`Non-Intrusive`, `non convex`):
# the word after it is none of the title's words alone (issue #36, kwneg26)
_NON = re.compile(r"(?<![^\W_])non(?:-\s*|\s+)(?=[^\W\d_])")
# A title that opens with one token and a colon (`GP-VAE: Deep Probabilistic Time Series Imputation`)
_OPENING = re.compile(r"\s*([^\s:]+)\s*:\s+\S")
TITLE_NAMED = 2.5  # the strength of the name a title opens with, as a method's (`names.INTRODUCED`: `we propose X`)


@lru_cache(maxsize=1)  # (ranking asks for a paper's title words twice: `title_phrases`, `rank_keywords`)
def title_words(title: str) -> frozenset[str]:
    """The words of a title as phrase keys have them: case folded, hyphenated parts apart and
    joined (`multi-agent`: `multi`, `agent`, `multiagent`), and their other forms (`key_forms`).
    A word after `non` is only joined to it (`Non-Intrusive Gaze Tracking`: `nonintrusive`, not
    `intrusive`): a phrase that opens with it says the opposite (`intrusive gaze tracking`)."""
    folded = title.casefold()
    if "non" in folded:
        folded = _NON.sub("non", folded)
    words = set(_NOT_WORD.split(folded))
    if "-" in folded:
        for token in _HYPHENATED.findall(folded):
            words.update(unhyphenate(token).split())
    return frozenset(key_forms(words, title))


def title_terms(title: str) -> frozenset[str]:
    """The terms the title names, by its runs of content words (`roles.WordRoles.breaks` ends one;
    an evaluative word opening one goes), each of two or three words: the paper's names for terms
    its abstract may write only inside longer runs (`biometric information` of `... reveal biometric
    information`, `image captioning` of `image captioning models`)."""
    return frozenset(_key(run) for run in _runs(title) if 1 < len(run) <= TITLE_RUN and run[0].starts and _ends(run))


def title_heads(title: str) -> dict[str, str]:
    """The heads of the title's runs that open with an adjective: the run less its first word,
    of two or three words (`word spotting` of `Handwritten Word Spotting`, `series elastic actuator`
    of `Nonlinear Series Elastic Actuator`), each with the key of the run's opening: its words up to
    the first noun after the adjective. The adjective modifies the head where the opening is no term
    of its own (`rank`: `natural language | processing`, `high speed | parallel robot`,
    `conditional random field | model` keep their runs whole). The
    adjective is a word that may start a phrase but not end one, the next a noun in a run of three
    (not `generative adversarial | network`); runs are cut as in `title_terms`."""
    out: dict[str, str] = {}
    for run in _runs(title):
        if (
            2 < len(run) <= TITLE_RUN + 1
            and run[0].starts
            and not run[0].ends
            and not run[0].modifier
            and run[1].starts
            and (run[1].ends or len(run) > TITLE_RUN)
            and _ends(run)
        ):
            # (the opening: the adjective up to the first noun, `conditional random field` of `... model`)
            noun = 1 if run[1].ends else 2
            out[_key(run[1:])] = _key(run[: noun + 1])
    return out


def _runs(title: str) -> Iterator[list[WordRoles]]:
    """The title's runs of content words (`roles.WordRoles.breaks` ends one), the words a run
    drops at its start left out; not a run that starts after an adverb (`Partially | Ordered Sets`,
    `Wrongly | Predicted Samples`), nor one a slash joins to the modifier of a head after it
    (`Integrated force | /tactile sensing`, `Interleaved Text | /Image Deep Mining`: see
    `pieces.mark_slashed`)."""
    run: list[WordRoles] = []
    cut = False
    slashed = None  # (a run before a slash: a term where no head follows the word after the slash)
    for word in (*_WORD_OR_BREAK.findall(title), "."):
        r = WORD_CACHE[word]
        if not r.breaks:
            run.append(r)
            continue
        while run and run[0].drops:
            run.pop(0)
        if slashed is not None and len(run) < 2:
            yield slashed
        slashed = None
        if not cut and run:
            if word == "/":
                slashed = run
            else:
                yield run
        run, cut = [], r.cuts


def _ends(run: list[WordRoles]) -> bool:
    return run[-1].ends and not run[-1].modifier


def _key(run: list[WordRoles]) -> str:
    """A run's phrase key: its words as inside a phrase, the last as at a phrase's end."""
    return " ".join(w.inner for w in run[:-1]) + " " + run[-1].last


def title_phrases(phrases: Mapping[str, list], title: str) -> set[str]:
    """The phrases made only of title words and inside no longer such phrase (`perspective
    awareness`, not `awareness`, for `... Retrievers on Perspective Awareness`)."""
    words = title_words(title)
    inside = [key for key in phrases if words.issuperset(key.split(" "))]
    longer = [frozenset(key.split(" ")) for key in inside if " " in key]
    if not longer:
        return set(inside)
    in_longer = frozenset().union(*longer)
    return {
        key
        for key in inside
        if (key not in in_longer if " " not in key else not any(frozenset(key.split(" ")) < w for w in longer))
    }


def heads_run(key: str, heads: Mapping[str, str], get, chosen) -> bool:
    """Whether `key` is the head of a title's run after an adjective (`title_heads`) that
    the adjective only modifies: the run's opening (up to its first noun) is no term authors chose,
    and fewer papers write it than write `key` (`handwritten word | spotting`, not `latent space |
    shared autoencoder` nor `temporal information | matching mechanism`: compound bracketing by
    adjacency)."""
    opening = heads.get(key)
    return opening is not None and not chosen(opening) and (get(opening) or 0) < (get(key) or 0)


def writes_of_phrase(title: str, key: str) -> bool:
    """Whether the title writes the phrase `A of B` (`key`) as one: `A` right before an `of`
    whose object (a run of up to TITLE_RUN words after an article) has `B`, or the compound `B A`
    (`direction of edge` of `Tactile Sensing of Edge Direction`). Title words in other places make
    no such phrase: `interpretability of robot` of `Interpretability of Neural Policies of Robots`,
    `joint of exoskeleton` of `Knee Joint Mechanism of Lower-Limb Exoskeleton`."""
    a, _, b = key.partition(" of ")
    tokens = [WORD_CACHE[word] for word in (*_WORD_OR_BREAK.findall(title), ".")]
    for i, r in enumerate(tokens[1:-1], 1):
        before = tokens[i - 1]
        if r.low == "of" and a in (before.inner, before.last):
            j = i + 1 + (tokens[i + 1].low in _ARTICLES)
            run = list(itertools.takewhile(lambda t: not t.breaks, tokens[j : j + TITLE_RUN]))
            if any(b in (t.inner, t.last) or b in t.last.split(" ") for t in run):  # (`Tree-like`: tree)
                return True
        if b in (before.inner, before.last) and a in (r.inner, r.last):
            return True
    return False


def title_name(title: str) -> str | None:
    """The coined name a title opens with before a colon (`GP-VAE: Deep Probabilistic Time Series
    Imputation`, `DeepDriving: Learning Affordance for Direct Perception`, `kPAM-SC: ...`: `coined.
    looks_coined`), else None (`Towards Robust X: ...`, `Hydra: ...`, a well-known name)."""
    m = _OPENING.match(title)
    name = m[1].rstrip("™®") if m else ""  # (`TrueSkill™: A Bayesian Skill Rating System`)
    return name if name and looks_coined(name) else None


def with_title_name(methods: dict[str, tuple[str, float]], defined: Mapping[str, str], title: str | None) -> dict:
    """The paper's names (`Terms.methods`) with the coined name its title opens with (`title_name`),
    at TITLE_NAMED, where the abstract never names it (1,796 of the catalogue's 10,431 titles that
    open with a coined name have an abstract that does not write it: not one of them had it as a
    keyword; issue 36, read29); a short form the abstract defines is left to its definition."""
    name = title_name(title) if title else None
    key = normalise_keyword(name) if name else ""
    if not key or key in methods or key in defined:
        return methods
    return {**methods, key: (name, TITLE_NAMED)}
