"""Keyword aliases are other forms of the keyword's own concept (reader3's report, items 1 and 8):
what `etl.extract.aliases` keeps, what the load and revision 0044 store, and what `?_keyword=`,
`papers_by_keyword` and `/-/keyword/<text>` make of them. The pairs are the catalogue's
(`keyword_aliases` of a load by main at 2bb36ea) and the serve fixture's."""

from __future__ import annotations

import asyncio
import sqlite3
from urllib.parse import quote

import pytest

from etl.extract.aliases import alias_kind, kept_alias
from etl.extract.keywords import Keyword, normalise_keyword
from etl.extract.similar.words import read_as_short_form
from etl.load.rows import paper_rows
from etl.serve.app import canned_queries, make_datasette
from etl.serve.filters import address_of
from tests.helpers import rows, run


@pytest.mark.parametrize(
    "keyword, alias, kind",
    [
        # the same merge key: case, plural, hyphenation
        ("graph neural networks", "Graph-Neural Networks", "form"),
        ("PCM", "PCMs", "form"),
        # a short form: its letters spell the words from their initials
        ("graph neural networks", "GNN", "short form"),
        ("post-training quantization", "PTQ", "short form"),
        ("stochastic block model", "SBM", "short form"),
        ("multi-objective reinforcement learning", "MORL", "short form"),
        ("neural-symbolic", "NeSy", "short form"),
        ("bidirectional encoder representations from transformers", "BERT", "short form"),
        ("inertial measurement unit", "IMU", "short form"),
        # the words with a short form for some of them
        ("multi-agent reinforcement learning", "multi-agent RL", "written form"),
        ("reinforcement learning", "R-L", "written form"),
        ("efficient large language models inference", "efficient LLM inference", "written form"),
        ("ultra high frequency Radio-Frequency identification", "UHF RFID", "written form"),
        # the words a name abbreviates
        ("DoRA", "Weight-Decomposed Low-Rank Adaptation", "long form"),
        ("FedGF", "Federated Learning for Global Flatness", "long form"),
        ("IGSG", "Integrated Gradient-Smoothed Gradient", "long form"),
        ("DenseNet", "Dense Convolutional Network", "long form"),
        # a phrase nested in the keyword or around it on one paper: no other name of it
        ("deep learning", "deep reinforcement learning", None),
        ("self-supervised learning", "supervised learning", None),
        ("autonomous underwater vehicles", "autonomous vehicle", None),
        ("reinforcement learning", "closed-loop reinforcement learning", None),
        ("machine learning libraries", "machine learning", None),
        ("post-training quantization", "PTQ scaling", None),
        ("post-training quantization", "quantization", None),
        ("stochastic block model", "contextual stochastic block model", None),
        ("stochastic block model", "CSBM", None),  # (the contextual one's)
        ("IGSG", "IGSG-based regularization", None),
        ("SLAM", "planar SLAM", None),
        ("personalization", "Text-to-Image personalization", None),
        # short forms of another concept
        ("reinforcement learning", "RLHF", None),
        ("reinforcement learning", "MORL", None),
        ("large language models", "LVLM", None),
        ("graph neural networks", "BGNN", None),
        ("federated learning", "VFL", None),
        ("fact-based visual question answering", "VQA", None),
    ],
)
def test_an_alias_is_another_form_of_the_keywords_own_concept(keyword, alias, kind):
    assert alias_kind(normalise_keyword(keyword), alias) == kind


@pytest.mark.parametrize(
    "keyword, alias, kept",
    [
        ("graph neural networks", "GNN", True),
        ("deep learning", "deep reinforcement learning", False),
        ("jacobi decoding", "decoding", False),  # (one lower-case word: no short form)
        # (reader4's bug 3) a one-word short form of another concept is no name of the keyword,
        # though the similarity reads such words: `DKL` is deep kernel learning, `PBR`
        # physically based rendering, `IHM` in-hand manipulation
        ("reinforcement learning", "RLHF", False),
        ("large language models", "LVLM", False),
        ("deep learning", "DKL", False),
        ("deep learning", "AutoDL", False),
        ("rendering", "PBR", False),
        ("manipulation", "IHM", False),
        ("representation learning", "iCaRL", False),
        ("model predictive control", "NMPC", False),  # (nonlinear MPC: a kind of it, its letters not the keyword's)
        ("GAN architecture", "GAN", False),
        ("wasserstein GANs with gradient penalty", "GANs", False),
        ("deep learning", "DL", True),
        ("model predictive control", "MPC", True),
    ],
)
def test_the_corpus_keeps_the_forms_of_the_keywords_own_concept(keyword, alias, kept):
    assert kept_alias(normalise_keyword(keyword), alias) is kept


