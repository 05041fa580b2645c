"""Similar papers by text: the lists a load computes for every paper, the same scores from the kept
statistics (what later loads score new papers with), and later loads that add or remove papers."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict

import numpy as np
import pytest

from etl.extract.similar.scoring import KeptStatistics, vectors
from etl.extract.similar.select import SIMILAR
from etl.extract.similar.words import TITLE_WEIGHT, WordTerms, is_pair, short_forms
from etl.load import load
from etl.load.similar_all import ALIASES, KEYWORDS, PAPERS
from tests import works
from tests.helpers import rows


def lists(db_file: str) -> dict[str, list[tuple[str, float]]]:
    found: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for pid, other, score in rows(
        db_file, "SELECT paper_id, similar_id, score FROM similar_papers ORDER BY paper_id, rank"
    ):
        found[pid].append((other, score))
    return found


def title_id(db_file: str, title: str) -> str:
    return rows(db_file, "SELECT id FROM papers WHERE title = ?", (title,))[0][0]


@pytest.fixture
def works_db(db_file, write) -> str:
    load(db_file)  # the bundled listings, then two years of papers (tests/works.py) in a later load
    load(db_file, [str(write("iclr2018.json", works.earlier())), str(write("icml2019.json", works.later()))])
    return db_file


def test_every_paper_gets_its_ten_most_similar_papers_best_first(seeded):
    found = lists(seeded)
    papers = {pid for (pid,) in rows(seeded, "SELECT id FROM papers")}
    assert set(found) == papers
    for pid, similar in found.items():
        others = [other for other, _ in similar]
        scores = [score for _, score in similar]
        assert len(similar) == SIMILAR and pid not in others and len(set(others)) == len(others)
        assert scores == sorted(scores, reverse=True) and scores[-1] > 0 and scores[0] <= 1.5


def test_the_kept_statistics_give_the_vectors_the_whole_corpus_gave(seeded):
    """Every paper's vector computed as later loads compute a changed paper's (against
    similar_terms) is the one the computation over every paper kept for it, to the last bit: a
    paper read again with the same texts changes no list."""
    conn = sqlite3.connect(seeded)
    terms = WordTerms(short_forms(conn.execute(ALIASES)))
    keys = defaultdict(list)
    for pid, key in conn.execute(KEYWORDS):
        keys[pid].append(key)
    papers = list(conn.execute(PAPERS))
    counts = [terms.of(t, a, keys[pid]) for pid, t, a in papers]
    computed = vectors(counts, reference(conn))
    kept = {pid: (bytes(t), bytes(w), bytes(topic)) for pid, t, w, topic in conn.execute(STORED)}
    from etl.load.similar_all import vector_rows

    again = {pid: tuple(row[:3]) for pid, *row in vector_rows([p[0] for p in papers], computed, np.zeros(len(papers)))}
    assert len(kept) == len(papers) and again == kept
    assert sum(len(t) for t, _, _ in kept.values()) > 4 * len(papers)  # (distinctive terms compared)


STORED = "SELECT paper_id, terms, weights, topic FROM similar_vectors"


def reference(conn: sqlite3.Connection) -> KeptStatistics:
    (papers,) = conn.execute("SELECT papers FROM similar_scoring").fetchone()
    df, numbers, topics = {}, {}, {}
    for term, n, number, topic in conn.execute("SELECT term, papers, number, topic FROM similar_terms"):
        df[term], numbers[term] = n, number
        if topic is not None:
            topics[term] = np.frombuffer(topic, dtype="<f4")
    return KeptStatistics(papers, df, numbers, topics, len(next(iter(topics.values()))))


def test_a_later_load_puts_its_papers_in_the_lists_they_belong_in(works_db):
    """The works come in a load that does not rescore: they are compared against the kept
    statistics and enter the lists of the papers they resemble most; after a computation over every
    paper, which weighs the terms no kept paper had (*legged*, *quadruped*), the two papers on
    legged robots are each first in the other's list."""
    from etl.load import rescore

    found = lists(works_db)
    routing = title_id(works_db, "Balanced Routing for Mixtures of Experts")
    routing_later = title_id(works_db, "Balanced routing for mixtures of experts.")
    ice, sand = title_id(works_db, "Recovering from Falls on Ice"), title_id(works_db, "Walking on Sand")
    assert found[routing][0][0] == routing_later and found[routing_later][0][0] == routing
    assert sand in dict(found[ice]) and ice in dict(found[sand])
    assert all(len(similar) == SIMILAR for similar in found.values())
    rescore(works_db)
    found = lists(works_db)
    assert found[ice][0][0] == sand and found[sand][0][0] == ice


