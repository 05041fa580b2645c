"""Debris the blind judges of sample-2512 rejected, as classes (issue #36, kwdebris25): a phrase
cut from a Latin expression whose first word is a stop word (`situ correction` of `in situ
correction`: `roles.LATIN`), and a venue an abstract cites (`ICML 2014`, `NIPS 2008`, `ICRA` of
`at ICRA 2011`: `citations`). The sentences are the catalogue's (venue and year in the comments),
with the chips they gave and the terms that stay."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms
from etl.extract.keywords.citations import cited_venues
from etl.extract.keywords.phrases import _WORD_OR_BREAK, WHOLE, phrase_candidates
from etl.extract.keywords.termhood import TERMHOOD, opener, title_heads, title_runs
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())


def _whole(text: str) -> set[str]:
    return {key for key, entry in phrase_candidates(text)[1].items() if entry[3] == WHOLE}


@pytest.mark.parametrize(
    "text, gone, kept",
    [
        # ICRA 2012, ICRA 2017, IROS 2016: the Latin expression's tail opened the chip
        (
            "the resulting position error is then used to accomplish an in situ correction for position estimates",
            "situ correction",
            "in situ correction",
        ),
        (
            "For in vivo tracking, vesicles may disappear in some frames, and image sequences may have distortions",
            "vivo tracking",
            "in vivo tracking",
        ),
        (
            "we propose a new method to assemble microstructures with biological cells towards in vitro 3D cellular structures.",
            "vitro cellular structure",
            "in vitro",
        ),
        (
            "Robust Slow Start in Congestion Control with A Priori Knowledge for Mobile Web Services",
            "priori knowledge",
            "a priori knowledge",
        ),
        (
            "Maximum A posteriori Probability (MAP) inference in graphical models",
            "posteriori probability",
            "graphical model",
        ),
        ("in-situ monitoring of additive manufacturing", "situ monitoring", "in situ monitoring"),
    ],
)
def test_a_latin_expression_after_a_stop_word_is_one_word(text, gone, kept):
    whole = _whole(text)
    assert gone not in whole and kept in (whole | set(phrase_candidates(text)[1])), whole


@pytest.mark.parametrize(
    "text, phrase",
    [
        # a first word that is a content word keeps its run whole, as before (ICRA 2021, ICRA 2005)
        ("Experiments were conducted with a plastisol phantom, ex vivo tissue, and a needle.", "ex vivo tissue"),
        ("it is necessary for mobile robots to form an ad hoc network to enable communication", "ad hoc network"),
        # an expression after its noun ends no phrase before it (NeurIPS 2011, ICRA 2023)
        (
            "The proposed method can learn a sparse dictionary in situ; training images may be exploited",
            "sparse dictionary",
        ),
        ("without significantly impacting MRI guidance in situ. These results show", "mri guidance"),
        # words that start as the expressions do
        ("robots in situations of uncertainty", "situation"),
        ("a prioritized replay buffer", "prioritized replay buffer"),
        ("the named entity recognition task", "named entity recognition"),
    ],
)
def test_other_words_keep_their_phrases(text, phrase):
    assert phrase in _whole(text)


@pytest.mark.parametrize(
    "text, cited",
    [
        # ICML 2015 (the sample's card), ICRA 2012, CVPR 2016, COLT 2023, ICRA 2019
        (
            "The first paradigm, proposed at NIPS 2008 and AISTATS 2013, is based on a product of experts approach. "
            "The second paradigm, proposed at ICML 2014, is based on a probabilistic generative model.",
            {"nip", "nips 2008", "aistat", "aistats 2013", "icml", "icml 2014"},
        ),
        ("deployed in the NIST Mobile Microrobotics Challenge at ICRA 2011.", {"icra", "icra 2011"}),
        (
            "the poor performance of symmetry detection algorithms on real-world images, benchmarked since CVPR 2011.",
            {"cvpr", "cvpr 2011"},
        ),
        ("the upper bound of Cohen and Kontorovich (COLT, 2023)be removed?", {"colt", "colt 2023"}),
        ("used to win the IROS 2018 Autonomous Drone Race Competition", {"iro", "iros 2018"}),
        ("the winners of the NeurIPS'18 challenge", {"neurip", "neurips 18"}),
        # no year: no citation (ACL 2021, ECCV 2022); a lower-case word is no venue's; nor a longer word
        ("In this work, we survey 79 papers from the ACL anthology that mention race.", set()),
        ("we construct the Extended COCO Validation (ECCV) Caption dataset in 2022", set()),
        ("a fillet of 5 mm 2019 times", set()),
        ("the SIGIRS 2019 corpus and ICMLs 2014", set()),
    ],
)
def test_a_venue_before_a_year_is_cited(text, cited):
    assert cited_venues(text) == cited


def test_a_cited_venue_is_no_name_of_the_paper_but_a_defined_one_is():
    """The sample's card (ICML 2015): `ICML 2014` and `NIPS 2008` were its first two chips."""
    cited = extract_terms(
        "The first paradigm, proposed at NIPS 2008 and AISTATS 2013, is based on a product of experts approach and a "
        "marginalization over the derivatives of the state variables. The second paradigm, proposed at ICML 2014, is "
        "based on a probabilistic generative model and a marginalization over the state variables. We show that "
        "ICML 2014 has a fundamental flaw, and we propose a new approach that outperforms NIPS 2008.",
        TAXONOMY,
    )
    assert not {"icml 2014", "nips 2008", "icml", "nip"} & (cited.methods.keys() | cited.phrases.keys())
    assert "product of expert" in cited.phrases
    # ECCV 2022: the abstract's own short form, which it also writes before a year
    defined = extract_terms(
        "we construct the Extended COCO Validation (ECCV) Caption dataset by supplying the missing associations. "
        "The rankings change when we shift to the ECCV mAP@R, as we show on ECCV 2022 submissions.",
        TAXONOMY,
    )
    assert "eccv" in defined.methods and "eccv" in defined.defined


