"""Links no paper can have given (placeholders, code hosts younger than the paper), promised links
and user pages, and the code status they leave; on links and records of the paperlists catalogue."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.bibliography import Record, given_links
from etl.extract.code_status import paper_code_status
from etl.extract.derive import derive
from etl.extract.links import extract_links
from etl.extract.made_up import before_host, is_placeholder, made_up
from etl.load import load
from tests.helpers import rows


def _link(url: str):
    (link,) = extract_links(url)
    return link


@pytest.mark.parametrize(
    "url, placeholder",
    [
        # made up: what the catalogue's records and abstracts give
        ("https://github.com/ai-research-paper-summarizer", True),  # AISTATS 1999 (and six more papers)
        ("https://ai-research-paper-summarizer.project.com", True),  # its project field
        ("https://github.com/example-paper", True),
        ("https://example-project.com", True),
        ("https://github.com/example-research-project", True),  # CVPR 2015, WACV 2023
        ("https://github.com/paper-research", True),  # CVPR 2015
        ("https://github.com/deepnlp-project", True),
        ("https://nlp-deep-learning-project.org", True),
        ("https://github.com/alice-bob-carol-dave/SLSS-inference", True),
        ("https://github.com/author1", True),  # CVPR 2018
        ("https://github.com/author/repo", True),  # UAI 2023
        ("https://github.com/your-repo", True),  # AISTATS 2024
        ("https://github.com/xxxxx", True),  # an ACL 2022 abstract: "Our code will be available at"
        ("https://github.com/TBD", True),  # WACV 2024
        ("https://xxx.xx", True),  # NAACL 2021
        # real names, some of placeholder or generic words
        ("https://github.com/wliu88/LINK", False),
        ("https://github.com/ecr23xx/eve", False),
        ("https://dave.ml/blobgan", False),
        ("https://ml4code.github.io/papers.html", False),
        ("https://github.com/xxxiaol/spatial-commonsense", False),
        ("https://github.com/Anonymous4nlp233/KIDReview", False),
        ("https://github.com/pytorch/examples", False),
        ("https://github.com/ai-med/DiaMond", False),
        ("https://github.com/nlp-uoregon/meci-dataset", False),
        ("https://github.com/google-research/maxvit", False),
        ("https://github.com/DecentralizedAI", False),  # (AISTATS 2005: made up, but it is the year that says so)
        ("http://deeplearning.net/tutorial", False),
        ("https://research.google/tools", False),
    ],
)
def test_placeholders(url, placeholder):
    assert is_placeholder(_link(url)) == placeholder


@pytest.mark.parametrize(
    "url, year, before",
    [
        ("https://github.com/DecentralizedAI", 2005, True),
        ("https://github.com/nlp-deep-learning", 1995, True),
        ("https://github.com/a/b", 2008, False),  # (GitHub opened in April 2008)
        ("https://gist.github.com/a/123", 2007, True),
        ("https://gitlab.com/a/b", 2010, True),
        ("https://huggingface.co/a/b", 2015, True),
        ("https://sourceforge.net/projects/figtree", 2008, False),  # (NeurIPS 2008: SourceForge opened in 1999)
        ("https://www.cs.toronto.edu/~hinton/code", 1995, False),
        ("https://github.com/a/b", None, False),
    ],
)
def test_code_hosts_younger_than_the_paper(url, year, before):
    assert before_host(_link(url), year) == before


def _record(year: int, *links: str) -> Record:
    return Record(source_id=1, format="paperlists", path="x.json", position=0, title="T", authors=(), ids=(),
                  url=None, links=links, year=year)  # fmt: skip


@pytest.mark.parametrize(
    "record, urls",
    [
        # a record that makes up one link made up the others it gives with it
        (
            _record(
                1999,
                "https://github.com/ai-research-paper-summarizer",
                "https://ai-research-paper-summarizer.project.com",
            ),
            [],
        ),
        (_record(2003, "https://github.com/deepnlp-project", "https://deepnlp.org"), []),
        (_record(2005, "https://github.com/DecentralizedAI"), []),
        (_record(2023, "https://github.com/author/repo"), []),
        (_record(1999, "http://www.gia.ist.utl.pt/"), ["http://www.gia.ist.utl.pt"]),
        (_record(2008, "https://sourceforge.net/projects/figtree"), ["https://sourceforge.net/projects/figtree"]),
        (
            _record(2023, "https://github.com/DLR-RM", "https://sites.google.com/view/tmnf"),
            ["https://github.com/DLR-RM", "https://sites.google.com/view/tmnf"],
        ),
    ],
)
def test_a_record_that_makes_up_a_link_gives_none(record, urls):
    assert [link.url for link in given_links(record)] == urls
    assert all(not made_up(link, record.year) for link in given_links(record))


@pytest.mark.parametrize(
    "text, status",
    [
        # a link the abstract promises for later does not release code (AAAI 2022, ICCV 2019, IROS 2023)
        ("We propose X. Code will be available at https://github.com/jinghaiD/CAGN", "promised"),
        ("We propose X. The code will be publicly available at https://github.com/AbyssGaze/OETR.", "promised"),
        ("We propose X. Our implementation will be made available at https://github.com/ZechengLi19/CIM.", "promised"),
        (
            "We propose X. Upon the publication of the manuscript source code and data will be available at"
            " https//github.com/arc-1/mort/.",
            "promised",
        ),
        ("We propose X. Our code (https://github.com/a/b) will be released upon acceptance.", "promised"),
        # what is there already is released, whatever else is promised (ACL 2021)
        (
            "We propose X. Our models are publicly available at https://github.com/UBC-NLP/marbert and ARLUE will be"
            " released through the same repository.",
            "released",
        ),
        ("We propose X. The code is available at https://github.com/dcp15/UAL", "released"),
        # a user's or organisation's page is not released code (CoRL 2023, ICCV 2019)
        ("We propose X. Code is available at https://github.com/DLR-RM.", "mentioned"),
        ("We propose X. The code and models will be available at https://github.com/DetectionTeamUCAS.", "promised"),
        ("We propose X. Our project is at https://github.com/benadler.", "mentioned"),
        ("We propose X. See https://github.com/benadler for more.", "none"),  # (not said to be its own)
        # a placeholder is no link (ACL 2022, COLING 2025)
        ("We propose X. Our code will be available at https://github.com/xxxxx.", "promised"),
        ("We propose X. Code is available at https://github.com/xxx", "mentioned"),
    ],
)
def test_code_status_of_promises_user_pages_and_placeholders(text, status):
    assert derive(text).code_status == status


def test_a_placeholder_the_abstract_cites_is_no_link():
    assert derive("Our code will be available at https://github.com/xxxxx.").links == ()


@pytest.mark.parametrize(
    "abstract, given, status",
    [
        # a source copying the link the abstract promises does not release it (AAAI 2022)
        (
            "Code will be available at https://github.com/jinghaiD/CAGN",
            ["https://github.com/jinghaiD/CAGN"],
            "promised",
        ),
        # a source giving the repository the abstract promised (ACL 2021: the Anthology's code link) does
        (
            "The source code and models will be publicly available upon publication.",
            ["https://github.com/huawei-noah/Pretrained-Language-Model"],
            "released",
        ),
        ("We prove a bound.", ["https://github.com/DLR-RM"], "mentioned"),  # (a user's page: at most mentioned)
        ("We will release our code.", ["https://github.com/DLR-RM"], "promised"),
        ("We prove a bound.", ["https://sites.google.com/view/tmnf"], "none"),
        ("We prove a bound.", [], "none"),
    ],
)
def test_paper_code_status(abstract, given, status):
    derived = derive(abstract)
    links = [link for url in given for link in extract_links(url)]
    assert paper_code_status(derived.code_status, derived.promised, links) == status


FIXTURE = Path(__file__).parent / "fixtures" / "made_up_links.json"
# The records of the fixture (copied from the catalogue: file -> records): each paper's links
# (kind, given by a source) and code status.
LOADED = [
    ("ARBERT & MARBERT", [("repo", 0)], "released"),
    ("Bottom-Up Constituency Parsing", [("repo", 1)], "released"),  # (its abstract's `github.com/xxxxx` is none)
    ("Complementary Attention Gated Network", [("repo", 0)], "promised"),
    ("Copula-based deep survival models", [], "none"),  # github.com/author/repo
    ("Efficient Gradient Computation", [], "none"),  # a 2005 paper's GitHub page
    ("Efficient learning using constrained", [], "none"),
    ("Hierarchical IFA Belief Networks", [], "none"),
    ("Topology-Matching Normalizing Flows", [("user", 1)], "mentioned"),
]


def test_a_load_keeps_no_made_up_link_and_releases_only_code(write, db_file):
    files = [str(write(name, json.dumps(records))) for name, records in json.loads(FIXTURE.read_text()).items()]
    load(db_file, files)
    got: dict[str, tuple[list, str]] = {}
    for title, kind, given, status in rows(
        db_file,
        "SELECT p.title, l.kind, l.source_id IS NOT NULL, p.code_status FROM papers p"
        " LEFT JOIN paper_links l ON l.paper_id = p.id ORDER BY p.title, l.offset",
    ):
        entry = got.setdefault(title, ([], status))
        if kind is not None:
            entry[0].append((kind, given))
    assert [(title, kinds, status) for title, (kinds, status) in got.items()] == [
        (next(t for t in got if t.startswith(prefix)), kinds, status) for prefix, kinds, status in LOADED
    ]
    assert rows(db_file, "SELECT count(*) FROM repos WHERE owner IN ('author', 'alice-bob-carol-dave')") == [(0,)]
