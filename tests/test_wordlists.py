"""The keyword rules' word lists are data files in etl/data, one word a line, readable and editable."""

from __future__ import annotations

import pytest

from etl.extract.keywords import wordlists
from etl.extract.keywords.memo import Memo
from etl.settings import package_folder

LISTS = {
    "stop_words.txt": wordlists.STOP_WORDS,
    "generic_words.txt": wordlists.NOT_ALONE,
    "not_last.txt": wordlists.NOT_LAST,
    "not_methods.txt": wordlists.NOT_METHODS,
    "descriptive_suffixes.txt": frozenset(wordlists.DESCRIPTIVE_SUFFIXES),
    "noun_exceptions.txt": wordlists.NOUN_EXCEPTIONS,
}


@pytest.mark.parametrize("name", LISTS)
def test_each_word_list_is_a_data_file_that_says_what_it_is(name):
    lines = (package_folder("etl") / "data" / name).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# ")  # what the list is for
    words = [line for line in lines if line and not line.startswith("#")]
    assert len(words) == len(set(words)) == len(LISTS[name])  # no word twice, every word used
    assert all(w == w.strip() and " " not in w for w in words)


def test_the_memo_forgets_everything_once_full():
    memo = Memo(2)
    assert memo.remember("a", 1) == 1 and memo.remember("b", 2) == 2
    memo.remember("c", 3)
    assert memo == {"c": 3}


@pytest.mark.parametrize("name", ["NOT_NOUNS", "VERBS", "COMMON_WORDS", "HYPHEN_HEADS", "GENERAL_ADJECTIVES"])
def test_a_long_list_is_held_in_a_table_sized_to_its_words(name):
    """The ranking process of a small load imports every list (issue 41: its memory): a frozenset
    grown word by word kept up to six slots a word (`NOT_NOUNS`, 27,536 words: 2 MB), one copied
    from a set at most four (1 MB). The words are the file's."""
    words = getattr(wordlists, name)
    assert words == frozenset(wordlists._lines(wordlists._FILES[name]))
    assert words.__sizeof__() <= 256 + 4 * 16 * len(words)  # (16 bytes a slot)
