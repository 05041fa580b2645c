"""A title's praise is no part of a term (`praise.praised`), and a piece whose head the titles go
on to name is no chip (`pieces.continued`): issue #36, round 9, on phrases and records of the
catalogue with the shipped termhood counts, vocabulary and word lists."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from etl.extract.keywords import Keyphraseness, extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.keyword import Keyword
from etl.extract.keywords.normalise import label_of
from etl.extract.keywords.phrases import LEFT_CUT, WHOLE
from etl.extract.keywords.pieces import continued
from etl.extract.keywords.praise import heads_of_many_modifiers, praised, unpraised
from etl.extract.keywords.termhood import title_heads, title_runs
from etl.extract.keywords.wordlists import EVALUATIVE_ADJECTIVES
from etl.load.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from build_evaluative import cluster, graded  # noqa: E402

TAXONOMY = load_taxonomy(taxonomy_path())
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "praise" / "records.json").read_text(encoding="utf-8"))
KP = Keyphraseness()


@pytest.mark.parametrize(
    "key, written, count, words",
    [
        # praise before a term the titles do not head (NAACL 2024, ECCV 2022, IROS 2016, IROS 2020)
        ("accurate intent classification", "accurate intent classification", 1, 1),
        ("accurate depth refinement", "accurate depth refinement", 1, 1),
        ("robust place recognition", "robust place recognition", 1, 1),
        ("efficient search", "efficient search", 1, 1),
        # ... not where the titles head the whole (`robust optimization`, `robust control`) or authors choose it
        ("robust optimization", "robust optimization", 1, 0),
        ("robust control", "robust control", 1, 0),
        ("safe exploration", "safe exploration", 1, 0),
        # ... but a word of cost is no kind, however often titles promise it (`Efficient Computation of
        # ...`: AISTATS 2024 "Fast Fourier Bayesian Quadrature", ICRA 2021 obstacle avoidance; round 15)
        ("efficient computation", "efficient computation", 1, 1),
        ("efficient navigation", "efficient navigation", 1, 1),
        ("fast detection", "fast detection", 1, 1),
        ("efficient computation", "efficient computation", 2, 0),
        # ... nor before a generic head, a noun the catalogue writes after very many modifiers (IROS
        # 2020 acoustic collision detection, ICCV 2019 "Data-Free Learning of Student Networks"; kwfill22)
        ("efficient control", "efficient control", 1, 1),
        ("efficient network", "efficient network", 1, 1),
        ("scalable algorithm", "scalable algorithms", 1, 1),
        ("fast algorithm", "fast algorithm", 1, 1),
        ("efficient network", "efficient network", 2, 0),
        # ... and a thing of fewer kinds so graded is no process: titles head `fast rates` (AISTATS
        # 2018's abstracts), `efficient transformer`, `efficient architecture`
        ("fast rate", "fast rates", 1, 0),
        ("efficient transformer", "efficient transformer", 1, 0),
        ("efficient architecture", "efficient architecture", 1, 0),
        # ... nor where the abstract repeats it, nor after a word that classifies (`distributed`, `optimal`)
        ("accurate intent classification", "accurate intent classification", 2, 0),
        ("distributed optimization", "distributed optimization", 1, 0),
        ("optimal transport", "optimal transport", 1, 0),
        ("graph neural network", "graph neural networks", 1, 0),
        ("robust", "robust", 1, 0),
        # ... nor a compound's part (ICRA 2012) or a name's word (ECCV 2022: the method `Diverse Learner`)
        ("general purpose arm", "general-purpose arm", 1, 0),
        ("diverse learner", "Diverse Learner", 1, 0),
        # `state-of-the-art` grades any term, written so or as `SOTA`, however often (WACV 2023: a
        # fingerprint matcher, written twice; kwname21), but is no praise of a term it does not open
        ("sota fingerprint matcher", "SOTA fingerprint matcher", 2, 1),
        ("state of the art fingerprint matcher", "State-Of-The-Art fingerprint matcher", 2, 4),
        ("state of the art dialogue model", "state-of-the-art dialogue models", 1, 4),
        ("sota", "SOTA", 1, 0),
    ],
)
def test_an_evaluative_adjective_before_a_term_is_praise(key, written, count, words):
    assert praised(key, written, count, KP) == words


def test_the_heads_of_many_modifiers_are_the_generic_nouns():
    heads = heads_of_many_modifiers()
    assert {"model", "data", "algorithm", "network", "control", "system"} <= heads
    assert not heads & {"rate", "transformer", "architecture", "inference", "detection", "exploration"}
    assert 20 <= len(heads) <= 40  # (30 nouns in the shipped termhood.txt)


def test_the_shipped_evaluative_adjectives_praise_and_do_not_classify():
    assert {"accurate", "robust", "efficient", "fast", "reliable", "scalable"} <= EVALUATIVE_ADJECTIVES
    assert EVALUATIVE_ADJECTIVES.isdisjoint({"distributed", "continuous", "optimal", "sample", "real-time", "natural"})


def test_a_praised_chip_is_its_term_and_a_praised_word_none():
    phrases = {
        "accurate intent classification": [1, 12, "accurate intent classification", WHOLE],
        "intent classification": [1, 13, "Intent Classification", LEFT_CUT],
        "robust place recognition": [1, 40, "robust place recognition", WHOLE],
        "place recognition": [3, 20, "place recognition", WHOLE],
        "efficient search": [1, 50, "efficient search", WHOLE],
        "loop closure": [2, 60, "loop closure", WHOLE],
    }
    kept = [
        (Keyword(key, label_of(phrases[key][2].split(" ")), "phrase", score), phrases[key][2])
        for key, score in [
            ("accurate intent classification", 0.9),
            ("place recognition", 0.7),
            ("robust place recognition", 0.6),
            ("efficient search", 0.5),
            ("loop closure", 0.4),
        ]
    ]
    shown = unpraised(kept, phrases, {"accurate intent classification"}, KP, {}.get, None)
    assert [(k.normalised, k.label, k.score) for k in shown] == [
        ("intent classification", "intent classification", 0.9),
        ("place recognition", "place recognition", 0.7),
        ("loop closure", "loop closure", 0.4),
    ]


@pytest.mark.parametrize(
    "key, label, piece",
    [
        # titles go on to name the head (`Multi-Label Learning`, `Mixed Integer Linear Programs`)
        ("multilabel", "multi-label", True),
        ("mixed integer", "mixed integer", True),
        ("multiagent reinforcement", "Multi-Agent reinforcement", True),
        ("support vector", "support vector", True),
        # ... a plural is a head the abstract wrote (`support vectors`), a short form a name
        ("support vector", "support vectors", False),
        # ... and a modifier the vocabulary's authors choose stands, as a bare modifier does
        ("multiagent", "multi-agent", False),
        ("open vocabulary", "open vocabulary", False),
        # terms the titles end phrases with
        ("reinforcement learning", "reinforcement learning", False),
        ("place recognition", "place recognition", False),
        # a phrase no title heads that ends with a word the titles continue and rarely head alone
        # (catalogue cards of main 59bbce9: `membrane micro | emboss`, ICRA 2009; kwnohead24)
        ("membrane micro", "membrane micro", True),
        ("partial wasserstein", "partial wasserstein", True),
        ("camera moving", "camera moving", True),
        ("piecewise affine", "piecewise affine", True),
        # ... or, of three words or more, with a continued pair (`multi-agent path` of "Large-Scale
        # Multi-Agent Path Finding", IROS 2023, sample-2712; kwhyph28)
        ("large scale multiagent path", "large-scale multi-agent path", True),
        ("decentralized multiagent reinforcement", "decentralized multi-agent reinforcement", True),
        # ... not a word the titles head alone (`fraud`, `shapley`), a name (`BERT-large`, `ARMAR-6`),
        # a plural the abstract writes as a head, nor a phrase a title heads (`noise covariance`)
        ("financial fraud", "financial fraud", False),
        ("data shapley", "data shapley", False),
        ("bert large", "BERT-large", False),
        ("humanoid robot armar 6", "humanoid robot ARMAR-6", False),
        ("image residual", "image residuals", False),
        ("noise covariance", "noise covariance", False),
        # ... nor the whole term the pair goes on to (`multi-agent path finding`), nor a pair that
        # ends it in the plural (`support vectors`)
        ("large scale multiagent path finding", "large-scale multi-agent path finding", False),
        ("deep multiagent reinforcement learning", "deep multi-agent reinforcement learning", False),
        ("linear support vector", "linear support vectors", False),
    ],
)
def test_a_piece_the_titles_continue_is_no_chip(key, label, piece):
    assert continued(key, label) is piece


def test_a_title_writes_runs_that_it_does_not_head():
    title = "Guaranteed Outlier Removal With Mixed Integer Linear Programs"
    assert {"mixed integer", "mixed integer linear", "outlier removal"} <= set(title_runs(title))
    assert "mixed integer" not in set(title_heads(title))
    assert "with" not in set(title_runs(title))  # (no stop word first or last)


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["title"][:40])
def test_the_records_chips_lose_praise_and_pieces(record):
    keys = {k.normalised for k in rank_keywords(extract_terms(record["abstract"], TAXONOMY), {}, 1, record["title"])}
    assert keys.isdisjoint(record["gone"]), keys
    assert set(record["kept"]) <= keys, keys


def test_the_praise_cluster_grows_from_the_most_coordinated_word():
    partners = {
        "efficient": Counter({"robust": 5, "accurate": 4, "fast": 3, "simple": 2}),
        "robust": Counter({"efficient": 5, "accurate": 2, "fast": 2}),
        "accurate": Counter({"efficient": 4, "robust": 2, "fast": 6}),
        "fast": Counter({"efficient": 3, "robust": 2, "accurate": 6}),
        "simple": Counter({"efficient": 2, "effective": 1, "fast": 1}),
        "design": Counter({"analysis": 9, "control": 4, "efficient": 1}),
        "analysis": Counter({"design": 9, "modeling": 2, "control": 1}),
    }
    assert cluster(partners) == {"efficient", "robust", "accurate", "fast", "simple"}


def test_abstracts_grade_qualities_not_kinds():
    abstracts = ["a more accurate and highly efficient method", "an accurate, distributed and efficient solver"]
    shares = graded(abstracts, {"accurate", "efficient", "distributed"})
    assert shares == {"accurate": 0.5, "efficient": 0.5, "distributed": 0.0}
