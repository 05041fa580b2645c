"""Search: word forms, the FTS5 queries built from what users type, the ranking of the `search`
query and its pages, in plain SQLite and in Datasette, and the words index kept by every load."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from urllib.parse import quote

import pytest

from etl.extract.aliases import kept_alias
from etl.load import load, rescore
from etl.serve.app import canned_queries, make_datasette, queries_dir
from etl.store.functions import (
    plural,
    register,
    search_any,
    search_most,
    search_phrase,
    search_phrases,
    search_stems,
    search_words,
    word_forms,
)
from etl.store.search import paged
from tests.helpers import listing_text, rows

# Papers modelled on real ones (shortened), as a paperlists export: title, abstract, status and
# the authors' keywords. Each row of the ranking tables below says why it must come out so.
PAPERS = [
    (
        "Long-Range Transformers for Genomic Sequences",
        "Oral",
        "Transformers have become the standard architecture for sequence modelling. We adapt the transformer to"
        " genomic sequences of a million bases with a sparse attention pattern and show gains on variant effect"
        " prediction.",
        "transformers;genomics",
    ),
    (
        "Adaptive Transform Coding with Mixtures of Experts",
        "Poster",
        "Transform coding compresses images by applying a learned linear transform followed by quantization. We"
        " transform each block with one of several experts and obtain better rate-distortion trade-offs than JPEG.",
        "",
    ),
    (
        "Sparse Attention at Scale",
        "Poster",
        "We study efficient attention for vision transformers and language models alike. Our kernel computes sparse"
        " attention in linear time and speeds up training of large models by a factor of three.",
        "",
    ),
    (
        "Stabilising GAN Training with Spectral Penalties",
        "Poster",
        "Generative adversarial networks (GANs) are notoriously hard to train. We add a spectral penalty to the"
        " discriminator of a GAN and obtain stable training on high-resolution images.",
        "",
    ),
    (
        "Mode Coverage of Adversarial Image Generators",
        "Reject",
        "We measure how well generative adversarial networks (GANs) cover the modes of their training distribution and find"
        " that larger discriminators help image generators cover rare modes.",
        "generative adversarial networks;mode coverage",
    ),
    (
        "Faster Sampling for Image GANs",
        "Poster",
        "We speed up sampling of GANs by distilling their generators into a single step network and keep image quality.",
        "",
    ),
    (
        "Graph Neural Networks for Molecular Property Prediction",
        "Oral",
        "We propose a message passing architecture for molecules and show that graph neural networks with positional"
        " encodings predict quantum chemical properties accurately.",
        "",
    ),
    (
        "Scaling Laws for Tabular Models",
        "Poster",
        "We fit scaling laws for neural networks on tabular data. Each table is read as a graph of columns, and larger"
        " neural networks keep improving on it.",
        "",
    ),
    (
        "Reward Models from Human Preferences",
        "Poster",
        "Reinforcement learning from human feedback trains a reward model on human preferences and then optimises a"
        " policy against it. We show that reward models overfit and propose an ensemble.",
        "RLHF;reward models",
    ),
    (
        "Cloth Folding with Deformable Object Models",
        "Poster",
        "Manipulating cloth is hard because cloth is deformable. We learn a deformable object model from videos and"
        " plan folding actions with it on a real robot.",
        "",
    ),
    # (a third paper defining GAN: the meaning is the field's, shown on a paper that only writes GANs)
    (
        "Waveform Synthesis with Multi-Scale Discriminators",
        "Poster",
        "Generative adversarial networks (GANs) synthesise speech waveforms. We train a vocoder against a"
        " multi-scale discriminator and halve its latency.",
        "",
    ),
]
TITLES = [title for title, *_ in PAPERS]


def paperlists(papers) -> str:
    return json.dumps(
        [
            {"id": f"p{i}", "title": t, "status": s, "track": "main", "abstract": a, "keywords": k, "author": "A B;C D"}
            for i, (t, s, a, k) in enumerate(papers)
        ]
    )


def loaded(tmp_path_factory, name: str, papers) -> str:
    """A database of `papers` loaded from a paperlists file `name` of a directory of its own."""
    directory = tmp_path_factory.mktemp(name.split(".")[0])
    export = directory / name
    export.write_text(paperlists(papers), encoding="utf-8")
    db_file = str(directory / "papers.db")
    load(db_file, [str(export)])
    return db_file


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> str:
    return loaded(tmp_path_factory, "neurips2023.json", PAPERS)


def search(db_file: str, q: str, name: str = "search", **params) -> list[sqlite3.Row]:
    """The canned query run as the measuring tool runs it: plain SQLite, the functions registered,
    only its parameters given."""
    con = register(sqlite3.connect(db_file))
    con.row_factory = sqlite3.Row
    try:
        return con.execute(canned_queries()[name]["sql"], {"q": q, **params}).fetchall()
    finally:
        con.close()


def titles(db_file: str, q: str) -> list[str]:
    return [row["title"] for row in search(db_file, q)]


def words_scores(db_file: str, q: str) -> dict[str, float]:
    """Each result's score of the words (bm25, the `ranked` step of the search query), by title:
    what orders a tier before the re-ranking, no longer shown (`rank` is)."""
    sql = canned_queries()["search"]["sql"]
    sql = sql[: sql.index("-- The snippet")] + "SELECT p.title, r.relevance FROM ranked r JOIN papers p ON p.pk = r.pk"
    con = register(sqlite3.connect(db_file))
    try:
        return dict(con.execute(sql, {"q": q}).fetchall())
    finally:
        con.close()


@pytest.mark.parametrize(
    "word, forms",
    [
        ("transformer", ["transformer", "transformers"]),
        ("transformers", ["transformers", "transformer"]),
        ("policy", ["policy", "policies"]),
        ("policies", ["policies", "policy"]),
        ("llms", ["llms", "llm"]),
        ("box", ["box", "boxes"]),
        ("analysis", ["analysis", "analyses"]),
        ("criteria", ["criteria", "criterion"]),
        ("bias", ["bias", "biases"]),
        ("robotics", ["robotics"]),  # a word in -s with no singular of its own
        ("data", ["data"]),
        ("series", ["series"]),
        ("sim2real", ["sim2real"]),
        ("of", ["of"]),  # function words have no plural to look for
    ],
)
def test_a_word_is_searched_in_its_singular_and_plural_forms(word, forms):
    assert word_forms(word) == forms


@pytest.mark.parametrize(
    "word, expected", [("network", "networks"), ("class", "classes"), ("day", "days"), ("3d", None)]
)
def test_plural_of_a_singular_noun(word, expected):
    assert plural(word) == expected


@pytest.mark.parametrize(
    "q, words, phrase",
    [
        ("Transformer", '("transformer" OR "transformers")', '"transformer"'),
        (
            "large language models",
            '("large" OR "larges") AND ("language" OR "languages") AND ("models" OR "model")',
            '"large language models"',
        ),
        # split where the tokenizer splits; function words are not required, but stay in the phrase
        ("in-context learning", '("context" OR "contexts") AND ("learning" OR "learnings")', '"in context learning"'),
        ("quantiz*", '"quantiz"*', '"quantiz"*'),
        # a prefix needs MIN_PREFIX letters (`a*` took 2.8 s of CPU on the catalogue), else it is the word
        ("con*", '"con"*', '"con"*'),
        ("co*", '"co"', '"co"'),
        ("reinforcement a*", '("reinforcement" OR "reinforcements")', '"reinforcement a"'),
        ("a*", '{title}: "a"', '"a"'),
        ('QuIP# "unbalanced', '("quip" OR "quips") AND ("unbalanced" OR "unbalanceds")', '"quip unbalanced"'),
        ("graphs AND OR NEAR", '("graphs" OR "graph") AND ("near" OR "nears")', '"graphs and or near"'),
        ("the of", '{title}: "the of"', '"the of"'),  # nothing but function words: their phrase, in a title
        ("  ", '""', '""'),
        (None, '""', '""'),
    ],
)
def test_what_users_type_becomes_an_fts5_query_that_cannot_fail(q, words, phrase):
    assert (search_words(q), search_phrase(q)) == (words, phrase)


@pytest.mark.parametrize(
    "q, phrases",
    [
        ("mobile manipulation", '"mobile manipulation" OR "mobile manipulations"'),
        ("large language models", '"large language models" OR "large language model"'),
        ("learning from demonstration", '"learning from demonstration" OR "learning from demonstrations"'),
        ("LLMs", '"llms" OR "llm"'),
        ("quantiz*", '"quantiz"*'),
        ("the of", '"the of"'),
        ("", '""'),
    ],
)
def test_a_phrase_among_the_keywords_is_looked_for_with_the_last_word_in_any_form(q, phrases):
    assert search_phrases(q) == phrases


def test_partial_and_stem_queries():
    assert search_most("deformable cloth manipulation") == (
        '(("cloth" OR "cloths") AND ("manipulation" OR "manipulations"))'
        ' OR (("deformable" OR "deformables") AND ("manipulation" OR "manipulations"))'
        ' OR (("deformable" OR "deformables") AND ("cloth" OR "cloths"))'
    )
    assert search_most("machine learning") == '""'  # two words: dropping one is another search
    assert search_stems("task and motion planning") == '"task" AND "motion" AND "planning"'
    assert search_any("graph of neural networks") == (
        '("graph" OR "graphs") OR ("neural" OR "neurals") OR ("networks" OR "network")'
    )


@pytest.mark.parametrize(
    "q, expected",
    [
        # exact forms only: a transform-coding paper is no answer to `transformer` (Porter: transform)
        ("transformer", ["Long-Range Transformers for Genomic Sequences", "Sparse Attention at Scale"]),
        ("transformers", ["Long-Range Transformers for Genomic Sequences", "Sparse Attention at Scale"]),
        # the phrase, in the title, above the words scattered over an abstract
        (
            "graph neural networks",
            ["Graph Neural Networks for Molecular Property Prediction", "Scaling Laws for Tabular Models"],
        ),
        # the acronym finds the long form (the alias of the keyword), below the papers that write it
        (
            "GAN",
            [
                "Stabilising GAN Training with Spectral Penalties",
                "Faster Sampling for Image GANs",
                "Waveform Synthesis with Multi-Scale Discriminators",
                "Mode Coverage of Adversarial Image Generators",
            ],
        ),
        # ... and the long form a paper that writes only the acronym (its keyword label is the long
        # form: three papers define GAN the one way, the field's meaning; issue #36, round 11)
        (
            "generative adversarial networks",
            [
                "Mode Coverage of Adversarial Image Generators",
                "Waveform Synthesis with Multi-Scale Discriminators",
                "Stabilising GAN Training with Spectral Penalties",
                "Faster Sampling for Image GANs",
            ],
        ),
        # the authors' keywords are searched: RLHF is only among them
        ("rlhf", ["Reward Models from Human Preferences"]),
        # ... as phrases: `genomics` only among the keywords and `attention` in the abstract is no match
        ("genomics attention", []),
        ("mode coverages", ["Mode Coverage of Adversarial Image Generators"]),
        ("rewar*", ["Reward Models from Human Preferences"]),
        # no paper has every word: the papers with their stems (transform-ational; the keyword
        # `transformers` first, since the fragment `transform coding compresses` is no keyword)
        (
            "transformational",
            [
                "Long-Range Transformers for Genomic Sequences",
                "Adaptive Transform Coding with Mixtures of Experts",
                "Sparse Attention at Scale",
            ],
        ),
        # no paper has every word in any form or stem: all but one of them
        ("deformable cloth origami", ["Cloth Folding with Deformable Object Models"]),
        ("zyzzyva", []),
    ],
)
def test_search_ranks_as_a_researcher_expects(db, q, expected):
    assert titles(db, q) == expected


def test_an_alias_finds_its_keyword_only_when_it_is_another_name_for_it(db, tmp_path):
    """`GAN` is another name for `generative adversarial networks`; `mobile manipulation` merged into
    a paper's `manipulation` is a narrower phrase, not a name for every paper about manipulation:
    the load does not keep it (`kept_alias`), and search passes over it where a database has it."""
    copy = str(tmp_path / "papers.db")
    con = sqlite3.connect(db)
    con.backup(target := sqlite3.connect(copy))
    con.close()
    with target:
        (keyword,) = target.execute("SELECT id FROM keywords WHERE normalised = 'reward model'").fetchone()
        target.executemany(
            "INSERT INTO keyword_aliases (keyword_id, alias, normalised) VALUES (?, ?, ?)",
            [(keyword, "robust reward models", "robust reward models"), (keyword, "RMs", "rms")],
        )
    target.close()
    assert search(copy, "robust reward models") == search(db, "robust reward models")  # (as if it were not there)
    assert titles(copy, "RMs") == ["Reward Models from Human Preferences"]
    con = register(sqlite3.connect(copy))
    by_keyword = canned_queries()["papers_by_keyword"]["sql"]
    try:
        assert not kept_alias("reward model", "robust reward models") and kept_alias("reward model", "RMs")
        assert len(con.execute(by_keyword, {"keyword": "RMs", "page": ""}).fetchall()) == 1
    finally:
        con.close()


def test_the_query_as_typed_ranks_above_other_forms(db):
    """`transformers` and `transformer` find the same papers; the form typed ranks its papers higher."""
    plural_first = words_scores(db, "transformers")
    singular_first = words_scores(db, "transformer")
    genomic = "Long-Range Transformers for Genomic Sequences"  # writes both forms
    sparse = "Sparse Attention at Scale"  # writes only `transformers`
    assert plural_first[sparse] > singular_first[sparse]
    assert singular_first[genomic] - singular_first[sparse] > plural_first[genomic] - plural_first[sparse]


# `images` finds four papers; pairs of them (by their places in the order their words give) put
# among each other's similar papers, and the order that follows: a result that resembles the
# other results moves up (here a place), a faint resemblance moves nothing. `rank` says the place
# shown (1, 2, ...: the reader saw a relevance column out of order). (tests/test_postgres.py runs
# the same cases.)
IMAGES = [TITLES[5], TITLES[4], TITLES[3], TITLES[1]]
RESEMBLING = [
    ([], [0, 1, 2, 3]),
    ([(3, 0, 0.9), (3, 1, 0.9), (2, 3, 0.9)], [0, 1, 3, 2]),
    ([(1, 3, 0.2)], [0, 1, 2, 3]),
]


def similar_rows(ids: list[str], pairs: list[tuple[int, int, float]]) -> list[dict]:
    """similar_papers rows for `pairs` of places in `ids`."""
    return [
        {"paper_id": ids[a], "rank": rank, "similar_id": ids[b], "score": score}
        for rank, (a, b, score) in enumerate(pairs, 1)
    ]


@pytest.mark.parametrize("pairs, expected", RESEMBLING)
def test_a_result_that_resembles_the_other_results_ranks_higher(db, tmp_path, pairs, expected):
    """Pseudo-relevance feedback: the papers a search is about resemble one another (either way
    round in similar_papers), one that merely mentions its words does not."""
    copy = str(tmp_path / "papers.db")
    con = sqlite3.connect(db)
    con.backup(target := sqlite3.connect(copy))
    con.close()
    with target:
        ids = [target.execute("SELECT id FROM papers WHERE title = ?", (t,)).fetchone()[0] for t in IMAGES]
        target.execute("DELETE FROM similar_papers")
        target.executemany(
            "INSERT INTO similar_papers (paper_id, rank, similar_id, score)"
            " VALUES (:paper_id, :rank, :similar_id, :score)",
            similar_rows(ids, pairs),
        )
    target.close()
    assert titles(copy, "images") == [IMAGES[i] for i in expected]
    relevance = words_scores(copy, "images")
    assert [relevance[title] for title in IMAGES] == sorted(relevance.values(), reverse=True)
    assert [row["rank"] for row in search(copy, "images")] == [1, 2, 3, 4]


def test_results_say_where_a_paper_is_from_with_a_highlighted_snippet(db):
    (row,) = search(db, "rate-distortion")
    assert (row["title"], row["venue"], row["year"], row["decision"]) == (
        "Adaptive Transform Coding with Mixtures of Experts",
        "NeurIPS",
        2023,
        "accepted",
    )
    assert "\x02rate\x03-\x02distortion\x03" in row["snippet"]
    assert set(row.keys()) >= {"id", "title", "venue", "year", "decision", "snippet", "topics", "rank"}


def test_search_pages_go_on_where_the_first_page_ends(tmp_path):
    """Pages of 100: page 2 holds results 101 to 200, none twice, in the ranking of page 1."""
    many = [
        (f"Attention Variant {i}", "Poster", f"We study attention variant {i} for sequence models.", "")
        for i in range(230)
    ]
    export = tmp_path / "iclr2024.json"
    export.write_text(paperlists(many), encoding="utf-8")
    db_file = str(tmp_path / "papers.db")
    load(db_file, [str(export)])
    first = [row["id"] for row in search(db_file, "attention")]
    pages = [[row["id"] for row in search(db_file, "attention", "search_pages", page=p)] for p in ("", "2", "3", "4")]
    assert first == pages[0] and len(first) == 100
    assert [len(page) for page in pages] == [100, 100, 30, 0]
    assert len({pid for page in pages for pid in page}) == 230
    assert [row["id"] for row in search(db_file, "attention", "search_pages", page="abc")] == first


def test_search_pages_is_search_with_a_page():
    """queries/search_pages.sql is made from search.sql (`python -m etl.store.search`): they rank alike."""
    queries = canned_queries()
    assert (queries_dir() / "search_pages.sql").read_text(encoding="utf-8") == paged(
        (queries_dir() / "search.sql").read_text(encoding="utf-8")
    )
    assert ":page" in queries["search_pages"]["sql"] and ":page" not in queries["search"]["sql"]


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.mark.parametrize(
    "path",
    [
        "/papers/search.json?q=transformer&_shape=array",
        "/papers/search_pages.json?q=transformer&page=&_shape=array",
        "/papers/search_pages.json?q=transformer&page=2&_shape=array",
        "/papers/search.json?q=%22unbalanced&_shape=array",
        "/papers/search.json?q=a+AND+OR+NEAR&_shape=array",
        "/papers/search.json?q=%2A&_shape=array",
        "/papers/search.json?q=&_shape=array",
    ],
)
def test_datasette_answers_any_search(db, path):
    response = get(make_datasette(db), path)
    assert response.status_code == 200 and isinstance(response.json(), list)


def test_datasette_search_page_shows_venue_year_and_marks(db):
    ds = make_datasette(db)
    rows_ = get(ds, "/papers/search.json?q=transformer&_shape=array").json()
    assert [(r["venue"], r["year"], r["decision"]) for r in rows_] == [("NeurIPS", 2023, "accepted")] * 2
    assert "<mark>" in get(ds, f"/papers/search?q={quote('sparse attention')}").text


@pytest.mark.parametrize(
    "query, best",
    [
        ("_search=transformer", ["Long-Range Transformers for Genomic Sequences", "Sparse Attention at Scale"]),
        (
            "_search=GAN&_sort=title",
            [TITLES[3], TITLES[5], TITLES[10], TITLES[4]],
        ),  # a sort orders the list, not the best
        ("_search=transformer&decision=accepted", []),  # a facet narrows the list: no best matches above it
        ("_search=zyzzyva", []),
        ("", []),
    ],
)
def test_the_papers_search_box_opens_with_the_best_matches_ranked(db, query, best):
    ds = make_datasette(db)
    html = get(ds, f"/papers/papers?{query}").text
    listed = {row["title"] for row in get(ds, f"/papers/papers.json?{query}&_shape=array").json()} if query else set()
    assert set(best) <= listed
    block = html.split('<section class="best-matches">')[1].split("</section>")[0] if best else ""
    assert ('<section class="best-matches">' in html) == bool(best)
    assert [title for title in TITLES if f">{title}</a>" in block] == sorted(best, key=TITLES.index)
    assert [block.index(f">{title}</a>") for title in best] == sorted(block.index(f">{title}</a>") for title in best)


def test_every_write_keeps_the_words_index_in_step(db_file, write):
    """A large load rebuilds papers_fts_words once, a small one follows row by row, a rescore
    (new keyword labels) and a file's removal too: the index always agrees with papers."""

    def check() -> None:
        con = sqlite3.connect(db_file)
        try:
            for index in ("papers_fts", "papers_fts_words"):
                con.execute(f"INSERT INTO {index} ({index}, rank) VALUES ('integrity-check', 1)")
        finally:
            con.close()

    load(db_file)
    check()
    small = write("new.txt", listing_text("We prune transformers with lattice codebooks for edge devices."))
    load(db_file, [str(small)])
    check()
    assert titles(db_file, "prune transformers") == [None]  # (a listing paper has no title)
    rescore(db_file)
    check()
    small.write_text(listing_text("We prune convolutional networks for edge devices."), encoding="utf-8")
    load(db_file, [str(small)])
    check()
    assert titles(db_file, "prune transformers") == [] and titles(db_file, "prune convolutional") == [None]
    assert rows(db_file, "SELECT count(*) FROM etl_flags") == [(0,)]


