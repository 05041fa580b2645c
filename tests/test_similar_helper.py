"""A large computation of similar papers on two cores (`etl.extract.similar.helper`) gives what one
process gives, to the bit: batches gathered by a forked helper or by the load, whichever is free, the lists selected
by one while the load writes; on real records (tests/fixtures/similar/: NeurIPS 2016 and 2017, ICML
2018 papers on bandits and reinforcement learning); a helper's failure is one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from etl.errors import WorkerError
from etl.extract.similar import blocks, helper, paged
from etl.extract.similar.select import select

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
FILES = ("nips2016.json", "nips2017.json", "icml2018.json")
ALIASES = {"RL": "reinforcement learning", "MDP": "markov decision process"}


def records() -> list[helper.Paper]:
    found = [r for name in FILES for r in json.loads((EXCERPTS / name).read_text(encoding="utf-8"))]
    return [(r["title"], r["abstract"], [w.lower() for w in r["title"].split()[:2]]) for r in found]


def computed(size: int, helped: bool) -> tuple[blocks.Space, blocks.Vectors]:
    """Every paper's vectors, the terms gathered `size` papers at a time, as the load does."""
    papers = records()
    frequencies, spilled = blocks.Frequencies(), []
    batches = (papers[i : i + size] for i in range(0, len(papers), size))
    for postings, names in helper.gathered(batches, ALIASES, frequencies.known, (lambda: None) if helped else None):
        frequencies.add(postings, names)
        spilled.append(postings)
    return blocks.vectors(frequencies, lambda: iter(spilled))


@pytest.mark.parametrize(
    ("size", "in_flight", "ahead", "by_the_load"),
    [
        (1, 2, 4, None),  # a paper a batch: the load gathers those the helper has no time for
        (7, 2, 4, None),  # batches that end inside a file
        (54, 2, 4, None),  # one batch
        (1, 1, 1, None),  # the load waits for the helper's batch before it reads the next
        (7, 0, 4, 8),  # the helper never free: the load gathers every batch
        (7, 10**6, 4, 0),  # the helper always free: it gathers every batch
    ],
)
def test_terms_gathered_with_a_helper_are_those_of_one_process(monkeypatch, size, in_flight, ahead, by_the_load):
    monkeypatch.setattr(helper, "HELPER_IN_FLIGHT", in_flight)
    monkeypatch.setattr(helper, "GATHERED_AHEAD", ahead)
    gathered_here = []
    gather = helper._gather
    monkeypatch.setattr(helper, "_gather", lambda *args: gathered_here.append(1) or gather(*args))
    space, vectors = computed(size, helped=True)
    assert by_the_load is None or len(gathered_here) == by_the_load
    alone_space, alone = computed(size, helped=False)
    assert list(space.terms) == list(alone_space.terms) and len(space.terms) > 500  # (Names: compared as lists)
    assert (space.df == alone_space.df).all()
    assert (vectors.distinctive.indptr == alone.distinctive.indptr).all()
    assert (vectors.distinctive.indices == alone.distinctive.indices).all()
    assert (vectors.distinctive.data == alone.distinctive.data).all() and (vectors.topics == alone.topics).all()


@pytest.mark.parametrize("from_files", [False, True])  # the transpose in memory, or in files as a load makes it
@pytest.mark.parametrize(
    ("block", "in_flight", "own_max", "by_the_load"),
    [
        (5, 2, None, None),  # the load selects the blocks the helper has no time for
        (13, 2, None, None),
        (54, 2, None, None),  # one block
        (5, 0, None, 11),  # the helper never free: the load selects every block
        (5, 10**6, None, 0),  # the helper always free: it selects every block
        (5, 0, 0, 0),  # the topic vectors over the bound: the helper selects every block, never free or not
    ],
)
def test_lists_selected_by_a_helper_are_those_of_one_process(
    monkeypatch, block, in_flight, own_max, by_the_load, from_files
):
    """As the load selects them: whoever selects a block releases the mapped pages it read after it;
    above `OWN_SELECTION_MAX` the load selects none (its RSS took every page of the topic vectors'
    file a block's candidates read: 200 MB at 1,000,000 papers)."""
    monkeypatch.setattr(helper, "SELECTED_IN_FLIGHT", in_flight)
    if own_max is not None:
        monkeypatch.setattr(helper, "OWN_SELECTION_MAX", own_max)
    selected_here = []
    chosen = helper.select
    monkeypatch.setattr(helper, "select", lambda *args: selected_here.append(1) or chosen(*args))
    into = paged.Paged()
    frequencies, spilled = blocks.Frequencies(), []
    for postings, names in helper.gathered([records()], ALIASES, frequencies.known, None):
        frequencies.add(postings, names)
        spilled.append(postings)
    _, vectors = blocks.vectors(frequencies, lambda: iter(spilled), into)
    papers = vectors.topics.shape[0]
    against = paged.transposed(vectors.distinctive, into, "against") if from_files else vectors.against()
    helped = list(helper.selections(vectors, against, papers, block, into.release))
    assert by_the_load is None or len(selected_here) == by_the_load
    whole = select(vectors, np.arange(papers))
    assert [s.rows.tolist() for s in helped] == [
        list(range(i, min(i + block, papers))) for i in range(0, papers, block)
    ]
    assert (np.concatenate([s.similar for s in helped]) == whole.similar).all()
    assert (np.concatenate([s.scores for s in helped]) == whole.scores).all()
    assert (np.concatenate([s.floors for s in helped]) == whole.floors).all()
    assert [pair for s in helped for pair in s.close] == whole.close and whole.close


def test_a_helper_that_fails_says_so_in_one_line():
    papers = records()
    broken = [(papers[0][0], 12345, [])]  # (an abstract that is not text: the helper's batch, the first)
    with pytest.raises(WorkerError, match=r"^the similar papers' helper process failed: TypeError: ") as raised:
        list(helper.gathered(iter([broken, papers[1:3]]), ALIASES, {}, lambda: None))
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(("papers", "helps"), [(19_999, False), (20_000, True)])
def test_only_a_large_computation_takes_a_helper(monkeypatch, papers, helps):
    monkeypatch.setattr(helper.os, "cpu_count", lambda: 2)
    assert helper.helps(papers) is helps