def test_revision_0044_s_frozen_rule_is_the_rule_as_branch_kwalias_wrote_it():
    """Revision 0044 drops aliases with its frozen copy of the rule, which kept every one-word short
    form with a capital (`RLHF` of `reinforcement learning`); the live rule keeps only forms of the
    keyword's concept (`alias_kind` the same in both). A database upgraded through 0044 loses the
    rest at its next load: `aliases.py` is in the rules' fingerprint, so that load rescores."""
    from etl.migrations.rules_0044 import aliases as frozen

    pairs = [("reinforcement learning", "RLHF"), ("graph neural networks", "GNN"), ("deep learning", "DKL")]
    for keyword, alias in pairs:
        key = normalise_keyword(keyword)
        assert frozen.alias_kind(key, alias) == alias_kind(key, alias)
    assert frozen.kept_alias("reinforcement learning", "RLHF") and not kept_alias("reinforcement learning", "RLHF")


def test_a_papers_staged_aliases_are_the_kept_ones():
    """The variant merge names `deep reinforcement learning` and `DKL` (deep kernel learning)
    aliases of this paper's `deep learning`; the corpus keeps `DL` and `deep-learning` only as its
    names, and the similarity reads both one-word short forms, `DKL` too, as it (branch kwalias2:
    its rows as before)."""
    merged = Keyword(
        "deep learning", "deep learning", "phrase", 2.0, ("DL", "DKL", "deep-learning", "deep reinforcement learning")
    )
    _, aliases, short_forms, _ = paper_rows("p1", [merged])
    assert aliases == [("deep learning", "DL", "dl"), ("deep learning", "deep-learning", "deep-learning")]
    assert short_forms == [("deep learning", "DL"), ("deep learning", "DKL")]


@pytest.mark.parametrize(
    "named, text, opens",
    [
        ([{"normalised": "graph neural network", "papers": 921}], "GNN", "graph neural network"),
        # its own keyword, the largest: its page (though `GNN` names the 13-paper `GNN` too)
        (
            [{"normalised": "graph neural network", "papers": 921}, {"normalised": "gnn", "papers": 13}],
            "graph neural networks",
            "graph neural network",
        ),
        # its own keyword is not the largest: the reader chooses
        ([{"normalised": "reinforcement learning", "papers": 4405}, {"normalised": "rl", "papers": 9}], "RL", None),
        # another form of several, no keyword of its own: the reader chooses
        (
            [{"normalised": "automatic speech recognition", "papers": 300}, {"normalised": "asr system", "papers": 20}],
            "ASR",
            None,
        ),
        ([], "no such keyword", None),
    ],
)
def test_an_address_opens_one_keyword_or_offers_a_choice(named, text, opens):
    found = address_of(named, text)
    assert (found and found["normalised"]) == opens


def get(ds, path: str):
    return asyncio.run(ds.client.get(path))


def keyword_id(db: str, key: str) -> int:
    return rows(db, f"SELECT id FROM keywords WHERE normalised = '{key}'")[0][0]


