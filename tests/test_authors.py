"""Author fields as people: one rule to split a field, one to show a name and merge it."""

from __future__ import annotations

import json

import pytest

from etl.sources import read_input
from etl.text.authors import clean_name, name_key, split_authors


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
        ("De Sa, Christopher", "Christopher De Sa", "christopher de sa"),
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
