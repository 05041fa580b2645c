"""The coined name a title opens with is the paper's own keyword where the abstract never writes it
(issue 36, read29), on titles and abstracts of the catalogue."""

from __future__ import annotations

import pytest

from etl.extract.keywords import extract_terms, rank_keywords
from etl.extract.keywords.taxonomy_file import taxonomy_path
from etl.extract.keywords.titles import TITLE_NAMED, title_name, with_title_name
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())

# aistats2020.json
GP_VAE = (
    "Multivariate time series with missing values are common in areas such as healthcare and finance. We propose a"
    " new deep sequential latent variable model for dimensionality reduction and data imputation. Our modeling"
    " assumption is simple and interpretable: the high dimensional time series has a lower-dimensional representation"
    " which evolves smoothly in time according to a Gaussian process. The non-linear dimensionality reduction in the"
    " presence of missing data is achieved using a VAE approach with a novel structured variational approximation."
)
# eccv2018.json
RIDI = (
    "This paper proposes a novel data-driven approach for inertial navigation, which learns to estimate trajectories"
    " of natural human motions just from an inertial measurement unit (IMU) in every smartphone. Our algorithm"
    " regresses a velocity vector from the history of linear accelerations and angular velocities, then corrects"
    " low-frequency bias in the linear accelerations, which are integrated twice to estimate positions."
)
# icra2023.json: the abstract defines the name, which its definition labels (`acronyms`, `meanings`)
GUTS = (
    "We present the Generalized Uncertainty-aware Thompson Sampling (GUTS) algorithm, which addresses these issues"
    " and is suitable for deployment on heterogeneous multi-robot systems for active search. We show through"
    " simulation experiments that GUTS consistently outperforms existing methods such as parallelized Thompson Sampling."
)


@pytest.mark.parametrize(
    "title, name",
    [
        ("GP-VAE: Deep Probabilistic Time Series Imputation", "GP-VAE"),
        ("DeepDriving: Learning Affordance for Direct Perception in Autonomous Driving", "DeepDriving"),
        ("kPAM-SC: Generalizable Manipulation Planning using KeyPoint Affordance", "kPAM-SC"),
        ("E2Pose: Fully Convolutional Networks for End-to-End Multi-Person Pose Estimation", "E2Pose"),
        ("TrueSkill™: A Bayesian Skill Rating System", "TrueSkill"),
        # a word, a phrase, a well-known name or no colon: no name of the paper's
        ("Hydra: Hybrid Robot Actions for Imitation Learning", None),
        ("Towards Robust Models: A Study", None),
        ("CLIP: Contrastive Language-Image Pre-training", None),
        ("GP-VAE for Deep Probabilistic Time Series Imputation", None),
        ("3D: a survey", None),
    ],
)
def test_the_coined_name_a_title_opens_with(title, name):
    assert title_name(title) == name


@pytest.mark.parametrize(
    "title, text, first",
    [
        ("GP-VAE: Deep Probabilistic Time Series Imputation", GP_VAE, "GP-VAE"),
        ("RIDI: Robust IMU Double Integration", RIDI, "RIDI"),
        # without the title's name, the abstract's own stay as they were
        ("Deep Probabilistic Time Series Imputation", GP_VAE, None),
    ],
)
def test_a_title_name_the_abstract_never_writes_is_its_first_method(title, text, first):
    methods = [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1, title) if k.kind == "method"]
    assert (methods[0] if methods else None) == first


def test_a_title_name_the_abstract_defines_or_names_is_left_as_the_abstract_has_it():
    guts = extract_terms(GUTS, TAXONOMY)
    title = "GUTS: Generalized Uncertainty-Aware Thompson Sampling for Multi-Agent Active Search"
    assert with_title_name(guts.methods, guts.defined, title) is guts.methods  # (its definition labels it)
    named = extract_terms("We propose GP-VAE, a deep latent variable model for data imputation.", TAXONOMY)
    assert with_title_name(named.methods, named.defined, "GP-VAE: Deep Imputation") is named.methods
    gp_vae = extract_terms(GP_VAE, TAXONOMY)
    assert with_title_name(gp_vae.methods, gp_vae.defined, "GP-VAE: Deep Imputation") == {
        **gp_vae.methods,
        "gp vae": ("GP-VAE", TITLE_NAMED),
    }
