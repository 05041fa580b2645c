"""A BibTeX title typesets as the pages show it (the seventh and eighth readers): a formula the stored
title writes without delimiters printed its `^` (`P\\^{}3-Net`, 16 titles of the catalogue), and 14
sources' own titles held math outside math mode (`TD(\\lambda )`, `L_2^2`, `IMO^3`), an error in a
reader's document. Titles and entries of the catalogue's records."""

from __future__ import annotations

import bibtexparser
import pytest

from etl.text.bibtex_titles import script_math, title_latex, unfit_title
from etl.text.citations import Citation, bibtex


@pytest.mark.parametrize(
    "title, written",
    [
        (  # (ECCV 2022)
            "P^3-Net: Part Mobility Parsing from Point Cloud Sequences via Learning Explicit Point Correspondence",
            "$\\mathrm{P}^{3}$-Net: Part Mobility Parsing from Point Cloud Sequences via Learning Explicit Point Correspondence",
        ),
        ("On Estimating L_2^2 Divergence", "On Estimating $\\mathrm{L}_{2}^{2}$ Divergence"),  # (AISTATS 2015)
        (  # (COLM 2024: the stored title lost `$r$`; `Q^*` is drawn)
            "From r to Q^*: Your Language Model is Secretly a Q-Function",
            "From r to $\\mathrm{Q}^{*}$: Your Language Model is Secretly a Q-Function",
        ),
        (  # (WACV 2023: the degree sign)
            "Weakly-Supervised Multi-Person Action Recognition in 360^∘ Videos",
            "Weakly-Supervised Multi-Person Action Recognition in $\\mathrm{360}^{\\circ}$ Videos",
        ),
        (
            "Ad^2mix: Adversarial and Adaptive Mixup for Unsupervised Domain Adaptation",
            "$\\mathrm{Ad}^{2}\\mathrm{mix}$: Adversarial and Adaptive Mixup for Unsupervised Domain Adaptation",
        ),
        # (an underscore the pages show as it is stays prose: a name, or `L_2` without a `^`)
        (
            "DuReader_robust: A Chinese Dataset",
            "{DuReader\\_robust:} A Chinese Dataset",
        ),
        ("Performance analysis for L_2 kernel classification", "Performance analysis for L\\_2 kernel classification"),
        ("Mesh Denoising Via L_0 Minimization", "Mesh Denoising Via L\\_0 Minimization"),
    ],
)
def test_a_titles_bare_formulas_are_written_as_math_set_upright(title, written):
    assert title_latex(title) == written


@pytest.mark.parametrize("tex", ["x^{(t)}", "\\alpha^2", "a^b^c^{\\beta}", "P^3 Net", "x^{a b}"])
def test_a_formula_of_more_than_text_and_scripts_is_left_to_the_prose(tex):
    assert script_math(tex) is None


@pytest.mark.parametrize(
    "title, unfit",
    [
        ("Direct Multi-Step Time Series Prediction Using TD(\\lambda )", True),  # (NeurIPS 1994's own)
        ("{On Estimating L_2^2 Divergence}", True),  # (AISTATS 2015's own)
        ("IMO^3: Interactive Multi-Objective Off-Policy Optimization", True),  # (IJCAI 2022's own)
        ("{HMD}{\\textasciicircum}2: Environment-aware Motion Generation", True),  # (a script escaped as text)
        ("Performance analysis for L\\textbackslash \\_2 kernel classification", True),
        ("\\ensuremath{\\alpha}Surf: Implicit Surface Reconstruction", False),  # (3DV 2025: math in text mode)
        ("Sample Complexity of $\\ell_1$ Regression", False),
        ("{DuReader}\\_robust: A Chinese Dataset", False),
    ],
)
def test_a_sources_title_that_text_mode_cannot_set_is_told(title, unfit):
    assert unfit_title(title) is unfit


# IJCAI 2022's record of "IMO^3" (its `bibtex` as the catalogue gives it)
IMO3 = (
    "@inproceedings{ijcai2022p489,\n  title     = {IMO^3: Interactive Multi-Objective Off-Policy Optimization},\n"
    "  author    = {Wang, Nan and Wang, Hongning and Karimzadehgan, Maryam and Kveton, Branislav and Boutilier, Craig},\n"
    "  booktitle = {Proceedings of the Thirty-First International Joint Conference on\n"
    "               Artificial Intelligence, {IJCAI-22}},\n"
    "  pages     = {3523--3529},\n  year      = {2022},\n  doi       = {10.24963/ijcai.2022/489},\n"
    "  url       = {https://doi.org/10.24963/ijcai.2022/489},\n}"
)
# NeurIPS 1994's "Direct Multi-Step Time Series Prediction Using TD(\lambda )"
TD_LAMBDA = (
    "@inproceedings{NIPS1994_8d6dc35e,\n author = {Kazlas, Peter T. and Weigend, Andreas},\n"
    " booktitle = {Advances in Neural Information Processing Systems},\n pages = {},\n publisher = {MIT Press},\n"
    " title = {Direct Multi-Step Time Series Prediction Using TD(\\lambda )},\n volume = {7},\n year = {1994}\n}"
)


@pytest.mark.parametrize(
    "own, venue, year, title, authors, written",
    [
        (
            IMO3,
            "IJCAI",
            2022,
            "IMO^3: Interactive Multi-Objective Off-Policy Optimization",
            ("Nan Wang", "Hongning Wang"),
            "{$\\mathrm{IMO}^{3}$: Interactive Multi-Objective Off-Policy Optimization}",
        ),
        (
            TD_LAMBDA,
            "NeurIPS",
            1994,
            "Direct Multi-Step Time Series Prediction Using TD(λ)",
            ("Peter T. Kazlas", "Andreas S. Weigend"),
            "{Direct Multi-Step Time Series Prediction Using {TD(λ)}}",
        ),
    ],
)
def test_a_sources_own_entry_keeps_its_fields_with_a_title_latex_can_set(own, venue, year, title, authors, written):
    c = Citation("0123456789abcdef", venue, year, title, authors, own_bibtex=own)
    text = "".join(bibtex([c]))
    assert f"  title = {written},\n" in text
    assert "pages = {" in text  # (the rest is the source's own entry)
    (entry,) = bibtexparser.parse_string(text).entries
    assert entry.fields_dict["title"].value == written[1:-1]
