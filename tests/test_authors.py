"""Author fields as people: one rule to split a field, one to show a name and merge it."""

from __future__ import annotations

import asyncio
import json
from urllib.parse import quote

import pytest

from etl.extract.bibliography import Record, resolve
from etl.load import load
from etl.sources import read_input
from etl.text.authors import (
    clean_name,
    first_copy,
    institution_name,
    name_key,
    people,
    split_authors,
    without_repeated_tail,
)
from etl.text.diacritics import compose_diacritics
from tests.helpers import rows
from tests.people import AUTHOR_TWICE, catalogue_files


@pytest.mark.parametrize(
    "field, names",
    [
        ("Alice Smith, Bob Jones and Carol White", ("Alice Smith", "Bob Jones", "Carol White")),
        ("Alice Smith, Bob Jones, and Carol White", ("Alice Smith", "Bob Jones", "Carol White")),
        ("Alice Smith & Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Takehisa Nishida & Kazuo Muto", ("Takehisa Nishida", "Kazuo Muto")),  # iclr2017.json
        ("Smith, Alice and Jones, Bob", ("Smith, Alice", "Jones, Bob")),  # BibTeX
        ("Tseng, Albert and Chee, Jerry", ("Tseng, Albert", "Chee, Jerry")),
        ("Smith, Alice", ("Smith, Alice",)),
        ("Munos, Rémi", ("Munos, Rémi",)),
        ("De Sa, Christopher", ("De Sa, Christopher",)),
        ("van der Berg, Jan Willem", ("van der Berg, Jan Willem",)),
        ("Rodriguez, S.", ("Rodriguez, S.",)),  # icra2006.json
        ("Smith, J. R. and Doe, A.", ("Smith, J. R.", "Doe, A.")),
        ("Cox, Jr., Louis and Doe, Jane", ("Cox, Jr., Louis", "Doe, Jane")),
        ("Louis Anthony Cox Jr", ("Louis Anthony Cox Jr",)),
        ("Louis Cox, Jr., Jane Doe", ("Louis Cox, Jr.", "Jane Doe")),
        ("Hal Daume III; John W. Fisher III", ("Hal Daume III", "John W. Fisher III")),
        ("Smith, A., Jones, B., Lee, C. D.", ("Smith, A.", "Jones, B.", "Lee, C. D.")),  # APA
        ("Ada Lovelace; Alan Turing", ("Ada Lovelace", "Alan Turing")),
        ("Ada Lovelace | Alan Turing", ("Ada Lovelace", "Alan Turing")),
        ("Guillaume Alain;Yoshua Bengio", ("Guillaume Alain", "Yoshua Bengio")),  # paperlists
        # iccv2015.json: a paperlists field that lists its authors with commas
        ("Benjamin Ummenhofer, Thomas Brox", ("Benjamin Ummenhofer", "Thomas Brox")),
        ("Calvin Murdock, Fernando De la Torre", ("Calvin Murdock", "Fernando De la Torre")),
        ("Maximilian L. Ach,", ("Maximilian L. Ach",)),
        ("Ramesh Nallapati;Bowen Zhou and Mingbo Ma", ("Ramesh Nallapati", "Bowen Zhou", "Mingbo Ma")),
        ("E. Klavins; S. Burden and N. Napp", ("E. Klavins", "S. Burden", "N. Napp")),
        ("and Joan Gimeno; Pascal Fua", ("Joan Gimeno", "Pascal Fua")),
        ("Albert Tseng and {Barnes and Noble}", ("Albert Tseng", "{Barnes and Noble}")),
        ("Google DeepMind", ("Google DeepMind",)),
        ("Google, Inc. and Jane Doe", ("Google, Inc.", "Jane Doe")),
        ("Smith, Alice and others", ("Smith, Alice",)),
        # separators are never names: repeated, dangling, or a list that goes on (`et al.`)
        ("Alice Smith and and Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith & & Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith and and and Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Smith, Alice and and Jones, Bob", ("Smith, Alice", "Jones, Bob")),
        ("and Alice Smith and", ("Alice Smith",)),
        ("Alice Smith;and;&;Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith, Bob Jones, et al.", ("Alice Smith", "Bob Jones")),
        ("Alice Smith and Bob Jones et al.", ("Alice Smith", "Bob Jones")),
        ("A. Smith et.al.; et al", ("A. Smith",)),
        # (review41) a joiner a comma or a list item leaves at a name's end is no part of it
        ("Alice Smith,and Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith, and, Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith and, and Bob Jones", ("Alice Smith", "Bob Jones")),
        ("Alice Smith,&Bob Jones", ("Alice Smith", "Bob Jones")),
        (["Alice Smith", "and Bob Jones"], ("Alice Smith", "Bob Jones")),
        (["and", "Bob Jones", "&"], ("Bob Jones",)),
        ("Alice Smith & others", ("Alice Smith",)),
        ("Anand Rao and Bob Andrews", ("Anand Rao", "Bob Andrews")),  # `and` inside a name is a name
        ("Sandra Andersen", ("Sandra Andersen",)),  # (and with nothing else: the quick path)
        ("Ahmed Etal", ("Ahmed Etal",)),
        # one name with nothing that separates names (the quick path) ends as the whole rule ends it
        ("Bob Jones et al.", ("Bob Jones",)),
        ("Bob Jones Et Al", ("Bob Jones",)),
        ("Bob Jones etc.", ("Bob Jones",)),
        ("Bob Jones AND OTHERS", ("Bob Jones",)),
        ("Pascal Vincent", ("Pascal Vincent",)),
        ("Jamal", ("Jamal",)),
        ("张三，李四、王五", ("张三", "李四", "王五")),
        ("张三, 李四", ("张三", "李四")),  # a comma between CJK names lists them
        ("Mausam", ("Mausam",)),
        ("Heinrich B&uumllthoff", ("Heinrich B&uumllthoff",)),  # `&` inside a word
        ("N/A", ()),
        ("", ()),
        (None, ()),
        ("  Alice   Smith ;  ; Bob\tJones ", ("Alice Smith", "Bob Jones")),
        (["Munos, Rémi", "Alice Smith", " "], ("Munos, Rémi", "Alice Smith")),  # a list: one name an item
    ],
)
def test_split_authors(field, names):
    assert split_authors(field) == names


