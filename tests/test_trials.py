"""How a paper tests its work is no chip (`trials.trial_of_the_work`, `shapes.not_a_chip`): issue #36,
round 16, on phrases of the catalogue's cards (ICRA, IROS, CoRL, NeurIPS) with the shipped counts."""

from __future__ import annotations

import pytest

from etl.extract.keywords import Keyphraseness
from etl.extract.keywords.shapes import not_a_chip
from etl.extract.keywords.trials import trial_of_the_work

KP = Keyphraseness()


@pytest.mark.parametrize(
    "key, written, in_title, no_chip",
    [
        # a test's manner or place before a noun of testing (titles head some: `experimental investigation`)
        ("experimental verification", "experimental verification", False, True),
        ("experimental investigation", "experimental investigations", False, True),
        ("experimental validation", "experimental validation", False, True),
        ("field test", "field tests", False, True),
        ("field testing", "field testing", False, True),
        ("simulation trial", "simulation trials", False, True),
        ("pilot study", "pilot study", False, True),
        ("empirical investigation", "empirical investigation", False, True),
        # ... not where the title has it
        ("field test", "field tests", True, False),
        # ... nor what a robot learns from or is tested with, nor a field, nor another head
        ("human demonstration", "human demonstrations", False, False),
        ("randomized trial", "randomized trials", False, False),
        ("numerical analysis", "numerical analysis", False, False),
        ("field robot", "field robots", False, False),
        ("independence test", "independence tests", False, False),
        ("hypothesis testing", "hypothesis testing", False, False),
    ],
)
def test_how_a_paper_tests_its_work_is_no_chip(key, written, in_title, no_chip):
    assert not_a_chip(key, written, in_title, 100, 90_000, KP) is no_chip


@pytest.mark.parametrize(
    "key, trial",
    [
        ("experimental verification", True),
        ("simulation study", True),
        ("preliminary experiment", True),
        ("experimental platform", False),  # (a plan's head: `shapes._generic_before_plan`)
        ("experimental verification of grasp", False),
        ("field", False),
    ],
)
def test_trial_of_the_work(key, trial):
    assert trial_of_the_work(key) is trial