# Modelled on the catalogue: `contrastive learning` listed 7 title-only papers first (FTS5's bm25
# divides by the whole row's length, so a bare title outscores the same words with an abstract),
# and `Attention is All you Need` came second behind a longer title holding the same words.
RANKED = [
    ("Contrastive Learning for Graphs", "accept", "", ""),
    ("Contrastive Learning of Sentence Embeddings", "accept", "", ""),
    (
        "Supervised Contrastive Learning for Image Classification",
        "accept",
        "We extend contrastive learning to the supervised setting: contrastive learning with labels pulls"
        " together embeddings of one class and pushes apart those of others, on image classification benchmarks.",
        "",
    ),
    (
        "A Little Attention Is All You Need for Person Re-Identification",
        "accept",
        "Attention is all you need, we show, for person re-identification: a little attention, all of it"
        " where you need it, attention over attention, is all the re-identification model needs.",
        "",
    ),
    (
        "Attention Is All You Need",
        "accept",
        "The dominant sequence transduction models are based on recurrent networks. We propose the"
        " Transformer, based solely on attention mechanisms.",
        "",
    ),
    (  # (the words but `is`, `all` and `you`, which the search does not require and the list does)
        "Adaptive Axis Attentions in Fine-tuning",
        "accept",
        "Models need attention over fewer axes: adaptive axis attentions cut the cost of fine-tuning.",
        "",
    ),
]


