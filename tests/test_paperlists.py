"""papercopilot paperlists exports: detection, venue and year, decisions, presentation types, ids."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from etl.errors import InputError
from etl.extract.statuses import decision_of
from etl.load import load
from etl.sources import detect_format, read_input
from etl.sources.ids import arxiv_id, openreview_id
from etl.sources.paperlists import venue_and_year
from etl.store.record_extra import unpack_extra
from etl.text.paper_ids import doi_of, doi_rejoined, id_forms, pmlr_key
from tests.exports import bibtex, seed_abstracts
from tests.helpers import listing_text, rows

# Shaped like real paperlists records (OpenReview, ACL Anthology, CVF), with made-up content.
RECORDS = [
    {
        "title": "Prototype Alignment for Few-Shot Transfer",
        "author": "Ada Lovelace;Alan Turing",
        "aff": "University of Cambridge;University of Manchester",
        "status": "Oral",
        "track": "main",
        "site": "https://openreview.net/forum?id=B1-Hhnslg",
        "id": "B1-Hhnslg",
        "keywords": "few-shot learning;prototypes",
        "github": "",
        "abstract": "We align class prototypes across domains so that few-shot classifiers transfer.",
    },
    {
        "title": "Rejected but Useful",
        "author": "Grace Hopper",
        "status": "Reject",
        "track": "main",
        "site": "https://openreview.net/forum?id=Sk8J83oee",
        "id": "Sk8J83oee",
        "abstract": "Compilers for neural networks schedule kernels; we study schedules on small devices.",
    },
    {
        "title": "Withdrawn Work",
        "author": "Edsger Dijkstra",
        "status": "Withdraw",
        "track": "main",
        "site": "https://openreview.net/forum?id=HJxyz12abc",
        "id": "HJxyz12abc",
        "abstract": "Shortest paths in dynamic graphs are maintained with a new priority queue.",
    },
    {"title": "A Poster Without Its Abstract", "author": "Nobody", "status": "Poster", "track": "main", "abstract": ""},
    {"title": "No Abstract", "author": "", "status": "Poster", "track": "main", "abstract": "TBD"},  # (nothing)
]


def test_a_paperlists_file_is_detected_from_its_content():
    text = json.dumps(RECORDS)
    assert detect_format("whatever.json", text) == "paperlists"
    assert read_input("iclr2017.json", text.encode()).format == "paperlists"


@pytest.mark.parametrize(
    "name, expected",
    [
        ("nips2018.json", ("NeurIPS", 2018)),
        ("iclr2018.json", ("ICLR", 2018)),
        ("colm2024.json", ("COLM", 2024)),
        ("corl2023.json", ("CoRL", 2023)),
        ("/data/paperlists/cvpr/cvpr2019.json", ("CVPR", 2019)),
        ("emnlp2023.sample.json", ("EMNLP", 2023)),
        ("foo2021.json", ("FOO", 2021)),
        ("papers.json", (None, None)),
    ],
)
def test_venue_and_year_come_from_the_file_name(name, expected):
    assert venue_and_year(name) == expected


@pytest.mark.parametrize(
    "status, expected",
    [
        ("Oral", ("accepted", "oral")),
        ("Spotlight", ("accepted", "spotlight")),
        ("Poster", ("accepted", "poster")),
        ("Reject", ("rejected", None)),
        ("Withdraw", ("withdrawn", None)),
        ("Desk Reject", ("rejected", None)),
        ("Findings", ("accepted", "findings")),
        ("Long", ("accepted", "long")),
        ("Accept (Spotlight)", ("accepted", "spotlight")),
        ("Accept: notable-top-5%", ("accepted", "oral")),
        ("Accept: Spotlight-Poster", ("accepted", "spotlight")),
        ("Workshop", (None, "workshop")),
        ("Active", (None, None)),
    ],
)
def test_status_words_give_decision_and_presentation(status, expected):
    assert decision_of(status) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        ("https://openreview.net/forum?id=B1-Hhnslg", "B1-Hhnslg"),
        ("https://openreview.net/pdf?id=abcDEF0xyz", "abcDEF0xyz"),
        ("openreview.net/forum?id=Sk8J83oee&noteId=Sk8J83oee", "Sk8J83oee"),
        ("B1-Hhnslg", "B1-Hhnslg"),
        ("2022.acl-long.91", None),
        ("https://aclanthology.org/2022.acl-long.91/", None),
    ],
)
def test_openreview_ids_are_bare(value, expected):
    assert openreview_id(value) == expected


def test_arxiv_ids_lose_their_version_and_url():
    assert arxiv_id("https://arxiv.org/abs/2401.01234v2") == "2401.01234"
    assert arxiv_id("arXiv:2401.01234v3") == "2401.01234"
    assert arxiv_id("not an id") is None


def test_a_paperlists_load_keeps_venue_year_decisions_and_openreview_ids(write, db_file):
    path = write("iclr2017.json", json.dumps(RECORDS, indent=1))
    summary = load(db_file, [str(path)])
    # a record with a title and no abstract is a paper; a placeholder title and abstract (`No
    # Abstract`, `TBD`) say nothing: that record is skipped
    assert (summary.papers_added, summary.without_abstract, summary.records_skipped) == (4, 1, 1)
    papers = rows(db_file, "SELECT venue, year, title, decision, presentation, track, url FROM papers ORDER BY title")
    assert papers == [
        ("ICLR", 2017, "A Poster Without Its Abstract", "accepted", "poster", "main", None),
        (
            "ICLR",
            2017,
            "Prototype Alignment for Few-Shot Transfer",
            "accepted",
            "oral",
            "main",
            "https://openreview.net/forum?id=B1-Hhnslg",
        ),
        ("ICLR", 2017, "Rejected but Useful", "rejected", None, "main", "https://openreview.net/forum?id=Sk8J83oee"),
        ("ICLR", 2017, "Withdrawn Work", "withdrawn", None, "main", "https://openreview.net/forum?id=HJxyz12abc"),
    ]
    assert rows(db_file, "SELECT value FROM paper_ids WHERE scheme = 'openreview' ORDER BY value") == [
        ("B1-Hhnslg",),
        ("HJxyz12abc",),
        ("Sk8J83oee",),
    ]
    assert rows(db_file, "SELECT name FROM paper_authors ORDER BY name") == [
        ("Ada Lovelace",),
        ("Alan Turing",),
        ("Edsger Dijkstra",),
        ("Grace Hopper",),
        ("Nobody",),
    ]
    assert rows(db_file, "SELECT DISTINCT status FROM paper_sources ORDER BY 1") == [
        ("Oral",),
        ("Poster",),
        ("Reject",),
        ("Withdraw",),
    ]


def test_venue_and_year_options_win_over_the_file_name(write, db_file):
    path = write("iclr2017.json", json.dumps(RECORDS[:1]))
    load(db_file, [str(path)], venue="ICLR Workshop", year=2018)
    assert rows(db_file, "SELECT venue, year FROM papers") == [("ICLR Workshop", 2018)]


def test_a_file_without_venue_or_year_asks_for_them(write, db_file):
    path = write("export.json", json.dumps(RECORDS[:1]))
    with pytest.raises(InputError, match="give --venue and --year"):
        load(db_file, [str(path)])


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"title": "x"}', "not a paperlists export"),
        ('[{"title": "x", "status": "Oral"', "malformed JSON"),
    ],
)
def test_unreadable_paperlists_files_get_one_line(write, content, message):
    path = write("iclr2017.json", content)
    with pytest.raises(InputError, match=message):
        read_input(str(path), path.read_bytes(), format="paperlists")


def test_a_record_that_is_not_an_object_is_skipped_and_counted(write):
    path = write("iclr2017.json", '[{"title": "x", "status": "Oral"}, 3, "y"]')
    parsed = read_input(str(path), path.read_bytes(), format="paperlists")
    assert [e.title for e in parsed.entries] == ["x"] and parsed.tally.skipped == 2


def test_paperlists_and_the_listing_and_bibtex_of_the_same_papers_merge_in_any_order(write, tmp_path):
    abstracts = seed_abstracts(2)
    records = [
        {"title": f"Paper {i}", "author": "A One;B Two", "status": "Spotlight", "track": "main", "abstract": a}
        for i, a in enumerate(abstracts)
    ]
    files = [
        write("icml2024.json", json.dumps(records)),
        write("a.txt", listing_text(*abstracts)),
        write("b.bib", bibtex(abstracts[1:])),
    ]
    query = "SELECT id, venue, year, title, decision, presentation, abstract FROM papers ORDER BY id"
    dumps = []
    for n, order in enumerate([files, files[::-1], [files[1], files[0], files[2]]]):
        db = str(tmp_path / f"{n}.db")
        for path in order:
            load(db, [str(path)])
        dumps.append(rows(db, query))
    assert dumps[0] == dumps[1] == dumps[2] and len(dumps[0]) == 2
    assert {row[4:6] for row in dumps[0]} == {("accepted", "spotlight")}
    # the BibTeX title wins over the paperlists one; the listing's text over both
    assert dumps[0][[r[6] for r in dumps[0]].index(abstracts[1])][3] == "InferCept 0: Efficient Support"


def test_author_keywords_sit_beside_the_extracted_ones_and_never_enter_their_ranking(write, db_file):
    record = dict(RECORDS[0], keywords="Few-Shot Learning; few-shot classifiers;few-shot learning")
    path = write("iclr2017.json", json.dumps([record]))
    load(db_file, [str(path)])
    authors = rows(db_file, "SELECT keyword, score, rank FROM paper_keywords WHERE kind = 'author' ORDER BY rank")
    assert authors == [("Few-Shot Learning", 0.0, 1), ("few-shot classifiers", 0.0, 2)]  # each once, as written
    assert rows(db_file, "SELECT author_keywords FROM papers") == [('["Few-Shot Learning", "few-shot classifiers"]',)]
    # `few-shot classifiers` is extracted too: one keyword, two rows (the extracted one keeps its rank)
    both = rows(
        db_file,
        "SELECT k.normalised, pk.kind FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id"
        " WHERE k.normalised = 'few shot classifier' ORDER BY pk.kind",
    )
    assert both == [("few shot classifier", "author"), ("few shot classifier", "phrase")]
    extracted = rows(db_file, "SELECT rank FROM paper_keywords WHERE kind != 'author' ORDER BY rank")
    assert [r for (r,) in extracted] == list(range(1, len(extracted) + 1))
    assert rows(db_file, "SELECT count(*) FROM keyword_pairs WHERE keyword_a = 'Few-Shot Learning'") == [(0,)]


def test_author_keywords_keep_apart_from_a_name_in_capitals_and_merge_across_spellings(write, db_file):
    """reader5 items 11 and 6: CoRL's authors' `Robots` is not the AISTATS optimiser ROBOT, and
    `Bayesian optimisation` chosen by one paper is the `bayesian optimization` of another."""
    named = dict(
        RECORDS[1],
        id="Rb0T1",
        site="https://openreview.net/forum?id=Rb0T1",
        title="Rank-Ordered Bayesian Optimization",
        abstract="We introduce ROBOT, a rank-ordered Bayesian optimization method. ROBOT finds diverse optima.",
    )
    chose = [
        dict(RECORDS[0], id=f"Rk{n}", site=f"https://openreview.net/forum?id=Rk{n}", title=title, keywords=keywords)
        for n, (title, keywords) in enumerate(
            [("Cross-domain Manipulation", "Robots; Bayesian optimisation"), ("Tuning Gaits", "bayesian optimization")]
        )
    ]
    load(db_file, [str(write("corl2024.json", json.dumps([named, *chose])))])
    by_key = dict(rows(db_file, "SELECT normalised, label FROM keywords WHERE normalised IN ('ROBOT', 'robot')"))
    assert by_key == {"ROBOT": "ROBOT", "robot": "Robots"}
    spelled = rows(
        db_file,
        "SELECT k.normalised, count(*) FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id"
        " WHERE pk.kind = 'author' AND k.normalised LIKE 'bayesian optimi_ation' GROUP BY k.id",
    )
    assert spelled == [("bayesian optimization", 2)]


def test_author_keywords_that_arrive_later_are_stored_without_a_text_change(write, db_file):
    abstract = RECORDS[0]["abstract"]
    load(db_file, [str(write("a.txt", listing_text(abstract)))])
    table = write("extra.csv", f'abstract,venue,year,keywords\n"{abstract}",ICML,2024,"transfer; prototypes"\n')
    summary = load(db_file, [str(table)])
    assert summary.papers_updated == 0 and summary.keywords is not None
    assert rows(db_file, "SELECT keyword FROM paper_keywords WHERE kind = 'author' ORDER BY rank") == [
        ("transfer",),
        ("prototypes",),
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("https://github.com/laura-wang/video repres mas", "https://github.com/laura-wang/video_repres_mas"),
        ("https://github.com/XMed-Lab/EPL SemiDG", "https://github.com/XMed-Lab/EPL_SemiDG"),
        ("https://github.com/ebianchi/dair_pll", "https://github.com/ebianchi/dair_pll"),
        ("https://github.com/a/b (implementation: https://github.com/a/c)", None),
    ],
)
def test_a_spaced_github_repository_name_gets_its_underscores_back(text, expected):
    from etl.extract.links import source_link_text

    assert source_link_text(text) == (expected or text)


def test_links_a_source_gives_are_official_marked_and_make_code_released(write, db_file):
    records = [
        dict(RECORDS[0], github="https://github.com/someone/ProtoAlign", project="https://protoalign.github.io/"),
        dict(RECORDS[1], github="https://github.com/a/b (implementation: https://github.com/a/c)"),
        RECORDS[2],
    ]
    path = write("corl2023.json", json.dumps(records))
    load(db_file, [str(path)])
    links = rows(
        db_file,
        "SELECT p.title, l.url, l.kind, l.is_official, l.source_id IS NOT NULL, l.offset"
        " FROM paper_links l JOIN papers p ON p.id = l.paper_id ORDER BY p.title, l.offset DESC",
    )
    assert links == [
        ("Prototype Alignment for Few-Shot Transfer", "https://github.com/someone/ProtoAlign", "repo", 1, 1, -1),
        ("Prototype Alignment for Few-Shot Transfer", "https://protoalign.github.io", "pages", 1, 1, -2),
        ("Rejected but Useful", "https://github.com/a/b", "repo", 1, 1, -1),
        ("Rejected but Useful", "https://github.com/a/c", "repo", 1, 1, -2),
    ]
    assert rows(db_file, "SELECT title, code_status FROM papers ORDER BY title") == [
        ("Prototype Alignment for Few-Shot Transfer", "released"),
        ("Rejected but Useful", "released"),
        ("Withdrawn Work", "none"),
    ]
    assert rows(db_file, "SELECT url FROM repos ORDER BY url")[0] == ("https://github.com/a/b",)


@pytest.mark.parametrize(
    "link, pages, expected",
    [
        # the PDF's footer read into the address (ACL 2022, NAACL 2022 and 2024)
        ("github.com/xinsu626/SourceFreeDomainAdaptation8352", "8352--8367", "github.com/xinsu626/SourceFreeDomainAdaptation"),
        ("https://github.com/zomux/lanmt607", "607--617", "https://github.com/zomux/lanmt"),
        ("https://github.com/babylonhealth/primock575739", "5739--5754", "https://github.com/babylonhealth/primock57"),
        ("https://github.com/pln-fing-udelar/guarani-grammar-NAACL20246385", "6385--6397", "https://github.com/pln-fing-udelar/guarani-grammar-NAACL2024"),
        ("https://github.com/PaddlePaddle/Research/tree/master/NLP/ACL2022-DuClarifyDial1024", "1024--1035", "https://github.com/PaddlePaddle/Research/tree/master/NLP/ACL2022-DuClarifyDial"),
        ("https://personads.me/x/acl-2022-code.7711", "7711--7728", "https://personads.me/x/acl-2022-code"),
        ("https://early-access-program.debater.res.ibm.com/8782", "8782--8797", "https://early-access-program.debater.res.ibm.com/"),
        # a name's own digits: another page, one digit, or none given
        ("https://github.com/haryoa/COPAL-ID1404", "8352--8367", None),
        ("https://github.com/mubasharaak/PubHealthTab1", "1--16", None),
        ("https://github.com/ultralytics/yolov5", "5--9", None),
        ("https://github.com/google-research/bert2022", "22--30", None),
        ("https://github.com/zomux/lanmt607", "", None),
    ],
)  # fmt: skip
def test_a_page_number_glued_to_a_link_is_dropped(link, pages, expected):
    from etl.sources.paperlists import without_glued_page

    bibtex = (
        f'@inproceedings{{x,\n    title = "T",\n    pages = "{pages}",\n}}' if pages else "@inproceedings{x, title={T}}"
    )
    assert without_glued_page(link, bibtex) == (expected or link)


def test_a_records_link_loads_without_its_glued_page_and_the_record_counts_as_repaired(write, db_file):
    bibtex = '@inproceedings{su-etal-2022-comparison,\n    pages = "8352--8367",\n}'
    glued = dict(RECORDS[0], github="github.com/xinsu626/SourceFreeDomainAdaptation8352", bibtex=bibtex)
    path = write("acl2022.json", json.dumps([glued, RECORDS[1]]))
    parsed = read_input(str(path), path.read_bytes())
    assert parsed.entries[0].links == ("github.com/xinsu626/SourceFreeDomainAdaptation",)
    assert parsed.tally.repaired == 1
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT url FROM paper_links") == [("https://github.com/xinsu626/SourceFreeDomainAdaptation",)]


def test_revision_0059_has_the_sources_with_a_glued_page_read_again(tmp_path, monkeypatch):
    """A database loaded before 0059 links the repository with the page glued on; upgrading marks
    the file (not a file of links without one) and the next load links it as a cold load does."""
    from tests.helpers import loaded_old_and_cold, marked_after_upgrade

    bibtex = '@inproceedings{su-etal-2022-comparison,\n    pages = "8352--8367",\n}'
    folder = tmp_path / "d"
    folder.mkdir()
    glued = dict(RECORDS[0], github="github.com/xinsu626/SourceFreeDomainAdaptation8352", bibtex=bibtex)
    (folder / "acl2022.json").write_text(json.dumps([glued]), encoding="utf-8")
    other = dict(RECORDS[1], github="https://github.com/zomux/lanmt607", bibtex=bibtex)  # (another page)
    (folder / "naacl2022.json").write_text(json.dumps([other]), encoding="utf-8")
    old_rules = {"etl.sources.paperlists.without_glued_page": lambda link, bibtex: link}
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    links = "SELECT url FROM paper_links ORDER BY url"
    assert ("https://github.com/xinsu626/SourceFreeDomainAdaptation8352",) in rows(db, links)
    assert marked_after_upgrade(db, "0058", "0059") == [(str(folder / "acl2022.json"),)]
    load(db, [str(folder)])
    assert rows(db, links) == rows(cold, links)
    assert ("https://github.com/xinsu626/SourceFreeDomainAdaptation",) in rows(db, links)


def test_source_links_follow_their_source_and_survive_a_text_change(write, db_file):
    plain = "We study schedules on small devices and cite https://github.com/other/tool for baselines."
    record = dict(RECORDS[0], abstract=plain.replace("small", "<em>small</em>"), github="https://github.com/me/sched")
    path = write("corl2023.json", json.dumps([record]))
    load(db_file, [str(path)])
    query = "SELECT url, source_id IS NOT NULL FROM paper_links ORDER BY url"
    assert rows(db_file, query) == [("https://github.com/me/sched", 1), ("https://github.com/other/tool", 0)]
    # the listing's text of the same paper takes over: the abstract's links are redone, the source's stay
    summary = load(db_file, [str(write("a.txt", listing_text(plain)))])
    assert summary.papers_updated == 1
    assert rows(db_file, query) == [("https://github.com/me/sched", 1), ("https://github.com/other/tool", 0)]
    assert rows(db_file, "SELECT code_status FROM papers") == [("released",)]
    # the source no longer gives the link: it goes, and the code status is the abstract's again
    path.write_text(json.dumps([dict(record, github="")]))
    load(db_file, [str(path)])
    assert rows(db_file, query) == [("https://github.com/other/tool", 0)]
    assert rows(db_file, "SELECT code_status FROM papers") == [("none",)]


def test_affiliations_line_up_with_the_authors_that_have_one():
    """`aff_unique_index` skips authors without an affiliation; `0+1` is two institutions."""
    from etl.sources.affiliations import affiliations

    item = {
        "aff": "MIT, USA;;Google + MIT",
        "aff_unique_norm": "Massachusetts Institute of Technology;Google",
        "aff_unique_index": "0;1+0",
        "aff_country_unique": "United States",
        "aff_country_unique_index": "0;0+0",
    }
    assert affiliations(item, 3) == (
        (("Massachusetts Institute of Technology", "United States"),),
        (),
        (("Google", "United States"), ("Massachusetts Institute of Technology", "United States")),
    )
    assert affiliations({"aff": "Oxford;Cambridge"}, 2) == ((("Oxford", None),), (("Cambridge", None),))
    assert affiliations({"aff": "Oxford;Cambridge"}, 3) == ()  # not aligned: nothing rather than wrong
    assert affiliations({"aff": ";;"}, 3) == ()


@pytest.mark.parametrize(
    "name, key",
    [
        ("The University of Texas at Austin", "university of texas at austin"),
        ("Korea Advanced Institute of Science & Technology", "korea advanced institute of science and technology"),
        ("Université Paris-Saclay", "universite paris saclay"),
    ],
)
def test_institutions_merge_by_a_normalised_name(name, key):
    from etl.text.cleaning import institution_key

    assert institution_key(name) == key


def test_a_paperlists_load_gives_institutions_affiliations_and_keeps_the_other_fields(write, tmp_path):
    from tests.exports import paperlists_json

    abstracts = seed_abstracts(3)
    files = [write("iclr2024.json", paperlists_json(abstracts)), write("a.txt", listing_text(*abstracts))]
    dumps = []
    for n, order in enumerate([files, files[::-1]]):
        db = str(tmp_path / f"{n}.db")
        for path in order:
            load(db, [str(path)])
        dumps.append(
            (
                rows(db, "SELECT name, normalised, country, papers FROM institutions"),
                rows(
                    db,
                    "SELECT pa.paper_id, pa.name, i.name FROM paper_affiliations a JOIN paper_authors pa"
                    " ON pa.paper_id = a.paper_id AND pa.position = a.position"
                    " JOIN institutions i ON i.id = a.institution_id ORDER BY 1, 2",
                ),
            )
        )
        extra = rows(db, "SELECT extra FROM paper_sources WHERE extra IS NOT NULL LIMIT 1")[0][0]
        assert json.loads(unpack_extra(extra)) == {"rating": "6;8;8"}
    assert dumps[0] == dumps[1]
    institutions, affiliated = dumps[0]
    assert institutions == [
        ("University of Cambridge", "cambridge university", "United Kingdom", 3)
    ]  # (its filing key)
    assert {name for _, name, _ in affiliated} == {"Ada Lovelace"}  # Alan Turing gives none


def test_unknown_status_words_are_counted_and_kept_raw(write, db_file):
    records = [dict(RECORDS[0], status="Active"), dict(RECORDS[1], status="Poster")]
    summary = load(db_file, [str(write("iclr2025.json", json.dumps(records)))])
    assert summary.unknown_status == 1
    assert "1 records with a status word paperdb does not know" in summary.line()
    assert rows(
        db_file, "SELECT ps.status, p.decision FROM papers p JOIN paper_sources ps ON ps.paper_id = p.id ORDER BY 1"
    ) == [
        ("Active", None),
        ("Poster", "accepted"),
    ]


def test_author_keywords_count_each_paper_once_and_leave_extracted_kinds_and_labels(write, db_file):
    abstracts = [
        "Large language models (LLMs) follow instructions. We tune large language models on code.",
        "We evaluate large language models on arithmetic and find large language models brittle.",
    ]
    records = [
        dict(RECORDS[0], abstract=a, keywords="Large Language Models; Arithmetic Reasoning", id=f"abcdef{i}", site="")
        for i, a in enumerate(abstracts)
    ]
    load(db_file, [str(write("iclr2017.json", json.dumps(records)))])
    ((label, kind, papers),) = rows(
        db_file, "SELECT label, kind, papers FROM keywords WHERE normalised = 'large language model'"
    )
    assert (label, papers) == ("large language models", 2) and kind != "author"  # the extracted form, each paper once
    assert rows(db_file, "SELECT kind, papers FROM keywords WHERE normalised = 'arithmetic reasoning'") == [
        ("author", 2)
    ]


def test_the_load_command_offers_every_reader_as_a_format(runner, write, db_file):
    from etl.cli import cli as main
    from etl.sources import READERS

    option = next(p for p in main.commands["load"].params if p.name == "input_format")
    assert set(option.type.choices) == set(READERS)
    path = write("export.json", json.dumps(RECORDS[:1]))
    result = runner.invoke(
        main, ["load", str(path), "--db", db_file, "--format", "paperlists", "--venue", "ICLR", "--year", "2017"]
    )
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "change, field, kept",
    [
        ({"author": 5}, "authors", ()),
        ({"author": [1, {"x": 2}]}, "authors", ()),
        ({"status": 3}, "status", None),
        ({"keywords": 7}, "keywords", ()),
        ({"track": {}}, "track", None),
        ({"status": True}, "status", None),
        ({"github": ["https://github.com/a/b"]}, "links", ()),
        ({"title": "t" * 2_001}, "title", None),
        ({"keywords": ["k"] * 10_001}, "keywords", ()),
        ({"extra_field": "x" * 1_000_001}, "extra", None),
        ({"rating_avg": "high"}, "review", None),
    ],
)
def test_a_field_of_the_wrong_type_or_size_is_left_out_and_the_record_counted_as_repaired(write, change, field, kept):
    """A record's content never stops a load: the field is left out, the record kept and counted."""
    path = write("iclr2017.json", json.dumps([dict(RECORDS[0], **change), RECORDS[1]]))
    parsed = read_input(str(path), path.read_bytes())
    assert len(parsed.entries) == 2 and parsed.tally.repaired == 1 and parsed.tally.skipped == 0
    assert getattr(parsed.entries[0], field) == kept
    assert parsed.entries[0].abstract == RECORDS[0]["abstract"]


