"""A paper's own address and its source's ids resolve (reader4 items 1 and 2): the address a
paper's page shows (`papers.url`) and that site's other addresses of the page name the paper at
`/-/paper/<address>`; a NeurIPS record's proceedings key, its year and hash, is kept (`neurips_proceedings`); a record that is
OpenReview's but gives no address (WWW 2024, ACM MM 2024) has its forum's address. Records are
excerpts of the paperlists catalogue (tests/fixtures/own_addresses.json: NeurIPS 1987 and 2013,
CVPR 2019, WACV 2021, ECCV 2018, IJCAI 2020, AAAI 2022, RSS 2005, ICML 2017, WWW 2024, ACM MM 2024), as written."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from etl.load import load
from etl.serve.app import make_datasette
from etl.sources import read_input
from etl.sources.paperlists import openreview_address
from etl.text.paper_ids import address_forms, forum_address, id_forms, neurips_key
from tests.helpers import rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "own_addresses.json").read_text(encoding="utf-8"))
CVF = "openaccess.thecvf.com/content_CVPR_2019/{}/Gandelsman_Double-DIP_Unsupervised_Image_Decomposition_via_Coupled_Deep-Image-Priors_CVPR_2019_paper.{}"


@pytest.mark.parametrize(
    "address, key",
    [
        (RECORDS["nips1987"][0]["site"], "1987/d59a1dc497cf2773637256f50f492723"),
        (RECORDS["nips2013"][0]["pdf"], "2013/6a5889bb0190d0211a991f47bb19a777"),
        (
            "https://proceedings.neurips.cc/paper/2013/file/6A5889BB0190D0211A991F47BB19A777-Metadata.json",
            "2013/6a5889bb0190d0211a991f47bb19a777",
        ),
        (RECORDS["nips2013"][0]["bibtex"], "2013/6a5889bb0190d0211a991f47bb19a777"),  # (its `url`)
        (RECORDS["nips2013"][0]["site"], None),  # (the virtual site's poster)
        ("https://papers.nips.cc/paper_files/paper/2013/hash/6a5889bb.html", None),
    ],
)
def test_a_neurips_proceedings_address_gives_the_papers_year_and_hash(address, key):
    assert neurips_key(address) == key


@pytest.mark.parametrize(
    "written, among",
    [
        ("https://" + CVF.format("papers", "pdf"), "https://" + CVF.format("html", "html")),  # (the PDF: its page)
        ("http://" + CVF.format("html", "html"), "https://" + CVF.format("papers", "pdf")),
        ("ijcai.org/proceedings/2020/0069.pdf", "https://www.ijcai.org/proceedings/2020/69"),
        ("https://www.ijcai.org/proceedings/2020/69/", "https://www.ijcai.org/proceedings/2020/0069.pdf"),
        ("http://roboticsproceedings.org/rss01/p17.pdf", "https://www.roboticsproceedings.org/rss01/p17.html"),
        (
            "https://www.ecva.net/papers/eccv_2018/papers_ECCV/papers/Ye_Yuan_3D_Ego-Pose_Estimation_ECCV_2018_paper.pdf",
            RECORDS["eccv2018"][0]["site"],
        ),
        (
            "https://aaai.org/papers/00444-2-5-1-d-spatio-temporal-scene-graphs-for-video-question-answering",
            RECORDS["aaai2022"][0]["site"],
        ),
        ("icml.cc/virtual/2017/poster/692#details", RECORDS["icml2017"][0]["site"]),
        ("https:/nips.cc/virtual/2013/poster/4068", RECORDS["nips2013"][0]["site"]),  # (`//` merged)
    ],
)
def test_an_address_reads_as_the_sites_addresses_of_its_page(written, among):
    assert among in address_forms(written)


@pytest.mark.parametrize(
    "text", ["9196718", "arXiv:1602.02255v2", "10.24963/ijcai.2023/371", "v13/kaelin10a", "ryQu7f-RZ", ""]
)
def test_an_id_is_no_address(text):
    assert address_forms(text) == []


@pytest.mark.parametrize(
    "text, forms",
    [
        ("04DbUMZGMD", ["https://openreview.net/forum?id=04DbUMZGMD"]),
        (" 05PCDMN4Dk ", ["https://openreview.net/forum?id=05PCDMN4Dk"]),
        ("ryQu7f-RZ", []),  # (an older forum id: 9 characters, a paper_ids row where kept)
        ("1703.03055", []),
    ],
)
def test_a_bare_forum_id_reads_as_its_forums_address(text, forms):
    assert forum_address(text) == forms


@pytest.mark.parametrize(
    "name, address",
    [
        ("www2024", "https://openreview.net/forum?id=04DbUMZGMD"),
        ("acmmm2024", "https://openreview.net/forum?id=05PCDMN4Dk"),
        ("ijcai2020", None),  # (`authorids` empty: no OpenReview record)
        ("nips1987", None),
    ],
)
def test_a_record_of_openreview_without_an_address_has_its_forums(name, address):
    assert openreview_address(RECORDS[name][0]) == address


def _entry(write, name: str):
    path = write(f"{name}.json", json.dumps(RECORDS[name]))
    (entry,) = read_input(str(path), path.read_bytes()).entries
    return entry


@pytest.mark.parametrize(
    "name, ids, url",
    [
        ("nips1987", {"neurips_proceedings": "1987/d59a1dc497cf2773637256f50f492723"}, RECORDS["nips1987"][0]["site"]),
        ("nips2013", {"neurips_proceedings": "2013/6a5889bb0190d0211a991f47bb19a777"}, RECORDS["nips2013"][0]["site"]),
        ("www2024", {}, "https://openreview.net/forum?id=04DbUMZGMD"),  # (no id: told by its title, as before)
        ("acmmm2024", {}, "https://openreview.net/forum?id=05PCDMN4Dk"),
        ("cvpr2019", {}, RECORDS["cvpr2019"][0]["pdf"]),
    ],
)
def test_a_record_gives_its_neurips_key_and_its_address(write, name, ids, url):
    entry = _entry(write, name)
    assert (dict(entry.ids), entry.url) == (ids, url)


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("own_addresses")
    for name, records in RECORDS.items():
        (folder / f"{name}.json").write_text(json.dumps(records), encoding="utf-8")
    db_file = str(folder / "papers.db")
    load(db_file, [str(folder)])
    return db_file


def _resolves(ds, wanted: str) -> int | None:
    page = asyncio.run(ds.client.get(f"/-/paper/{wanted}"))
    return int(page.headers["location"].rsplit("/", 1)[1]) if page.status_code == 302 else None


def test_every_papers_own_address_names_it(loaded):
    ds = make_datasette(loaded)
    papers = rows(loaded, "SELECT pk, url FROM papers ORDER BY pk")
    assert len(papers) == 11 and all(url for _, url in papers)
    assert [(pk, _resolves(ds, url)) for pk, url in papers] == [(pk, pk) for pk, _ in papers]


def test_the_sites_other_addresses_and_the_ids_name_the_paper(loaded):
    ds = make_datasette(loaded)

    def pk_of(name: str) -> int:
        record = RECORDS[name][0]
        address = record.get("site") or record.get("pdf") or openreview_address(record)
        return rows(loaded, "SELECT pk FROM papers WHERE url = ?", (address,))[0][0]

    for wanted, name in (
        ("https://" + CVF.format("html", "html"), "cvpr2019"),
        ("https://www.ijcai.org/proceedings/2020/0069.pdf", "ijcai2020"),
        ("http://roboticsproceedings.org/rss01/p17.pdf", "rss2005"),
        ("04DbUMZGMD", "www2024"),
        ("05PCDMN4Dk", "acmmm2024"),
        ("1987/d59a1dc497cf2773637256f50f492723", "nips1987"),
        (RECORDS["nips2013"][0]["oa"], "nips2013"),  # (the proceedings' page: the hash)
        ("https://proceedings.neurips.cc/paper/2013/file/6a5889bb0190d0211a991f47bb19a777-Paper.pdf", "nips2013"),
    ):
        assert _resolves(ds, wanted) == pk_of(name), wanted
    assert _resolves(ds, "https://www.ijcai.org/proceedings/2020/70") is None
    assert _resolves(ds, "04DbUMZGMX") is None


def test_the_neurips_keys_are_kept_and_no_forum_is_taken_as_an_id(loaded):
    assert rows(loaded, "SELECT scheme, count(*) FROM paper_ids GROUP BY scheme ORDER BY scheme") == [
        ("doi", 2),  # (AAAI 2022's own, IJCAI 2020's BibTeX's)
        ("neurips_proceedings", 2),
        ("pmlr", 1),  # (ICML 2017's PMLR page)
    ]


def test_id_forms_read_the_neurips_key_of_a_proceedings_address():
    assert id_forms(RECORDS["nips1987"][0]["pdf"])[-1] == "1987/d59a1dc497cf2773637256f50f492723"