@pytest.fixture(scope="module")
def ranked_db(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("ranked")
    export = directory / "neurips2017.json"
    export.write_text(paperlists(RANKED), encoding="utf-8")
    db_file = str(directory / "papers.db")
    load(db_file, [str(export)])
    return db_file


@pytest.mark.parametrize(
    "q, first",
    [
        ("contrastive learning", "Supervised Contrastive Learning for Image Classification"),
        ("attention is all you need", "Attention Is All You Need"),  # (the title typed, first)
        ("Attention is All you Need!", "Attention Is All You Need"),  # (as titles are compared: papers.title_key)
    ],
)
def test_a_title_typed_comes_first_and_a_bare_title_after_those_with_an_abstract(ranked_db, q, first):
    rows = search(ranked_db, q)
    assert rows[0]["title"] == first
    assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
    if q == "contrastive learning":
        assert {row["title"] for row in rows[1:]} == {TITLE for TITLE, *_ in RANKED[:2]}
        assert words_scores(ranked_db, q)[RANKED[0][0]] > words_scores(ranked_db, q)[first]  # (why: bm25)


def test_a_later_pages_rank_goes_on_from_the_page_before(ranked_db):
    rows = search(ranked_db, "contrastive learning", name="search_pages", page="1")
    assert [row["rank"] for row in rows] == [1, 2, 3]
    assert search(ranked_db, "contrastive learning", name="search_pages", page="2") == []


def test_the_best_matches_are_among_the_papers_listed(ranked_db):
    """/papers/papers?_search=attention+is+all+you+need listed 9 papers (the box's index needs every
    word) and its best matches one more, which the search finds without `is`, `all` and `you`."""
    ds = make_datasette(ranked_db)
    search_ = "attention is all you need"
    assert "Adaptive Axis Attentions in Fine-tuning" in titles(ranked_db, search_)
    listed = get(ds, f"/papers/papers.json?_search={quote(search_)}&_shape=array").json()
    assert sorted(row["title"] for row in listed) == sorted(t for t, *_ in RANKED[3:5])
    html = get(ds, f"/papers/papers?_search={quote(search_)}").text
    block = html.split('<section class="best-matches">')[1].split("</section>")[0]
    assert [t for t, *_ in RANKED if f">{t}</a>" in block] == [t for t, *_ in RANKED[3:5]]


@pytest.fixture(scope="module")
def many_results(tmp_path_factory, serve_db) -> str:
    """The serve tests' database with 2,050 more papers that all have the words `attention variant`:
    more than search_pages' 20 pages of 100."""
    from tests.conftest import copy_database

    db_file = copy_database(serve_db, tmp_path_factory.mktemp("many") / "papers.db")
    con = sqlite3.connect(db_file)
    with con:
        con.executemany(
            "INSERT INTO papers (id, venue, year, title, abstract, added_at, updated_at)"
            " VALUES (?, 'ICLR', 2024, ?, ?, '2026-01-01', '2026-01-01')",
            [
                (f"{i:016x}", f"Attention Variant {i}", f"We study attention variant {i} for sequence models.")
                for i in range(2050)
            ],
        )
    con.close()
    return db_file


def test_search_pages_stop_at_their_last_page_and_say_so(many_results):
    """Page 21 gave page 20's rows again (reader2): past the last page there are no rows, and the
    page, its JSON and its reading list say where the results stop and where the rest are."""
    pages = {
        p: [row["id"] for row in search(many_results, "attention variant", "search_pages", page=p)]
        for p in ("20", "21")
    }
    assert len(pages["20"]) == 100 and pages["21"] == []
    ds = make_datasette(many_results)
    for path in (
        "/papers/search_pages?q=attention+variant&page=21",
        "/papers/search_pages.json?q=attention+variant&page=21",
    ):
        response = get(ds, path)
        assert response.status_code == 400 and "past the results of search_pages" in response.text, path
        assert "/papers/papers?_search=attention+variant" in response.text
    assert get(ds, "/papers/search_pages.json?q=attention+variant&page=20&_shape=array").json()[0]["rank"] == 1901
    listed = get(ds, "/papers/search.bib?q=attention+variant")  # (the best 2,000, then the table's search)
    entries = [line for line in listed.text.splitlines() if line.startswith("@")]
    assert len(entries) == 2001 and entries[0].startswith("@comment{paperdb: the first 2,000 papers")
    assert listed.headers["link"] == '</papers/papers.bib?_search=attention+variant>; rel="next"'
