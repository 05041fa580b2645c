"""The measure of a paper's results is no keyword chip (`etl.extract.keywords.measures`; issue #36)."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords
from etl.extract.keywords.measures import measure_keys
from etl.extract.keywords.phrases import phrase_candidates
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())

# ECCV 2020 "Binarized Neural Network for Single Image Super Resolution" (sample-1706: `peak
# Signal-to-Noise ratio` and `dB` judged junk by both judges), shortened
BNN_SISR = (
    "Lighter model and faster inference are the focus of current single image super-resolution (SISR) research."
    " We propose a simple but effective binary neural networks (BNN) based SISR model with a novel binarization"
    " scheme. Extensive experiments show that the proposed model outperforms the state-of-the-art methods by"
    " large margins on 4 benchmark datasets, specially by average more than 0.8 dB in terms of Peak"
    " Signal-to-Noise Ratio (PSNR) on Set5 dataset."
)
# IJCAI 2020 "Gated POS-Level Language Model for Authorship Verification" (sample-1706: `AUC-ROC` junk), shortened
AUTHORSHIP = (
    "Authorship verification is an important problem that has many applications. This paper introduces a"
    " novel POS-level gated RNN based language model to effectively learn the author-specific syntactic styles."
    " Extensive experimental results show that our method achieves significantly better accuracy than"
    " state-of-the-art competing methods, especially in cross-topic scenarios (over 5\\% in terms of AUC-ROC)."
)


def measures(text: str) -> frozenset[str]:
    return extract_terms(text, TAXONOMY).measures


@pytest.mark.parametrize(
    "text, measure",
    [
        (BNN_SISR, "peak signal to noise ratio"),
        (AUTHORSHIP, "auc roc"),
        # a figure before the measure, or the measure before `of` and a figure (catalogue abstracts)
        ("Our model achieves 32.57 BLEU score on CoNaLa, a new state of the art for code generation.", "bleu score"),
        ("The grasp planner reaches a success rate of 92% on household objects.", "success rate"),
        ("It improves the mean average precision: 45.1 on COCO with a ResNet backbone.", "mean average precision"),
    ],
)
def test_a_measure_written_only_beside_a_figure_is_one(text, measure):
    assert measure in measures(text)


@pytest.mark.parametrize(
    "text, not_measure",
    [
        # `in terms of` without a figure before it names the paper's subject (NeurIPS 2005, Amari et al.)
        (
            "We analyse these errors for the maximum likelihood estimator in terms of Gaussian random fields.",
            "gaussian random field",
        ),
        # a whole number counts things: `4 DOF`, `4 benchmark datasets` (IROS 2007 scrub nurse robot)
        ("We achieved smooth and wide movement of its arms each with 4 DOF.", "dof"),
        # a measure the abstract also writes elsewhere is more than the figure's measure
        (
            "We study the success rate of grasping under clutter. Our planner reaches a success rate of 92%.",
            "success rate",
        ),
    ],
)
def test_a_phrase_written_elsewhere_too_is_no_measure(text, not_measure):
    assert not_measure not in measures(text)


def test_the_measure_leaves_the_card_unless_the_title_names_it():
    labels = [k.label for k in rank_keywords(extract_terms(BNN_SISR, TAXONOMY), {}, 1, "Binarized Neural Network")]
    assert "single image super-resolution" in labels
    assert not any("Signal-to-Noise" in label or label == "dB" for label in labels), labels
    titled = "Peak Signal-to-Noise Ratio of Binarized Neural Networks"
    labels = [k.label for k in rank_keywords(extract_terms(BNN_SISR, TAXONOMY), {}, 1, titled)]
    assert any("Signal-to-Noise" in label for label in labels), labels


def test_no_figure_no_measure():
    text = "We propose a new method for single image super-resolution with binary neural networks."
    _, phrases = phrase_candidates(text)
    assert measure_keys(text, phrases, {}, {}) == frozenset()