@pytest.mark.parametrize(
    "raw, display, key",
    [
        ("Munos, Rémi", "Rémi Munos", "remi munos"),
        ("Rémi Munos", "Rémi Munos", "remi munos"),
        ("REMI MUNOS", "Remi Munos", "remi munos"),
        (
            "De Sa, Christopher",
            "Christopher De Sa",
            "christopher sa",
        ),  # (the key without particles: test_name_particles)
        ("Cox, Jr., Louis", "Louis Cox Jr.", "louis cox jr"),
        ("Louis Cox, Jr.", "Louis Cox Jr.", "louis cox jr"),
        ("Google, Inc.", "Google, Inc.", "google inc"),
        ('Sch{\\"o}lkopf, Bernhard', "Bernhard Schölkopf", "bernhard scholkopf"),
        ("Hal DaumÃ© III", "Hal Daumé III", "hal daume iii"),  # mojibake (nips2008.json)
        ("Jianmin Chen*", "Jianmin Chen", "jianmin chen"),
        ("Ivan Ustyuzhaninov *", "Ivan Ustyuzhaninov", "ivan ustyuzhaninov"),
        ("Sujith Ravi[2]", "Sujith Ravi", "sujith ravi"),
        ("1Zoltan-Csaba Marton", "Zoltan-Csaba Marton", "zoltan csaba marton"),
        ("Ze Liu(†)", "Ze Liu", "ze liu"),
        ("Jake Zhao (Junbo)", "Jake Zhao (Junbo)", "jake zhao"),
        ("Lucas Vining\u200f", "Lucas Vining", "lucas vining"),  # a right-to-left mark
        ("Tomá\u00adš Mikolov", "Tomáš Mikolov", "tomas mikolov"),  # a soft hyphen
        ("张三", "张三", "张三"),
        ("Smith, 张", "Smith, 张", "smith 张"),  # no family-name-first rule outside Latin scripts
        # PDF extraction's spaced-out accents (iros2013.json, icra2014.json, ...): one author with the composed name
        ("Daniel Go¨hring", "Daniel Göhring", "daniel gohring"),
        ("Narc´is Palomeras", "Narcís Palomeras", "narcis palomeras"),
        ("Franc¸ois Pomerleau", "François Pomerleau", "francois pomerleau"),
        ("Herve´ Guillou", "Hervé Guillou", "herve guillou"),
        ("Jordi Cornell`a", "Jordi Cornellà", "jordi cornella"),
        ("RAINER KU¨MMERLE", "Rainer Kümmerle", "rainer kummerle"),
        # ASCII names with a lower-case letter are shown as written (the quick path); capitals alone
        # are a name in title case; a letter without case keeps a name's capitals
        ("Fernando DE LA TORRE", "Fernando DE LA TORRE", "fernando torre"),
        ("J. SMITH", "J. Smith", "j smith"),
        ("ZHANG 张", "ZHANG 张", "zhang 张"),
    ],
)
def test_names_show_and_merge_whatever_the_source_wrote(raw, display, key):
    assert clean_name(raw) == display
    assert name_key(raw) == name_key(display) == key


