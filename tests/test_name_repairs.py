"""Author names that are no person's name as written (institutions, suffixes listed alone, code
points written out, e-mail addresses) and `+`-joined affiliations, modelled on catalogue records."""

from __future__ import annotations

import json

import pytest

from etl.extract.bibliography import Record, resolve
from etl.sources import read_input
from etl.sources.paperlists import authors_and_affiliations
from etl.text.authors import clean_name, name_key, people, split_authors
from etl.text.name_repairs import is_institution, repair_name, split_institutions


@pytest.mark.parametrize(
    "field, names",
    [
        # kdd2023.json: an affiliation read as the name (the scraper cut `Name (Agency ... (A*STAR))`)
        ("Agency for Science Technology and Research", ("Agency for Science Technology and Research",)),
        ("The Hong Kong University of Science and Technology", ("The Hong Kong University of Science and Technology",)),
        # siggraph2014.json: names and institutions in one comma-separated list
        (
            "Jing Liao, Rodolfo S. Lima, Diego Nehab, Instituto Nacional de Matemática Pura e Aplicada, Microsoft"
            " Research, Hong Kong University of Science and Technology, Zhejiang University",
            (
                "Jing Liao",
                "Rodolfo S. Lima",
                "Diego Nehab",
                "Instituto Nacional de Matemática Pura e Aplicada",
                "Microsoft Research",
                "Hong Kong University of Science and Technology",
                "Zhejiang University",
            ),
        ),
        # `and` between people still splits; braces a source wrote stay
        ("Alice Smith and Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Smith, Alice and Jones, Bob", ("Smith, Alice", "Jones, Bob")),
        ("Albert Tseng and {Barnes and Noble}", ("Albert Tseng", "{Barnes and Noble}")),
        ("Alice Smith and {Allen Institute and Friends}", ("Alice Smith", "{Allen Institute and Friends}")),
    ],
)
def test_an_institution_in_an_author_field_is_not_split_at_and(field, names):
    assert split_authors(field) == names


@pytest.mark.parametrize(
    "name, institution",
    [
        ("Agency for Science Technology and Research", True),
        ("NVIDIA Research", True),
        ("University of Bath", True),
        ("Washington University in St. Louis", True),
        ("Massachusetts Institute of Technology (MIT)", True),
        ("Barcelona Supercomputing Center", True),
        ("Institute of Computing Xiaoming Sun", True),  # nips2017.json: the person's name is not certain
        # surnames that are words institutions use, found among the catalogue's authors
        ("Olivier Company", False),
        ("George Council", False),
        ("Jennifer Wortman Vaughan", False),
        ("Laboratoire", False),
        ("Google, Inc.", False),  # (a company may sign a paper)
        ("Mohamed bin Zayed", False),
    ],
)
def test_an_institution_is_told_from_a_person(name, institution):
    assert is_institution(name) is institution


@pytest.mark.parametrize(
    "raw, repaired",
    [
        ("Linh KU+000E4stner", "Linh Kästner"),  # icra2022.json
        ("Linh KU+00E4stner", "Linh Kästner"),
        ("Jürgen U+00DCber", "Jürgen Über"),  # (lower-case letters after the code point are the name's)
        ("Cé1ine Teulière", "Céline Teulière"),  # iros: a `1` read for an `l`
        ("Thomas Auzinger@ist.ac.at", "Thomas Auzinger"),  # siggraphasia2019.json
        ("urtasun}@uber.com", ""),  # eccv2020.json: an address alone is no name
        ("V.srinivasan@samsung.com V.srinivasan@samsung.com", ""),  # naacl2022.json
        ("Jpliu@wtu.edu.cn Jpliu@wtu.edu.cn", ""),
        # what is left alone: a `U+` without a code point, digits that are not between letters
        ("U+ Smith", "U+ Smith"),
        ("Agent 007", "Agent 007"),
        ("Rémi Munos", "Rémi Munos"),
    ],
)
def test_broken_names_are_repaired_where_certain(raw, repaired):
    assert repair_name(raw) == repaired


