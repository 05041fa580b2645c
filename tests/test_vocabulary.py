"""Keyphraseness: the shipped vocabulary of author keywords, and the corpus's own author keywords
counted at rescore, never a paper's own."""

from __future__ import annotations

import hashlib
import json

import pytest

from etl.extract.corpus import rank_all
from etl.extract.keywords import author_keys, extract_terms, rank_keywords, taxonomy_path
from etl.extract.keywords.vocabulary import (
    DATA_FILE,
    EMPTY,
    VOCABULARY,
    Keyphraseness,
    parse_vocabulary,
    split_vocabulary,
)
from etl.load import load
from etl.load.keywords import menu_venues
from etl.load.taxonomy import load_taxonomy
from tests.helpers import rows

TAXONOMY = load_taxonomy(taxonomy_path())


def _header() -> tuple[list[str], str]:
    return split_vocabulary(DATA_FILE.read_text(encoding="utf-8"))


def test_the_shipped_counts_are_the_ones_the_header_records():
    header, body = _header()
    (recorded,) = [line.split()[1] for line in header if line.startswith("body ")]
    assert hashlib.sha256(body.encode("utf-8")).hexdigest() == recorded  # no hand edits
    inputs = [line.split() for line in header if line.startswith("input ")]
    assert inputs and all(len(digest) == 64 for _, digest, _, _ in inputs)
    used = {name for _, _, use, name in inputs if use == "used"}
    # the venues keyword quality is measured on never feed the vocabulary
    assert {"colm/colm2024.json", "corl/corl2023.json"} <= {name for _, _, use, name in inputs if use == "held-out"}
    assert not any(name.startswith(("colm/colm2024", "corl/corl2023")) for name in used)
    assert VOCABULARY.papers > 1000 and VOCABULARY.chosen["reinforcement learning"] > 10


@pytest.mark.parametrize(
    "label, keys",
    [
        ("Large Language Model (LLM)", ["large language model", "llm"]),
        ("Sim-to-Real", ["sim to real"]),
        ("Multi-Agent Systems", ["multiagent system"]),
        ("  ", []),
    ],
)
def test_author_keywords_count_under_the_keyword_normalisation(label, keys):
    assert author_keys(label) == keys


def test_a_phrase_authors_choose_weighs_more_and_one_they_pass_over_less_but_none_is_ruled_out():
    kp = Keyphraseness()
    assert kp.factor("reinforcement learning") > 2
    assert kp.factor("robot") < 0.5  # in hundreds of abstracts, almost never an author's keyword
    unknown = kp.factor("xylophone tuning")
    assert 0.5 < unknown < 2  # a phrase nobody has seen: the prior for its length, not zero
    assert Keyphraseness(vocabulary=EMPTY).factor("robot") == 1.0


def test_a_paper_on_a_new_topic_keeps_its_terms():
    text = "We study xylophone tuning with spectral gauges. Xylophone tuning by spectral gauges is slow."
    labels = [k.label for k in rank_keywords(extract_terms(text, TAXONOMY), {}, 1)]
    assert "xylophone tuning" in labels[:3], labels


PAPERS = [
    ("a", "We study xylophone tuning with spectral gauges and acoustic models of bars.", None),
    ("b", "Xylophone tuning needs spectral gauges; we compare acoustic models.", None),
    ("c", "Spectral gauges and xylophone tuning: a survey of acoustic models.", None),
    ("d", "Acoustic models of bars predict xylophone tuning from spectral gauges.", None),
]


def _scores(ranked, pid: str) -> dict[str, float]:
    return {k.normalised: k.score for k in ranked[pid]}


def test_a_papers_own_author_keywords_never_raise_its_own_keywords():
    chosen = ["spectral gauges"]
    with_own = rank_all(PAPERS, TAXONOMY, {"a": chosen, "b": chosen, "c": chosen})
    without_own = rank_all(PAPERS, TAXONOMY, {"b": chosen, "c": chosen})
    assert _scores(with_own, "a") == _scores(without_own, "a")  # leave-one-out, exactly
    # the others' choices do count: `d` chose nothing, and three papers chose `spectral gauges`
    alone = rank_all(PAPERS, TAXONOMY)
    assert _scores(with_own, "d")["spectral gauge"] > _scores(alone, "d")["spectral gauge"]


def test_one_other_papers_choice_counts_whether_or_not_the_paper_chose_it_too():
    # `a` sees `b`'s choice of `acoustic models` alike whether or not it chose the phrase itself
    both = rank_all(PAPERS, TAXONOMY, {"a": ["acoustic models"], "b": ["acoustic models"]})
    other = rank_all(PAPERS, TAXONOMY, {"b": ["acoustic models"]})
    assert _scores(both, "a") == _scores(other, "a")
    # (nobody's choice: `acoustic models`, written once, opens with a general adjective and is no keyword)
    assert _scores(other, "a")["acoustic model"] > _scores(rank_all(PAPERS, TAXONOMY), "a").get("acoustic model", 0)


