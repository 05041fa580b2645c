"""The ids and reading lists a librarian needs (reader3 items 4, 5, 10, 12): the DOIs of the sources'
own BibTeX, IEEE Xplore article numbers, pages and the like in RIS and CSL-JSON, one spelling per
track. Records are excerpts of the paperlists catalogue (tests/fixtures/librarian_ids.json: IJCAI
2020, 2021 and 2023, ACL 2022, RSS 2005 and 2019, ICRA 2020), as written."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from etl.extract.tracks import respelled, track_key
from etl.load import load
from etl.serve.app import make_datasette
from etl.sources import read_input
from etl.text.bibtex_entries import parse_entry
from etl.text.citations import Citation, csl_item, published, ris
from etl.text.paper_ids import bibtex_doi, ieee_article_number, neurips_address, neurips_key, pmlr_address, pmlr_key
from tests.helpers import rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "librarian_ids.json").read_text(encoding="utf-8"))


def _ids(write, name: str) -> list[dict[str, str]]:
    path = write(f"{name}.json", json.dumps(RECORDS[name]))
    return [dict(entry.ids) for entry in read_input(str(path), path.read_bytes()).entries]


@pytest.mark.parametrize(
    "name, scheme, values",
    [
        ("ijcai2023", "doi", ["10.24963/ijcai.2023/175", "10.24963/ijcai.2023/371"]),
        ("acl2022", "doi", ["10.18653/v1/2022.acl-short.96", "10.18653/v1/2022.acl-long.219"]),
        ("rss2019", "doi", ["10.15607/RSS.2019.XV.025"]),  # (`DOI = {...}`, upper case)
        ("rss2005", "doi", [None]),  # (no abstract: told by its title, as before)
        ("icra2020", "ieee_article_number", ["9196718", "9196975"]),
        ("icra2020", "doi", [None, None]),
        ("acl2022", "acl_anthology", ["2022.acl-short.96", "2022.acl-long.219"]),  # (kept)
    ],
)
def test_a_record_gives_its_bibtex_doi_and_its_ieee_article_number(write, name, scheme, values):
    assert [ids.get(scheme) for ids in _ids(write, name)] == values


@pytest.mark.parametrize(
    "bibtex, doi",
    [
        (
            "@inproceedings{x,\n  doi       = {10.24963/ijcai.2023/371},\n  url = {https://doi.org/x}}",
            "10.24963/ijcai.2023/371",
        ),
        (
            '@inproceedings{x,\n    doi = "10.18653/v1/2022.acl-long.219",\n    pages = "1--2"}',
            "10.18653/v1/2022.acl-long.219",
        ),
        ("@INPROCEEDINGS{ Song-RSS-05,\n    DOI       = {10.15607/RSS.2005.I.017} \n}", "10.15607/RSS.2005.I.017"),
        ("@inproceedings{x,\n  pdfdoi = {10.1/x},\n  title = {T}}", None),
        ("@inproceedings{x,\n  doi = {},\n}", None),
        ("@inproceedings{x,\n  doi = {N/A},\n}", None),
    ],
)
def test_the_doi_of_a_bibtex_entry_is_its_doi_field_bare(bibtex, doi):
    assert bibtex_doi(bibtex) == doi


@pytest.mark.parametrize(
    "site, number",
    [
        ("https://ieeexplore.ieee.org/document/9196718/", "9196718"),
        ("https://ieeexplore.ieee.org/document/845165/", "845165"),
        ("https://ieeexplore.ieee.org/abstract/document/9341501", "9341501"),
        ("https://www.ijcai.org/proceedings/2023/175", None),
        ("https://ieeexplore.ieee.org/xpl/conhome/1000639/all-proceedings", None),
    ],
)
def test_an_ieee_article_number_is_the_number_of_its_document_address(site, number):
    assert ieee_article_number(site) == number


@pytest.mark.parametrize(
    "key, address",
    [  # (keys of the catalogue: ICML 2016's Deep Speech 2, AISTATS 1995 in PMLR's reissued volume R0)
        ("pmlr-v48-amodei16", "https://proceedings.mlr.press/v48/amodei16.html"),
        ("pmlr-v238-shankar24a", "https://proceedings.mlr.press/v238/shankar24a.html"),
        ("pmlr-vR0-aha95a", "https://proceedings.mlr.press/r0/aha95a.html"),
        ("v48/amodei16", None),
        ("10.1609/aaai.v36i1.19922", None),
    ],
)
def test_a_pmlr_key_names_its_page_and_the_page_its_key(key, address):
    assert pmlr_address(key) == address
    if address:
        assert pmlr_key(address) == key


@pytest.mark.parametrize(
    "key, address",
    [  # (NeurIPS 2009's "Nonparametric Latent Feature Models for Link Prediction", as its record's site writes it)
        (
            "2009/437d7d1d97917cd627a34a6a0fb41136",
            "https://papers.nips.cc/paper_files/paper/2009/hash/437d7d1d97917cd627a34a6a0fb41136-Abstract.html",
        ),
        ("437d7d1d97917cd627a34a6a0fb41136", None),
    ],
)
def test_a_neurips_proceedings_key_names_its_abstract_page(key, address):
    assert neurips_address(key) == address
    if address:
        assert neurips_key(address) == key


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("librarian")
    for name, records in RECORDS.items():
        (folder / f"{name}.json").write_text(json.dumps(records), encoding="utf-8")
    db_file = str(folder / "papers.db")
    load(db_file, [str(folder)])
    return db_file


def test_the_ids_are_stored_and_a_bare_article_number_or_doi_names_its_paper(loaded):
    assert rows(loaded, "SELECT scheme, count(*) FROM paper_ids GROUP BY scheme ORDER BY scheme") == [
        ("acl_anthology", 2),
        ("doi", 12),  # (IJCAI 2 + 3 + 4, ACL 2, RSS 2019 1; not RSS 2005's, without an abstract)
        ("ieee_article_number", 2),
    ]
    ds = make_datasette(loaded)
    for wanted, title in (
        ("9196718", RECORDS["icra2020"][0]["title"]),
        ("10.24963/ijcai.2023/371", RECORDS["ijcai2023"][1]["title"]),
        ("10.18653/v1/2022.acl-long.219", RECORDS["acl2022"][1]["title"]),
    ):
        page = asyncio.run(ds.client.get(f"/-/paper/{wanted}"))
        assert page.status_code == 302, wanted
        (pk,) = rows(loaded, "SELECT pk FROM papers WHERE title = ?", (title,))[0]
        assert page.headers["location"].endswith(f"/papers/papers/{pk}")
    assert asyncio.run(ds.client.get("/-/paper/9196719")).status_code == 404


def test_tracks_take_the_spelling_most_of_a_venues_records_give(loaded):
    assert rows(loaded, "SELECT track, count(*) FROM papers WHERE venue = 'IJCAI' GROUP BY track ORDER BY track") == [
        ("Demo Track", 4),  # (2021's two, 2020's two `Demos`)
        ("Survey Track", 3),  # (2021's two, 2020's `Survey track`)
        ("main", 2),
    ]
    # (each record keeps its track as written)
    assert ("Demos",) in rows(loaded, "SELECT DISTINCT track FROM paper_sources")


@pytest.mark.parametrize(
    "track, key",
    [
        ("Demo Track", "demo"),
        ("Demos", "demo"),
        ("demo", "demo"),
        ("Survey track", "survey"),
        ("Journal Track", "journal"),
        ("Special Track on AI for Good", "special track on ai for good"),
        ("AI for Good", "ai for good"),
        ("Sister Conferences Best Papers", "sister conferences best paper"),
        ("Datasets and Benchmarks", "datasets and benchmark"),
        ("Track", "track"),
        ("Findings", "finding"),
        ("Class", "class"),
    ],
)
def test_a_tracks_spellings_differ_in_case_a_last_word_track_or_a_plural(track, key):
    assert track_key(track) == key


def test_a_venues_track_takes_its_most_common_spelling_and_other_venues_keep_theirs():
    counts = [
        ("IJCAI", "Survey Track", 124),
        ("IJCAI", "Survey track", 28),
        ("IJCAI", "Demo Track", 55),
        ("IJCAI", "Demos", 31),
        ("IJCAI", "AI for Good", 51),
        ("IJCAI", "Special Track on AI for Good", 33),
        ("COLING", "demo", 38),
        ("NAACL", "demo", 52),
        ("X", "b Track", 2),
        ("X", "B track", 2),  # (a tie: the first in sorted order)
        ("X", "stale", 0),  # (a paper's track no record gives any more)
        ("X", "Stale Track", 1),
    ]
    assert respelled(counts) == {
        ("IJCAI", "Survey track"): "Survey Track",
        ("IJCAI", "Demos"): "Demo Track",
        ("X", "b Track"): "B track",
        ("X", "stale"): "Stale Track",
    }


# -- what RIS and CSL-JSON take from the source's own entry (reader3 item 5) ----------------------------------


def _citation(name: str, i: int) -> Citation:
    record = RECORDS[name][i]
    return Citation(
        paper_id="0123456789abcdef",
        venue=name[:-4].upper(),
        year=int(name[-4:]),
        title=record["title"],
        authors=tuple(a.strip() for a in record["author"].split(";")),
        own_bibtex=record["bibtex"],
    )


@pytest.mark.parametrize(
    "name, i, lines, csl",
    [
        (
            "ijcai2023",
            0,
            [
                "A2  - Elkind, Edith",
                "DA  - 2023/08//",
                "SP  - 1578",
                "EP  - 1586",
                "PB  - International Joint Conferences on Artificial Intelligence Organization",
            ],
            {
                "page": "1578-1586",
                "issued": {"date-parts": [[2023, 8]]},
                "editor": [{"family": "Elkind", "given": "Edith"}],
            },
        ),
        (
            "acl2022",
            0,
            [
                "A2  - Muresan, Smaranda",
                "A2  - Nakov, Preslav",
                "A2  - Villavicencio, Aline",
                "DA  - 2022/05//",
                "SP  - 864",
                "EP  - 870",
                "PB  - Association for Computational Linguistics",
            ],
            {"page": "864-870", "publisher": "Association for Computational Linguistics"},
        ),
        ("rss2019", 0, ["DA  - 2019/06//"], {"issued": {"date-parts": [[2019, 6]]}}),
        ("icra2020", 0, ["DA  - 2020///"], {"issued": {"date-parts": [[2020]]}}),  # (no entry)
    ],
)
def test_ris_and_csl_json_carry_the_pages_editors_publisher_and_month_of_the_sources_entry(name, i, lines, csl):
    c = _citation(name, i)
    text = "".join(ris([c]))
    assert all(f"\n{line}\n" in text for line in lines), text
    own = parse_entry(c.own_bibtex) if c.own_bibtex else None
    item = csl_item(c, own=own)
    assert {k: item.get(k) for k in csl} == csl


@pytest.mark.parametrize(
    "pages, first, last",
    [
        ("{1578--1586}", "1578", "1586"),
        ('"864--870"', "864", "870"),
        ("{12}", "12", None),
        ("{e1-e9}", "e1", "e9"),
        ("{13/1--15}", "13/1", "15"),  # (AutoML 2022: article 13, its pages 1-15)
        ("{}", None, None),  # (NeurIPS: `pages = {}`, 7,156 papers)
        ("{1-2, 5-6}", None, None),
    ],
)
def test_pages_are_a_first_and_a_last_page(pages, first, last):
    own = parse_entry(f"@inproceedings{{x,\n  title = {{T}},\n  pages = {pages},\n  month = jul\n}}")
    printed = published(own)
    assert (printed.first_page, printed.last_page, printed.month) == (first, last, 7)


def test_an_entry_of_another_paper_gives_nothing():
    """ICLR 2017's file gives some records another paper's entry: its pages are not this paper's."""
    c = _citation("ijcai2023", 0)
    other = Citation(**{**c.__dict__, "own_bibtex": RECORDS["ijcai2023"][1]["bibtex"]})
    assert "SP  - " not in "".join(ris([other]))