def test_every_reader_splits_author_fields_the_same_way():
    abstract = "We study author fields in real catalogues and show how to split them into people."
    names = ("Alice Smith", "Bob Jones", "Carol White")
    field = "Alice Smith, Bob Jones and Carol White"
    csv = f'title,abstract,authors,venue,year\nT,{abstract},"{field}",ICML,2024\n'
    jsonl = json.dumps({"title": "T", "abstract": abstract, "authors": field, "venue": "ICML", "year": 2024})
    paperlists = json.dumps([{"title": "T", "status": "Poster", "author": field, "abstract": abstract}])
    events = json.dumps(
        [
            {
                "type": "Poster",
                "name": "T",
                "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
                "speakers/authors": field,
                "abstract": abstract,
            }
        ]
    )
    bib = f"@inproceedings{{k, title={{T}}, author={{Smith, Alice and Jones, Bob and White, Carol}}, abstract={{{abstract}}}, year={{2024}}}}"
    for name, content in [
        ("a.csv", csv),
        ("a.jsonl", jsonl),
        ("icml2024.json", paperlists),
        ("e.json", events),
        ("a.bib", bib),
    ]:
        (entry,) = read_input(name, content.encode()).entries
        assert tuple(clean_name(n) for n in entry.authors) == names, name


def test_paperlists_affiliations_follow_the_names_of_their_part():
    """`aff` lines up with the `;`-separated parts: `Bowen Zhou and Mingbo Ma` share theirs."""
    from etl.sources.paperlists import authors_and_affiliations

    item = {"author": "Ramesh Nallapati;Bowen Zhou and Mingbo Ma", "aff": "IBM Watson;IBM Research"}
    names, affiliations = authors_and_affiliations(item)
    assert names == ("Ramesh Nallapati", "Bowen Zhou", "Mingbo Ma")
    assert affiliations == ((("IBM Watson", None),), (("IBM Research", None),), (("IBM Research", None),))
    # siggraph2023.json: commas between the names, `;` between their affiliations
    item = {"author": "Bernhard Kerbl, Georgios Kopanas, George Drettakis", "aff": "Inria;MPI;Inria"}
    names, affiliations = authors_and_affiliations(item)
    assert len(names) == 3 and affiliations[1] == (("MPI", None),)