def test_the_vocabulary_file_parses_back_to_its_counts():
    text = "# papers 3 with keywords, 2 with an abstract\n# body x\nrobot\t1\t0\t4\tRobots\n*\t0\t1\t9\t-\n"
    vocabulary = parse_vocabulary(text)
    assert (vocabulary.papers, vocabulary.with_abstract) == (3, 2)
    assert vocabulary.chosen == {"robot": 1} and vocabulary.present == {"robot": 4, "*": 9}
    assert vocabulary.labels == {"robot": "Robots"} and vocabulary.rate("*") == 1 / 9


def _record(i: int, abstract: str, keywords: str) -> dict:
    return {"title": f"Paper {i}", "author": "Ada Lovelace", "status": "Poster", "track": "main", "id": f"X{i}",
            "abstract": abstract, "keywords": keywords}  # fmt: skip


def test_a_load_counts_the_corpus_author_keywords_and_keeps_them_for_loads_between_rescores(write, db_file):
    records = [_record(i, abstract, "spectral gauges; xylophones") for i, (_, abstract, _) in enumerate(PAPERS[:3])]
    # (and enough other papers that one more is ranked without a rescore: see RESCORE_SHARE)
    records += [_record(10 + i, f"We count {i + 2} sheep in paddock {i} with drones.", "") for i in range(8)]
    load(db_file, [str(write("iclr2017.json", json.dumps(records)))])
    stats = rows(db_file, "SELECT term, papers FROM keyword_stats WHERE term LIKE 'author:%' ORDER BY term")
    assert stats == [("author:spectral gauge", 3), ("author:xylophone", 3)]
    # a paper loaded later is ranked against them, without a rescore
    later = write("b.csv", f'abstract,venue,year\n"{PAPERS[3][1]}",ICML,2024\n')
    summary = load(db_file, [str(later)])
    assert summary.keywords is not None
    rescored = rows(db_file, "SELECT changed FROM keyword_scoring")
    assert rescored == [(1,)]  # (ranked against the stored statistics, not rescored)
    (score,) = rows(
        db_file,
        "SELECT pk.score FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id"
        " JOIN papers p ON p.id = pk.paper_id WHERE k.normalised = 'spectral gauge' AND p.abstract = ?",
        (PAPERS[3][1],),
    )
    alone = _scores(rank_all(PAPERS, TAXONOMY), "d")["spectral gauge"]
    assert score[0] > alone


SIGGRAPH_AREAS = ["Modeling", "Rendering", "Geometry", "Animation", "Fabrication", "Imaging", "Simulation"]


@pytest.mark.parametrize(
    "papers, menus",
    [
        # SIGGRAPH 2023's keywords are its session categories (394 uses, 0.020 distinct a use)
        (
            [("SIGGRAPH", 2023, [SIGGRAPH_AREAS[i % 7], SIGGRAPH_AREAS[i % 5]]) for i in range(120)],
            {("SIGGRAPH", 2023)},
        ),
        # ICLR 2017's 15 subject areas beside COLM 2024's free keywords (0.696 distinct a use)
        (
            [("ICLR", 2017, ["Deep learning", "Supervised Learning"]) for _ in range(60)]
            + [("COLM", 2024, [f"phrase {i}", f"term {i % 40}"]) for i in range(60)],
            {("ICLR", 2017)},
        ),
        # a small list whose five papers share two keywords is no menu (under MENU_MIN_USES)
        ([("ICML", 2024, ["robotics", "learning"]) for _ in range(5)], set()),
        ([(None, None, ["robotics"]) for _ in range(99)], set()),
    ],
)
def test_a_venue_whose_keywords_repeat_a_menu_is_told_apart(papers, menus):
    assert menu_venues(papers) == menus


def test_a_menu_venues_keywords_are_not_counted_as_authors_choices(write, db_file):
    """SIGGRAPH's session categories (`modeling` on 231 of its 2023-2024 papers) were counted as
    its authors' choices and raised `modeling` on every paper that writes the word (issue 36)."""
    menu = [_record(i, f"We fit {i + 2} shapes to scans of room {i}.", "Modeling; Rendering") for i in range(60)]
    free = [_record(100 + i, f"We grow {i + 2} crystals in vat {i}.", f"crystal {i}; vat growth") for i in range(5)]
    load(db_file, [str(write("siggraph2023.json", json.dumps(menu))), str(write("colm2024.json", json.dumps(free)))])
    stats = dict(rows(db_file, "SELECT term, papers FROM keyword_stats WHERE term LIKE 'author:%'"))
    assert "author:modeling" not in stats and "author:rendering" not in stats
    assert stats["author:vat growth"] == 5
    # (the menu's keywords stay the papers' own author keywords)
    assert rows(db_file, "SELECT count(*) FROM papers WHERE author_keywords LIKE '%Modeling%'") == [(60,)]
