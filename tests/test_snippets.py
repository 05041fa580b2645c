"""Snippets cut in linear time (etl/text/snippets.py): `snippet_of(highlight(...))` gives what
FTS5's `snippet()` gives, word for word, on the real abstracts of tests/fixtures/catalogue, for
searches as the search query makes them; and it finishes on a text of 49,500 matches, where
`snippet()` took 46 s (issue 41). No timing is asserted: that it finishes is the check."""

from __future__ import annotations

import json
import sqlite3

import pytest

from etl.store.functions import register, search_any, search_stems
from etl.text.snippets import query_phrases, snippet_of
from tests.conftest import FIXTURES

SNIPPET = "snippet({table}, 1, char(2), char(3), '…', 32)"
OURS = "snippet_of(highlight({table}, 1, char(2), char(3)), ?)"


@pytest.fixture(scope="module")
def indexed():
    """The catalogue excerpts' titles and abstracts in both kinds of index the database has."""
    con = register(sqlite3.connect(":memory:"))
    con.execute("CREATE VIRTUAL TABLE words USING fts5(title, abstract, tokenize='unicode61 remove_diacritics 2')")
    con.execute(
        "CREATE VIRTUAL TABLE stems USING fts5(title, abstract, tokenize='porter unicode61 remove_diacritics 2')"
    )
    for path in sorted((FIXTURES / "catalogue").glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            for table in ("words", "stems"):
                con.execute(f"INSERT INTO {table} VALUES (?, ?)", [record["title"], record["abstract"]])
    yield con
    con.close()


@pytest.mark.parametrize(
    "table, query",
    [
        ("words", search_any("reinforcement learning")),
        ("words", search_any("graph neural networks")),
        ("words", search_any("the")),  # (a function word alone: its phrase; many matches a text)
        ("words", search_any("deep learning model training data")),
        ("words", search_any("learn*")),  # (`learns` and `learning`: one phrase to FTS5)
        ("words", '"graph neural" OR "message passing"'),  # phrases: one match of two words each
        ("words", "{title}: learning"),  # matched in the title: the abstract's opening, nothing marked
        ("words", "a OR of OR the OR and OR to OR in"),
        ("stems", search_stems("learned representations")),  # (a stem: `learning`, `learns`, `learned`)
        ("stems", search_stems("optimizing networks")),
        ("stems", search_stems("propagating labels")),
    ],
)
def test_snippet_of_a_highlight_is_fts5s_snippet(indexed, table, query):
    sql = f"SELECT rowid, {SNIPPET}, {OURS} FROM {table} WHERE {table} MATCH ? ORDER BY rowid"
    rows = indexed.execute(sql.format(table=table), [query, query]).fetchall()
    assert rows, query  # (each search finds some of the abstracts)
    assert [(rowid, ours) for rowid, _, ours in rows] == [(rowid, theirs) for rowid, theirs, _ in rows]


@pytest.mark.parametrize(
    "marked, snippet",
    [
        (None, None),
        ("", ""),
        ("no match at all", "no match at all"),
        ("short \x02text\x03.", "short \x02text\x03."),
        # past 32 words: the window around the match, cut with an ellipsis at both ends
        (
            " ".join(["w"] * 40 + ["\x02x\x03"] + ["w"] * 40),
            "…" + " ".join(["w"] * 15 + ["\x02x\x03"] + ["w"] * 16) + "…",
        ),
        # a window that may start at a sentence does, for 100 more
        ("w " * 10 + "end. Next \x02x\x03" + " w" * 40, "…Next \x02x\x03" + " w" * 30 + "…"),
        ("\x02a\x03." * 49_500, "\x02a\x03." * 31 + "\x02a\x03…"),  # (46 s in snippet())
        ("a\x03b \x02c\x03", "ab \x02c\x03"),  # (an end without its start marks nothing)
    ],
)
def test_snippet_of(marked, snippet):
    assert snippet_of(marked) == snippet


@pytest.mark.parametrize(
    "query, phrases",
    [
        ('"graph" OR "graphs"', [("graph", False), ("graphs", False)]),
        ('"quantiz"* AND "lattice"', [("quantiz", True), ("lattice", False)]),
        ('{title abstract_clean}: ("graph neural" OR "GNN")', [("graph", False), ("gnn", False)]),
        ("title: learning NOT Réseaux", [("learning", False), ("reseaux", False)]),
        ('"say ""hi"""', [("say", False)]),
        ("", []),
    ],
)
def test_query_phrases(query, phrases):
    assert query_phrases(query) == phrases
