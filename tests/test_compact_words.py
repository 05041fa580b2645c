"""The long word lists, the termhood counts and what two rules derive from them held compactly in a
small load's ranking process (`etl.load.compact_words`, issue 41) answer every lookup as the
frozensets, the dict and the rules' own tables a corpus's ranking holds."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from itertools import pairwise

import pytest

from etl.extract.keywords import manner, misspelt, pieces, termhood, wordlists
from etl.extract.keywords.pieces import PIECES, term_pieces
from etl.load import load
from etl.load.compact_words import (
    LONG,
    SOFT_HEAP_KIB,
    CompactCounts,
    CompactPieces,
    CompactShapes,
    CompactWords,
    hold_compactly,
    hold_derived,
)
from tests.test_edit_cost import FILES, folder_of, retitle

# Words a list may be asked for that are not in it, beside its own words: a bucket's neighbours
# and nothing, words of two lines, other lists' words, what a tokenizer could hand over.
ASKED = ["", "a", "un", "\n", "dense\nsparse", "\ndense", "dense\n", "Dense", "DENSE", "dense ", " dense"]
ASKED += ["learning", "network", "graph", "approach", "models", "supports", "well-known", "fine-tuning"]
ASKED += ["über", "naïve", "x" * 200, "et", "al", "0", "1", "non-convex", "co-training"]


def asked_of(words: frozenset[str]) -> list[str]:
    """Every word of the list, each cut short, run on, capitalised and with an `s`, and `ASKED`."""
    return [*ASKED, *(form for w in sorted(words) for form in (w, w[:-1], w + "s", w + "-", w.capitalize()))]


@pytest.mark.parametrize("name", LONG)
def test_a_compact_list_answers_as_its_frozenset(name):
    words = getattr(wordlists, name)
    assert isinstance(words, frozenset)  # (this process reads them as a corpus's ranking does)
    lines = list(wordlists._lines(wordlists._FILES[name]))
    compact = CompactWords(lines)
    asked = asked_of(words) + sorted(w for other in LONG for w in getattr(wordlists, other))
    asked += [f"{a}\n{b}" for a, b in pairwise(lines)]  # (two words, as a bucket holds them)
    assert [w for w in asked if (w in compact) != (w in words)] == []
    assert None not in compact and 1 not in compact  # (what is no string is no word)


def test_the_long_lists_held_compactly_take_a_third_of_the_memory():
    """The six long lists: 5.3 MB as frozensets of strings, 1.6 MB held compactly."""

    def traced(make):
        tracemalloc.start()
        try:
            held = [make(wordlists._lines(wordlists._FILES[name])) for name in LONG]
            return tracemalloc.get_traced_memory()[0], held
        finally:
            tracemalloc.stop()

    frozen, _ = traced(lambda lines: frozenset(set(lines)))
    compact, _ = traced(CompactWords)
    assert compact < frozen / 2.5


def test_lists_already_read_stay_as_they_are(monkeypatch):
    for name in LONG:
        monkeypatch.delitem(vars(wordlists), name, raising=False)
    verbs = wordlists.VERBS  # (read as a frozenset before)
    hold_compactly()
    assert wordlists.VERBS is verbs and all(
        isinstance(getattr(wordlists, n), CompactWords) for n in LONG if n != "VERBS"
    )


def test_the_compact_termhood_counts_answer_as_the_dict():
    counts = termhood.TERMHOOD.counts
    assert isinstance(counts, dict)  # (this process reads them as a corpus's ranking does)
    compact = CompactCounts(counts)
    keys = list(counts)
    assert list(compact) == keys and len(compact) == len(counts) and dict(compact.items()) == counts
    asked = [*ASKED, "\ud800", "deep\tlearning", *(f for k in keys for f in (k[:-1], k + "s", k.capitalize(), k + " "))]
    assert [k for k in keys if compact.get(k) != counts[k] or compact[k] != counts[k] or k not in compact] == []
    assert [
        k for k in asked if compact.get(k, "none") != counts.get(k, "none") or (k in compact) != (k in counts)
    ] == []
    assert None not in compact and compact.get(1) is None
    with pytest.raises(KeyError):
        compact["deep learning\n"]
    # (what the rules derive from the counts at their import: the pieces of longer terms)
    assert term_pieces(termhood.Termhood(compact)) == PIECES


@pytest.mark.parametrize(
    "counts",
    [
        {},
        {"a": (1, 2)},
        {"graph": (0, 9), "graph neural network": (40, 120), "über": (3, 3), "naïve bayes": (5, 60), "x": (0, 0)},
    ],
)
def test_compact_counts_of_a_few_phrases(counts):
    compact = CompactCounts(counts)
    assert list(compact) == list(counts) and {k: compact[k] for k in compact} == counts
    assert "grap" not in compact and compact.get("graph neural networks") is None


def test_a_phrase_of_two_lines_is_refused():
    with pytest.raises(ValueError):
        CompactCounts({"deep\nlearning": (1, 1)})


def test_the_compact_termhood_counts_take_a_third_of_the_memory():
    """44,823 phrases: 5.2 MB as a dict of strings, 1.8 held compactly."""
    lines = termhood.DATA_FILE.read_text(encoding="utf-8")
    tracemalloc.start()
    try:
        counts = termhood.parse_termhood(lines).counts
        as_dict = tracemalloc.get_traced_memory()[0]
        compact = CompactCounts(counts)
        del counts
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(compact) > 40_000 and held < as_dict / 2.5


def test_the_derived_tables_held_compactly_answer_as_the_rules_own(monkeypatch):
    """`misspelt`'s index and `manner`'s openings, derived once from the compact counts: every
    shape's words (and none for a shape there is not), every pair, word and opening, and what is
    none of them, as the rules' own tables answer; and the slips the rule corrects (its module's
    examples), corrected alike."""
    shapes, pairs, words = misspelt._index()
    openings = manner._compounded()
    assert isinstance(termhood.TERMHOOD.counts, dict)  # (this process derives them as a corpus's ranking does)
    monkeypatch.setattr(misspelt, "_index", misspelt._index)  # (put back after: this process's are the rules' own)
    monkeypatch.setattr(manner, "_compounded", manner._compounded)
    hold_derived(CompactCounts(termhood.TERMHOOD.counts))
    held_shapes, held_pairs, held_words = misspelt._index()
    assert isinstance(held_shapes, CompactShapes) and isinstance(held_pairs, CompactWords)
    lengths = {len(w) for w in words}
    asked = {(a, b, n) for a, b, _ in shapes for n in lengths} | {("", "", 0), ("q", "z", 99)}
    assert [s for s in sorted(asked) if held_shapes.get(s) != shapes.get(s, ())] == []
    for table, held in ((pairs, held_pairs), (words, held_words), (openings, manner._compounded())):
        asked_words = [*asked_of(table), "deep learning", "positive definite", "joint estimation", "optimal control"]
        assert [w for w in asked_words if (w in held) != (w in table)] == []
    slips = ["conter of mass", "kullback-leiber divergence", "convolultional neural networks"]
    slips += ["symmetric positive desnite", "probabalistic roadmap", "constrastive learning", "graph neural network"]
    held_fixes = [misspelt.correct_key(key, key) for key in slips]
    monkeypatch.undo()
    assert held_fixes == [misspelt.correct_key(key, key) for key in slips]
    assert held_fixes[0] == "center of mass" and held_fixes[-1] is None


def test_the_compact_pieces_answer_as_the_dict():
    """Every piece, each cut short, run on and capitalised, the two-word ends `_extensions` asks of
    a three-word candidate, what is no piece: `get`, `[]` and `in` as the dict's; and the longer
    terms every candidate is found inside (`_extensions`), the same."""
    held = CompactPieces(PIECES)
    keys = list(PIECES)
    assert len(held) == len(PIECES) and sorted(held) == sorted(keys) and dict(held.items()) == PIECES
    ends = [part for k in keys for part in (k.split(" ", 1)[1], k.rsplit(" ", 1)[0])]
    asked = [*ASKED, "a\tb", *ends, *(f for k in keys for f in (k[:-1], k + "s", k.capitalize(), f"x {k}", k + "\t"))]
    assert [
        k for k in [*keys, *asked] if held.get(k, "none") != PIECES.get(k, "none") or (k in held) != (k in PIECES)
    ] == []
    assert [k for k in keys if held[k] != PIECES[k]] == [] and held.get(None) is None
    with pytest.raises(KeyError):
        held["graph neural\t"]
    three = [*keys, *(f"deep {k}" for k in keys), *(f"{k} model" for k in keys)]
    three = [k for k in three if k.count(" ") == 2] + ["mixed integer linear", "chain monte carlo"]
    assert [k for k in three if pieces._extensions(k, held) != pieces._extensions(k, PIECES)] == []


def test_the_compact_pieces_take_about_half_the_memory():
    """7,702 pieces: 1.1 MB as the dict of new strings and tuples (their longer terms the counts'
    own strings, as in a corpus's ranking), 0.5 held compactly."""
    tracemalloc.start()
    try:
        made = term_pieces(termhood.TERMHOOD)
        as_dict = tracemalloc.get_traced_memory()[0]
        held = CompactPieces(made)
        compact = tracemalloc.get_traced_memory()[0] - as_dict
    finally:
        tracemalloc.stop()
    assert len(held) > 7_000 and compact < 0.6 * as_dict


def test_the_continued_pieces_held_compactly_answer_as_the_frozenset():
    held = CompactWords(pieces.CONTINUED)
    asked = asked_of(pieces.CONTINUED) + sorted(PIECES) + ["mixed integer", "multi-label", "six degree-of-freedom"]
    assert [w for w in asked if (w in held) != (w in pieces.CONTINUED)] == []
    labels = {w: w.upper() if i % 7 == 0 else w for i, w in enumerate(asked)}  # (a short form is no piece)
    assert [w for w, label in labels.items() if pieces.continued(w, label, held) != pieces.continued(w, label)] == []


@pytest.mark.parametrize("pieces_of", [{"deep\nlearning": ("deep\nlearning model",)}, {"a b": ("a b\tc",)}])
def test_a_piece_of_two_lines_or_a_tab_is_refused(pieces_of):
    with pytest.raises(ValueError):
        CompactPieces(pieces_of)


def test_derived_shapes_of_a_few_words():
    held = CompactShapes({("g", "h", 5): {"graph", "gaugh"}, ("n", "t", 3): ["net"]})
    assert held.get(("g", "h", 5)) == ("gaugh", "graph") and held.get(("n", "t", 3)) == ("net",)
    assert held.get(("n", "t", 4)) == () and held.get(("x", "y", 2), None) is None


# The termhood counts in a process that holds them compactly before the rules are imported, and
# in one that imported `termhood` first (its counts, which a rule may hold, left as they are).
HELD_FIRST = """import json, sys
from etl.load.compact_words import hold_compactly
if sys.argv[1] == "after":
    from etl.extract.keywords import termhood
hold_compactly()
from etl.extract.keywords import pieces, rank, termhood
print(json.dumps([type(termhood.TERMHOOD.counts).__name__, rank.TERMHOOD is termhood.TERMHOOD, len(pieces.PIECES)]))"""


@pytest.mark.parametrize(("when", "kind"), [("before", "CompactCounts"), ("after", "dict")])
def test_the_termhood_counts_are_held_compactly_when_read_first(when, kind):
    out = subprocess.run([sys.executable, "-c", HELD_FIRST, when], check=True, capture_output=True, text=True)
    assert json.loads(out.stdout) == [kind, True, len(PIECES)]


# A small load, as `paperdb load --prune` runs: the type of each long list in its ranking's process.
RANKING_LISTS = """import json, sys
from etl.load import incremental, load
from etl.load.compact_words import LONG
rank = incremental._rank
def spy(*args):
    ranked = rank(*args)
    from etl.extract.keywords import wordlists
    with open(sys.argv[3], "w") as out:
        from etl.extract.keywords import termhood
        from etl.extract.keywords import manner, misspelt
        held = {name: type(vars(wordlists).get(name)).__name__ for name in LONG}
        derived = {"misspelt": [type(t).__name__ for t in misspelt._index()], "manner": type(manner._compounded()).__name__}
        from etl.extract.keywords import pieces, topic_evidence
        import sqlite3
        made = {"PIECES": [type(pieces.PIECES).__name__, pieces.mark_pieces.__defaults__[0] is pieces.PIECES,
                           pieces.in_longer_term.__defaults__[0] is pieces.PIECES],
                "CONTINUED": [type(pieces.CONTINUED).__name__, pieces.continued.__defaults__[0] is pieces.CONTINUED],
                "evidence": topic_evidence.read_evidence.cache_info().currsize,
                "soft_heap_limit": sqlite3.connect(":memory:").execute("PRAGMA soft_heap_limit").fetchone()[0]}
        json.dump({**held, "TERMHOOD": type(termhood.TERMHOOD.counts).__name__, **derived, **made}, out)
    return ranked
incremental._rank = spy
load(sys.argv[1], [sys.argv[2]], prune=True)"""


def test_a_small_loads_ranking_process_holds_the_long_lists_and_counts_compactly(tmp_path):
    """(`test_edit_cost`'s papers ranked in a process of their own get the keywords ranked in the
    load's: the rows the compact lists give are the frozensets'.)"""
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    retitle(folder)
    held = tmp_path / "held.json"
    subprocess.run([sys.executable, "-c", RANKING_LISTS, db, str(folder), str(held)], check=True)
    assert json.loads(held.read_text(encoding="utf-8")) == {
        **dict.fromkeys(LONG, "CompactWords"),
        "TERMHOOD": "CompactCounts",
        "misspelt": ["CompactShapes", "CompactWords", "CompactWords"],
        "manner": "CompactWords",
        "PIECES": ["CompactPieces", True, True],
        "CONTINUED": ["CompactWords", True],
        "evidence": 0,
        "soft_heap_limit": SOFT_HEAP_KIB * 1024,
    }