def test_papers_that_go_leave_every_list(works_db, write):
    sand = title_id(works_db, "Walking on Sand")
    ice = title_id(works_db, "Recovering from Falls on Ice")
    assert sand in dict(lists(works_db)[ice])
    records = [r for r in json.loads(works.later()) if r["title"] != "Walking on Sand"]
    summary = load(works_db, [str(write("icml2019.json", json.dumps(records)))])
    assert summary.papers_removed == 1 and not summary.rescored
    kept = {pid for (pid,) in rows(works_db, "SELECT id FROM papers")}
    found = lists(works_db)
    assert sand not in kept and set(found) <= kept
    assert all(other in kept for similar in found.values() for other, _ in similar)
    assert len(found[ice]) == SIMILAR  # (its list found again without the paper that went)


def test_terms_are_numbered_in_one_order_whatever_order_a_paper_gives_them():
    """Which terms the topic space is made of breaks ties by term number: numbered as a paper's
    terms came (a Counter, in an order string hashing sets), two runs of one rescore gave
    different scores (the catalogue: 90,516 of 90,525 lists differed between two processes)."""
    from tests.similar_reference import Corpus, similar_papers

    papers = {f"p{i}": Counter({f"w{(i * 7 + k) % 23}": 1 + k % 3 for k in range(9)}) for i in range(40)}
    forward, backward = Corpus(), Corpus()
    for pid, terms in papers.items():
        forward.add(pid, terms)
        backward.add(pid, Counter(dict(reversed(list(terms.items())))))
    assert list(forward.vocabulary) == list(backward.vocabulary)
    one, other = similar_papers(forward), similar_papers(backward)
    assert list(one.lists()) == list(other.lists()) and one.close == other.close


def test_the_topic_space_is_found_on_one_blas_thread_whatever_loaded_numpy(monkeypatch):
    """numpy's OpenBLAS starts a thread per core when numpy loads, and Datasette (its vendored
    pint) loads numpy before paperdb can say otherwise: the topic space of 500 papers then took
    2.4 s instead of 0.09 s on two busy cores. The computation limits the threads itself."""
    import numpy as np
    from threadpoolctl import threadpool_info, threadpool_limits

    from tests import similar_reference as batch

    blas = [lib for lib in threadpool_info() if lib["user_api"] == "blas"]
    if not blas:
        pytest.skip("numpy reports no BLAS library threadpoolctl can limit")
    seen, qr = [], np.linalg.qr
    monkeypatch.setattr(np.linalg, "qr", lambda a: seen.append(_blas_threads()) or qr(a))
    corpus = batch.Corpus()
    for i in range(40):
        corpus.add(f"p{i}", Counter({f"w{(i * 7 + k) % 23}": 1 + k % 3 for k in range(9)}))
    with threadpool_limits(limits=2, user_api="blas"):  # (what a process with two cores starts with)
        batch.similar_papers(corpus)
        assert _blas_threads() == {2}  # (and the caller's setting is back afterwards)
    assert seen and set().union(*seen) == {1}


def _blas_threads() -> set[int]:
    from threadpoolctl import threadpool_info

    return {lib["num_threads"] for lib in threadpool_info() if lib["user_api"] == "blas"}


