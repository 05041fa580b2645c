"""Shapes of phrases that are never a keyword chip, whatever their score: bare modifiers, a verb
and its object, a field or a generic adjective before a generic head, and common single words."""

from __future__ import annotations

from collections.abc import Container

from .commonplace import commonplace
from .keyword import Keyword
from .manner import how_done, restated_process
from .normalise import normalise_keyword, singular
from .referring import refers_only
from .roles import word_roles
from .termhood import TERMHOOD, not_a_term
from .trials import trial_of_the_work
from .vocabulary import Keyphraseness
from .wordlists import LIGHT_NOUNS, NAMED_MODIFIERS, NOT_ALONE, NOT_NOUNS

# Heads that say nothing about a paper after a field's name or a generic adjective (`machine
# learning models`, `reinforcement learning tasks`, `empirical investigation`, `deep models`): such a phrase is a
# term only where the catalogue's titles use it as a head at least TITLE_HEAD times per abstract
# that has it (`language model` 0.36, `generative model` 0.16, `world model` 0.25 stay; `deep
# model` 0.06, `machine learning model` 0.05, `empirical investigation` 0.11 go). `methodology` is a
# method named as its study (`control methodology`, `unified methodology`: kwdof24).
GENERIC_HEADS = frozenset(
    "model system application method technique task approach baseline investigation analysis study"
    " framework environment setting domain benchmark tool problem literature community paradigm research algorithm"
    " methodology".split()
)
TITLE_HEAD = 0.15
# After a describing word (`complex tasks`) only where authors pass the phrase over: a keyphraseness
# factor below CHOSEN (`acoustic models` stands).
CHOSEN = 1.0
NO_CHIP = "!"  # marks, among the keys that are no terms, those whose shape is never a chip
# The last words of a field's name (`machine learning`, `artificial intelligence`, `computer vision`)
# and a field's short form (`NLP tasks`, `RL literature`).
FIELD_ENDS = frozenset("learning intelligence vision processing nlp rl drl marl ml ai cv llm".split())
# Describing words the word lists do not mark, frequent before a generic head (`deep models`).
PLAIN_ADJECTIVES = frozenset("deep hybrid empirical experimental statistical computational conventional".split())
# Measure words (`training size`, `final test accuracy`, `large degree`, `number of actuators`): a
# quantity of something, a term only where titles head the whole phrase TITLE_HEAD times per abstract
# or some author chose it. (`number` only before `of`: `chromatic number`, `condition number` are terms.)
MEASURES = frozenset("size accuracy amount degree level count".split())
MEASURES_OF = frozenset("number amount degree level".split())
# A property: an adjective of degree or scale (SCALE_ADJECTIVES) before a noun of dimension
# (`real time`, `long term`, `low cost`, `large scale`, `high precision`, `high speed`, `low power`,
# `long horizon`, `minimum time`) is the modifier `real-time`, `low-cost` written apart (`in real
# time`, `at low cost`): a bare modifier, a term only where titles head it TITLE_HEAD times per
# abstract or authors choose it MODIFIER_CHOSEN times as often as the average phrase. On the judged
# chips of ten catalogue samples (issue #36, round 8), 17 such chips were junk and none good (`real
# time` 8 times); `low frequency`, `low latency`, `fast convergence`, `large margin` are no such shape.
# `world` and `life` since round 14: `real world`, `real life` are `real-world`, `real-life` written
# apart (`in the real world`), judged junk twice on the judged cards (samples 1612 and round 7).
PROPERTY_NOUNS = frozenset("time term cost scale speed precision power horizon resolution quality world life".split())
# The adjectives of degree and scale such a modifier opens with (not any general adjective:
# `average precision` is a measure's name, `horizontal speed` a quantity).
SCALE_ADJECTIVES = frozenset("high low large small long short real fast slow full minimum maximum constant".split())
# A noun of quality (`high sensitivity`, `high probability`, `low complexity`, `high
# dimensionality`, `high stiffness`) after such an adjective is a degree of the quality, a property
# the same way (`high-sensitivity`): the nouns made of adjectives with -ness and the -ity endings
# of adjectives (`-ility` of -ible/-able, `-ivity` of -ive, `-ality`, `-icity`, `-arity`, `-xity`,
# `-sity` of -se/-ous), not a thing's -ity (`large cities`, `entity`, `community`, `maximum
# velocity`, `quantity`). Issue #36, round 15.
QUALITY_ENDINGS = ("ness", "ility", "ivity", "ality", "icity", "arity", "xity", "sity")
# Units written as a chip (`kHz`): never a keyword.
UNITS = frozenset("hz khz mhz ghz thz kg mm cm nm km kw mw fps".split())
# A lower-case single word more than COMMON_SHARE of the corpus's abstracts have (`estimation`,
# `control`, `modeling`, `geometry`) fits too many papers to be one's chip unless the paper's
# title has it (`tracking` for "Tracking as Online Decision-Making") or authors choose it as
# often as the average phrase (CHOSEN: `manipulation`, `planning`; COLM 2024's `reasoning`,
# `alignment`: without this, its F1@5 was 0.257 rather than 0.278).
COMMON_SHARE = 0.02
# A bare modifier stands where authors choose it MODIFIER_CHOSEN times as often as the average
# phrase (`multi-agent`, `human-in-the-loop`, COLM 2024's `long-context`: without this, COLM's
# F1@5 fell from 0.283 to 0.278; not `real-world`, `state-of-the-art`, `end-to-end`).
MODIFIER_CHOSEN = 2.5
NOUN_ENDINGS = ("tion", "sion", "ment", "ness", "ity", "ance", "ence")
# A word of a field so common that it says no more than the field (a candidate of COMMON_FIRST
# abstracts or more in `termhood.txt`, 4 % of its 90,501: `control`, `sensor`, `test`,
# `classification`, `estimation`, `manipulation`) before a generic head or a plan's (`control
# system`, `control algorithms`, `control scheme`, `estimation system`, `classification tasks`,
# `test environments`) is filler where the titles seldom head the phrase (below COMMON_TITLE_HEAD), no
# author chose it and the title does not have it. On every judged card of `docs/chips` (main's
# rules in process against the catalogue), such chips were 14 junk and 8 good ones (the good:
# `motion model`, `camera model`, `segmentation model`, `optimization algorithms`); issue #36, round 11.
COMMON_FIRST = 3_600
# Titles head such a compound as the paper's artefact, not as a term (`A vision system for ...`,
# `... for a robot system`): the titles' heading is evidence of a term only from COMMON_TITLE_HEAD
# (on every judged card, those at TITLE_HEAD to COMMON_TITLE_HEAD, not chosen and not in the title,
# were 7 junk, 2 good and 1 split: `robot system`, `vision system`, `sensor system`, `manipulation
# system`; above it `attention system` 0.21, `language model` 0.36 stay). Issue #36, round 16.
COMMON_TITLE_HEAD = 0.2
PLAN_HEADS = GENERIC_HEADS | frozenset("scheme strategy platform".split())
# A modifier of scope, number or provenance says which part of a thing, how many of it, or where it
# comes from, never which kind: `entire graph`, `whole output`, `multiple views`, `additional
# viewpoint`, `original data`, `arbitrary topology`, `unified formulation`, `real images`,
# `real-world scenes`, `state-of-the-art planners`, `end-to-end network`, `off-the-shelf sensors`,
# `high-quality texture`. Two words so opened are filler where the titles seldom head them (below
# TITLE_HEAD), no author chose them and the title does not have them. On the whole catalogue
# (ranked in process against main's load), 216 top-five chips go: of 100 read, 97 junk, 1 good
# (`overall score` of essay scoring), 2 arguable; of the 86 that come up, about 22 are junk.
# `single` and `large-scale` are no such words: with them 253 chips went, and 7 of the 8 good among
# 100 read were theirs (`single cells`, `single support`, `large-scale mapping`). Issue #36, round 14.
SCOPE_MODIFIERS = frozenset(
    "entire whole multiple additional original overall arbitrary existing unified real real-world"
    " state-of-the-art end-to-end off-the-shelf high-quality".split()
)
# The plan's heads that `_generic_head` does not know: a generic word before one (`learning
# scheme`, `training schemes`, `update strategy`, `experimental platform`) is filler on the same
# terms (19 top-five chips of the whole catalogue, all junk by my reading). Issue #36, round 14.
PLAN_ONLY = PLAN_HEADS - GENERIC_HEADS