@pytest.mark.parametrize(
    "content, message",
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('[{"title": "x", "status": "Oral", "n": ' + "9" * 5000 + "}]", "unreadable JSON"),
    ],
)
def test_json_that_python_cannot_hold_is_one_line(write, content, message):
    path = write("iclr2017.json", content)
    with pytest.raises(InputError, match=message):
        read_input(str(path), path.read_bytes(), format="paperlists")


def test_a_lone_surrogate_or_a_nul_in_a_record_is_repaired_and_counted(write):
    path = write("iclr2017.json", '[{"title": "x\\ud800y", "status": "Oral", "abstract": "We study a\\u0000b."}]')
    parsed = read_input(str(path), path.read_bytes(), format="paperlists")
    assert [(e.title, e.abstract) for e in parsed.entries] == [("x?y", "We study ab.")]
    assert parsed.tally.repaired == 1


def test_nan_in_other_fields_reads_as_null_and_the_json_kept_stays_valid(write, db_file):
    text = json.dumps([dict(RECORDS[0], rating=1.5, reviewers="A;B")]).replace("1.5", "NaN")
    load(db_file, [str(write("iclr2017.json", text))])
    (extra,) = [unpack_extra(extra) for (extra,) in rows(db_file, "SELECT extra FROM paper_sources")]
    assert (json.loads(extra), extra) == ({"reviewers": "A;B"}, '{"reviewers": "A;B"}')


