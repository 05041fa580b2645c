"""What the loading process lets go before its keyword step forks the ranking workers (issue 37:
the catalogue's peak is the loader's memory at that fork plus what each worker writes of its
pages): the text rules' memos of the records read (`etl.load.memory.forget_text_memos`). On the catalogue excerpts
of tests/fixtures/similar/ (NeurIPS 2016 and 2017, ICML 2018)."""

from __future__ import annotations

from etl.extract.affiliations import named
from etl.load import load, run
from etl.load.memory import forget_text_memos, text_memos
from etl.text.authors import clean_name, institution_name, name_key
from etl.text.cleaning import clean_text, institution_key
from etl.text.identity import paper_id
from tests.test_edit_cost import FILES, folder_of

ASKED = [  # (a rule of the records, what a record gives it: from the excerpts)
    (clean_text, "Unsupervised Learning of 3{D} Structure from Images"),
    (clean_name, "Rezende, Danilo Jimenez"),
    (name_key, "Danilo Jimenez Rezende"),
    (institution_name, "Google DeepMind"),
    (institution_key, "Google DeepMind"),
    (named, "Google DeepMind"),
    (paper_id, "A key goal of computer vision is to recover the underlying 3D structure from 2D observations."),
]


def test_every_memo_of_the_records_rules_is_emptied():
    assert {rule for rule, _ in ASKED} == set(text_memos())
    for rule, given in ASKED:
        rule(given)
        assert rule.cache_info().currsize > 0
    forget_text_memos()
    assert [rule.cache_info().currsize for rule in text_memos()] == [0] * len(text_memos())
    assert clean_name("Rezende, Danilo Jimenez") == "Danilo Jimenez Rezende"  # (asked again: the same)


def test_a_load_ranks_keywords_without_the_memos_of_its_records(tmp_path, monkeypatch):
    held = []
    refresh = run.refresh_keywords
    monkeypatch.setattr(
        run,
        "refresh_keywords",
        lambda *args: held.append([rule.cache_info().currsize for rule in text_memos()]) or refresh(*args),
    )
    load(str(tmp_path / "papers.db"), [str(folder_of(tmp_path, FILES))])
    assert held == [[0] * len(text_memos())]