@pytest.mark.parametrize(
    "written, meant",
    [
        # after its letter: IEEE author lists (iros2013.json, icra2014.json, icra2011.json)
        ("Daniel Go¨hring", "Daniel Göhring"),
        ("Alberto Jardo´n Huete", "Alberto Jardón Huete"),
        ("Herve´ Guillou", "Hervé Guillou"),  # at the end of a word: the space after it stays
        ("Guillou, Herve´", "Guillou, Hervé"),
        ("Franc¸ois Pomerleau", "François Pomerleau"),
        # before its letter: LaTeX-typeset PDFs (affiliations), in one field with the other order
        ("Narc´is Palomeras", "Narcís Palomeras"),
        ("Jordi Cornell`a", "Jordi Cornellà"),
        ("Universit´e de Montr´eal", "Université de Montréal"),
        ("Universit¨at W¨urzburg", "Universität Würzburg"),
        ("Bo˘gazi¸ci University", "Boğaziçi University"),
        ("Sa¯nyak¯ola Foundation", "Sānyakōla Foundation"),
        ("Qu´ebec", "Québec"),  # between two letters it can go on: the one after
        # with a space extraction put beside it
        ("Universit ´e Paris-Est", "Université Paris-Est"),
        ("Technische Universit¨ at Berlin", "Technische Universität Berlin"),
        ("T ´el´ecom ParisTech", "Télécom ParisTech"),
        ("University of S ˜ao Paulo", "University of São Paulo"),
        ("Lule ˚a Tekniska Universitet", "Luleå Tekniska Universitet"),
        ("Bo˘ gazi¸ ci University, Bebek, ˙Istanbul", "Boğaziçi University, Bebek, İstanbul"),
        ("Instituto de Telecomunicac¸ ˜oes", "Instituto de Telecomunicações"),
        ("Foz do Iguac ¸u, Brazil", "Foz do Iguaçu, Brazil"),
        ("Facultad de Ingenier ´ıa", "Facultad de Ingeniería"),  # LaTeX's dotless i under the accent
        ("(LIX), ´Ecole Polytechnique", "(LIX), École Polytechnique"),  # a word's first letter: the space stays
        # no accent: a caret of an exponent, a mark no neighbour takes, text without marks
        ("CDAˆ2: Counterfactual Diffusion Augmentation", "CDAˆ2: Counterfactual Diffusion Augmentation"),
        ("Universit¸e Laval", "Universit¸e Laval"),
        ("Sookmyung Women´s University", "Sookmyung Women´s University"),
        ("Rémi Munos", "Rémi Munos"),
        ("´", "´"),
        ("¨ ¨", "¨ ¨"),
        ("", ""),
    ],
)
def test_spacing_accents_of_pdf_extraction_go_back_on_their_letter(written, meant):
    assert compose_diacritics(written) == meant
    assert compose_diacritics(meant) == meant


def test_an_institution_is_shown_with_its_accents():
    assert institution_name("T´el´ecom Paris") == institution_name("Télécom Paris") == "Télécom Paris"


# icra2015.json (a list written twice), icra2006.json (four times), iros2013.json
TWICE = ("Chih Chung Chou", "Chieh-Chih Wang", "Chih Chung Chou", "Chieh-Chih Wang")
FOUR_TIMES = ("K. Ito", "S. Toyama", "H. Gomi") * 4


@pytest.mark.parametrize(
    "names, once",
    [
        (TWICE, TWICE[:2]),
        (FOUR_TIMES, FOUR_TIMES[:3]),
        (("J.S. Albus", "J.S. Albus"), ("J.S. Albus",)),
        (("Elad Gilboa", "Yunus Saatçi", "John Cunningham", "Elad Gilboa"),) * 2,  # not a copy: as it is
        (("A", "B", "A"),) * 2,
        ((), ()),
    ],
)
def test_a_list_written_twice_is_one_list(names, once):
    assert first_copy(names) == once