def test_code_status_follows_a_source_link_the_abstract_only_cites(write, db_file):
    abstract = "We compare against the baseline of https://github.com/other/tool on small devices."
    record = dict(RECORDS[0], abstract=abstract, github="https://github.com/other/tool")
    path = write("corl2023.json", json.dumps([record]))
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT code_status FROM papers") == [("released",)]  # the source says it is the paper's
    path.write_text(json.dumps([dict(record, github="")]))
    load(db_file, [str(path)])
    assert rows(db_file, "SELECT code_status FROM papers") == [("none",)]  # as a fresh load of it gives


def test_a_shorter_country_index_of_one_country_still_gives_the_countries():
    """Real CoRL 2023 shape: the institution without a country is left out of the country index."""
    from etl.sources.affiliations import affiliations

    item = {
        "aff": "NVIDIA;University of Michigan;Department of Computer Science",
        "aff_unique_norm": "NVIDIA;University of Michigan;Unknown Institution",
        "aff_unique_index": "0;1;2",
        "aff_country_unique": "United States;",
        "aff_country_unique_index": "0;0",
    }
    assert affiliations(item, 3) == ((("NVIDIA", "United States"),), (("University of Michigan", "United States"),), ())
    mixed = dict(item, aff_country_unique="United States;Canada", aff_country_unique_index="0;1")
    assert affiliations(mixed, 3) == ((("NVIDIA", None),), (("University of Michigan", None),), ())


