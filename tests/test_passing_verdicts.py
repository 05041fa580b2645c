"""The cues of a mention in passing that `scripts/passing_verdicts.py` counts the judged chips by
(issue #36, branch kwpass27): which uses of a chip sit inside a list after `such as`/`including`/
`e.g.`, an application's or a downstream task's list, an analogy (`reminiscent of`, `as in`) or a
sentence on prior work, on the real abstracts of judged cards. Both kinds of row: chips the judges
rejected as named in passing, chips written in passing they accepted (why no rule was kept:
docs/keywords.md), and the papers' own terms, which no cue holds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from etl.extract.keywords.prose import clean

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from passing_verdicts import cue_spans, held  # noqa: E402

# NeurIPS 2006, "Linearly-solvable Markov decision problems" (sample-2612: both judges rejected
# `LP relaxation` and `integer programming`, "other")
MDP = (
    "An exponential transformation of the optimal value function makes the minimized Bellman equation linear. "
    "Accurate approximations to generic MDPs are obtained via continuous embedding reminiscent of LP relaxation "
    "in integer programming. Offpolicy learning of the optimal value function is possible without need for "
    "stateaction values; the new algorithm (Z-learning) outperforms Q-learning."
)
# IJCAI 2022, "A Unified Framework for Intrinsic Evaluation of Word-Embedding Algorithms" (sample-2612)
EMBEDDINGS = (
    "Word embeddings are widely used in copious Natural Language Processing tasks, including semantic analysis, "
    "information retrieval, dependency parsing, question answering, and machine translation. The main goal of this "
    "work is to create a pipeline to blend all major intrinsic evaluation tasks to compute such overall evaluation "
    "- the PCE - of word embeddings."
)
# AISTATS 2024, "Deep anytime-valid hypothesis testing" (`adversarial robustness` judged ok)
TESTING = (
    "This abstraction allows for a unified treatment of several classical tasks, such as two-sample testing, "
    "independence testing, and conditional-independence testing, as well as modern problems, such as testing for "
    "adversarial robustness of machine learning (ML) models. Our proposed framework has the following advantages "
    "over classical batch tests."
)
# ICRA 2018, "Composable Deep Reinforcement Learning for Robotic Manipulation" (`video games` judged junk)
MANIPULATION = (
    "Model-free deep reinforcement learning has been shown to exhibit good performance in domains ranging from "
    "video games to simulated robotic manipulation and locomotion. In this paper, we study how maximum entropy "
    "policies trained using soft Q-learning can be applied to real-world robotic manipulation."
)
# IROS 2023 (sample-2612's `off-road driving`, in parentheses after `e.g.`)
ACCIDENTS = (
    "We show that our model can significantly reduce the severe accident rates (e.g., collisions and off-road driving)."
)


@pytest.mark.parametrize(
    "text, key, cues",
    [
        # judged junk, every use in passing
        (MDP, "lp relaxation", ["analogy"]),
        (MDP, "integer programming", ["analogy"]),
        (EMBEDDINGS, "dependency parsing", ["list"]),
        (EMBEDDINGS, "information retrieval", ["list"]),
        (MANIPULATION, "video game", ["list"]),
        (ACCIDENTS, "off road driving", ["list"]),
        # judged ok, every use in passing too: the cue is no verdict
        (TESTING, "adversarial robustness", ["list"]),
        (TESTING, "two sample testing", ["list"]),
        # the paper's own terms: no cue holds them (or one use of them)
        (MDP, "optimal value function", [None, None]),
        (EMBEDDINGS, "word embedding", [None, None]),
        (MANIPULATION, "soft q learning", [None]),
        # (a cue reads the paper's own application too, `can be applied to real-world robotic manipulation`:
        # its title names it, and the script counts such chips apart)
        (MANIPULATION, "robotic manipulation", ["list", "application"]),
    ],
)
def test_uses_in_passing(text: str, key: str, cues: list[str | None]) -> None:
    assert [span and span[2] for span in held(clean(text), key)] == cues


def test_a_list_ends_at_its_clause() -> None:
    """A list runs to the clause's end, not over the sentence: `widely used in ... tasks` is none."""
    text = clean(EMBEDDINGS)
    (span,) = [s for s in cue_spans(text) if s[2] == "list"]
    assert text[span[0] : span[1]].strip() == (
        "semantic analysis, information retrieval, dependency parsing, question answering, and machine translation"
    )
    assert span[4] == 6  # (items: the commas and the `and`)
