"""The similar papers' vectors computed block by block in bounded memory (`etl.extract.similar.blocks`,
what a load runs) are `batch`'s over the whole corpus at once, to the last bit, whatever the
batches' size: on real records (tests/fixtures/similar/: NeurIPS 2016 and 2017, ICML 2018 papers
on bandits and reinforcement learning), with a topic sample and a topic vocabulary small enough
that every k-th paper and the ties at the cut are exercised."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from etl.extract.similar import blocks, counting
from etl.extract.similar.select import select
from etl.extract.similar.words import WordTerms
from tests import similar_reference as batch

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
FILES = ("nips2016.json", "nips2017.json", "icml2018.json")


def papers() -> list[Counter[str]]:
    terms = WordTerms({"RL": "reinforcement learning", "MDP": "markov decision process"})
    found = [r for name in FILES for r in json.loads((EXCERPTS / name).read_text(encoding="utf-8"))]
    return [terms.of(r["title"], r["abstract"], [w.lower() for w in r["title"].split()[:2]]) for r in found]


def in_blocks(counted: list[Counter[str]], size: int) -> tuple[blocks.Space, blocks.Vectors]:
    """As a load computes them: each batch counted once gathered (its terms kept so far named by
    hash alone), its postings kept as the load spills them, read again block by block."""
    frequencies, spilled = blocks.Frequencies(), []
    gathering = blocks.Gathering(frequencies.known)
    for i, counts in enumerate(counted, 1):
        gathering.add(counts)
        if len(gathering) == size or i == len(counted):
            postings, names = gathering.take()
            frequencies.add(postings, names)
            spilled.append(postings)
    return blocks.vectors(frequencies, lambda: iter(spilled))


@pytest.mark.parametrize("size", [1, 7, 54])
def test_a_papers_terms_in_two_parts_are_gathered_as_in_one(size):
    """`WordTerms.parts` (words and keywords, pairs: the load's) gives the postings, the names and
    the counts of `WordTerms.of`'s terms told apart by `is_pair`."""
    terms = WordTerms({"RL": "reinforcement learning", "MDP": "markov decision process"})
    found = [r for name in FILES for r in json.loads((EXCERPTS / name).read_text(encoding="utf-8"))]
    texts = [(r["title"], r["abstract"], [w.lower() for w in r["title"].split()[:2]]) for r in found]
    taken = []
    for two in (False, True):
        gathering, batches = blocks.Gathering(counting.none_known), []
        for i, text in enumerate(texts, 1):
            gathering.add(*terms.parts(*text)) if two else gathering.add(terms.of(*text))
            if len(gathering) == size or i == len(texts):
                batches.append(gathering.take())
        taken.append(batches)
    assert len(taken[0]) == len(taken[1]) and any(len(p.pairs) for p, _ in taken[1])
    for (one, one_names), (two, two_names) in zip(*taken, strict=True):
        for part in ("words", "word_counts", "word_ends", "pairs", "pair_counts", "pair_ends"):
            assert (getattr(one, part) == getattr(two, part)).all(), part
        assert one_names == two_names
        for counted in (one.counted, two.counted):  # (each distinct hash, and the papers that have it)
            assert counted is not None
            unique, papers = np.unique(np.concatenate([one.words, one.pairs]), return_counts=True)
            assert (counted[0] == unique).all() and (counted[1] == papers).all()


@pytest.mark.parametrize(
    ("size", "sample", "topic_terms"),
    [
        (1, 20_000, 10_000),  # a paper a block: every term counted across blocks
        (7, 20_000, 10_000),  # blocks that end inside a file
        (54, 20_000, 10_000),  # one block
        (5, 9, 10_000),  # every 6th paper in the topic sample
        (5, 20_000, 40),  # 40 topic terms: ties at the cut broken by the term that came first
        (13, 25, 120),
    ],
)
def test_vectors_in_blocks_are_the_whole_corpus_computation(monkeypatch, size, sample, topic_terms):
    monkeypatch.setattr(batch, "TOPIC_SAMPLE", sample)
    monkeypatch.setattr(blocks, "TOPIC_SAMPLE", sample)
    monkeypatch.setattr(batch, "TOPIC_TERMS", topic_terms)
    monkeypatch.setattr(blocks, "TOPIC_TERMS", topic_terms)
    counted = papers()
    corpus = batch.Corpus()
    for i, counts in enumerate(counted):
        corpus.add(f"{i:03d}", counts)
    whole = batch.similar_papers(corpus)
    space, vectors = in_blocks(counted, size)
    df = dict(zip(space.terms, space.df.tolist(), strict=True))
    assert df == whole.statistics.df and len(df) > 500
    basis = {term: space.basis[k] for k, term in enumerate(space.topic_terms)}
    assert basis.keys() == whole.statistics.topics.keys()
    assert all((basis[term] == row).all() for term, row in whole.statistics.topics.items())
    numbers = {term: number for number, term in enumerate(sorted(df))}
    columns = np.array([numbers[term] for term in whole.columns], dtype=np.int32)
    expected = whole.vectors.distinctive
    assert (vectors.distinctive.indptr == expected.indptr).all()
    assert (vectors.distinctive.indices == columns[expected.indices]).all()
    assert (vectors.distinctive.data == expected.data).all() and (vectors.topics == whole.vectors.topics).all()
    selected = select(vectors, np.arange(len(counted)))
    assert (selected.similar == whole.similar).all() and (selected.scores == whole.scores).all()
    assert selected.close == whole.close


@pytest.mark.parametrize("papers_taken", [0, 1, 2, 3])
def test_a_corpus_whose_papers_share_few_terms_or_none(papers_taken):
    """One paper (no term two papers have: nothing kept, no topic space) up to a few."""
    counted = papers()[:papers_taken]
    corpus = batch.Corpus()
    for i, counts in enumerate(counted):
        corpus.add(f"{i:03d}", counts)
    space, vectors = in_blocks(counted, 2)
    assert vectors.distinctive.shape[0] == vectors.topics.shape[0] == papers_taken
    if papers_taken:
        whole = batch.similar_papers(corpus)
        assert dict(zip(space.terms, space.df.tolist(), strict=True)) == whole.statistics.df
        assert (vectors.distinctive.data == whole.vectors.distinctive.data).all()
        assert (vectors.topics == whole.vectors.topics).all()


@pytest.mark.parametrize("parts", [1, 3, 16])
@pytest.mark.parametrize(
    ("batches", "kept"),
    [
        # a term one paper of a batch has waits on disk until another batch's paper has it too
        (
            (["bandit", "regret"], ["bandit", "policy"], ["policy", "policy gradient"], ["regret"]),
            {"bandit": 2, "regret": 2, "policy": 2},
        ),
        # kept in a batch where two papers have it, and counted with a batch before that spilled it
        ((["regret"], ["regret", "regret", "bandit"], ["regret"], ["bandit"]), {"regret": 4, "bandit": 2}),
        ((["bandit"], ["regret"], ["policy gradient"]), {}),  # no term of two papers
    ],
)
def test_a_term_is_kept_once_two_papers_have_it_in_any_batches(monkeypatch, parts, batches, kept):
    """A term one paper of a batch has is spilled by hash (and name); a second paper, in the same
    batch or a later one, makes it kept, by name, with every paper counted; the spill files go."""
    monkeypatch.setattr(counting, "PARTS", parts)
    frequencies = blocks.Frequencies()
    gathering = blocks.Gathering(frequencies.known)
    for batch_terms in batches:
        for term in batch_terms:
            gathering.add(Counter({term: 1}))
        frequencies.add(*gathering.take())
    done = frequencies.done()
    assert dict(zip(done.names, done.df.tolist(), strict=True)) == kept
    assert done.hashes.tolist() == sorted(map(hash, done.names))  # (in the order of their hashes)
    assert frequencies.papers == sum(map(len, batches)) and not frequencies.once


@pytest.mark.parametrize(
    ("kept", "asked"),
    [
        ([], [5, -3]),  # nothing kept yet (the first batch)
        ([-9, 2, 7], [7, 7, -9, 3, 8, -10]),  # repeated, before the first, after the last, between
        ([-(2**63), 2**63 - 1], [2**63 - 1, -(2**63), 0]),  # the ends of the 64-bit hashes
    ],
)
def test_a_lookup_in_sorted_order_gives_searchsorted_places_and_membership(kept, asked):
    sorted_values, values = np.array(kept, dtype=np.int64), np.array(asked, dtype=np.int64)
    at, found = counting.lookup(sorted_values, values)
    assert at.tolist() == np.searchsorted(sorted_values, values).tolist()
    assert found.tolist() == [v in kept for v in asked]


@pytest.mark.parametrize(
    "names",
    [
        [],
        ["bandit", "policy gradient", "", "naïve", "classiﬁcation", "kw:q-learning"],  # (as similar_terms holds them)
        ["\ud83d", "regret"],  # (a lone surrogate, as PDF extraction leaves some)
    ],
)
def test_the_kept_terms_names_read_as_the_list_they_were_given(names):
    kept = counting.Names(iter(names))
    assert len(kept) == len(names) and list(kept) == names
    assert [kept[i] for i in range(-len(names), len(names))] == names + names
    for outside in (len(names), -len(names) - 1):
        with pytest.raises(IndexError):
            kept[outside]


def test_the_kept_terms_names_take_their_bytes_not_a_string_each():
    """About 400,000 terms at 1,000,000 records: a list of their names held 69 bytes a term of the
    curve file (12 characters on average), their bytes and ends about 21."""
    import tracemalloc

    names = [f"w{i:05d} word{i % 97}" for i in range(50_000)]
    tracemalloc.start()
    try:
        kept = counting.Names(names)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert kept[49_999] == names[-1] and held < 30 * len(names)


def test_the_kept_terms_are_counted_in_under_60_bytes_a_term():
    """Through the counting the kept terms' names are held in one buffer, in the order they were
    kept, with their hashes, counts and places: 47 bytes a term here, where a dictionary of the
    names by hash held 91 (the curve file keeps about 60,000 more terms a 100,000 records, issue 41)."""
    import tracemalloc

    # the fixture's papers thirty times over, each copy's terms its own (`bandit` -> `bandit 7`)
    counted = [
        Counter({f"{term} {copy}": n for term, n in counts.items()}) for copy in range(30) for counts in papers()
    ]
    batches = []
    gathering = blocks.Gathering(counting.none_known)  # (every batch names all its terms, as a helper's)
    for i, counts in enumerate(counted, 1):
        gathering.add(counts)
        if len(gathering) == 50 or i == len(counted):
            batches.append(gathering.take())
    tracemalloc.start()
    try:
        frequencies = blocks.Frequencies()
        held = tracemalloc.get_traced_memory()[0]
        for postings, names in batches:
            frequencies.add(postings, names)
        frequencies._add_spilled()
        held = tracemalloc.get_traced_memory()[0] - held
    finally:
        tracemalloc.stop()
    kept = len(frequencies.hashes)
    assert kept > 20_000 and held < 60 * kept, held / kept


@pytest.mark.parametrize("length", [1, 7, 8, 16, 47, 48, 129, 256])
@pytest.mark.parametrize("place", ["alone", "first", "between", "last", "before empty rows"])
def test_a_rows_sum_is_the_same_bits_wherever_the_row_stands(length, place):
    """`batch.row_sums` (a paper's vector length, issue 36 kwdof24): a row's sum is the same bits
    alone, first, between others, last (once summed with a padding zero: numpy's pairwise sum of
    one value more is grouped otherwise, so a paper computed last of an edit's part, or alone,
    differed in its last bits from its kept vector) or before empty rows."""
    from etl.extract.similar.batch import row_sums

    rng = np.random.default_rng(length)
    row, other = (rng.random(n).astype(np.float32) ** 2 * 9 for n in (length, 13))
    rows = {
        "alone": [row],
        "first": [row, other],
        "between": [other, row, other],
        "last": [other, other, row],
        "before empty rows": [other, row, row[:0], row[:0]],
    }[place]
    at = next(i for i, r in enumerate(rows) if r is row)
    values = np.concatenate(rows)
    ends = np.concatenate(([0], np.cumsum([len(r) for r in rows])))
    sums = row_sums(values, ends)
    alone = [np.add.reduceat(r, [0])[0] if len(r) else 0.0 for r in rows]  # (each row summed by itself)
    assert sums.dtype == np.float32 and sums[at] == alone[at] and sums.tolist() == alone