def _google(country: str, n: int) -> dict:
    return dict(
        RECORDS[0],
        abstract=f"Paper {n} on scheduling kernels across devices with learned cost models.",
        id=f"google{n}x",
        site=f"https://openreview.net/forum?id=google{n}x",
        author="A B",
        aff="Google",
        aff_unique_norm="Google",
        aff_unique_index="0",
        aff_country_unique=country,
        aff_country_unique_index="0",
    )


def test_an_institutions_name_and_country_are_what_most_papers_say_in_any_load_order(write, tmp_path):
    us = [_google("United States", n) for n in range(3)]
    uk = [_google("United Kingdom", 3)]
    one = write("one/iclr2017.json", json.dumps(uk + us))
    first, second = write("a/iclr2017.json", json.dumps(uk)), write("b/iclr2017.json", json.dumps(us))
    results = []
    for n, runs in enumerate([[[one]], [[first], [second]], [[second], [first]], [[first, second]]]):
        db = str(tmp_path / f"{n}.db")
        for paths in runs:
            load(db, [str(p) for p in paths])
        results.append(rows(db, "SELECT name, country, papers FROM institutions"))
    assert results == [[("Google", "United States", 4)]] * 4
    # the sources change their minds: the institution follows
    second.write_text(json.dumps([_google("United Kingdom", n) for n in range(3)]))
    db = str(tmp_path / "1.db")
    load(db, [str(first), str(second)])
    assert rows(db, "SELECT country FROM institutions") == [("United Kingdom",)]


