"""A name whose first word a source wrote in lower case is shown with capitals (read25, the eleventh
reader: 104 of the catalogue's authors start in lower case, `mengmeng Ge`, `shenghao zhang`); what
is debris of the record or a user name stays as written; revision 0065 has the papers with such a
name read again, so that an existing database shows them as a cold load does. The names and the two
records are the catalogue's (ACM MM 2024, WACV 2020)."""

from __future__ import annotations

import pytest

from etl.load import load
from etl.text.authors import clean_name, name_key
from tests.helpers import json_folder, loaded_old_and_cold, marked_after_upgrade, rows


@pytest.mark.parametrize(
    "written, shown",
    [
        ("mengmeng Ge", "Mengmeng Ge"),
        ("shenghao zhang", "Shenghao Zhang"),
        ("yixue Hao", "Yixue Hao"),
        ("hala skaf-molli", "Hala Skaf-Molli"),  # (each hyphenated part)
        ("win-bin huang", "Win-Bin Huang"),
        ("wamiq R. Para", "Wamiq R. Para"),
        ("élise crepon", "Élise Crepon"),
        ("antonio robbles-kelly", "Antonio Robbles-Kelly"),
        ("maria dos santos", "Maria dos Santos"),  # (a particle stays in lower case)
        # as written: no certain repair
        ("zhuben", "zhuben"),  # (one word: a user name)
        ("paulruan", "paulruan"),
        ("andYunhong Wang", "andYunhong Wang"),  # (`and` glued on by the record)
        ("cRaffaello D'Andrea", "cRaffaello D'Andrea"),  # (a footnote's letter)
        ("QingqingLong", "QingqingLong"),  # (two names glued: no certain cut)
        ("van der Maaten", "van der Maaten"),  # (a name that starts with a particle)
        ("Hugo Van hamme", "Hugo Van hamme"),  # (a lower-case word after a capitalised first one)
        ("S. Bermudez i Badia", "S. Bermudez i Badia"),
        ("Menghao chen", "Menghao chen"),
    ],
)
def test_a_name_written_in_lower_case_is_shown_with_capitals(written, shown):
    assert clean_name(written) == shown
    assert name_key(shown) == name_key(written)  # (the same person: nobody is joined or parted)


# The two records as the catalogue has them (their fields the load reads).
RECORDS = {
    "acmmm2024.json": [
        {
            "id": "3Xx2MgYX67",
            "title": "Customizing Text-to-Image Generation with Inverted Interaction",
            "track": "main",
            "status": "Poster",
            "author": "mengmeng Ge;Xu Jia;Takashi Isobe;Xiaomin Li;Qinghe Wang;Jing Mu;Dong Zhou;liwang Amd;"
            "Huchuan Lu;Lu Tian;Ashish Sirasao;Emad Barsoum",
        }
    ],
    "wacv2020.json": [
        {
            "id": "9a44379e81",
            "title": "A Multi-Scale Guided Cascade Hourglass Network for Depth Completion",
            "track": "main",
            "status": "Poster",
            "author": "Ang Li;  Zejian Yuan;  Yonggen Ling;  Wanchao Chi;  shenghao zhang;  Chong Zhang",
        }
    ],
    "iclr2017.json": [
        {
            "id": "BJC_jUqxe",
            "title": "A Structured Self-attentive Sentence Embedding",
            "status": "Poster",
            "author": "Zhouhan Lin;Minwei Feng;Cicero Nogueira dos Santos;Mo Yu;Bing Xiang;Bowen Zhou;Yoshua Bengio",
        }
    ],
}
AUTHORS = "SELECT name, normalised, papers FROM authors ORDER BY normalised"
SIGNED = "SELECT paper_id, position, name FROM paper_authors ORDER BY paper_id, position"


def test_revision_0065_has_the_papers_with_such_a_name_read_again(tmp_path, monkeypatch):
    folder = json_folder(tmp_path / "d", RECORDS)
    old_rules = {"etl.text.authors.capitalised": lambda name: name}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert ("mengmeng Ge", "mengmeng ge", 1) in rows(db, AUTHORS)
    assert ("Mengmeng Ge", "mengmeng ge", 1) in rows(cold, AUTHORS)
    marked = marked_after_upgrade(db, "0064", "0065")
    assert sorted(path.rsplit("/", 1)[-1] for (path,) in marked) == ["acmmm2024.json", "wacv2020.json"]
    load(db, [str(folder)])
    for query in (AUTHORS, SIGNED):
        assert rows(db, query) == rows(cold, query), query
    assert rows(db, "SELECT count(*) FROM paper_sources WHERE authors LIKE '%mengmeng Ge%'") == [(1,)]  # (as written)