def not_a_chip(key: str, written: str, in_title: bool, shared: int | None, n_docs: int, kp: Keyphraseness) -> bool:
    """Whether a phrase (`key` normalised, `written` as the abstract has it) has a shape that is
    never a chip: `shared` is the papers whose abstract has it, `in_title` whether the paper's
    title has it, `kp` how often authors choose it."""
    words = written.split(" ")
    if key in UNITS:
        return True
    if bare_modifier(words):
        return kp.factor(key) < MODIFIER_CHOSEN
    if len(words) == 1:
        return (
            written.islower()
            and not in_title
            and shared is not None
            and shared > COMMON_SHARE * n_docs
            and kp.factor(key) < CHOSEN
        )
    if not in_title and _verb_and_object(key, words):
        return True
    if len(words) == 2 and (_property(key, words, kp) or (not in_title and _common_before_generic(key, words, kp))):
        return True
    if how_done(key, words, _HOW_HEADS, LIGHT_NOUNS, kp) or restated_process(key, words, kp):
        return True  # (issue #36, round 16: the title's phrase too, `A Tight and Unified Analysis of ...`; kwdof24)
    if (
        len(words) == 2
        and not in_title
        and (_scope_before_head(key, words, kp) or _generic_before_plan(key, words, kp) or trial_of_the_work(key))
    ):
        return True  # (issue #36, rounds 14 and 16)
    return _generic_head(key, words, kp) or (not in_title and _measure(key, words, kp))