@pytest.mark.parametrize(
    "raw, display, key",
    [
        # glyphs a PDF or a font put for a letter (reader5 item 12), each as a catalogue record writes it
        ("Jaromı́r Plhák", "Jaromír Plhák", "jaromir plhak"),  # a dotless i under an accent
        ("Stéphane Gaı̈ffas", "Stéphane Gaïffas", "stephane gaiffas"),
        ("Thorbjϕrn Mosekjær Iversen", "Thorbjørn Mosekjær Iversen", "thorbjorn mosekjaer iversen"),
        ("Thorbj⊘rn Mosekjær Iversen", "Thorbjørn Mosekjær Iversen", "thorbjorn mosekjaer iversen"),
        ("Thorbjorn Mosekjaer Iversen", "Thorbjorn Mosekjaer Iversen", "thorbjorn mosekjaer iversen"),
        ("Micha\U00020142 Kursa", "Michał Kursa", "michal kursa"),
        ("Nicol‘o Cesa-Bianchi", "Nicolò Cesa-Bianchi", "nicolo cesa bianchi"),
        ("Uluc̣ Saranlı", "Uluç Saranlı", "uluc saranli"),  # and the dotless i folds as accents do
        ("Uluc Saranli", "Uluc Saranli", "uluc saranli"),
        ('Dagmar Kainm"uller', "Dagmar Kainmüller", "dagmar kainmuller"),  # BibTeX's \\"u without its backslash
        ("Bo–Chen Tung", "Bo-Chen Tung", "bo chen tung"),
        ("Jean‐Daniel Boissonnat", "Jean-Daniel Boissonnat", "jean daniel boissonnat"),
        ("Søren Hauberg", "Søren Hauberg", "soren hauberg"),
        ("Łukasz Kaiser", "Łukasz Kaiser", "lukasz kaiser"),
        # footnote marks: superscripts, with or without a space, and a digit glued to the name
        ("Bingbing Ni⁴", "Bingbing Ni", "bingbing ni"),
        ("Xianbin Cao ²", "Xianbin Cao", "xianbin cao"),
        ("Rüdiger Dillmann¹", "Rüdiger Dillmann", "rudiger dillmann"),
        ("Ömer Morgül1", "Ömer Morgül", "omer morgul"),
        # left as written: quotes and dashes that are the name's, no letter a glyph stands for with certainty
        ('William "Red" Whittaker', 'William "Red" Whittaker', "william red whittaker"),
        ("Akwiratékha’ Martin", "Akwiratékha’ Martin", "akwiratekha martin"),
        ("Hawai‘i Lee", "Hawai‘i Lee", "hawai i lee"),
        ("Erik Sj̦lund", "Erik Sj̦lund", "erik sjlund"),
        ("Agent 007", "Agent 007", "agent 007"),
    ],
)
def test_glyphs_and_footnote_marks_in_names_are_repaired_where_certain(raw, display, key):
    assert clean_name(raw) == display
    assert name_key(raw) == key


def test_a_bullet_points_sentence_is_no_author():
    """siggraph2011.json put a paper's blurb before its authors."""
    field = (
        "• A novel spatio-temporal anti-aliasing algorithm with essentially noise-free results. Visibility is solved"
        " for along line samples in screen space and in time., Carl Johan Gribel, Rasmus Barringer, Tomas Akenine-Möller"
    )
    assert split_authors(field) == ("Carl Johan Gribel", "Rasmus Barringer", "Tomas Akenine-Möller")


@pytest.mark.parametrize(
    "names, shown",
    [
        # nips2014.json, nips1987.json, iccv2017.json: a suffix listed as an author of its own
        (
            ("Stephen J. Green", "Guy L. Steele", "Jr"),
            ["Stephen J. Green", "Guy L. Steele Jr"],
        ),
        (("J.L. WYATT", "Jr", "D.L. STANDLEY"), ["J.L. Wyatt Jr", "D.L. Standley"]),
        (("Nathan H. Brown", "Jr."), ["Nathan H. Brown Jr."]),
        (("James Supancic", "III", "Deva Ramanan"), ["James Supancic III", "Deva Ramanan"]),
        # a suffix with no name just before it is no one; the list written twice stays once
        (("Jr", "Ada Lovelace"), ["Ada Lovelace"]),
        (
            ("Guy L. Steele", "Jr", "Ada Lovelace", "Guy L. Steele", "Jr", "Ada Lovelace"),
            ["Guy L. Steele Jr", "Ada Lovelace"],
        ),
        # kdd2023.json: institutions where the names should be are no one
        (
            ("The Hong Kong University of Science and Technology", "Chang-Dong Wang", "Hui Xiong", "Jian-Huang Lai"),
            ["Chang-Dong Wang", "Hui Xiong", "Jian-Huang Lai"],
        ),
        (("Agency for Science Technology and Research",) * 6, []),
        # eccv2020.json, naacl2022.json, icra2022.json: addresses and written-out code points
        (("Raquel Urtasun {namdar", "urtasun}@uber.com"), ["Raquel Urtasun namdar"]),
        (("Yu Wang", "V.srinivasan@samsung.com V.srinivasan@samsung.com", "Hongxia Jin"), ["Yu Wang", "Hongxia Jin"]),
        (("Linh KU+000E4stner", "Johannes Cox", "Linh Kästner", "Johannes Cox"), ["Linh Kästner", "Johannes Cox"]),
    ],
)
def test_people_join_suffixes_and_leave_out_institutions(names, shown):
    assert [name for _, name, _ in people(names)] == shown