@pytest.fixture
def short_form_db(serve_copy: str) -> str:
    """The serve fixture with a `GNN` keyword of its own on one paper (as 13 papers have it in the
    catalogue, beside `graph neural networks`'s 921) and `TV` a short form of a second keyword."""
    with sqlite3.connect(serve_copy) as con:
        (paper,) = con.execute(
            "SELECT paper_id FROM paper_keywords WHERE keyword_id = (SELECT id FROM keywords WHERE normalised = 'total variation')"
        ).fetchone()
        con.execute("INSERT INTO keywords (normalised, label, kind, papers) VALUES ('gnn', 'GNN', 'method', 1)")
        con.execute(
            "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
            " SELECT ?, id, 'GNN', 'method', 1.0, 20 FROM keywords WHERE normalised = 'gnn'",
            (paper,),
        )
        con.execute(
            "INSERT INTO keyword_aliases (keyword_id, alias, normalised)"
            " SELECT id, 'TV', 'tv' FROM keywords WHERE normalised = 'distance estimation'"
        )
    return serve_copy


def listed(ds, parameter: str, text: str) -> set[str]:
    found = get(ds, f"/papers/papers.json?{parameter}={quote(text)}&_shape=array&_size=max").json()
    return {r["id"] for r in found}


def test_every_keywords_list_is_as_long_as_its_page_says(short_form_db):
    """`?_keyword=<label>` (a chip's link) and `papers_by_keyword` list a keyword's papers as its
    page counts them, for every keyword: `GNN` the one paper with `GNN`, not graph neural
    networks' six too; `approximation` not the papers of the phrases merged into it on one paper."""
    ds = make_datasette(short_form_db)
    by_keyword = canned_queries()["papers_by_keyword"]["sql"]
    from etl.store.functions import register

    con = register(sqlite3.connect(short_form_db))
    try:
        for label, papers in con.execute("SELECT label, papers FROM keywords").fetchall():
            assert len(listed(ds, "_keyword", label)) == papers, label
            assert len(con.execute(by_keyword, {"keyword": label, "page": ""}).fetchall()) == papers, label
    finally:
        con.close()


def test_a_text_that_names_several_keywords_offers_the_choice(short_form_db):
    ds = make_datasette(short_form_db)
    page = get(ds, "/-/keyword/GNN")
    assert page.status_code == 200 and "GNN: which keyword?" in page.text
    graphs, gnn = keyword_id(short_form_db, "graph neural network"), keyword_id(short_form_db, "gnn")
    assert page.text.index(f"/papers/keywords/{graphs}") < page.text.index(
        f"/papers/keywords/{gnn}"
    )  # (most papers first)
    assert "Papers with any of them" not in page.text  # (`_keyword=GNN` is the keyword GNN's list)
    # its own text's largest keyword: its page
    response = get(ds, "/-/keyword/graph%20neural%20networks")
    assert response.status_code == 302 and response.headers["location"].endswith(f"/papers/keywords/{graphs}")
    # no keyword's own text, another form of two: the choice, and the list of both
    page = get(ds, "/-/keyword/TV")
    assert page.status_code == 200 and "Papers with any of them" in page.text
    both = listed(ds, "_keyword", "total variation") | listed(ds, "_keyword", "distance estimation")
    assert listed(ds, "_keyword", "TV") == both and len(both) == 1


def written_by_earlier_rules(db_file: str) -> None:
    """The aliases a load under the rules before revisions 0044 and 0051 wrote for the serve
    fixture's keywords (the fixture itself is written by today's rules): a long form's piece
    (`approximation scheme` of `approximation`) and another concept's short form (`CSBM`, contextual
    SBM, and `CSBM node` of `stochastic block model`)."""
    con = sqlite3.connect(db_file)
    with con:
        for key, alias in [
            ("approximation", "approximation scheme"),
            ("stochastic block model", "CSBM"),
            ("stochastic block model", "CSBM node"),
        ]:
            con.execute(
                "INSERT INTO keyword_aliases (keyword_id, alias, normalised)"
                " SELECT id, ?, lower(?) FROM keywords WHERE normalised = ?",
                (alias, alias, key),
            )
    con.close()