@pytest.mark.parametrize(
    "text, phrase, opens, term",
    [
        # the losses of kwdebris25 (NeurIPS 2017, ICML 2018, 3 cards): `a` counted as the first word of
        # every `a priori ...` phrase opened too few title heads (`a *` 24 of 948), and `a-expansion`,
        # `A-optimal design` were no terms
        (
            "Graph cuts method such as a-expansion [4] and fusion moves [22] have been successful at solving many "
            "optimization problems in computer vision.",
            "a expansion",
            "a *",
            True,
        ),
        (
            "when $Phi(M) = Trace(M)$, it is known as the A-optimal design problem. One of the most common heuristics",
            "a optimal design",
            "a *",
            True,
        ),
        # a Latin expression opens its phrase as one word (ICRA 2012, ICRA 2017)
        ("Robust Slow Start in Congestion Control with A Priori Knowledge", "a priori knowledge", "a priori *", None),
        (
            "the resulting position error is then used to accomplish an in situ correction for position estimates",
            "in situ correction",
            "in situ *",
            None,
        ),
        # a first word that is a content word, and a phrase before an expression (ICRA 2021, NeurIPS 2011)
        (
            "it is necessary for mobile robots to form an ad hoc network to enable communication",
            "ad hoc network",
            "ad *",
            None,
        ),
        (
            "The proposed method can learn a sparse dictionary in situ; training images may be exploited",
            "sparse dictionary",
            "sparse *",
            None,
        ),
    ],
)
def test_a_phrase_is_whole_and_judged_by_what_its_first_word_opens(text, phrase, opens, term):
    assert phrase in _whole(text)
    assert opener(phrase) == opens
    if term is not None:
        written = phrase_candidates(text)[1][phrase][2]
        assert TERMHOOD.is_term(phrase, written) is term, (phrase, TERMHOOD.rate(opens))