def test_exports_loaded_before_the_new_fields_are_read_again_after_the_upgrade(write, db_file):
    """A database built before revision 0009 holds exports without decisions: once migrated,
    the next load reads them again instead of calling them unchanged."""
    from alembic import command

    from etl.store.engine import alembic_config, make_engine

    path = write("iclr2017.json", json.dumps(RECORDS))
    load(db_file, [str(path)])
    engine = make_engine(db_file)
    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "0012")
    with sqlite3.connect(db_file) as con:  # as an older reader left it
        con.execute("UPDATE paper_sources SET status = NULL")
        con.execute("UPDATE papers SET decision = NULL, presentation = NULL")
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "head")
    engine.dispose()
    summary = load(db_file, [str(path)])
    assert summary.files_loaded == 1 and summary.files_unchanged == 0
    assert rows(db_file, "SELECT count(decision) FROM papers") == [(4,)]
    assert load(db_file, [str(path)]).files_unchanged == 1  # once


def test_export_carries_decisions_author_keywords_source_links_and_affiliations(write, db_file, tmp_path):
    from etl.report.export import export

    records = [
        dict(
            RECORDS[0],
            github="https://github.com/someone/ProtoAlign",
            aff_unique_norm="University of Cambridge",
            aff_unique_index="0;0",
            aff_country_unique="United Kingdom",
            aff_country_unique_index="0;0",
        )
    ]
    load(db_file, [str(write("iclr2017.json", json.dumps(records)))])
    counts = export(db_file, str(tmp_path / "out"), "jsonl")
    assert counts["institutions"] == 1 and counts["affiliations"] == 2
    paper = json.loads((tmp_path / "out" / "papers.jsonl").read_text(encoding="utf-8"))
    assert (paper["decision"], paper["presentation"], paper["author_keywords"]) == (
        "accepted",
        "oral",
        ["few-shot learning", "prototypes"],
    )
    link = json.loads((tmp_path / "out" / "links.jsonl").read_text(encoding="utf-8").splitlines()[0])
    assert link["from_source"] == 1 and link["is_official"] == 1