def test_a_label_two_keywords_share_lists_the_papers_of_both(serve_copy):
    """`DBSCAN` is the label of the method `dbscan` (2 papers in the catalogue) and of the acronym
    `density based spatial clustering of applications with noise` (7): the label facet counts 9,
    and `?_keyword=DBSCAN` lists those 9 (reader6 item 7); `/-/keyword/DBSCAN` offers both."""
    with sqlite3.connect(serve_copy) as con:
        first, second = (row[0] for row in con.execute("SELECT id FROM papers ORDER BY id LIMIT 2"))
        for key, kind, paper in (
            ("dbscan", "method", first),
            ("density based spatial clustering of applications with noise", "acronym", second),
        ):
            con.execute(
                "INSERT INTO keywords (normalised, label, kind, papers) VALUES (?, 'DBSCAN', ?, 1)", (key, kind)
            )
            con.execute(
                "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
                " SELECT ?, id, 'DBSCAN', ?, 1.0, 20 FROM keywords WHERE normalised = ?",
                (paper, kind, key),
            )
    ds = make_datasette(serve_copy)
    assert listed(ds, "_keyword", "DBSCAN") == {first, second}
    assert listed(ds, "_keyword", "dbscan") == {first}  # (the method's own key: its label not written so)
    page = get(ds, "/-/keyword/DBSCAN")
    assert page.status_code == 200 and "DBSCAN: which keyword?" in page.text


# Keywords written alike in another case, as the catalogue has them since short forms in capitals
# are keywords of their own: (normalised, label, kind, papers, aliases).
ALIKE = [
    ("GRASP", "GRASP", "method", 4, []),
    ("GRaSP", "GRaSP", "method", 1, []),
    (
        "greedy randomized adaptive search procedure",
        "greedy randomized adaptive search procedure",
        "acronym",
        1,
        ["GRASP"],
    ),
]
GRASPS = ["GRASP", "GRaSP", "greedy randomized adaptive search procedure"]  # (the last by its alias)


@pytest.mark.parametrize(
    "written, status, offered, said",
    [
        ("grasp", 200, GRASPS, "No keyword is written grasp; these are written so in another case"),
        ("Grasp", 200, GRASPS, "No keyword is written Grasp"),
        ("gRaSp", 200, GRASPS, "No keyword is written gRaSp"),
        ("Grasp ", 200, GRASPS, "No keyword is written Grasp;"),
        ("no such keyword at all", 404, [], "No keyword 'no such keyword at all'"),  # (the search still linked)
    ],
)
def test_a_keyword_written_in_another_case_is_offered_with_a_search(serve_copy, written, status, offered, said):
    """reader6: `/-/keyword/grasp` was a bare 404 since `GRASP` became a keyword of its own."""
    with sqlite3.connect(serve_copy) as con:
        for key, label, kind, papers, aliases in ALIKE:
            con.execute(
                "INSERT INTO keywords (normalised, label, kind, papers) VALUES (?, ?, ?, ?)", (key, label, kind, papers)
            )
            for alias in aliases:
                con.execute(
                    "INSERT INTO keyword_aliases (keyword_id, alias, normalised) SELECT id, ?, ? FROM keywords"
                    " WHERE normalised = ?",
                    (alias, alias, key),  # (as the catalogue's: `GRASP` normalised as written)
                )
    page = get(make_datasette(serve_copy), f"/-/keyword/{quote(written)}")
    assert page.status_code == status and said in page.text
    for key, *_ in ALIKE:
        assert (f'/papers/keywords/{keyword_id(serve_copy, key)}"' in page.text) == (key in offered)
    assert f'href="/papers/search?q={quote(written.strip())}"' in page.text  # (a search for the word)


def test_revision_0044_drops_the_aliases_that_name_other_concepts(serve_copy):
    """A database whose aliases an earlier load wrote (`written_by_earlier_rules`: `approximation scheme`
    of `approximation`, `CSBM node` of `stochastic block model`) keeps, after the upgrade, the
    aliases the rules keep."""
    from alembic import command

    from etl.migrations.rules_0044.aliases import kept_alias as frozen_kept_alias
    from etl.store.engine import alembic_config

    query = "SELECT k.normalised, a.alias FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id ORDER BY 1, 2"
    written_by_earlier_rules(serve_copy)
    before = rows(serve_copy, query)
    assert ("approximation", "approximation scheme") in before and ("stochastic block model", "CSBM node") in before
    run(serve_copy, lambda conn: command.downgrade(alembic_config(conn), "0043"))
    run(serve_copy, lambda conn: command.upgrade(alembic_config(conn), "0044"))  # (0051 drops the rest)
    after = rows(serve_copy, query)
    assert after == [(key, alias) for key, alias in before if frozen_kept_alias(key, alias)]
    assert ("graph neural network", "GNN") in after and ("stochastic block model", "SBM") in after
    assert ("approximation", "approximation scheme") not in after


