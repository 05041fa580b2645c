"""Keyword shape on real abstracts of other venues: the measuring samples in ../shared/samples
(not committed; the test skips without them, CI has them beside the clone). No top-five keyword
starts or ends with a function word (abbreviations like `e.g.` and `et al.` included). Possessives
are left to the phrase rules: a defined long form may hold one (`Raven’s Progressive Matrices`)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from etl.load import load

SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "samples"
# Closed-class words: determiners, prepositions, pronouns, conjunctions, auxiliaries, abbreviations.
FUNCTION_WORDS = frozenset(
    """
    a an the and or but nor of in on at to for from by with without within via into onto over under
    behind beyond between among through across against about above below after before during since
    until upon than as is are was were be been being has have had do does did can could may might will
    would shall should must this that these those it its their our we they which who whom whose what
    where when while how why e g i eg ie etc al et such very also both either neither each every all
    any some many much few several other another same own only just even still yet thus hence
    therefore however moreover
    """.split()
)

pytestmark = pytest.mark.skipif(not SAMPLES.is_dir(), reason="../shared/samples is not beside the clone")


@pytest.fixture(scope="module")
def databases(tmp_path_factory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("samples")
    built = {"icml": str(tmp / "icml.db")}
    load(built["icml"], [str(SAMPLES.parent / "seeds"), str(SAMPLES / "listings")])
    for name, venue, year in [("colm2024", "COLM", 2024), ("corl2023", "CoRL", 2023)]:
        lines = tmp / f"{name}.jsonl"
        records = json.loads((SAMPLES / "paperlists" / f"{name}.json").read_text(encoding="utf-8"))
        lines.write_text(
            "".join(
                json.dumps({"abstract": r["abstract"], "venue": venue, "year": year}) + "\n"
                for r in records
                if r.get("abstract")
            ),
            encoding="utf-8",
        )
        built[name] = str(tmp / f"{name}.db")
        load(built[name], [str(lines)])
    return built


@pytest.mark.parametrize("sample", ["icml", "colm2024", "corl2023"])
def test_top_keywords_never_start_or_end_with_a_function_word(databases, sample):
    con = sqlite3.connect(databases[sample])
    bad = []
    for (pid,) in con.execute("SELECT id FROM papers"):
        top = con.execute(
            "SELECT keyword FROM paper_keywords WHERE paper_id = ? AND kind NOT IN ('topic', 'method')"
            " ORDER BY score DESC LIMIT 5",
            (pid,),
        ).fetchall()
        for (keyword,) in top:
            words = [w.strip(".,;:()'\"’").lower() for w in keyword.split()]
            if words[0] in FUNCTION_WORDS or words[-1] in FUNCTION_WORDS:
                bad.append(keyword)
    con.close()
    assert bad == []
