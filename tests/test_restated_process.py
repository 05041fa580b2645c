"""A head that says only that something takes place (`manner.PROCESS_HEADS`: process, procedure,
methodology) after the noun of doing it restates is no chip (`minimization process` is
`minimization`), unless authors choose the phrase or the catalogue's titles head it as a process of
its own (issue #36, kwdof24); `methodology` is a generic head (`shapes.GENERIC_HEADS`). Top-five
chips of the catalogue's cards (main 9976a4e's rules), with the shipped termhood counts and
vocabulary."""

from __future__ import annotations

import pytest

from etl.extract.keywords import Keyphraseness, normalise_keyword
from etl.extract.keywords.manner import PROCESS_TITLES
from etl.extract.keywords.shapes import not_a_chip
from etl.extract.keywords.termhood import TERMHOOD

KP = Keyphraseness()


@pytest.mark.parametrize(
    "written, in_title, no_chip",
    [
        # a noun of doing before the head that restates it (IROS, NeurIPS, ICRA, ICLR cards), in the
        # title too, in the singular or the plural
        ("minimization process", False, True),
        ("minimization process", True, True),
        ("learning process", False, True),
        ("generation process", False, True),
        ("manipulation processes", False, True),
        ("reasoning process", False, True),
        ("identification procedure", False, True),
        ("testing procedures", False, True),
        ("evaluation methodologies", False, True),
        # `methodology` a generic head: after a field's common word or a manner word
        ("control methodology", False, True),
        ("unified methodology", True, True),
        # a process the titles head in PROCESS_TITLES titles or more (`decision process` of `Markov
        # decision process`, `diffusion process`)
        ("decision process", False, False),
        ("diffusion process", False, False),
        # a name, or a word of no doing before it: a process of its kind
        ("Gaussian process", False, False),
        ("point process", False, False),
        ("CMOS process", False, False),
        ("SLAM process", False, False),
        ("assembly process", False, False),
        ("exploratory procedures", False, False),
        ("endovascular procedures", False, False),
        ("knockoff procedure", False, False),
        # not another head, nor a longer phrase
        ("minimization problem", False, False),
        ("energy minimization process", False, False),
    ],
)
def test_a_process_head_that_restates_its_doing_is_no_chip(written, in_title, no_chip):
    assert not_a_chip(normalise_keyword(written), written, in_title, 100, 90_000, KP) is no_chip


def test_the_processes_kept_are_title_heads_of_the_termhood_counts():
    assert TERMHOOD.counts["decision process"][0] >= PROCESS_TITLES
    assert TERMHOOD.counts["diffusion process"][0] >= PROCESS_TITLES
    assert TERMHOOD.counts["minimization process"][0] < PROCESS_TITLES
