"""Official code links and the paper's code status, on sentences modelled on real abstracts."""

from __future__ import annotations

import pytest

from etl.extract.derive import derive


@pytest.mark.parametrize(
    "text, official",
    [
        ("We propose X. Our code can be found at https://github.com/a/b.", True),
        ("We propose X. The code is available at https://github.com/a/b.", True),
        ("We propose X. Code is publicly available at https://github.com/a/b", True),
        ("We propose X. Codes are available https://github.com/a/b.", True),
        ("We propose X. Code at: https://github.com/a/b.", True),
        ("We propose X. Datasets and codes are released on https://github.com/a/b.", True),
        ("We propose X. Our implementation is available at https://github.com/a/b.", True),
        ("We propose X. We release our benchmark at https://github.com/a/b.", True),
        ("Results are reproducible via a 1-line script at github.com/a/b.", True),
        ("We propose X. Code and data are on our project page https://a.github.io.", True),
        ("We build on the k-diffusion library (https://github.com/crowsonkb/k-diffusion) by Crowson et al.", False),
        ("Following https://github.com/a/b, we evaluate on ten tasks.", False),
        ("We use the open-source implementation https://github.com/a/b of BERT.", False),
        ("Code is available at https://github.com/a/b, built on top of fairseq.", True),
        ("The benchmark https://github.com/a/b has ten tasks.", None),
    ],
)
def test_is_official(text, official):
    derived = derive(text)
    assert derived.official == (official,)


@pytest.mark.parametrize(
    "text, status",
    [
        ("We propose X. Our code is available at https://github.com/a/b.", "released"),
        ("We propose X. The code will be released upon paper acceptance.", "promised"),
        ("We propose X. Code will be made publicly available.", "promised"),
        ("We propose X. We will release our code and models.", "promised"),
        ("We propose X. We provide our code in this GitHub repository.", "mentioned"),
        ("We propose X. Our code and models are publicly available.", "mentioned"),
        ("We propose X. It is available on GitHub.", "mentioned"),
        ("We prove a tight lower bound for convex optimisation.", "none"),
        ("We build on the library https://github.com/a/b of Smith et al.", "none"),
    ],
)
def test_code_status(text, status):
    assert derive(text).code_status == status