class NotTerms(Container[str]):
    """A paper's candidates that are no terms (`termhood.not_a_term`, or `not_a_chip`), and with
    NO_CHIP before them those whose shape is never a chip: a set to ask with `in`. Each candidate
    `note`d is judged when first asked about, so only the few that reach the paper's keywords or
    their aliases are (judging all of them was a tenth of ranking's CPU)."""

    __slots__ = ("judged", "kp", "n_docs", "noted")

    def __init__(self, n_docs: int, kp: Keyphraseness):
        self.n_docs, self.kp = n_docs, kp
        self.noted: dict[str, tuple[str, int, bool, int | None]] = {}
        self.judged: dict[str, tuple[bool, bool]] = {}  # key -> (never a chip, no term)

    def note(self, key: str, written: str, count: int, in_title: bool, shared: int | None) -> None:
        """A candidate as ranking weighed it: written `count` times, `shared` by that many papers."""
        self.noted[key] = (written, count, in_title, shared)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, str):
            return False
        shape = item.startswith(NO_CHIP)
        key = item[len(NO_CHIP) :] if shape else item
        verdict = self.judged.get(key)
        if verdict is None:
            noted = self.noted.get(key)
            if noted is None:
                verdict = (False, False)
            else:
                written, count, in_title, shared = noted
                no_chip = not_a_chip(key, written, in_title, shared, self.n_docs, self.kp)
                no_term = (
                    no_chip
                    or not_a_term(key, written, count, in_title, self.kp)
                    or refers_only(key, written, self.kp)
                    or commonplace(key, written, count, in_title)
                )
                verdict = (no_chip, no_term)
            self.judged[key] = verdict
        return verdict[0] if shape else verdict[1]


