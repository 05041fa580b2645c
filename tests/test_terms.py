"""A keyword is a term: candidate phrases keep their head noun, verbs and text debris are no phrase
words, an acronym's long form is a term its words spell; on sentences from catalogue abstracts."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, normalise_keyword, rank_keywords
from etl.extract.keywords.acronyms import acronyms, is_expansion
from etl.extract.keywords.coined import looks_coined
from etl.extract.keywords.keyword import Keyword
from etl.extract.keywords.meanings import FIELD_WIDE, merge_acronym_uses, takes_meaning
from etl.extract.keywords.phrases import phrase_candidates
from etl.extract.keywords.terms import Terms
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())


@pytest.mark.parametrize(
    "text, term, fragments",
    [
        # a phrase that stops before its run's head noun has lost it (AISTATS 2021, ICLR-style abstracts)
        (
            "We propose online probabilistic label trees (OPLTs).",
            "probabilistic label tree",
            ["online probabilistic label"],
        ),
        (
            "We study self-supervised anomaly detection on images.",
            "selfsupervised anomaly detection",
            ["selfsupervised anomaly", "anomaly"],
        ),
        (
            "Unsupervised neural machine translation relies on back-translation.",
            "neural machine translation",
            ["unsupervised neural machine"],
        ),
        # ... unless a generic noun follows the whole term
        ("Robotic manipulation tasks need dexterity.", "robotic manipulation", []),
        # `A of B` only where B is its run's head (NeurIPS 2014: `histograms of gradient orientations`)
        ("We use histograms of gradient orientations.", "gradient orientation", ["histogram of gradient", "gradient"]),
        ("Chain of thought prompting improves reasoning.", "chain of thought", []),
    ],
)
def test_phrases_end_with_their_head_noun(text, term, fragments):
    phrases = phrase_candidates(text)[1]
    assert term in phrases and phrases[term][3], phrases
    # (a phrase without its head is counted, but marked: ranking keeps it only as a term authors choose)
    assert not any(phrases.get(f, [0, 0, "", False])[3] for f in fragments), phrases


@pytest.mark.parametrize(
    "text, not_phrases",
    [
        # AISTATS 2025: the -s form before a content word is a verb
        (
            "Recourse benefits users facing loan denials.",
            ["recourse benefit", "benefit user", "recourse benefits user"],
        ),
        ("The algorithm models human-written text.", ["algorithm model", "model human written text"]),
        # NAACL 2022: after `to`, a word that is most often a verb is one
        ("Task-oriented parsing aims to convert natural language into code.", ["convert natural language"]),
        # ICRA 2015: after a modal
        ("The gripper can grasp larger objects without squeezing.", ["grasp larger object"]),
        # COLING 2025: after a plural noun
        ("The reference responses serve as pseudo-negative samples.", ["reference responses serve", "response serve"]),
        ("A policy affects the data it is trained on.", ["policy affect"]),
        ("Spikes vary with identical stimuli varying in time.", ["stimulus varying", "identical stimuli varying"]),
        # COLT 2016, ECCV 2018: a word a PDF's line break split is debris
        ("Gradient descent with random initial ization avoids saddles.", ["initial ization", "random initial"]),
        ("We learn a layered representa-tion of motion.", ["layered representa tion", "representa tion"]),
    ],
)
def test_verbs_and_debris_are_no_phrase_words(text, not_phrases):
    phrases = phrase_candidates(text)[1]
    assert phrases and not any(p in phrases for p in not_phrases), phrases


@pytest.mark.parametrize(
    "short, long, spelled",
    [
        ("TTA", "Test Time Adaptation", True),
        ("MUSIC", "MUltiple SIgnal classification", True),
        ("Seq2Seq", "sequence-to-sequence", True),
        ("t-SNE", "t-distributed stochastic neighbor embedding", True),
        ("BERT", "Bidirectional Encoder Representations from Transformers", True),
        ("SBDD", "Structure-based Drug Design", True),
        ("ATE", "average treatment effects", True),
        ("DoRA", "Weight-Decomposed Low-Rank Adaptation", True),
        # sentences, numbers and lists are no long forms (the catalogue's `Transformer`, `Seq2Seq` labels)
        ("SGP", "performance of SGP on image classification", False),
        ("DOF", "1-DOF and air valve: 1-DOF) and fingers", False),
        ("SS", "sequence tagging and modeling them as a sequence-to-sequence", False),
        ("ML", "machine learning assessment", False),
    ],
)
def test_an_expansion_is_a_term_its_words_spell(short, long, spelled):
    assert is_expansion(short, long) is spelled


def test_a_word_with_one_capital_defines_no_acronym():
    sentence = "We compare the performance of SGP on image classification and machine translation (Transformer)."
    assert acronyms(sentence) == []
    assert extract_terms(sentence, TAXONOMY).acronyms == {}


@pytest.mark.parametrize("token", ["0-G", "0.42dB", "1-DoF", "0.5mAP"])
def test_a_quantity_is_no_method_name(token):
    assert not looks_coined(token)


# a possessive (IROS 2010: `LCM's publish/subscribe`) and two sentences without a space between them
# (`... cross-entropy loss.We propose`, `... in new domains.Additionally`): debris, no name
@pytest.mark.parametrize(
    "token, coined",
    [("LCM's", False), ("loss.We", False), ("domains.Additionally", False), ("LCM", True), ("ASP.NET", True)],
)
def test_debris_is_no_method_name(token, coined):
    assert looks_coined(token) is coined


@pytest.mark.parametrize(
    "text, filler",
    [
        # AISTATS 2021, ICCV 2013: a general adjective opens filler, not a term
        (
            "Deep learning has achieved tremendous success. Sketch memories store key-value lookups for neural networks.",
            "tremendous success",
        ),
        ("The main difficulty of joint layout estimation is occlusion of room layouts.", "main difficulty"),
        # COLING 2020: `A of B` that no author chose
        ("We give a definition of character for narrative character identification.", "definition of character"),
    ],
)
def test_filler_is_no_keyword(text, filler):
    labels = [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1)]
    assert labels and filler not in labels, labels


def test_a_phrase_without_its_head_is_a_keyword_only_where_authors_choose_it():
    text = "We study self-supervised anomaly detection. Self-supervised anomaly detection is hard."
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1)
    names = {normalise_keyword(name) for k in ranked for name in (k.label, *k.aliases)}
    assert "anomaly detection" in names and "selfsupervised anomaly" not in names, names


@pytest.mark.parametrize(
    "text, name",
    [
        # ICML 2024 posters (../shared/samples/listings_more): a paper's own coined name ranks first among its names
        (
            "Here, we present a framework for Similarity-driven Building Block Inference using Graphs across States"
            " (SiBBlInGS). SiBBlInGS offers a graph-based dictionary learning approach.",
            "SiBBlInGS",
        ),
        (
            "We address this by presenting a novel approach, Dropping In Convolutions for Long Context Compression"
            " (LoCoCo). LoCoCo employs only a fixed-size Key-Value (KV) cache.",
            "LoCoCo",
        ),
        (
            "For (b), we propose a novel evolution-strategies based method (EvIL) to optimise a reward-shaping term.",
            "EvIL",
        ),
        (
            "Experimental results demonstrate that the proposed Decoupling-Partition-Navigation (DPN) method"
            " significantly surpasses existing learning-based methods.",
            "DPN",
        ),
        (
            "In this work, we propose Prompting4Debugging (P4D) as a debugging and red-teaming tool.",
            "Prompting4Debugging",
        ),
        (
            "We address (2) by introducing a Task Agnostic Correlations (TAC) metric. We evaluate TIC-TAC across"
            " multiple experiments. Our code is available at https://github.com/vita-epfl/TIC-TAC",
            "TIC-TAC",
        ),
        (
            "We derive a novel class of transformers, PID-controlled Transformer (PIDformer), aimed at robustness.",
            "PIDformer",
        ),
        # `the proposed X` claims X as the paper's own, above a name given to a variant (`termed Y`)
        (
            "The proposed Q-Align achieves state-of-the-art accuracy on image quality assessment (IQA), image"
            " aesthetic assessment (IAA), as well as video quality assessment (VQA) under the original LMM"
            " structure. With the syllabus, we further unify the three tasks into one model, termed the OneAlign.",
            "Q-Align",
        ),
    ],
)
def test_the_papers_own_name_is_its_first_method(text, name):
    methods = [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1) if k.kind == "method"]
    assert methods[:1] == [name], methods


@pytest.mark.parametrize(
    "text, label, long_form",
    [
        # ICRA: a long form of seven words or more is shown by its short form, the long form an alias
        (
            "We cluster the points with density-based spatial clustering of applications with noise (DBSCAN).",
            "DBSCAN",
            "density-based spatial clustering of applications with noise",
        ),
    ],
)
def test_a_label_is_never_a_sentence(text, label, long_form):
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1)
    (keyword,) = [k for k in ranked if k.kind == "acronym"]
    assert keyword.label == label and long_form in keyword.aliases, keyword


@pytest.mark.parametrize(
    "text, meanings, wrong",
    [
        # (IROS 2010) `nodes` is a word here, not the `NODE` other papers define
        (
            "Knowledge of the geographic locations of the sensor nodes is very important. We merge maps"
            " for nodes in immediate vicinity. Nodes are calibrated.",
            {"node": {"neural ordinary differential equation": ("neural ordinary differential equation", 9)}},
            "neural ordinary differential equation",
        ),
        # (ICRA 2020) and `grasp` is not `GRASP`
        (
            "Grasp planning methods propose a grasp; we execute the best grasp and evaluate each grasp.",
            {
                "grasp": {
                    "greedy randomized adaptive search procedure": ("greedy randomized adaptive search procedure", 9)
                }
            },
            "greedy randomized adaptive search procedure",
        ),
    ],
)
def test_a_word_takes_no_meaning_of_an_acronym_it_is_not_written_as(text, meanings, wrong):
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, meanings)
    assert wrong not in {k.normalised for k in ranked}
    # (a short form written as one still takes the meaning the corpus gives it where the paper
    # writes that long form too: `GNNs` is merged into it)
    text = "We probe GNNs on molecules. Graph neural networks overfit small molecules, and GNNs ignore chirality."
    keys = {k.normalised for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, {})}
    assert "gnn" in keys
    meanings = {"gnn": {"graph neural network": ("graph neural networks", 1)}}
    merged = {k.normalised for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, meanings)}
    assert "gnn" not in merged and "graph neural network" in merged


@pytest.mark.parametrize(
    "label, meanings, long_form",
    [
        # (paired-5353, CVPR 2022, "... 3D Humans and Environments in TV Shows") television, not
        # the `total variation` other papers define
        ("TV", {"tv": {"total variation": ("total variation", 1)}}, "total variation"),
        # (paired-5353) the `UPS` legs of a Gough-Stewart platform, not `uncalibrated photometric stereo`
        (
            "UPS",
            {"ups": {"uncalibrated photometric stereo": ("uncalibrated photometric stereo", 1)}},
            "uncalibrated photometric stereo",
        ),
        # (paired-5353) transesophageal echocardiography, not `temporal expression extraction`
        (
            "TEE",
            {"tee": {"temporal expression extraction": ("temporal expression extraction", 1)}},
            "temporal expression extraction",
        ),
    ],
)
def test_an_acronym_shows_another_papers_meaning_only_where_the_paper_writes_it(label, meanings, long_form):
    ranked = [Keyword(normalise_keyword(label), label, "phrase", 0.5)]
    (shown,) = merge_acronym_uses(ranked, meanings, lambda short, key, papers: False)
    assert (shown.normalised, shown.label, shown.aliases) == (normalise_keyword(label), label, ())
    (merged,) = merge_acronym_uses(ranked, meanings, lambda short, key, papers: key == long_form)
    assert (merged.normalised, merged.label, merged.aliases) == (long_form, long_form, (label,))
    # (a phrase with the acronym in it is not written out either: `UPS legs` stays)
    (phrase,) = merge_acronym_uses(
        [Keyword("x " + label.lower(), "x " + label, "phrase", 0.5)], meanings, lambda short, key, papers: False
    )
    assert phrase.label == "x " + label


# (reader4's bug 4) the catalogue's meanings: `SPAS` is defined by two papers, `SPA` several ways
SPA_MEANINGS = {
    "spas": {"single port access surgery": ("single port access surgery", 2)},
    "spa": {
        "soft pneumatic actuator": ("soft pneumatic actuator", 11),
        "single port access": ("single port access", 3),
    },
}
# IROS 2017 "Design and fabrication of a shape-morphing soft pneumatic actuator: Soft robotic pad"
SPA_PAPER = (
    "Silicone-based soft pneumatic actuator (SPA) is one of the key interests in soft robotic research."
    " Currently, most of the SPAs bear a similar one-dimensional rod-like shape, regardless of their design"
    " and fabrication. There are few prototypes of SPAs with two-dimensional initial shapes, however, they"
    " are basically the linear combination of several one-dimensional SPAs."
)


def test_a_plural_short_form_is_its_singulars_and_the_papers_own_definition_wins():
    """The paper defines `soft pneumatic actuator (SPA)` and writes `SPAs`: not the `single port
    access surgery (SPAS)` two other papers define (main showed that chip)."""
    ranked = rank_keywords(extract_terms(SPA_PAPER, TAXONOMY), {}, 1, None, SPA_MEANINGS)
    labels = {k.label for k in ranked}
    assert "soft pneumatic actuator" in labels and "single port access surgery" not in labels, labels


@pytest.mark.parametrize(
    "label, defined, shown",
    [
        # its own definition, a keyword of it already: the plural is that keyword
        ("SPAs", {"spa": "soft pneumatic actuator"}, ["soft pneumatic actuator"]),
        ("SPAs", {"spas": "soft pneumatic actuator"}, ["soft pneumatic actuator"]),
        # no definition of its own: the singular's meanings, several, so as written
        ("SPAs", {}, ["soft pneumatic actuator", "SPAs"]),
        # written as the other short form is: its meaning
        ("SPAS", {}, ["soft pneumatic actuator", "single port access surgery"]),
    ],
)
def test_a_plural_follows_its_singular(label, defined, shown):
    ranked = [
        Keyword("soft pneumatic actuator", "soft pneumatic actuator", "acronym", 1.0, ("SPA",)),
        Keyword(normalise_keyword(label), label, "phrase", 0.5),
    ]
    merged = merge_acronym_uses(ranked, SPA_MEANINGS, lambda short, key, papers: True, defined)
    assert [k.label for k in merged] == shown


def test_a_paper_writing_the_long_form_takes_the_corpus_meaning():
    # (UPS on a Gough-Stewart paper: with the text alone, the chip stays `UPS legs`; a paper that
    # writes the long form too has the phrase written out)
    text = (
        "This paper finds a new class of locally decoupled UPS parallel manipulators. The UPS legs"
        " of these parallel manipulators decouple the platform's position from its orientation."
    )
    meanings = {"ups": {"uncalibrated photometric stereo": ("uncalibrated photometric stereo", 1)}}
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, meanings)
    assert not any("photometric" in k.normalised for k in ranked), ranked
    assert "UPS legs" in {k.label for k in ranked}
    written = text + " Unlike uncalibrated photometric stereo, it needs no prior."
    ranked = rank_keywords(extract_terms(written, TAXONOMY), {}, 1, None, meanings)
    assert any(k.normalised.startswith("uncalibrated photometric stereo") for k in ranked), ranked


@pytest.mark.parametrize(
    "text, merged",
    [
        # (COLM 2024, "From r to Q*" writes DPO alone: no word of the meaning, the acronym stays)
        ("We derive DPO policies in the token-level MDP. DPO policies assign credit to tokens.", False),
        # (half the meaning's words written: `preference`, `optimization`)
        (
            "We derive DPO policies from preference data. DPO policies make the optimization of rewards implicit.",
            True,
        ),
    ],
)
def test_half_the_words_of_a_meaning_written_take_it(text, merged):
    # (a meaning one paper defines: thin, taken only where written)
    meanings = {"dpo": {"direct preference optimization": ("direct preference optimization", 1)}}
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, meanings)
    forms = {f.lower() for k in ranked for f in (k.normalised, *k.aliases)}
    assert any(f.startswith("direct preference optimization") for f in forms) == merged, ranked


# (COLM 2024, "From r to Q*": DPO written alone, never its long form nor its words)
FROM_R_TO_Q = (
    "Although DPO solves the same objective as the standard RLHF setup, DPO is derived as a bandit problem."
    " We show that DPO is able to perform credit assignment, and that a simple beam search improves the base DPO policy."
)


@pytest.mark.parametrize(
    "papers, merged",
    [
        (FIELD_WIDE, True),  # the field's meaning (the catalogue: 11 papers define DPO, the one way)
        (FIELD_WIDE - 1, False),  # one paper's meaning: the acronym as written
    ],
)
def test_a_meaning_the_field_defines_is_taken_by_a_paper_that_only_uses_the_short_form(papers, merged):
    meanings = {"dpo": {"direct preference optimization": ("direct preference optimization", papers)}}
    ranked = rank_keywords(extract_terms(FROM_R_TO_Q, TAXONOMY), {}, 1, None, meanings)
    forms = {f.lower() for k in ranked for f in (k.normalised, *k.aliases)}
    assert any(f.startswith("direct preference optimization") for f in forms) == merged, ranked


@pytest.mark.parametrize(
    "text, short, meaning",
    [
        # (catalogue) a paper defining MEG as magnetoencephalography, which does not spell it: not
        # the `matrix exponentiated gradient` other papers define
        (
            "We decode speech from magnetoencephalography (MEG) recordings. MEG signals are noisy, and MEG"
            " sensors drift over sessions.",
            "meg",
            "matrix exponentiated gradient",
        ),
        # (paired-5353) an echocardiography paper's TEE, not `temporal expression extraction`
        (
            "Transesophageal echocardiography (TEE) guides cardiac surgery. We segment TEE images, and TEE"
            " probes are tracked in real time.",
            "tee",
            "temporal expression extraction",
        ),
    ],
)
def test_a_paper_defining_a_short_form_otherwise_takes_no_other_meaning(text, short, meaning):
    meanings = {short: {meaning: (meaning, 100)}}
    ranked = rank_keywords(extract_terms(text, TAXONOMY), {}, 1, None, meanings)
    assert not any(meaning in f.lower() for k in ranked for f in (k.normalised, k.label, *k.aliases)), ranked


@pytest.mark.parametrize(
    "defined, short, key, papers, taken",
    [
        # (a paper defining MEG as magnetoencephalography takes no other meaning, however many define it)
        ({"meg": "magnetoencephalography"}, "meg", "matrix exponentiated gradient", 100, False),
        # (its own meaning, even where its words do not spell the short form: `FFreeDA` in WACV 2024's
        # "federated source-free domain adaptation (FFreeDA)")
        (
            {"ffreeda": "federated source free domain adaptation"},
            "ffreeda",
            "federated source free domain adaptation",
            1,
            True,
        ),
        # (ACL 2022: its own definition says more, `cross-domain named entity recognition (NER)`)
        ({"ner": "cross domain named entity recognition"}, "ner", "named entity recognition", 1, True),
        ({}, "dpo", "direct preference optimization", FIELD_WIDE, True),  # the field's meaning
        ({}, "ups", "uncalibrated photometric stereo", 1, False),  # one paper's, not written here
        # (reader4's bug 4) its own definition of the singular or the plural: `Whole Slide Images (WSIs)`
        ({"wsi": "whole slide image"}, "wsis", "weakly supervised instance segmentation", 1, False),
        ({"spas": "soft pneumatic actuator"}, "spa", "single port access", 3, False),
    ],
)
def test_a_paper_takes_the_field_s_meaning_unless_it_defines_the_short_form_otherwise(
    defined, short, key, papers, taken
):
    assert takes_meaning(Terms(defined=defined), frozenset(), {})(short, key, papers) == taken


@pytest.mark.parametrize(
    "papers, writing, taken",
    [
        (2, 1022, False),  # (catalogue) `RGB`: written by 1,022 papers, 2 define `red green blue`
        (5, 422, True),  # `BERT`: 5 of 422
        (11, 22, True),  # `DPO`
    ],
)
def test_a_short_form_most_papers_write_undefined_is_a_word_of_its_own(papers, writing, taken):
    key = "red green blue"
    assert takes_meaning(Terms(), frozenset(), {"rgb": writing})("rgb", key, papers) == taken