@pytest.mark.parametrize(
    "names, shown",
    [
        (TWICE, ["Chih Chung Chou", "Chieh-Chih Wang"]),
        (FOUR_TIMES, ["K. Ito", "S. Toyama", "H. Gomi"]),
        # nips2016.json (VIME): Xi (Peter) Chen written twice; the first place stays
        (
            ("Rein Houthooft", "Xi Chen", "Xi Chen", "Yan Duan"),
            ["Rein Houthooft", "Xi Chen", "Yan Duan"],
        ),
        # nips2015.json: Remi Munos twice in a row, one person
        (
            ("Jean-Bastien Grill", "Michal Valko", "Remi Munos", "Remi Munos"),
            ["Jean-Bastien Grill", "Michal Valko", "Remi Munos"],
        ),
        # coling2020.json: two people named Bing Liu (Facebook; UIC): both, each at their place
        (
            ("Hu Xu", "Seungwhan Moon", "Honglei Liu", "Bing Liu", "Pararth Shah", "Bing Liu", "Philip Yu"),
            ["Hu Xu", "Seungwhan Moon", "Honglei Liu", "Bing Liu", "Pararth Shah", "Bing Liu", "Philip Yu"],
        ),
        # kdd2024.json: two people named Liang Wang; Zilei Wang, who only shares the family name, too
        (
            ("Xin Sun", "Liang Wang", "Qiang Liu", "Shu Wu", "Zilei Wang", "Liang Wang"),
            ["Xin Sun", "Liang Wang", "Qiang Liu", "Shu Wu", "Zilei Wang", "Liang Wang"],
        ),
        # icml2013.json: the source's typo (Elad Gilboa again at the end) is no list written twice: kept
        (
            ("Elad Gilboa", "Yunus Saatçi", "John Cunningham", "Elad Gilboa"),
            ["Elad Gilboa", "Yunus Saatçi", "John Cunningham", "Elad Gilboa"],
        ),
        # one person in two spellings (a name family name first, an accent spaced out)
        (("Munos, Rémi", "Rémi Munos", "Michal Valko"), ["Rémi Munos", "Michal Valko"]),
        (("Daniel Go¨hring", "Dan Klein", "Daniel Göhring", "Dan Klein"), ["Daniel Göhring", "Dan Klein"]),
        (("J. Smith", "A. Smith"), ["J. Smith", "A. Smith"]),
        # iros2008.json: the IEEE record names two of its authors again with initials (list written twice)
        (
            ("Kenji Tahara", "Suguru Arimoto", "K. Tahara", "S. Arimoto", "Morio Yoshida") * 2,
            ["Kenji Tahara", "Suguru Arimoto", "Morio Yoshida"],
        ),
        # iros2014.json: the last name is the first's, its given names as initials
        (
            ("S. Farokh Atashzar", "Abhijit Saxena", "Mahya Shahbazi", "Rajni V. Patel", "S.F. Atashzar"),
            ["S. Farokh Atashzar", "Abhijit Saxena", "Mahya Shahbazi", "Rajni V. Patel"],
        ),
        # iros2004.json and icra2006.json: initials that differ are two people; so is a name without initials
        (
            ("G.B. Chung", "S.M. Oh", "B.-J. Yi", "S.H. Oh"),
            ["G.B. Chung", "S.M. Oh", "B.-J. Yi", "S.H. Oh"],
        ),
        (("P.R. Liu", "M.Q.-H. Meng", "P.X. Liu"), ["P.R. Liu", "M.Q.-H. Meng", "P.X. Liu"]),
        (("K. Tahara", "Kenji Tahara", "Tahara"), ["Kenji Tahara", "Tahara"]),
        (("Ken Tahara", "Kenji Tahara"), ["Ken Tahara", "Kenji Tahara"]),
        (("*", "Ada Lovelace"), ["Ada Lovelace"]),  # a name that cleans to nothing is no one
    ],
)
def test_a_list_written_twice_or_a_name_written_again_at_once_is_each_person_once(names, shown):
    kept = people(names)
    assert [name for _, name, _ in kept] == shown
    assert all(clean_name(names[i]) == name for i, name, _ in kept)