def written_out_no_chip(keyword: Keyword, phrases: Container[str], not_terms: NotTerms) -> bool:
    """Whether a keyword written out from short forms (`merge_acronym_uses`) has a shape that is
    never a chip: a phrase whose `aliases` (the forms the paper writes) were written so (`RL
    problems`, shown as `reinforcement learning problems`, is no more a chip than `machine learning
    problems`), or a phrase or an acronym the paper never writes (not among its `phrases`) whose
    written-out form is a modifier of scope, alone or before a noun (`SOTA` shown as
    `State-Of-The-Art`, `SOTA models` as `State-Of-The-Art models`; issue #36, round 15). Not every
    shape `not_a_chip` knows: a name written out is no candidate of prose (`spiking neural
    networks`, `sliding mode control` are no verbs with their objects), and a short form's long
    form may be a modifier and still the term (`RGB-D` as `RGB-Depth`, `SIMD`, `MNAR`)."""
    if keyword.kind == "phrase" and any(NO_CHIP + normalise_keyword(a) in not_terms for a in keyword.aliases):
        return True
    if keyword.kind not in ("phrase", "acronym") or not keyword.aliases or keyword.normalised in phrases:
        return False
    words = keyword.label.split(" ")
    if len(words) == 1:
        return words[0].lower() in SCOPE_MODIFIERS
    return len(words) == 2 and _scope_before_head(keyword.normalised, words, not_terms.kp)