def test_revision_0051_gives_the_similarity_the_short_forms_it_read(serve_copy):
    """Revision 0051 moves the one-word aliases the similarity read from `keyword_aliases` (the serve
    fixture's and `written_by_earlier_rules`') to `keyword_short_forms` (`GNN` of graph neural
    networks, `CSBM` of stochastic block model); `keyword_aliases` keeps those that are names (`GNN`,
    not `CSBM`), as a load now writes it."""
    from alembic import command

    from etl.store.engine import alembic_config, migrate

    query = "SELECT k.normalised, a.alias FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id ORDER BY 1, 2"
    run(serve_copy, lambda conn: command.downgrade(alembic_config(conn), "0050"))
    written_by_earlier_rules(serve_copy)
    before = rows(serve_copy, query)
    run(serve_copy, migrate)
    read = rows(
        serve_copy, "SELECT k.normalised, s.alias FROM keyword_short_forms s JOIN keywords k ON k.id = s.keyword_id"
    )
    assert sorted(read) == [(key, alias) for key, alias in before if read_as_short_form(alias)]
    assert ("graph neural network", "GNN") in read and ("stochastic block model", "CSBM") in read
    one_word = [(key, alias) for key, alias in before if " " not in alias and "-" not in alias]
    assert rows(serve_copy, query) == [pair for pair in before if pair not in one_word or kept_alias(*pair)]
    assert ("graph neural network", "GNN") in rows(serve_copy, query)


def test_revision_0051_down_and_up_gives_back_what_a_load_gave(seeded):
    """Down, the short forms go back among the aliases (as the rules before kept them); up again,
    both tables are what the load wrote (so the similarity reads the same words)."""
    from alembic import command

    from etl.store.engine import alembic_config, migrate

    tables = [f"SELECT * FROM {table} ORDER BY 1, 2" for table in ("keyword_aliases", "keyword_short_forms")]
    loaded = [rows(seeded, query) for query in tables]
    run(seeded, lambda conn: command.downgrade(alembic_config(conn), "0050"))
    assert len(rows(seeded, tables[0])) > len(loaded[0])  # (the short forms back among the aliases)
    run(seeded, migrate)
    assert [rows(seeded, query) for query in tables] == loaded


def test_a_load_keeps_the_short_forms_the_similarity_reads_apart_from_the_names(seeded):
    """The similarity reads every one-word short form with a capital a paper wrote for a keyword
    (`keyword_short_forms`), the keyword's names among them; `keyword_aliases` has only the names:
    not `CSBM` (contextual SBM) of `stochastic block model`, `FPRAS` of `approximation`."""
    names = rows(seeded, "SELECT k.normalised, a.alias FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id")
    read = rows(
        seeded, "SELECT k.normalised, s.alias FROM keyword_short_forms s JOIN keywords k ON k.id = s.keyword_id"
    )
    assert {(key, alias) for key, alias in names if read_as_short_form(alias)} <= set(read)
    assert all(read_as_short_form(alias) for _, alias in read)
    others = {(key, alias) for key, alias in read if not kept_alias(key, alias)}
    assert others == set(read) - set(names)
    assert {("stochastic block model", "CSBM"), ("approximation", "FPRAS")} <= others


