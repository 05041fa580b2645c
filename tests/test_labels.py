"""A keyword's label is the form most of its papers write (issue #36, branch kwlabel27): the
capitals of a Title Case long form dropped, a name's kept, and a meaning's label counted, not the
smallest. Rows from the catalogue's labels (docs/keywords.md, the kwlabel27 section)."""

from __future__ import annotations

import io

import pytest

from etl.extract.corpus import counts
from etl.extract.keywords import Keyword
from etl.extract.keywords.labels import most_written, relabelled, same_number, shown_label
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy


@pytest.mark.parametrize(
    "label, shown",
    [
        # a hyphenated word of a Title Case long form, its parts common words: lowered
        ("Long-Short term memory", "long-short term memory"),  # (IROS 2020; read26)
        ("long Short-Term memory", "long short-term memory"),
        ("Vision-and-Language navigation", "vision-and-language navigation"),
        ("peak Signal-to-Noise ratio", "peak signal-to-noise ratio"),
        ("Low-Rank adaptation", "low-rank adaptation"),
        ("soft Actor-Critic", "soft actor-critic"),
        ("Open-Vocabulary semantic segmentation", "open-vocabulary semantic segmentation"),
        ("Least-Squares temporal difference", "least-squares temporal difference"),
        ("Pseudo-Rigid body", "pseudo-rigid body"),
        ("Non-Rigid structure from motion", "non-rigid structure from motion"),
        # a name `label_of` lowered: capitalised
        ("gaussian process", "Gaussian process"),
        ("markov decision processes", "Markov decision processes"),
        ("hidden markov models", "hidden Markov models"),
        ("bayesian optimization", "Bayesian optimization"),
        ("reproducing kernel hilbert space", "reproducing kernel Hilbert space"),
        ("monte carlo tree search", "Monte Carlo tree search"),
        ("local rademacher complexity", "local Rademacher complexity"),
        ("image jacobian", "image Jacobian"),
        ("non-gaussian noise", "non-Gaussian noise"),
        ("euler-lagrange equations", "Euler-Lagrange equations"),
    ],
)
def test_a_label_is_shown_without_the_capitals_of_title_case_and_with_a_names(label, shown):
    assert shown_label(label) == shown


@pytest.mark.parametrize(
    "label",
    [
        # acronyms and coined names keep their capitals; a short form's label is its short form
        "BERT",
        "QuIP#",
        "RoboDreamer",
        "ImageNet",
        "LSTM",
        "MS-COCO",
        "RGB-D camera",
        "multi-AUV",
        "GPT-4V",
        # names of people in a hyphenated word keep theirs
        "Kullback-Leibler divergence",
        "Frank-Wolfe algorithm",
        "Hilbert-Schmidt independence criterion",
        "Rao-Blackwellized particle filter",
        "Gaussian process",
        # common words stay in lower case
        "reinforcement learning",
        "long short-term memory",
        "multi-agent path finding",
    ],
)
def test_acronyms_coined_names_and_names_keep_their_capitals(label):
    assert shown_label(label) == label


def test_the_form_most_papers_write_counted_by_the_form_shown():
    # the catalogue's abstracts defining LSTM (read26): 78 + 59 write `long short-term memory` but
    # for capitals, 19 without the hyphen, 7 `Long-Short Term Memory` (the label before: the smallest)
    written = {
        "long Short-Term memory": 78,
        "long short-term memory": 59,
        "long short term memory": 19,
        "Long-Short term memory": 7,
    }
    assert shown_label(most_written(written)) == "long short-term memory"
    assert most_written({"generative models": 3, "Generative models": 3}) == "generative models"  # (a tie: lower case)
    assert most_written({"state-space model": 2, "state space model": 2}) == "state space model"  # (then alphabetical)


ABSTRACTS = [
    "We use a Long Short-Term Memory (LSTM) network to predict the trajectories of pedestrians.",
    "A long short-term memory (LSTM) encoder reads the sensor history of the robot.",
    "The policy is a Long Short-Term Memory (LSTM) over visual features of the scene.",
    "We train a Long-Short Term Memory (LSTM) model on the recorded driving data.",
]


def _meaning(share: counts.Counts, short: str = "lstm") -> str:
    """The label a short form's one meaning is shown by: the one ranking reads, or its `shown`."""
    _, meanings, _ = share.counts()
    ((label, _),) = meanings[short].values()
    return getattr(meanings, "shown", {}).get(label, label)


