"""Keyword co-occurrence ranks by association (lift), not raw counts: a keyword that occurs with
everything does not crowd out the ones that belong together. Tested on keyword rows written
directly over a database of ten small papers."""

from __future__ import annotations

import sqlite3

import pytest

from etl.extract.keywords import normalise_keyword
from etl.load import load
from etl.serve.app import queries_dir
from tests.helpers import listing_text

# keyword -> the papers (0-9) that have it among their top ten
PLACEMENT = {
    "generic": range(10),  # with everything
    "graph neural network": (0, 1, 2),
    "message passing": (0, 1),  # only ever with graph neural networks
    "reinforcement learning": (5, 6, 7),
    "reward model": (5, 6),
}


@pytest.fixture
def db(tmp_path, write) -> sqlite3.Connection:
    con = _placed(tmp_path, write, PLACEMENT)
    yield con
    con.close()


def _placed(tmp_path, write, placement: dict) -> sqlite3.Connection:
    """A database of ten papers whose keywords are `placement`'s (and `GNN` a short form of one)."""
    db_file = str(tmp_path / "papers.db")
    path = write("ten.txt", listing_text(*(f"We study question number {n} in depth." for n in range(10))))
    load(db_file, [str(path)])
    con = sqlite3.connect(db_file)
    con.create_function("normalise_keyword", 1, normalise_keyword)
    ids = [pid for (pid,) in con.execute("SELECT id FROM papers ORDER BY abstract")]
    con.executescript("DELETE FROM paper_keywords; DELETE FROM keyword_aliases; DELETE FROM keywords;")
    for key, papers in placement.items():
        kid = con.execute(
            "INSERT INTO keywords (normalised, label, kind, papers) VALUES (?, ?, 'phrase', ?)", (key, key, len(papers))
        ).lastrowid
        for n in papers:
            con.execute(
                "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank) VALUES (?, ?, ?, 'phrase', 0.5, ?)",
                (ids[n], kid, key, 1 + sorted(placement).index(key)),
            )
    con.execute(
        "INSERT INTO keyword_aliases (keyword_id, alias, normalised) SELECT id, 'GNN', 'gnn' FROM keywords WHERE normalised = 'graph neural network'"
    )
    con.commit()
    return con


def test_keyword_pairs_rank_by_lift(db):
    pairs = db.execute(
        "SELECT keyword_a, keyword_b, papers, lift FROM keyword_pairs ORDER BY lift DESC, papers DESC"
    ).fetchall()
    assert {frozenset(p[:2]) for p in pairs[:2]} == {
        frozenset({"graph neural network", "message passing"}),
        frozenset({"reinforcement learning", "reward model"}),
    }
    lift = {frozenset(p[:2]): p[3] for p in pairs}
    assert lift[frozenset({"graph neural network", "message passing"})] == pytest.approx(10 * 2 / (3 * 2), abs=1e-3)
    assert lift[frozenset({"generic", "graph neural network"})] == 1.0  # independent of everything
    assert max(p[2] for p in pairs) == 3  # by raw counts `generic` pairs would come first


@pytest.mark.parametrize("asked", ["graph neural networks", "GNNs", "GNN"])
def test_related_keywords_rank_by_lift_and_find_short_forms(db, asked):
    sql = (queries_dir() / "related_keywords.sql").read_text(encoding="utf-8")
    related = db.execute(sql, {"keyword": asked}).fetchall()
    assert [(r[0], r[2], r[3]) for r in related] == [("message passing", 2, 3.33), ("generic", 3, 1.0)]


def test_related_keywords_rank_a_keyword_the_field_writes_above_one_met_twice(tmp_path, write):
    """reader3: every keyword of `speech and audio`'s list had one lift (keywords met only with it,
    on two or three papers), and `speech recognition` (115 papers) was not among them: the list ranks
    by the papers shared beyond chance, papers x (lift - 1)."""
    placement = {
        "speech": range(5),
        "speech recognition": (0, 1, 2, 3, 8),  # lift 4 x 10 / (5 x 5) = 1.6 on 4 papers: 2.4 beyond chance
        "beat tracking": (0, 1),  # only ever with speech: lift 2 x 10 / (5 x 2) = 2.0 on 2: 2.0
        "generic": range(10),  # with everything: lift 1.0, none beyond chance
    }
    con = _placed(tmp_path, write, placement)
    sql = (queries_dir() / "related_keywords.sql").read_text(encoding="utf-8")
    related = con.execute(sql, {"keyword": "speech"}).fetchall()
    assert [(r[0], r[2], r[3]) for r in related] == [
        ("speech recognition", 4, 1.6),
        ("beat tracking", 2, 2.0),
        ("generic", 5, 1.0),
    ]