def test_a_name_in_capitals_and_the_word_have_addresses_of_their_own(write, db_file):
    """reader5 item 11: `/-/keyword/robot` opened the AISTATS optimiser ROBOT, which CoRL's
    authors' `Robots` had merged into, and `/-/keyword/grasp` the NLP method GRASP."""
    import json

    from etl.load import load

    def record(n: int, abstract: str, keywords: str = "") -> dict:
        site = f"https://openreview.net/forum?id=Nm{n}"
        fields = {"title": f"Paper {n}", "author": "Ada Lovelace", "status": "Poster", "track": "main"}
        return fields | {"site": site, "id": f"Nm{n}", "abstract": abstract, "keywords": keywords}

    papers = [
        record(1, "We introduce ROBOT, a rank-ordered Bayesian optimization method. ROBOT finds diverse optima."),
        record(2, "We propose GRASP, a prompt built from relational semantics. GRASP guides dialogue models."),
        record(3, "A legged platform learns to walk on ice from few trials.", "Robots; locomotion"),
        record(4, "Detectors are compared by mean average precision (mAP) on aerial images; mAP rises by 3 points."),
    ]
    load(db_file, [str(write("corl2024.json", json.dumps(papers)))])
    ds = make_datasette(db_file)
    for text, key in (("ROBOT", "ROBOT"), ("robot", "robot"), ("Robots", "robot"), ("GRASP", "GRASP")):
        response = get(ds, f"/-/keyword/{text}")
        assert response.status_code == 302, text
        assert response.headers["location"].endswith(f"/papers/keywords/{keyword_id(db_file, key)}"), text
    # no keyword is the word `grasp` here: not GRASP's page, but a page that offers it (reader6)
    page = get(ds, "/-/keyword/grasp")
    assert page.status_code == 200 and "No keyword is written grasp" in page.text
    # a short form in capitals is a name of its keyword as written, not as the word
    response = get(ds, "/-/keyword/mAP")
    assert response.headers["location"].endswith(f"/papers/keywords/{keyword_id(db_file, 'mean average precision')}")
    page = get(ds, "/-/keyword/map")  # (not its address: a page that offers it, written so in another case)
    assert page.status_code == 200 and "No keyword is written map; this one is written so" in page.text


class _Reader:
    """An MCP tool's reader over a plain connection (`Reader.rows`)."""

    def __init__(self, con):
        self.con = con

    async def rows(self, sql, params=None):
        self.con.row_factory = sqlite3.Row
        return [dict(row) for row in self.con.execute(sql, params or {})]


@pytest.mark.parametrize(
    ("asked", "found"),
    [
        ("RecSys", "recommender system"),  # (the keyword `recsy` of one paper is the singular, not the name)
        ("recommender systems", "recommender system"),
        ("RL", "rl"),  # (a keyword whose key is the text: itself, as `_keyword=RL` lists it)
        ("reinforcement learning", "reinforcement learning"),
        ("ROBOT", "ROBOT"),
        ("robots", "robot"),
    ],
)
def test_the_mcp_tools_read_a_coined_name_as_the_keyword_it_is_written_for(tmp_path, asked, found):
    """Catalogue rows of reader6 item 9 with the alias `RecSys` (the catalogue's is `RecSy` until a
    short form keeps a coined name's `s`: docs/keywords.md), and one paper that writes `RecSys` as its
    own acronym keyword (key `recsy`)."""
    from etl.serve.mcp.papers import keyword_id
    from etl.store.functions import register

    con = register(sqlite3.connect(str(tmp_path / "k.db")))
    con.executescript(
        "CREATE TABLE keywords (id INTEGER PRIMARY KEY, normalised TEXT, label TEXT, kind TEXT, papers INTEGER);"
        "CREATE TABLE keyword_aliases (keyword_id INTEGER, alias TEXT, normalised TEXT);"
        "INSERT INTO keywords VALUES (1, 'recommender system', 'recommender systems', 'topic', 188),"
        " (2, 'recsy', 'RecSys', 'acronym', 1), (3, 'reinforcement learning', 'reinforcement learning', 'topic', 4405),"
        " (4, 'rl', 'RL', 'method', 9), (5, 'ROBOT', 'ROBOT', 'method', 463), (6, 'robot', 'robot', 'phrase', 9000);"
        "INSERT INTO keyword_aliases VALUES (1, 'RecSys', 'recsys'), (3, 'RL', 'rl'), (6, 'Robots', 'robots');"
    )
    assert asyncio.run(keyword_id(_Reader(con), asked))["id"] == next(
        i for (i,) in con.execute("SELECT id FROM keywords WHERE normalised = ?", (found,))
    )