def readme_sql_blocks() -> list[str]:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sql\n(.*?)```", text, flags=re.S)


def test_the_readmes_openreview_and_institution_recipes_return_rows_on_a_paperlists_load(write, db_file, tmp_path):
    from tests.exports import paperlists_json

    load(db_file, [str(write("iclr2024.json", paperlists_json(seed_abstracts(4))))])
    other = sqlite3.connect(tmp_path / "other.db")
    other.execute("CREATE TABLE openreview_notes (forum TEXT, decision TEXT)")
    other.executemany("INSERT INTO openreview_notes VALUES (?, ?)", [(f"forum{i}abc", "Accept") for i in range(4)])
    other.commit()
    other.close()
    con = sqlite3.connect(db_file)
    con.execute("ATTACH ? AS other", (str(tmp_path / "other.db"),))
    blocks = readme_sql_blocks()
    openreview = next(b for b in blocks if "openreview_notes" in b)
    institution = next(b for b in blocks if "paper_affiliations" in b)
    assert len(con.execute(openreview).fetchall()) == 4
    assert con.execute(institution).fetchall() == [("University of Cambridge", "United Kingdom", 1)]  # the one oral


@pytest.mark.parametrize(
    "index, countries, expected",
    [
        ("0;1", "0;0", ((("Oxford", "UK"),), (("MIT", "UK"),))),
        ("²;1", "0;0", ((), (("MIT", "UK"),))),  # str.isdigit is True for `²`; int() fails
        ("0;¹", "²;0", ((("Oxford", None),), ())),
        ("-1;1", "0;0", ((), (("MIT", "UK"),))),
        ("1.0;1", "0;0", ((), (("MIT", "UK"),))),
        ("٣;1", "0;0", ((), (("MIT", "UK"),))),  # an Arabic-Indic digit: no index here
        ("99999999999999999999;1", "0;0", ((), (("MIT", "UK"),))),
        ("0+x+1;", "0+0+0;", ((("Oxford", "UK"), ("MIT", "UK")), ())),
        ("x;y", "z;w", ()),
    ],
)
def test_odd_index_values_are_skipped_not_tracebacks(index, countries, expected):
    from etl.sources.affiliations import affiliations

    item = {
        "aff": "Oxford;MIT",
        "aff_unique_norm": "Oxford;MIT",
        "aff_unique_index": index,
        "aff_country_unique": "UK",
        "aff_country_unique_index": countries,
    }
    assert affiliations(item, 2) == expected


def test_a_record_with_odd_indexes_loads(write, db_file):
    record = {
        "title": "Odd",
        "author": "A One;B Two",
        "abstract": "We study odd index values in affiliation fields and skip what is no index.",
        "status": "Poster",
        "aff": "Oxford;MIT",
        "aff_unique_norm": "Oxford;MIT",
        "aff_unique_index": "²;1",
        "aff_country_unique": "UK",
        "aff_country_unique_index": "0;0",
    }
    summary = load(db_file, [str(write("icml2024.json", json.dumps([record])))])
    assert summary.papers_added == 1
    assert rows(db_file, "SELECT name FROM institutions") == [("MIT",)]


# Abstracts as OpenReview gives them (COLM 2024: 70 of 299 hold LaTeX escapes, TeX dashes or
# footnotes; the catalogue's PDF-extracted ones a soft hyphen as `(cid:173)`), with the word a
# search must find in the cleaned text.
WRITTEN = [
    ("Only 44.96\\% of instances can be answered by the strongest model we test.", "44.96% of instances", "instances"),
    (
        "Stream of Search (SoS) teaches search---backtracking included---to a language model.",
        "search—backtracking",
        "backtracking",
    ),
    (
        "We release weights~\\footnote{\\url{https://example.org/w}} for every model size.",
        "weights (https://example.org/w)",
        "weights",
    ),
    (
        "Sparse rep(cid:173)resentations of graphs make message passing cheap on large meshes.",
        "representations",
        "representations",
    ),
]


@pytest.mark.parametrize(("written", "cleaned", "word"), WRITTEN)
def test_papers_abstract_is_as_written_and_search_ranks_by_the_cleaned_text(write, db_file, written, cleaned, word):
    # (papers.abstract as the contract says, so it joins other data verbatim; the tools that score
    # keywords and search match papers by it)
    from etl.text.cleaning import clean_abstract
    from etl.text.identity import abstract_sha256

    record = {"title": "A Paper", "author": "Ada Lovelace", "status": "Poster", "track": "main", "abstract": written}
    load(db_file, [str(write("colm2024.json", json.dumps([record])))])
    stored = rows(db_file, "SELECT abstract, abstract_clean, abstract_sha256 FROM papers")
    assert stored == [(written, clean_abstract(written), abstract_sha256(written))]
    assert cleaned in stored[0][1] and stored[0][1] != written
    assert rows(db_file, "SELECT abstract FROM paper_sources") == [(None,)]  # (the paper's own text)
    # the search query's words index reads the cleaned text; the search box's, papers_fts, the text as written
    assert rows(
        db_file, "SELECT count(*) FROM papers_fts_words WHERE papers_fts_words MATCH ?", [f"abstract_clean: {word}"]
    ) == [(1,)]
    opening = written.split()[0]
    assert rows(db_file, "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH ?", [f"abstract: {opening}"]) == [(1,)]


# -- DOIs as sources give them: bare, after `doi:`, or inside an address ------------------------------

ECCV2022 = json.loads((Path(__file__).parent / "fixtures" / "eccv2022.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "written, doi",
    [
        ("10.1609/aaai.v36i3.20226", "10.1609/aaai.v36i3.20226"),  # (AAAI: bare)
        ("https://doi.org/10.1145/3528223.3530127", "10.1145/3528223.3530127"),  # (SIGGRAPH)
        ("https://link.springer.com/chapter/10.1007/978-3-031-20083-0_1", "10.1007/978-3-031-20083-0_1"),  # (ECCV 2022)
        ("https://link.springer.com/content/pdf/10.1007/978-3-031-20083-0_1.pdf", "10.1007/978-3-031-20083-0_1"),
        ("http://dx.doi.org/10.1007%2F978-3-031-20083-0_1", "10.1007/978-3-031-20083-0_1"),
        ("https://dl.acm.org/doi/abs/10.1145/3580305.3599256?casa_token=x#sec", "10.1145/3580305.3599256"),
        ("doi:10.1609/AAAI.V36I4.20316", "10.1609/AAAI.V36I4.20316"),
        ("DOI: 10.18653/v1/2021.acl-long.24", "10.18653/v1/2021.acl-long.24"),
        ("10.1/a_b%7Bc%7D", "10.1/a_b%7Bc%7D"),  # (a bare DOI stays as written)
        ("https://ieeexplore.ieee.org/document/9341234", None),
        ("N/A", None),
        ("https://example.org/110.1/x", None),
    ],
)
def test_a_doi_is_stored_bare_and_a_value_holding_none_is_no_doi(written, doi):
    assert doi_of(written) == doi


@pytest.mark.parametrize(
    "name, content",
    [
        ("eccv2022.json", lambda doi: json.dumps([dict(ECCV2022[0], doi=doi)])),
        (
            "a.bib",
            lambda doi: (
                f"@inproceedings{{k, title={{Few-Shot Video Object Detection}}, booktitle={{ECCV}}, year={{2022}}, doi={{{doi}}}}}"
            ),
        ),
        ("a.csv", lambda doi: f"title,venue,year,doi\nFew-Shot Video Object Detection,ECCV,2022,{doi}\n"),
        (
            "a.jsonl",
            lambda doi: json.dumps(
                {"title": "Few-Shot Video Object Detection", "venue": "ECCV", "year": 2022, "ids": {"doi": doi}}
            ),
        ),
    ],
)
def test_every_reader_stores_a_doi_bare_and_counts_a_doi_holding_none_as_a_repair(write, name, content):
    for written, doi, repaired in [(ECCV2022[0]["doi"], "10.1007/978-3-031-19842-7_38", 0), ("n/a", None, 1)]:
        path = write(name, content(written))
        parsed = read_input(str(path), path.read_bytes())
        (entry,) = parsed.entries
        assert dict(entry.ids).get("doi") == doi and parsed.tally.repaired == repaired


def test_a_csv_quoted_source_loads_its_titles_and_abstracts_unquoted_and_its_dois_bare(write, db_file):
    """ECCV 2022 as the catalogue has it: every abstract and each title with a comma in a CSV writer's
    quotes, DOIs as Springer addresses. Stored: the titles and cleaned abstracts without those
    quotes (as written beside them), the DOIs bare, found by the forms `/-/paper/` takes."""
    load(db_file, [str(write("eccv2022.json", json.dumps(ECCV2022)))])
    dois = rows(db_file, "SELECT value FROM paper_ids WHERE scheme = 'doi' ORDER BY value")
    assert dois == sorted((r["doi"].removeprefix("https://link.springer.com/chapter/"),) for r in ECCV2022)
    assert id_forms(ECCV2022[0]["doi"])[-1] == "10.1007/978-3-031-19842-7_38"
    papers = rows(db_file, "SELECT title, title_raw, coalesce(abstract_clean, abstract), abstract FROM papers")
    assert sorted(title for title, *_ in papers) == [
        "BodySLAM: Joint Camera Localisation, Mapping, and Human Motion Tracking",
        "Few-Shot Video Object Detection",
        "Sound Localization by Self-Supervised Time Delay Estimation",
        "\u201cThis Is My Unicorn, Fluffy\u201d: Personalizing Frozen Vision-Language Representations",
    ]
    assert sum(raw.startswith('"') for _, raw, _, _ in papers) == 2  # (as written, beside)
    assert sum(written.startswith('"') for *_, written in papers) == 3
    assert not any(clean.startswith('"') for _, _, clean, _ in papers)
    assert any('Many "in the wild" sequences' in clean for _, _, clean, _ in papers)


# -- PMLR keys (reader2 item 11): the entry's key, else out of a PMLR address ---------------------------------
_AISTATS = {
    "title": "A Fast Algorithm for Separated Sparsity via Perturbed Lagrangians",
    "author": "Aleksander Madry;Slobodan Mitrovic;Ludwig Schmidt",
    "abstract": "Sparsity-based methods are widely used in machine learning, statistics, and signal processing.",
    "status": "Poster",
}


@pytest.mark.parametrize(
    "fields, key",
    [
        (  # AISTATS 2018: PMLR's entry, page and PDF
            {
                "bibtex": "@InProceedings{pmlr-v84-madry18a,\n  title = \t {A Fast Algorithm},\n}",
                "site": "https://proceedings.mlr.press/v84/madry18a.html",
                "pdf": "http://proceedings.mlr.press/v84/madry18a/madry18a.pdf",
            },
            "pmlr-v84-madry18a",
        ),
        ({"site": "https://proceedings.mlr.press/v13/kaelin10a.html"}, "pmlr-v13-kaelin10a"),  # (ACML 2010: no entry)
        (  # ICML 2017: the page is ICML's, PMLR's is `oa`
            {
                "site": "https://icml.cc/virtual/2017/poster/707",
                "oa": "https://proceedings.mlr.press/v70/silver17a.html",
            },
            "pmlr-v70-silver17a",
        ),
        (  # AISTATS 2020: the PDF under another name; the entry's key is the paper's
            {
                "bibtex": "@InProceedings{pmlr-v108-peng20a,\n title = {X}}",
                "site": "https://proceedings.mlr.press/v108/peng20a.html",
                "pdf": "http://proceedings.mlr.press/v108/qin20a/qin20a.pdf",
            },
            "pmlr-v108-peng20a",
        ),
        ({"pdf": "http://proceedings.mlr.press/v80/ye18c/ye18c.pdf"}, "pmlr-v80-ye18c"),
        ({"bibtex": "@inproceedings{li2025a,\n title={X}}", "site": "https://openreview.net/forum?id=B1-Hhnslg"}, None),
        ({"site": "https://example.org/v13/kaelin10a.html"}, None),
    ],
)
def test_a_pmlr_key_comes_from_the_entry_else_from_a_pmlr_address(write, fields, key):
    path = write("aistats2018.json", json.dumps([dict(_AISTATS, **fields)]))
    (entry,) = read_input(str(path), path.read_bytes()).entries
    assert dict(entry.ids).get("pmlr") == key


@pytest.mark.parametrize(
    "written, key",
    [
        ("pmlr-v13-kaelin10a", "pmlr-v13-kaelin10a"),  # (as PMLR BibTeX's entry keys, and paper_ids, write it)
        ("v13/kaelin10a", "pmlr-v13-kaelin10a"),  # (as PMLR's addresses write it)
        ("https://proceedings.mlr.press/v13/kaelin10a.html", "pmlr-v13-kaelin10a"),
        (  # (COLT 2021: a key with hyphens)
            "http://proceedings.mlr.press/v134/open-problem-agarwal21b/open-problem-agarwal21b.pdf",
            "pmlr-v134-open-problem-agarwal21b",
        ),
        ("https://proceedings.mlr.press/r5/cowans05a.html", "pmlr-vR5-cowans05a"),  # (AISTATS 2005, reissued)
        ("pmlr-vR5-cowans05a", "pmlr-vR5-cowans05a"),
        ("kaelin10a", None),
        ("10.1007/978-3-031-19830-4_37", None),
    ],
)
def test_a_pmlr_key_is_found_by_its_key_its_volume_and_key_or_its_address(written, key):
    assert pmlr_key(written) == key
    assert (key in id_forms(written)) if key else not any(f.startswith("pmlr-") for f in id_forms(written))


# -- ECCV 2022's DOIs cut by a space (reader2 item 3) ---------------------------------------------------------


@pytest.mark.parametrize(
    "written, joined",
    [
        (
            "https://link.springer.com/chapter/10.1007/978-3-031-19830-4 _37",
            "https://link.springer.com/chapter/10.1007/978-3-031-19830-4_37",
        ),
        ("10.1007/978-3-031-19836-6  _9", "10.1007/978-3-031-19836-6_9"),
        ("https://link.springer.com/chapter/10.1007/978-3-031-19842-7_38", None),  # (whole)
        ("10.1145/3528223.3530127", None),
        ("see 10.1000/x _a", None),  # (only a chapter's number after the space)
    ],
)
def test_a_doi_cut_by_a_space_before_its_chapter_is_joined(written, joined):
    assert doi_rejoined(written) == joined


def test_an_eccv_doi_cut_by_a_space_is_the_chapters_and_counts_as_a_repair(write):
    cut = [
        dict(ECCV2022[i], doi=f"https://link.springer.com/chapter/10.1007/978-3-031-19830-4 _{n}")
        for i, n in ((0, 37), (1, 27))
    ]
    path = write("eccv2022.json", json.dumps(cut + ECCV2022[2:]))
    parsed = read_input(str(path), path.read_bytes())
    dois = [dict(entry.ids)["doi"] for entry in parsed.entries]
    assert dois[:2] == ["10.1007/978-3-031-19830-4_37", "10.1007/978-3-031-19830-4_27"]
    assert len(set(dois)) == len(dois) == len(ECCV2022) and parsed.tally.repaired == 2


def test_a_doi_two_papers_share_is_no_papers_doi_in_a_reading_list(write, db_file):
    """The volume's DOI given for two of its chapters (ECCV 2022 as read before the repair): neither
    paper's citation carries it; a chapter's own DOI stays."""
    from etl.report.reading_lists import export_reading_list

    volume = "https://link.springer.com/chapter/10.1007/978-3-031-19830-4"
    records = [dict(ECCV2022[0], doi=volume), dict(ECCV2022[1], doi=volume), ECCV2022[2]]
    load(db_file, [str(write("eccv2022.json", json.dumps(records)))])
    assert rows(db_file, "SELECT count(*) FROM paper_ids WHERE value = '10.1007/978-3-031-19830-4'") == [(2,)]
    out = write("list.ris", "")
    export_reading_list(db_file, "ris", str(out), overwrite=True)
    text = out.read_text(encoding="utf-8")
    assert "DO  - 10.1007/978-3-031-19830-4\n" not in text
    assert f"DO  - {ECCV2022[2]['doi'].removeprefix('https://link.springer.com/chapter/')}\n" in text


ACML_BIBTEX = (
    "@InProceedings{pmlr-v157-pavan-ravishankar21a,\n  title = \t {A Causal Approach for Unfair Edge Prioritization},\n"
    "  author =       {Pavan Ravishankar, Pranshu Malviya, Balaraman Ravindran},\n  year = \t {2021}\n}\n"
)


@pytest.mark.parametrize(
    ("authors", "bibtex", "read"),
    [
        # acml2021.json (reader6 item 8): one run-on name, its BibTeX's three
        (
            ("Balaraman Ravindran Pavan Ravishankar Pranshu Malviya",),
            ACML_BIBTEX,
            ("Pavan Ravishankar", "Pranshu Malviya", "Balaraman Ravindran"),
        ),
        # a long name, and a BibTeX naming other people or the same one: as written
        (("Robert R. de Ruyter van Steveninck",), ACML_BIBTEX, None),
        (("Taesung Park Alexei A. Efros Richard Zhang Jun-Yan Zhu",), ACML_BIBTEX, None),
        (("Taesung Park Alexei A. Efros Richard Zhang Jun-Yan Zhu",), "", None),  # (eccv2020.json: no separator)
        (("Pavan Ravishankar", "Pranshu Malviya Balaraman Ravindran"), ACML_BIBTEX, None),
    ],
)
def test_one_run_on_author_name_is_read_as_the_records_bibtex_lists_it(authors, bibtex, read):
    from etl.sources.paperlists import bibtex_names

    assert bibtex_names(authors, bibtex) == (authors if read is None else read)
