"""Coined-looking tokens that name no method of the paper's: a piece of a longer name (`Long-Range`
of `Long-Range Graph U-Nets`), a piece of notation (`SO` of `SO(3)`), dotted initials (`C.M.`),
a unit after a count (`3 DOF`), a lower-case prefix before a name (`non-Poisson`, `per-AU`), a
citation key (`[StSu92]`), and the short form of an organisation (`Florida Institute for Human and Machine Cognition (IHMC)`).
Issue #36's method kind (docs/keywords.md, branch kwmeth19)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .coined import VERSION
from .wordlists import NOT_NOUNS, STOP_WORDS

# A capitalised word right after the token, in the same clause: the token is the first word of a
# longer name (`Long-Range Graph U-Nets`, `CMU Polysemy-30`, `RP R-CNN`). Only for tokens that are
# no coinage of their own: Title Case words joined by a hyphen (`Long-Range`, `Open-Retrieval`) and
# short acronyms (`CMU`, `RP`); a coinage stays before its noun (`PrivaSeer Corpus`, `MaxEnt RL`).
# (`I` is a pronoun, not a word of a name)
_RUNS_ON = re.compile(r" [A-Z][\w'’-]*[a-zA-Z\d]")
# A capitalised word right before it, itself after a word in lower case (not a sentence's first
# word): a Title Case hyphenated token is a later word of a longer name (`called Kernel
# Meta-Training`, `called Cross-lingual Open-Retrieval Question Answering`; a coinage stays:
# `a novel Temporal PatchGAN loss`).
_RUNS_INTO = re.compile(r"(?<=[a-z,] )[A-Z][\w-]*[a-z] $")
_TITLE_HYPHEN = re.compile(r"[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,})+")  # `Long-Range` (as in `names`)
SHORT_ACRONYM = 4  # letters at most of an acronym that modifies a name after it (`RP R-CNN`)
# Notation: an argument of a character or two glued to a short acronym (`SO(3)`, `SE(3)`, `TD(λ)`;
# a coinage keeps it, `iGP-SARSA(λ)`, `EM-SE(3)`), or a
# bracket before it (the `QF` of `I(S)QF`); a definition or a citation glued to a name is no
# notation (`LightRocks(Light Weight Robot Coding for Skills)`, `RobustAgg($\epsilon$)`, `KNOWROB[1]`).
_ARGUMENT = re.compile(r"\(\w{1,2}\)")
_INITIALS = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]\.?")  # `C.M.`, `U.S.`: an abbreviation of words
# `3 DOF`, `20 kHz`: a unit after a count (not after a year, `the 2019 AlphaPilot Challenge`, nor a
# model's number, `VLP-16 LiDAR`)
_AFTER_COUNT = re.compile(r"(?<![\w.,-])(?!(?:19|20)\d\d )\d+(?:\.\d+)? $")
# A closed class of English prefixes written in lower case before a hyphen and a capitalised word
# or acronym: a modifier of a name, not one (`non-Poisson`, `per-AU`, `multi-GPU`, `pre-LN`); a plural
# is a noun (`sub-NeRFs`, `semi-CRFs`), more parts a name (`semi-ResNeXt-Unet`). Not `re-`, `co-`, `de-`, `self-`, `pseudo-`, which make names
# and terms (`re-ID`, `co-NP`, `pseudo-LiDAR`).
_PREFIXED = re.compile(
    r"(?:non|per|anti|pre|post|semi|multi|sub|inter|intra|cross|quasi|un|mid|over|under|out)-[A-Z][^-]*$(?<![A-Z]s)"
)
# The heads of organisations' names: a short form whose long form has one names an institution,
# a laboratory, a company or an agency, not a method (`Robotics, Autonomous Systems, and Controls
# Laboratory (RASCAL)`). Not the heads that technical terms share: `Center` (`Remote Center
# Compliance`), `Association` (`Joint Probabilistic Data Association`), `Foundation` (`Foundation
# Model`), `Organization` (`Self-Organization`), `Group` (`Special Orthogonal Group`).
ORGANISATION_HEADS = frozenset(
    "institute institution university laboratory laboratories lab labs agency administration college"
    " school department corporation company council society academy ministry consortium inc ltd".split()
)


# A citation key: the letters of a reference's authors and its year's two digits (`StSu92`, `Bats93`,
# `KS02a`), inside square brackets with nothing but other keys before it: a reference, not a name
# (`[Bats93], [StSu92]`; a name's own number stays, `ResNet50`, `KNOWROB[1]`). Issue #36, kwform20.
_CITATION_KEY = re.compile(r"[A-Za-z]+\d\d[a-z]?")
_KEYS_BEFORE = re.compile(r"[\w\s,;.+&-]*")
CITED_WITHIN = 60  # characters back to the bracket that opens a list of keys


def citation_key(text: str, start: int, end: int) -> bool:
    """Whether the token at `start`-`end` of `text` is a citation key inside square brackets."""
    if not _CITATION_KEY.fullmatch(text, start, end) or text[end : end + 1] not in ("]", ",", ";"):
        return False
    opened = text.rfind("[", max(0, start - CITED_WITHIN), start)
    return opened != -1 and _KEYS_BEFORE.fullmatch(text, opened + 1, start) is not None


# The endings of adjectives (`inertial`, `efficient`, `compliant`, `sensory`), for a last part the
# lexicon knows as no noun (`wordlists.NOT_NOUNS`); not `-less` (`ISP-less` names a kind of camera).
_ADJECTIVE_ENDINGS = ("al", "ar", "ive", "ous", "ic", "able", "ible", "ful", "ent", "ant", "ory", "ary")
_LOWER_CASE_NEXT = re.compile(r"\s+[a-z]")


def ends_in_adjective(word: str) -> bool:
    """Whether a hyphenated word's last part is an adjective in lower case or Title Case
    (`LiDAR-Visual-Inertial`, `UWB-inertial`, `GPU-efficient`, `DoS-resilient`): however many
    capitals its other parts have, it describes the noun after it, as `visual-inertial` does
    (issue #36, kwdebris27: a chip without its head, `odometry`; `modifiers.mark_modifiers`)."""
    head, _, last = word.rpartition("-")
    low = last.lower()
    return bool(head) and (last.islower() or last.istitle()) and low.endswith(_ADJECTIVE_ENDINGS) and low in NOT_NOUNS


def piece_of_more(text: str, m: re.Match) -> bool:
    """Whether the coined token `m` is no name by itself but a piece of something longer: the
    first or a later word of a capitalised name, notation, initials, a unit after a count, or a
    name after a lower-case prefix, a function word paired by a slash (`AND/OR`), or a modifier
    ending in an adjective before a word in lower case (`GPU-efficient network`)."""
    token, start, end = m.group(), m.start(), m.end()
    acronym = token.isupper() and token.isalpha() and len(token) <= SHORT_ACRONYM
    if (acronym and _ARGUMENT.match(text, end)) or (start and text[start - 1] == ")"):
        return True
    if _INITIALS.fullmatch(token) or _PREFIXED.match(token) or citation_key(text, start, end):
        return True
    if acronym and "/" in (text[end : end + 1], text[start - 1 : start]) and token.lower() in STOP_WORDS:
        return True  # (a function word in capitals and its slash pair are one unit: `AND` of `AND/OR search`)
    if ends_in_adjective(token) and _LOWER_CASE_NEXT.match(text, end):
        return True  # (a modifier before its noun: `LiDAR-Visual-Inertial estimator`)
    before = text[max(0, start - 40) : start]
    if _AFTER_COUNT.search(before):
        return True
    words = _TITLE_HYPHEN.fullmatch(token) is not None
    if not (words or acronym):
        return False
    if words and _RUNS_INTO.search(before):
        return True
    if VERSION.match(text, end):  # (`EfficientZero V2`, `ChatGPT Plus`: the name's own version)
        return False
    after = _RUNS_ON.match(text, end)
    return after is not None and after.group() != " I"


# A possessive after a name's head (`Defense Advanced Research Projects Agency's (DARPA)`, `Jet
# Propulsion Laboratory's (JPL)`): without it taken off, the head was no head, the short form became
# the corpus's meaning, and `DARPA` a chip on 22 catalogue cards (issue #36, branch kwform20).
_POSSESSIVE = re.compile(r"['’]s?$")


def names_organisation(long: str) -> bool:
    """Whether a long form names an organisation: one of `ORGANISATION_HEADS` in it, capitalised
    (a possessive's `'s` taken off)."""
    words = [_POSSESSIVE.sub("", w.strip(",.;:()")) for w in long.split()]
    return any(word[:1].isupper() and word.lower() in ORGANISATION_HEADS for word in words)


# A short form in parentheses right after a capitalised word: `... Controls Laboratory (RASCAL)`,
# whose long form (with its commas) the acronym finder does not take.
_AFTER_WORD = re.compile(r"([A-Z][a-z]+) \(([^()\s]+)\)")


def organisations(text: str, shorts: Mapping[str, str]) -> set[str]:
    """The short forms `text` defines that abbreviate an organisation: those of `shorts` (short form
    -> long form) whose long form names one, and those in parentheses right after the head of an
    organisation's name."""
    found = {short for short, long in shorts.items() if names_organisation(long)}
    if "(" in text:
        for m in _AFTER_WORD.finditer(text):
            if m.group(1).lower() in ORGANISATION_HEADS:
                found.add(m.group(2))
    return found