# siggraph2022.json, siggraph2025.json: the program names the presenters after the authors
BRDF = ("Chuankun Zheng", "Ruzhang Zheng", "Rui Wang", "Shuang Zhao", "Hujun Bao")
HEIDE = ("Seung-Hwan Baek", "Noah Walsh", "Ilya Chugunov", "Zheng Shi", "Felix Heide")
SABOUR = ("Sara Sabour", "Lily Goli", "George Kopanas", "Andrea Tagliasacchi")


@pytest.mark.parametrize(
    "names, listed",
    [
        ((*BRDF, "Chuankun Zheng"), BRDF),
        ((*HEIDE, "Noah Walsh", "Ilya Chugunov", "Zheng Shi"), HEIDE),
        ((*SABOUR, "Sara Sabour", "Lily Goli"), SABOUR),
        (("Xin Chen", "Jingyi Yu", "Jingyi Yu", "Xin Chen"), ("Xin Chen", "Jingyi Yu")),
        (BRDF, BRDF),
        (("Ada Lovelace",), ("Ada Lovelace",)),
        ((), ()),
    ],
)
def test_the_presenters_a_program_names_after_the_authors_are_left_out(names, listed):
    assert without_repeated_tail(names) == listed


def test_siggraph_program_records_list_their_authors_once():
    """Only the program's records (`psid`: its session) are so read; another source's list keeps a
    second person of a name at its end (KDD 2024: Liang Wang, twice)."""
    record = {"title": "T", "status": "TOG Paper", "psid": "sess106", "author": ", ".join((*BRDF, "Chuankun Zheng"))}
    (entry,) = read_input("siggraph2022.json", json.dumps([record]).encode()).entries
    assert entry.authors == BRDF
    del record["psid"]
    (entry,) = read_input("siggraph2022.json", json.dumps([record]).encode()).entries
    assert entry.authors == (*BRDF, "Chuankun Zheng")


def test_every_reader_lists_a_person_once_with_the_affiliations_of_their_first_place():
    """The same rule for every format: a list written twice, in two spellings."""
    abstract = "We study author fields in real catalogues and show how to list each person once."
    field = "Daniel Go¨hring; Dan Klein; Daniel Go¨hring; Dan Klein"
    csv = f'title,abstract,authors,venue,year\nT,{abstract},"{field}",ICML,2024\n'
    jsonl = json.dumps(
        {"title": "T", "abstract": abstract, "authors": field.split("; "), "venue": "ICML", "year": 2024}
    )
    paperlists = json.dumps(
        [{"title": "T", "status": "Poster", "author": field, "aff": "ICSI; UC Berkeley", "abstract": abstract}]
    )
    events = [{"type": "Poster", "name": "T", "virtualsite_url": "https://icml.cc/virtual/2024/poster/1"}]
    events[0] |= {"speakers/authors": field.replace(";", ","), "abstract": abstract}
    bib = f"@inproceedings{{k, title={{T}}, author={{Go¨hring, Daniel and Klein, Dan and Go¨hring, Daniel and Klein, Dan}}, abstract={{{abstract}}}, year={{2024}}}}"
    for name, content in [
        ("a.csv", csv),
        ("a.jsonl", jsonl),
        ("icml2024.json", paperlists),
        ("e.json", json.dumps(events)),
        ("a.bib", bib),
    ]:
        parsed = read_input(name, content.encode())
        (entry,) = parsed.entries
        record = Record(
            1, parsed.format, name, 1, entry.title, entry.authors, (), None, affiliations=entry.affiliations
        )
        resolved = resolve([record])
        assert [shown for shown, _, _ in resolved.authors] == ["Daniel Göhring", "Dan Klein"], name
        if name == "icml2024.json":  # (`aff` lists the authors once)
            assert [(a[0], a[2]) for a in resolved.affiliations] == [(1, "ICSI"), (2, "UC Berkeley")]


