"""What an abstract claims to contribute (`etl.extract.keywords.claims`), on sentences of real
abstracts: the words after a claiming verb or `our`, up to a word that turns to what the work is
applied to."""

from __future__ import annotations

import pytest

from etl.extract.keywords.claims import claimed_words


@pytest.mark.parametrize(
    "text, claimed, not_claimed",
    [
        # IROS 2020 NBVC: a benchmark is the contribution
        ("We present a benchmark for online, video-based depth estimation.", {"+benchmark"}, {"+depth"}),
        ("Inspired by progress, we propose a new benchmark called NBVC.", {"+new", "+benchmark", "+nbvc"}, set()),
        # NAACL 2025 CMMaTH: the object eight words after the verb
        (
            "we propose a Chinese Multi-modal Math Skill Evaluation Benchmark (CMMaTH), containing 23,856 questions",
            {"+benchmark", "+cmmath"},
            {"+containing"},
        ),
        ("The dataset, code and models are available. Our dataset is large.", {"+dataset"}, set()),
        ("This paper introduces a large-scale corpus of dialogues.", {"+large-scale", "+corpus"}, {"+dialogues"}),
        # AAAI 2022 AnchorFace: evaluated on benchmark datasets, none claimed
        (
            "we propose AnchorFace to bridge the gap. Extensive experimental results on multiple benchmark datasets"
            " demonstrate the effectiveness of AnchorFace.",
            {"+anchorface"},
            {"+benchmark", "+datasets"},
        ),
        ("We propose a method and evaluate it on three benchmark datasets.", {"+method"}, {"+datasets"}),
        ("We propose a framework for dataset distillation.", {"+framework"}, {"+dataset"}),
        ("Existing datasets were collected by hand; the proposed dataset is new.", set(), {"+dataset"}),
    ],
)
def test_claimed_words(text, claimed, not_claimed):
    found = claimed_words(text)
    assert claimed <= set(found)
    assert not (not_claimed & set(found))
    assert not {"+a", "+the", "+and"} & set(found)  # articles are read past, never claimed