def _measure(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """A measure word heading the phrase or opening it before `of` (see MEASURES), the whole
    phrase neither a title head (TITLE_HEAD) nor chosen by authors."""
    if key[key.rfind(" ") + 1 :] not in MEASURES and not (words[0].lower() in MEASURES_OF and words[1] == "of"):
        return False
    rate = TERMHOOD.rate(key)
    return (rate is None or rate < TITLE_HEAD) and not kp.chosen_elsewhere(key)


def _property(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """An adjective of degree or scale (SCALE_ADJECTIVES) before a noun of dimension (see
    PROPERTY_NOUNS), neither a title head (TITLE_HEAD) nor a modifier authors choose (MODIFIER_CHOSEN)."""
    return property_modifier(key.split(" ")) and kp.factor(key) < MODIFIER_CHOSEN


def is_property(parts: list[str]) -> bool:
    """Whether two words (or a hyphenated word's two parts) are an adjective of degree or scale
    before a noun of dimension (see PROPERTY_NOUNS) or of quality (QUALITY_ENDINGS): `real time`,
    `low-resolution`, `high sensitivity`."""
    if len(parts) != 2 or parts[0].lower() not in SCALE_ADJECTIVES:
        return False
    noun = singular(parts[1].lower())
    return noun in PROPERTY_NOUNS or noun.endswith(QUALITY_ENDINGS)


def bare_modifier(words: list[str]) -> bool:
    """A modifier with no noun after it: `open-vocabulary`, `out-of-domain`, `single-stage
    multi-person` (a hyphenated last word the abstracts put before nouns: `WordRoles.modifier`),
    not in the plural nor with a noun's ending (`place-cells`, `under-specification` are nouns)."""
    if "-" not in words[-1]:
        return False
    roles = word_roles(words[-1])
    # (`low-resolution` is a property, see PROPERTY_NOUNS, for all its noun's ending)
    return (
        roles.modifier
        and not roles.plural
        and (not words[-1].endswith(NOUN_ENDINGS) or (len(words) == 1 and property_modifier(words[0].split("-"))))
    )


def named_modifier(words: list[str]) -> bool:
    """Whether a name is a bare modifier the abstracts attest: a word of `NAMED_MODIFIERS`
    (`Gough-Stewart`, `multi-AUV`) or a participle (`LLM-generated`), not any hyphenated coinage a
    paper introduces (`Mamba-2`, a modifier by default only because no abstract heads it yet)."""
    last = words[-1].lower()
    return bare_modifier(words) and (last in NAMED_MODIFIERS or last.endswith("ed"))


def property_modifier(parts: list[str]) -> bool:
    """Whether two words (or a hyphenated word's parts) are a property (`is_property`) that the
    catalogue's titles seldom head (below TITLE_HEAD: `mixed precision`, 0.20, is a term)."""
    if not is_property(parts):
        return False
    rate = TERMHOOD.rate(normalise_keyword(" ".join(parts)))
    return rate is None or rate < TITLE_HEAD


def _common_before_generic(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """A field's common word before a generic head or a plan's (see COMMON_FIRST), the phrase
    neither a title head (COMMON_TITLE_HEAD) nor chosen by authors."""
    parts = key.split(" ")
    if len(parts) != 2:
        return False
    first, last = parts
    if (last not in PLAN_HEADS and singular(last) not in PLAN_HEADS) or not words[0].islower():
        return False
    if TERMHOOD.counts.get(first, (0, 0))[1] < COMMON_FIRST:
        return False
    rate = TERMHOOD.rate(key)
    return (rate is None or rate < COMMON_TITLE_HEAD) and not kp.chosen_elsewhere(key)


def _scope_before_head(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """A scope modifier (see SCOPE_MODIFIERS) before a lower-case noun, the phrase neither a title
    head (TITLE_HEAD) nor chosen by authors."""
    if words[0].lower() not in SCOPE_MODIFIERS or not words[1].islower():  # (`State-Of-The-Art models` too)
        return False
    rate = TERMHOOD.rate(key)
    return (rate is None or rate < TITLE_HEAD) and not kp.chosen_elsewhere(key)


def _generic_before_plan(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """A generic word before a plan's head that is no generic head (see PLAN_ONLY), the phrase
    neither a title head (TITLE_HEAD) nor chosen by authors."""
    if key[key.rfind(" ") + 1 :] not in PLAN_ONLY or not words[0].islower() or not word_roles(words[0]).generic:
        return False
    rate = TERMHOOD.rate(key)
    return (rate is None or rate < TITLE_HEAD) and not kp.chosen_elsewhere(key)


def _verb_and_object(key: str, words: list[str]) -> bool:
    """A verb in -ing with its object: `training deep networks`, `understanding deep learning`
    (the rest a term the titles head), not a compound whose -ing word is a noun (`learning rate
    schedule`) or a head (`reinforcement learning`)."""
    first = words[0]
    if len(words) < 3 or not first.endswith("ing") or not first.islower():
        return False
    rate = TERMHOOD.rate(key[key.find(" ") + 1 :])
    return rate is not None and rate >= TITLE_HEAD


def _generic_head(key: str, words: list[str], kp: Keyphraseness) -> bool:
    """A field's name, or one generic or describing word, before a generic head that the titles
    seldom end a phrase with (see GENERIC_HEADS); after a describing word, only one that authors
    pass over (see CHOSEN)."""
    if key[key.rfind(" ") + 1 :] not in GENERIC_HEADS:
        return False
    before = words[-2].lower()
    describes = False
    if before not in FIELD_ENDS:
        if len(words) != 2:
            return False
        roles = word_roles(words[0])
        if not (roles.generic or before in PLAIN_ADJECTIVES):
            if not roles.describes:
                return False
            describes = True
    rate = TERMHOOD.rate(key)
    return (rate is None or rate < TITLE_HEAD) and not (describes and kp.factor(key) >= CHOSEN)


# The generic nouns that head terms (`contrastive learning`, `deep neural network`, `hinge loss`);
# the others, and the light nouns, are vague: an adjective before one describes (`efficient
# algorithm`, `computational properties`, `sequential process`, `deterministic values`).
_TERM_HEADS = frozenset(
    "learning training network networks model models function functions distribution distributions loss"
    " error errors space feature features".split()
)
_VAGUE_HEADS = (NOT_ALONE | LIGHT_NOUNS) - _TERM_HEADS
_HOW_HEADS = GENERIC_HEADS | LIGHT_NOUNS  # (the generic and light heads after `manner.HOW_WORDS`)


def filler(key: str, written: str) -> bool:
    """Whether a phrase of several words opens with a describing word, ends with a light noun or
    is an adjective before a vague noun (see COMMON_USES)."""
    last = key[key.rfind(" ") + 1 :]
    first = written[: written.find(" ")]
    return (
        last in LIGHT_NOUNS
        or word_roles(first).describes
        or (last in _VAGUE_HEADS and first.lower() in NOT_NOUNS and first[1:].islower())
    )
