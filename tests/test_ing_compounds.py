"""Noun + -ing compounds are terms (issue #36, branch ing19): a word in -ing that takes a complement
(`participles.txt`) is a clause's verb after a noun (`a dataset consisting of`, `robots operating
in`), but not after the noun it makes a compound with (`ing_compounds.txt`: `message passing`,
`loop closing`, `bin picking`); on sentences from catalogue abstracts (venue and year in each case)."""

from __future__ import annotations

import pytest

from etl.extract.keywords.phrases import phrase_candidates
from etl.extract.keywords.prose import clean
from etl.extract.keywords.wordlists import ING_COMPOUNDS, PARTICIPLES, STOP_WORDS


@pytest.mark.parametrize(
    "text, phrases",
    [
        # AAAI 2022, ACL 2021, AISTATS 2010, ICRA 2013, ICRA 2007, CVPR 2013,
        # AAAI 2022, CoRL 2025, ACML 2014
        (
            "We first devise a dual-view geometric message passing network (GeomMPNN) to leverage 3D graphs.",
            ["message passing", "message passing network"],
        ),
        ("We explore a model for joint multiple intent detection and slot filling.", ["slot filling"]),
        ("Our algorithm is demonstrated in a difficult loop closing situation.", ["loop closing"]),
        ("In this paper, we demonstrate bin picking with an anthropomorphic mobile robot.", ["bin picking"]),
        ("Jumping involves non-trivial issues on actuation powering, energy saving and stability.", ["energy saving"]),
        ("We propose a criterion that encompasses map building and localization.", ["map building"]),
        ("ASP is a framework for declarative modeling and problem solving.", ["problem solving"]),
        ("The paper studies restrictions on the information sharing in multi-agent systems.", ["information sharing"]),
        ("Our model mitigates the risk of harmful forces in the door opening task.", ["door opening"]),
        ("Our model demonstrates improved performance in both model fitting and clustering.", ["model fitting"]),
        # ... and before a complement of its own (AAAI 2022: `parameter sharing or`; `message passing to`)
        ("Recent methods go shallower by parameter sharing or model compressing.", ["parameter sharing"]),
        ("Each layer performs message passing to the neighbours of a node.", ["message passing"]),
    ],
)
def test_a_noun_and_its_ing_compound_are_a_term(text, phrases):
    found = phrase_candidates(clean(text))[1]
    assert all(p in found for p in phrases), found


@pytest.mark.parametrize(
    "text, word, phrases",
    [
        # the same words, and others, as a clause's verb after a noun: cut (3DV 2025, AAAI 2022,
        # CoRL 2022, COLING 2020; ICRA: `robots sharing`, `information regarding`)
        (
            "We introduce a new dataset consisting of close interactions between a human and an object.",
            "consisting",
            ["close interaction"],
        ),
        ("We propose a novel multi-agent Q-network consisting of a graph convolutional network.", "consisting", []),
        ("Models exhibit a large domain gap when deployed on robots operating in pedestrian spaces.", "operating", []),
        ("We release the IndoLEM dataset comprising seven tasks for the Indonesian language.", "comprising", []),
        ("A team of robots sharing a map explores the building.", "sharing", []),
        ("Each robot keeps information regarding the positions of the others.", "regarding", []),
        ("Messages passing through the network are delayed.", "passing", []),
    ],
)
def test_a_clause_after_a_noun_stays_cut(text, word, phrases):
    found = phrase_candidates(clean(text))[1]
    assert not any(word in key for key in found), found
    assert all(p in found for p in phrases), found


def test_the_built_compounds_are_a_noun_and_a_participle():
    # (scripts/build_term_classes.py: the pairs it keeps are of the -ing words it lists, after a
    # content word in the singular or a name's; never a stop word, never a clause's plural subject)
    assert {"message passing", "loop closing", "slot filling", "bin picking"} <= ING_COMPOUNDS
    assert not {"robots operating", "dataset consisting", "system using", "results showing"} & ING_COMPOUNDS
    for pair in ING_COMPOUNDS:
        noun, ing = pair.split(" ")
        assert ing in PARTICIPLES and noun not in STOP_WORDS and noun.isalpha(), pair