def test_a_suffix_keeps_the_place_and_affiliations_of_its_name():
    """nips2014.json lists `Guy L. Steele; Jr`: one author, at Steele's place, with Steele's institution."""
    item = {
        "author": "Adam Pocock; Stephen J. Green; Guy L. Steele; Jr",
        "aff": "Oracle Labs; Oracle Labs; Oracle Labs; ",
        "title": "Augur: Data-Parallel Probabilistic Modeling",
    }
    names, affiliations = authors_and_affiliations(item)
    record = Record(1, "paperlists", "nips2014.json", 1, item["title"], names, (), None, affiliations=affiliations)
    resolved = resolve([record])
    assert [(shown, raw) for shown, _, raw in resolved.authors] == [
        ("Adam Pocock", "Adam Pocock"),
        ("Stephen J. Green", "Stephen J. Green"),
        ("Guy L. Steele Jr", "Guy L. Steele"),
    ]
    assert [(a[0], a[2]) for a in resolved.affiliations] == [(1, "Oracle Labs"), (2, "Oracle Labs"), (3, "Oracle Labs")]


@pytest.mark.parametrize(
    "text, institutions",
    [
        ("University of Cambridge+University of Cambridge", ("University of Cambridge",)),  # 3dv2025.json
        ("Google+Korea University+TU Berlin", ("Google", "Korea University", "TU Berlin")),  # ai4x2025.json
        ("1+2", ()),  # wacv2022.json: marks of a legend the record does not have
        ("1+2+3+4+5", ()),
        ("†", ()),
        (", University of Utah", ("University of Utah",)),  # corl2025.json
        ("Inria", ("Inria",)),
        ("", ()),
    ],
)
def test_plus_joins_institutions_and_marks_are_none(text, institutions):
    assert split_institutions(text) == institutions


def test_paperlists_affiliations_without_unique_names_are_split_at_plus():
    # wacv2022.json (METGAN), cut to four authors: `aff` gives legend marks only
    item = {
        "author": "Izabela Horvath; Johannes Paetzold; Oliver Schoppe; Bjoern Menze",
        "aff": "1+2; 1+2; 2+3; 4",
        "aff_unique_norm": "",
        "aff_unique_index": ";;;",
    }
    assert authors_and_affiliations(item)[1] == ()
    # 3dv2025.json (αSurf): `aff_unique_index` lists every author, so the `aff` text is read
    item = {
        "author": "Tianhao Walter Wu;hanxue liang;Fangcheng Zhong;Gernot Riegler",
        "aff": "University of Cambridge;University of Cambridge;University of Cambridge+University of Cambridge;",
        "aff_unique_norm": "University of Cambridge;",
        "aff_unique_index": "0;0;0+0;1",
    }
    cambridge = (("University of Cambridge", None),)
    assert authors_and_affiliations(item)[1] == (cambridge, cambridge, cambridge, ())


def test_a_kdd_record_with_institutions_for_names_loads_its_people():
    """kdd2023.json (HomoGCL): the first author's name is lost; the others stay, in order."""
    record = {
        "id": "site_6af6637eda",
        "title": "HomoGCL: Rethinking Homophily in Graph Contrastive Learning",
        "author": "The Hong Kong University of Science and Technology; Chang-Dong Wang; Hui Xiong; Jian-Huang Lai",
        "affs": "Guangzhou); Sun Yat-sen University; The Hong Kong University of Science and Technology (Guangzhou;"
        " Sun Yat-sen University",
        "status": "",
        "track": "main",
        "abstract": "Contrastive learning on graphs has been studied widely. We rethink homophily in it.",
    }
    parsed = read_input("kdd2023.json", json.dumps([record]).encode())
    (entry,) = parsed.entries
    assert len(entry.authors) == 4  # (the record as written)
    resolved = resolve([Record(1, parsed.format, "kdd2023.json", 1, entry.title, entry.authors, (), None)])
    assert [name for name, _, _ in resolved.authors] == ["Chang-Dong Wang", "Hui Xiong", "Jian-Huang Lai"]
    assert clean_name("Linh KU+000E4stner") == "Linh Kästner"
