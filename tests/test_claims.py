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


@pytest.mark.parametrize(
    "text",
    [
        "We present a benchmark. Between us, weights were made; THIS PAPER PRESENTS OUR NEW DATASET.",
        "however we we propose x; the present work builds y, and our  corpus. Ourselves, our",
        "This work, we further also release a dataset (NBVC); this study collected it. (our benchmark)",
        "İstanbul: we release a new dataset",  # (a letter whose lower case is two)
        "ſo ƲE: thıs paper presents a dataset and our new benchmark",  # (letters IGNORECASE takes for `s`, `i`)
        "",
    ],
)
def test_claims_are_found_as_the_patterns_find_them_anywhere(text):
    """`claimed_words` tries its patterns only where their first words are (`prose.matches_from`,
    the abstracts' hot path): it finds what searching the whole text finds, in order."""
    from etl.extract.keywords.claims import _CLAIM, _CLAIM_STARTS, _OUR, _OUR_STARTS
    from etl.extract.keywords.prose import matches_from

    for pattern, starts in ((_CLAIM, _CLAIM_STARTS), (_OUR, _OUR_STARTS)):
        assert [m.span() for m in matches_from(pattern, text, starts)] == [m.span() for m in pattern.finditer(text)]