@pytest.mark.parametrize(
    ("title", "abstract", "pairs"),
    [
        (  # words next to each other in the title; a function word between breaks a pair
            "Policy Gradient Methods for Reinforcement Learning with Function Approximation",
            "We study policy gradient methods.",
            {"policy gradient", "gradient method", "reinforcement learning", "function approximation"},
        ),
        # a short form stands for its keyword, compared as the keyword, never in a pair
        ("Expressive GNNs via Subgraph Counting", None, {"subgraph counting"}),
        # the abstract's pairs are not terms (as many again, for no better agreement with labels)
        (None, "Policy gradient methods estimate the gradient of the return.", set()),
    ],
)
def test_pairs_of_words_in_a_title_are_terms(title, abstract, pairs):
    counts = WordTerms({"GNN": "graph neural network"}).of(title, abstract, [])
    assert {term for term in counts if is_pair(term)} == pairs
    assert all(counts[pair] == TITLE_WEIGHT for pair in pairs)


def test_a_pair_of_words_one_paper_has_is_left_out():
    """A pair of words is a term when two papers or more have it; a pair of one paper is left out
    of its paper's vector, length included, by the computation over every paper and by the kept
    statistics alike (they give the same vectors, to the last bit)."""
    from tests.similar_reference import Corpus, similar_papers

    titles = ["Policy Gradient Estimation", "Policy Gradient Theorem Revisited", "Natural Gradient Descent"]
    abstract = "Gradient estimates of the return for policy search in robots with many joints."
    terms = WordTerms({})
    counts = [terms.of(title, abstract, []) for title in titles]
    corpus = Corpus()
    for i, paper in enumerate(counts):
        corpus.add(f"p{i}", paper)
    result = similar_papers(corpus)
    df = result.statistics.df
    assert df["policy gradient"] == 2
    assert not {"gradient estimation", "gradient theorem", "natural gradient"} & set(df)
    numbers = {term: number for number, term in enumerate(sorted(df))}
    topics = result.statistics.topics
    dimensions = len(next(iter(topics.values())))
    again = vectors(counts, KeptStatistics(result.statistics.papers, df, numbers, topics, dimensions))
    columns = np.array([numbers[term] for term in result.columns], dtype=np.int32)
    batch = result.vectors.distinctive
    assert (again.distinctive.indptr == batch.indptr).all() and (again.distinctive.data == batch.data).all()
    assert (again.distinctive.indices == columns[batch.indices]).all() and (again.topics == result.vectors.topics).all()
    assert numbers["policy gradient"] in again.distinctive.indices


@pytest.mark.parametrize("sparse_rows", [False, True])  # (a computation over every paper's, an edit's)
def test_ties_at_a_papers_floor_are_cut_by_id(monkeypatch, sparse_rows):
    """More papers than `CANDIDATES` at a paper's floor: the first by id are its candidates, however
    well the others would have scored (papers 4-7 share paper 0's topic; only paper 3 of the tied
    is taken), and the floor is their part."""
    from scipy import sparse

    from etl.extract.similar import select as selecting
    from etl.extract.similar.sparse_rows import SparseRows

    monkeypatch.setattr(selecting, "CANDIDATES", 3)
    # terms A and B: papers 0-2 (0.6, 0.8), papers 3-7 A alone; topics: papers 0 and 4-7 one way, 1-3 the other
    rows = [[0.6, 0.8]] * 3 + [[1.0, 0.0]] * 5
    topics = np.array([[1, 0], [0, 1], [0, 1], [0, 1], [1, 0], [1, 0], [1, 0], [1, 0]], dtype=np.float32)
    matrix = sparse.csr_matrix(np.array(rows, dtype=np.float32))
    if sparse_rows:
        matrix = SparseRows(matrix.data, matrix.indices, matrix.indptr.astype(np.int64), matrix.shape)
    selected = selecting.select(selecting.Vectors(matrix, topics), np.arange(8))
    assert selected.similar[0].tolist()[:4] == [1, 2, 3, -1]
    assert selected.floors[0] == np.float32(0.6)
    assert selected.similar[3].tolist()[:4] == [4, 5, 6, -1]  # (papers 4-7 tied at 1.0, above paper 0's 0.6)
    assert selected.floors[7] == np.float32(1.0) and selected.similar[7].tolist()[:4] == [4, 5, 3, -1]  # (3-5 by score)