@pytest.fixture(scope="module")
def catalogue_db(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("catalogue")
    db_file = str(directory / "papers.db")
    load(db_file, catalogue_files(directory))
    return db_file


def authors_of(db_file: str, title: str) -> list[tuple]:
    """(position, name, institutions) of a paper's authors."""
    return rows(
        db_file,
        "SELECT pa.position, pa.name, group_concat(i.name, '; ') FROM papers p JOIN paper_authors pa ON pa.paper_id = p.id"
        " LEFT JOIN paper_affiliations f ON f.paper_id = p.id AND f.position = pa.position"
        " LEFT JOIN institutions i ON i.id = f.institution_id WHERE p.title = ? GROUP BY pa.position ORDER BY pa.position",
        (title,),
    )


def test_catalogue_papers_list_each_author_once_with_their_affiliations(catalogue_db):
    db_file = catalogue_db
    assert rows(db_file, AUTHOR_TWICE) == [(0,)]
    grounding = authors_of(db_file, "Grounding spatial relations for human-robot interaction")
    assert len(grounding) == 8 and grounding[3] == (4, "Daniel Göhring", "International Computer Science Institute")
    assert authors_of(db_file, "2-point RANSAC for scene image matching under large viewpoint changes") == [
        (1, "Chih Chung Chou", "National Taiwan University"),
        (2, "Chieh-Chih Wang", "National Taiwan University"),
    ]
    vime = authors_of(db_file, "VIME: Variational Information Maximizing Exploration")
    assert [name for _, name, _ in vime] == [
        "Rein Houthooft",
        "Xi Chen",
        "Yan Duan",
        "John Schulman",
        "Filip De Turck",
        "Pieter Abbeel",
    ]
    assert rows(db_file, "SELECT authors FROM papers WHERE title LIKE 'VIME%'")[0][0].count("Xi Chen") == 1
    # `aff_unique_norm` as icml2014.json writes it: the institution with its accents (filed as
    # `University of Montreal` is: `etl.text.institution_variants`)
    assert ("Université de Montréal", "montreal university", 1) in rows(  # (its filing key: inst21)
        db_file, "SELECT name, normalised, papers FROM institutions"
    )
    assert rows(db_file, "SELECT count(*) FROM institutions WHERE name GLOB '*[´¨`¸]*'") == [(0,)]
    # the record stays as written
    written = rows(db_file, "SELECT authors FROM paper_sources WHERE authors LIKE '%Go¨hring%'")
    assert json.loads(written[0][0]).count("Daniel Go¨hring") == 2


def test_author_pages_show_a_person_once_with_each_co_author_once(catalogue_db):
    from etl.serve.app import make_datasette

    db_file = catalogue_db
    ds = make_datasette(db_file)
    for spelling in ("Daniel Göhring", "Daniel Go¨hring", "daniel gohring"):
        url = f"/papers/author_papers.json?author={quote(spelling)}&_shape=array"
        (found,) = asyncio.run(ds.client.get(url)).json()
        coauthors = json.loads(found["coauthors"])
        assert coauthors.count("Dan Klein") == 1 and len(coauthors) == 7
    author = rows(db_file, "SELECT id FROM authors WHERE name = 'Narcís Palomeras'")[0][0]
    facet = asyncio.run(ds.client.get(f"/papers/paper_authors.json?_facet=author_id&author_id={author}")).json()
    assert facet["facet_results"]["author_id"]["results"][0]["count"] == 1
