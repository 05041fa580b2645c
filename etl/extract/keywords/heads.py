"""What the word after a candidate phrase says of it: a noun after which the phrase stays whole
(`AFTER_TERMS`), or an adjective that opens the next compound of its run, so that the phrase
before it has lost its head (`opens_compound`). Used by `roles.word_roles`, decided once a word."""

from __future__ import annotations

from .normalise import JOINED_PREFIXES
from .wordlists import NOT_ALONE, NOT_LAST

# Nouns after which the term before them stays whole (`robotic manipulation | tasks`, `anomaly
# detection | methods`, `compliance control | parameters`): the generic nouns, but those that head
# compounds of their own (`deep reinforcement | learning`, `graph neural | networks`); before any
# other noun a phrase has lost its head (`self-supervised anomaly | detection`, `online probabilistic
# label | trees`).
COMPOUND_HEADS = frozenset(
    "learning training network networks model models function functions data information knowledge space"
    " distribution distributions structure structures feature features input inputs output outputs error errors"
    " loss accuracy quality rate rates cost costs size value values level levels process form forms set sets"
    " point points line lines range state art analysis evaluation target source user users human humans world"
    " real large small high low good time times order type types kind kinds part parts end example examples"
    " integer bit bits quantity decision decisions constraint constraints".split()
)
# Words that compound with the noun before them (`model | free`, `image | specific`): no adjective
# opening a compound of its own (`opens_compound`).
COMPOUNDING = frozenset("free driven aware specific agnostic independent dependent wise level".split())
_NOUNS = NOT_LAST | NOT_ALONE
# Words of a run that are no adjective though no noun either: a clause's link, an adverb, an
# irregular past participle (`non-parametric knowledge | alongside LLMs`, `the features | learned`)
_NOT_ADJECTIVES = frozenset(
    "alongside amongst wherein whereby whenever wherever anywhere sometimes quite versus"
    " took made built held chosen written proven forgotten undergone swept".split()
)
AFTER_TERMS = (NOT_LAST | NOT_ALONE) - COMPOUND_HEADS | frozenset(
    "agent agents module modules pipeline pipelines paradigm paradigms parameter parameters policy policies"
    " procedure procedures".split()
)


def opens_compound(low: str, ends: bool, starts: bool, breaks: bool, describing: bool) -> bool:
    """Whether a word inside a run of content words, before more of it, is an adjective that opens
    the compound the words before it modify (`attentive graph | neural network`, `structured latent
    variable | recurrent network`, `Markovian jump | linear systems`): the phrase before it has lost
    its head (`phrases.BEFORE_COMPOUND`). Not a noun no phrase ends with (`approach`, `framework`:
    `NOT_LAST`, `NOT_ALONE`: `grasp | point detection`), a word that compounds with the noun before it (`deep learning | based`, `model |
    free`, an -ed participle: `features | learned`), a prefix (`multi`) or a word that describes (`novel`)."""
    return (
        starts
        and not (
            ends
            or breaks
            or describing
            or low in JOINED_PREFIXES
            or low in _NOUNS
            or low in COMPOUNDING
            or low in _NOT_ADJECTIVES
        )
        and not low.endswith(("ed", "-based"))
    )
