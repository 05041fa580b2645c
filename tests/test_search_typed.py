"""Search: the query as typed wins. A paper whose title (then abstract) writes the query's words as
a phrase, in the forms typed (the last word singular or plural: `diffusion model` for `diffusion
models`, every word as typed first), ranks above one with only another form of a word or the words
apart, in the same tier: bm25 gives a rarer form the larger weight, so on the whole catalogue
`diffusion models` put three papers on `diffusions` first (AISTATS 2024, COLT 2019, COLT 2024)
above the 249 titles that write the phrase, and `diffusion` five `Diffusions` titles.
(tests/test_postgres.py runs the same cases.)"""

from __future__ import annotations

import pytest

from etl.store.pg_search import search_params
from tests.test_search import loaded, titles

# Real papers (their abstracts shortened): two that write the phrase in their title, one that
# writes it only in its abstract (`stationary diffusion models`), one with the words apart
# (`generative models with latent diffusions`), and three about diffusion policies that make
# `diffusion` a common word here, as it is in the catalogue (and `diffusions` a rare one).
CAUSAL = "Causal Modeling with Stationary Diffusions"
LATENT = "Theoretical guarantees for sampling and inference in generative models with latent diffusions"
DISCRETE = "A Reparameterized Discrete Diffusion Model for Text Generation"
EMBEDDING = "Empowering Diffusion Models on the Embedding Space for Text Generation"
DENSE = "Non-rigid Relative Placement through 3D Dense Diffusion"
STEERING = "Steering Your Diffusion Policy with Latent Space Reinforcement Learning"
PAST = "Learning Long-Context Diffusion Policies via Past-Token Prediction"
PAPERS = [
    (
        CAUSAL,
        "Poster",
        "We develop a novel approach towards causal inference. Rather than structural equations over a causal"
        " graph, we learn stochastic differential equations (SDEs) whose stationary densities model a system's"
        " behavior under interventions. These stationary diffusion models do not require the formalism of"
        " causal graphs. Our inference method is based on a stationarity condition on the diffusion's"
        " generator in a reproducing kernel Hilbert space.",
        "",
    ),
    (
        LATENT,
        "Poster",
        "We introduce and study a class of probabilistic generative models, where the latent object is a"
        " finite-dimensional diffusion process on a finite time interval and the observed variable is drawn"
        " conditionally on the terminal point of the diffusion. We quantify the expressiveness of"
        " diffusion-based generative models.",
        "",
    ),
    (
        DISCRETE,
        "Poster",
        "This work studies discrete diffusion probabilistic models with applications to natural language"
        " generation. We derive an alternative yet equivalent formulation of the sampling from discrete"
        " diffusion processes and develop a family of reparameterized discrete diffusion models.",
        "",
    ),
    (
        EMBEDDING,
        "Poster",
        "Diffusion models have achieved state-of-the-art synthesis quality on both visual and audio tasks, and"
        " recent works further adapt them to textual data by diffusing on the embedding space. We study the"
        " optimization challenges of the embedding space and the denoising model.",
        "",
    ),
    (
        DENSE,
        "Poster",
        "The task of relative placement is to predict the placement of one object in relation to another. We"
        " propose cross-displacement, learned with dense diffusion from a small number of demonstrations.",
        "",
    ),
    (
        STEERING,
        "Poster",
        "Robotic control policies learned from human demonstrations have achieved impressive results. We steer"
        " a diffusion policy by reinforcement learning in the space of its latent noise.",
        "",
    ),
    (
        PAST,
        "Poster",
        "Reasoning over long sequences of observations and actions is essential for many robotic tasks. We"
        " train diffusion policies that predict past tokens, which regularizes the retention of past information.",
        "",
    ),
]

# What is typed, and the order: the phrase in a title, every word as typed, then with its last word
# in the other number, then the phrase in an abstract, then the words apart. Before, a paper on
# `diffusions` came first (CAUSAL or LATENT), and one or both of them above a title with the
# phrase; for one word (branch search25) the two `Diffusions` titles came first, and the other
# number of the phrase's last word ranked with it by bm25 (DISCRETE above EMBEDDING for either).
TYPED = [
    ("diffusion models", [{EMBEDDING}, {DISCRETE}, {CAUSAL}, {LATENT}]),
    ("diffusion model", [{DISCRETE}, {EMBEDDING}, {CAUSAL}, {LATENT}]),
    ("Diffusion Models", [{EMBEDDING}, {DISCRETE}, {CAUSAL}, {LATENT}]),
    ("diffusion", [{DISCRETE, EMBEDDING, DENSE, STEERING, PAST}, {CAUSAL, LATENT}]),
    ("diffusions", [{CAUSAL, LATENT}, {DISCRETE, EMBEDDING, DENSE, STEERING, PAST}]),
    ("diffusion policy", [{STEERING}, {PAST}]),
    ("diffusion policies", [{PAST}, {STEERING}]),
]


def in_groups(found: list[str], groups: list[set[str]]) -> list[set[str]]:
    """`found` cut into consecutive pieces the sizes of `groups`."""
    pieces, start = [], 0
    for group in groups:
        pieces.append(set(found[start : start + len(group)]))
        start += len(group)
    return pieces


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    return loaded(tmp_path_factory, "aistats2024.json", PAPERS)


@pytest.mark.parametrize("q, expected", TYPED)
def test_the_phrase_as_typed_ranks_above_another_form_or_the_words_apart(db, q, expected):
    assert in_groups(titles(db, q), expected) == expected


@pytest.mark.parametrize(
    "q, title_phrase, text_phrase",
    [
        ("diffusion models", "diffusion:A <-> (models:A | model:A)", "diffusion:C <-> (models:C | model:C)"),
        ("the diffusion", "the:A <-> (diffusion:A | diffusions:A)", "the:C <-> (diffusion:C | diffusions:C)"),
        ("robotics", "robotics:A", "robotics:C"),
        ("diffusions", "(diffusions:A | diffusion:A)", "(diffusions:C | diffusion:C)"),
        ("quantiz*", "quantiz:*A", "quantiz:*C"),
        ("of the", "of:A <-> the:A", "of:A <-> the:A"),  # (only function words: the phrase, in a title)
    ],
)
def test_postgresql_reads_the_phrase_as_typed_in_the_title_then_the_abstract(q, title_phrase, text_phrase):
    """search.sql's `search_phrases` in a title, then an abstract, as PostgreSQL's tsquery texts."""
    assert (search_params(q)["title_phrase"], search_params(q)["text_phrase"]) == (title_phrase, text_phrase)


@pytest.mark.parametrize(
    "q, title_typed",
    [
        ("diffusion", "diffusion:A"),
        ("diffusion models", "diffusion:A <-> models:A"),
        ("the diffusion", "the:A <-> diffusion:A"),
        ("quantiz*", "quantiz:*A"),
        ("of the", "of:A <-> the:A"),
    ],
)
def test_postgresql_reads_every_word_as_typed_in_the_title_first(q, title_typed):
    """search.sql's `typed_exact` (the words as typed, in order, in a title) as PostgreSQL's tsquery text."""
    assert search_params(q)["title_typed"] == title_typed
