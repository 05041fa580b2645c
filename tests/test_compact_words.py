"""The long word lists held compactly in a small load's ranking process (`etl.load.compact_words`,
issue 41) answer every lookup as the frozensets a corpus's ranking holds."""

from __future__ import annotations

import json
import subprocess
import sys
import tracemalloc
from itertools import pairwise

import pytest

from etl.extract.keywords import wordlists
from etl.load import load
from etl.load.compact_words import LONG, CompactWords, hold_compactly
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


# A small load, as `paperdb load --prune` runs: the type of each long list in its ranking's process.
RANKING_LISTS = """import json, sys
from etl.load import incremental, load
from etl.load.compact_words import LONG
rank = incremental._rank
def spy(*args):
    ranked = rank(*args)
    from etl.extract.keywords import wordlists
    with open(sys.argv[3], "w") as out:
        json.dump({name: type(vars(wordlists).get(name)).__name__ for name in LONG}, out)
    return ranked
incremental._rank = spy
load(sys.argv[1], [sys.argv[2]], prune=True)"""


def test_a_small_loads_ranking_process_holds_the_long_lists_compactly(tmp_path):
    """(`test_edit_cost`'s papers ranked in a process of their own get the keywords ranked in the
    load's: the rows the compact lists give are the frozensets'.)"""
    db = str(tmp_path / "papers.db")
    folder = folder_of(tmp_path, FILES)
    load(db, [str(folder)])
    retitle(folder)
    held = tmp_path / "held.json"
    subprocess.run([sys.executable, "-c", RANKING_LISTS, db, str(folder), str(held)], check=True)
    assert json.loads(held.read_text(encoding="utf-8")) == dict.fromkeys(LONG, "CompactWords")