def test_a_meanings_label_is_the_one_most_defining_papers_write_ranking_reads_the_smallest():
    taxonomy = load_taxonomy(taxonomy_path())
    share = counts.Extraction(taxonomy, io.BytesIO())
    share.extract((str(i), a, None) for i, a in enumerate(ABSTRACTS))
    _, meanings, _ = share.counts()
    assert meanings["lstm"] == {"long short term memory": ("Long-Short term memory", 4)}  # (as before: the smallest)
    assert shown_label(_meaning(share)) == "long short-term memory"
    spill = io.BytesIO()
    share = counts.Extraction(taxonomy, spill)
    share.extract((str(i), a, None) for i, a in enumerate(ABSTRACTS))
    df, n, meanings = counts.merge_counts([share.counts()])
    ranked = dict(share.ranked(df, n, meanings, counts.Stored()))
    labels = {k.label for keywords in ranked.values() for k in keywords if k.normalised == "long short term memory"}
    # (each paper's keyword, `long Short-Term memory` or as the paper writes it: shown one way)
    assert {shown_label(label) for label in labels} == {"long short-term memory"} and len(labels) == 2


def test_a_meanings_label_is_counted_across_shares_and_papers_taken_back():
    taxonomy = load_taxonomy(taxonomy_path())
    shares = []
    for part in (ABSTRACTS[:1], ABSTRACTS[3:]):  # one paper each: a tie of one paper
        share = counts.Extraction(taxonomy, io.BytesIO())
        share.extract((str(i), a, None) for i, a in enumerate(part))
        shares.append(share)
    whole = counts.Counts()
    for share in shares:
        n, meanings, pairs = share.counts(in_order=False)
        whole.add(n, meanings, pairs, share.labels)
    assert shown_label(_meaning(whole)) == "long short-term memory"  # (a tie: the lower case shown)
    spill = io.BytesIO()
    share = counts.Extraction(taxonomy, spill)
    share.extract((str(i), a, None) for i, a in enumerate([*ABSTRACTS[3:], *ABSTRACTS[3:], ABSTRACTS[0]]))
    assert _meaning(share) == "Long-Short term memory"  # (two papers of three)
    spill.seek(0)
    records = list(counts.read_records(spill))
    share.take_back(records, {"0", "1"}, records)
    assert shown_label(_meaning(share)) == "long short-term memory"


@pytest.mark.parametrize(
    "keyword, label",
    [
        (
            Keyword("long short term memory", "Long-Short term memory", "acronym", 1.0, ("LSTM",)),
            "long Short-Term memory",
        ),
        (
            Keyword(
                "long short term memory network", "Long-Short term memory network", "phrase", 1.0, ("LSTM network",)
            ),
            "long Short-Term memory network",
        ),
        (
            Keyword(
                "micro electro mechanical systems accelerometer",
                "Micro-Electro-Mechanical systems accelerometers",
                "phrase",
                1.0,
                ("MEMS accelerometers",),
            ),
            "micro-electro-mechanical systems accelerometers",
        ),
        # a method is named as the paper writes it; a phrase written by the paper (no short form) stays
        (Keyword("long short term memory", "Long-Short term memory", "method", 1.0), "Long-Short term memory"),
        (Keyword("bidirectional long short term memory", "bidirectional Long-Short term memory", "phrase", 1.0), None),
    ],
)
def test_ranked_keywords_take_the_label_most_papers_write_of_a_meaning(keyword, label):
    shown = {
        "Long-Short term memory": "long Short-Term memory",
        "Micro-Electro-Mechanical systems": "micro-electro-mechanical systems",
    }
    (k,) = relabelled([keyword], shown)
    assert k.label == (label or keyword.label)
    assert k._replace(label=keyword.label) == keyword


@pytest.mark.parametrize(
    "voted, ranked, label",
    [
        # the definers' number gives way to the one ranking reads (the keywords' vote decides it)
        ("knowledge graphs", "knowledge graph", "knowledge graph"),  # (320 papers)
        ("Markov decision processes", "markov decision process", "Markov decision process"),
        ("brain-computer interfaces", "brain-computer interface", "brain-computer interface"),
        # the rest is the definers'
        ("long Short-Term memory", "Long-Short term memory", "long Short-Term memory"),
        ("multi self attention", "multi self-attention", "multi self attention"),
    ],
)
def test_a_meanings_label_keeps_the_number_ranking_reads(voted, ranked, label):
    assert same_number(voted, ranked) == label
