"""A repository name glued to its title's words, and a name before a hyphenated noun (issue #36,
branch kwacro22). Sentences of real records of the catalogue: WACV 2023's PSENet ("Our code is
available at https://github.com/VinAIResearch/PSENet-Image-Enhancement"), ICCV 2019's CLNet
(`CLNet-tracking`), AAAI 2022's `DL-Abstract-Argumentation`, CVPR 2018's `Distilling-Object-Detectors`,
and CVPR 2015's "this method also provides performance comparable to state-of-the-art RGB
co-segmentation techniques" (`RGB` was the card's first chip: `provides` read as its introduction)."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.repositories import _unglued
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())


def methods_of(text: str) -> list[str]:
    return [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1) if k.kind == "method"]


PSENET = "We propose an unsupervised enhancement framework that enhances images in any lighting."


@pytest.mark.parametrize(
    "repository, text, name",
    [
        # a coinage with words of the abstract glued on: the coinage
        ("PSENet-Image-Enhancement", PSENET, "PSENet"),
        ("CLNet-tracking", "A compact latent network for fast tracking.", "CLNet"),
        # an acronym of a concept the abstract never writes, with its words glued on: no name
        ("DL-Abstract-Argumentation", "Deep learning for abstract argumentation semantics.", None),
        ("PLMs-Interpret-Simile", "Can pre-trained language models interpret similes?", None),
        # ... or one the abstract defines: its keyword is the long form already
        ("CSA-inpainting", "We add a coherent semantic attention (CSA) layer for inpainting.", None),
        # only words of the abstract glued: a title, no name (two of them: as before)
        (
            "Distilling-Object-Detectors",
            "To address the challenge of distilling knowledge in object detectors, we imitate features.",
            None,
        ),
        ("Active-Convolution", "An active convolution learns its shape.", "Active-Convolution"),
        # a name's parts the abstract never writes as words: the whole (`Net`, `I`, two names)
        ("LRF-Net", "We learn rich features for single-shot detection.", "LRF-Net"),
        ("I-Prompt", "A prompt of image tokens for continual learning.", "I-Prompt"),
        ("InfiAgent-DABench", "A benchmark of data analysis agents.", "InfiAgent-DABench"),
        ("Pik-Fix", "We restore and colorize old photos: a fix for scratches.", "Pik-Fix"),
        ("SparseVid", PSENET, "SparseVid"),
    ],
)
def test_a_name_glued_to_words_of_the_abstract_is_the_name(repository, text, name):
    assert _unglued(repository, text) == name


@pytest.mark.parametrize(
    "text, gone, kept",
    [
        (
            "We propose a novel unsupervised enhancement framework which is robust against various lighting"
            " conditions, to train the enhancement network on synthesized images. Our code is available at"
            " https://github.com/VinAIResearch/PSENet-Image-Enhancement",
            "PSENet-Image-Enhancement",
            "PSENet",
        ),
        (
            "To address the challenge of distilling knowledge in detection model, we propose a fine-grained"
            " feature imitation method for object detectors. Our code is at"
            " https://github.com/twangnh/Distilling-Object-Detectors.",
            "Distilling-Object-Detectors",
            None,
        ),
    ],
)
def test_a_repository_name_glued_from_words_is_no_method(text, gone, kept):
    methods = methods_of(text)
    assert gone not in methods
    assert kept is None or kept in methods


@pytest.mark.parametrize(
    "text, name, is_method",
    [
        # a token before a hyphenated noun modifies it: no name (RGB was the card's first chip)
        (
            "Moreover, we show that this method also provides performance comparable to state-of-the-art RGB"
            " co-segmentation techniques on regular RGB images with depth maps estimated from them.",
            "RGB",
            False,
        ),
        # a name the verb introduces before punctuation or a name's noun stays one
        ("We propose CoSalNet, a co-saliency network for RGBD images.", "CoSalNet", True),
        # ... and before a hyphenated noun with a name's noun after it, or before a name's own part
        ("We propose the CORNET 2.0 co-simulation framework to study networked robots.", "CORNET 2.0", True),
        ("We introduce SceneNet RGB-D, a dataset providing pixel-perfect ground truth.", "SceneNet", True),
    ],
)
def test_a_name_before_a_hyphenated_noun_modifies_it(text, name, is_method):
    assert (name in methods_of(text)) is is_method
