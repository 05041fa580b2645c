"""The long word lists and the termhood counts held compactly in a small load's ranking process
(`etl.load.compact_words`, issue 41) answer every lookup as the frozensets and the dict a corpus's
ranking holds."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from itertools import pairwise

import pytest

from etl.extract.keywords import termhood, wordlists
from etl.extract.keywords.pieces import PIECES, term_pieces
from etl.load import load
from etl.load.compact_words import LONG, CompactCounts, CompactWords, hold_compactly
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
        held = {name: type(vars(wordlists).get(name)).__name__ for name in LONG}
        json.dump({**held, "TERMHOOD": type(termhood.TERMHOOD.counts).__name__}, out)
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
    }