@pytest.mark.parametrize(
    "text, words",
    [
        # the word pattern's Latin alternatives, in case-sensitive classes (kwdebris26): what the
        # case-blind `(?i:a priori|in situ|...)` read, and nothing more
        ("An in situ correction", ["An", "in situ", "correction"]),
        ("In Vivo tests and IN VITRO ones", ["In Vivo", "tests", "and", "IN VITRO", "ones"]),
        ("A priori, a posteriori", ["A priori", ",", "a posteriori"]),
        (
            "a-expansion, in-situ, a prioritized, in situations",
            ["a-expansion", ",", "in-situ", ",", "a", "prioritized", ",", "in", "situations"],
        ),
        (
            "a  priori (two spaces), an a priori-bound",
            ["a", "priori", "(", "two", "spaces", ")", ",", "an", "a", "priori-bound"],
        ),
        ("ın sitU, in ſitu", ["ın sitU", ",", "in ſitu"]),
    ],
)
def test_the_word_pattern_reads_the_latin_expressions_as_before(text, words):
    assert _WORD_OR_BREAK.findall(text) == words


@pytest.mark.parametrize(
    "title, heads, none",
    [
        # catalogue titles (ICRA 2013, IROS 2013, ICRA 2016): the expression opens a title's phrase, which
        # `termhood` counts under `in situ *`; its stop word still ends the phrase before it (`mobile`,
        # `cooperative`) and is no phrase of its own (a first version made `in` one, and `continued.txt`
        # then cut `barge-in`, `fan-in`, `fill-in`, `zoom-in` as phrases that titles go on from)
        (
            "In situ heading drift correction for human position tracking using foot-mounted inertial/magnetic sensors",
            {"in situ heading drift correction", "heading drift correction"},
            {"in"},
        ),
        ("Mobile in vivo biopsy robot", {"in vivo biopsy robot", "mobile in vivo biopsy robot"}, {"in"}),
        (
            "Cooperative in situ microscopic scanning and simultaneous tissue surface reconstruction",
            {"cooperative", "in situ microscopic scanning"},
            {"in"},
        ),
        (
            "Upper-limit evaluation of robot audition based on ICA-BSS in multi-source, barge-in and highly reverberant "
            "conditions",
            {"barge in", "robot audition"},
            {"in"},
        ),
    ],
)
def test_a_title_phrase_opens_with_a_latin_expression(title, heads, none):
    found = set(title_heads(title))
    assert heads <= found and not none & (found | set(title_runs(title))), found


@pytest.mark.parametrize(
    "text, gone, kept",
    [
        # sample-2612, AISTATS 2019 ("Restarting Frank-Wolfe"): `aka Frank-Wolfe algorithm`, both judges' junk
        (
            "Conditional Gradients (aka Frank-Wolfe algorithms) form a classical set of methods for constrained"
            " smooth convex minimization",
            "aka frank wolfe algorithm",
            "frank wolfe algorithm",
        ),
        (
            "the projection-free method (a.k.a. conditional gradient method) is",
            "k conditional gradient",
            "conditional gradient",
        ),
        ("proximal point (AKA proximal gradient methods) converge", "aka proximal gradient", "proximal gradient"),
        # COLT: `resp.` opens a bracket as `aka` does
        (
            "by parallelizing the Langevin (resp. underdamped Langevin) algorithms",
            "resp underdamped langevin",
            "underdamped langevin",
        ),
        # `i.e.` and `e.g.` were breaks already; the terms around them stay
        (
            "the learner (i.e., gradient boosting machines) and the labels",
            "e gradient boosting machine",
            "gradient boosting machine",
        ),
        ("on inputs and outputs (e.g. input/output pairs)", "g input", "output pair"),
    ],
)
def test_an_abbreviation_word_opens_and_ends_no_phrase(text, gone, kept):
    phrases = phrase_candidates(text)[1]
    assert gone not in phrases and kept in phrases, phrases
