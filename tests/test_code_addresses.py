"""A code link leads where the paper pointed (the seventh reader: ACL 2022's "Improving
Compositional Generalization with Self-Training for Data-to-Text Generation" gives
`github.com/google-research/google-research/tree/master/compgen_d2t`, and its page and card linked
the monorepo's root, a repository of a thousand projects; 91 papers of the catalogue). Real
records of the catalogue (tests/fixtures/code_addresses.json: that one, and one whose code is a
repository's root)."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

import pytest

from etl.serve.app import make_datasette
from etl.serve.paper import code_address
from tests.helpers import loaded_json, rows

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "code_addresses.json").read_text(encoding="utf-8"))
MONOREPO = "https://github.com/google-research/google-research"


@pytest.mark.parametrize(
    "url, kind, path, address",
    [
        (MONOREPO, "repo", "tree/master/compgen_d2t", f"{MONOREPO}/tree/master/compgen_d2t"),
        (
            "https://github.com/felipecode/coiltraine",
            "repo",
            "blob/master/docs/exploring_limitations.md",
            "https://github.com/felipecode/coiltraine/blob/master/docs/exploring_limitations.md",
        ),
        (
            "https://gitee.com/mindspore/models",
            "repo",
            "tree/master/research/gflownets/gflowgnn",
            "https://gitee.com/mindspore/models/tree/master/research/gflownets/gflowgnn",
        ),
        (
            "https://github.com/Learning-and-Intelligent-Systems/predicators_behavior",
            "repo",
            "releases/tag/corl-23-submission",
            "https://github.com/Learning-and-Intelligent-Systems/predicators_behavior/releases/tag/corl-23-submission",
        ),
        (
            "https://gitlab.com/group/project",
            "repo",
            "-/tree/main/src",
            "https://gitlab.com/group/project/-/tree/main/src",
        ),
        ("https://github.com/liamdugan/summary-qg", "repo", None, "https://github.com/liamdugan/summary-qg"),
        ("https://github.com/liamdugan/summary-qg", "repo", "", "https://github.com/liamdugan/summary-qg"),
        # (what is no part of the repository, as the abstracts write it, stays out: a name run on after it)
        (
            "https://github.com/huawei-noah/Pretrained-Language-Model",
            "repo",
            "CeMAT",
            "https://github.com/huawei-noah/Pretrained-Language-Model",
        ),
        ("https://github.com/google/or-tools", "repo", "issues/1588", "https://github.com/google/or-tools"),
        # (a link of another kind is its canonical address: git.io's code is in it already)
        ("https://git.io/MonoCon", "code", "MonoCon", "https://git.io/MonoCon"),
        (
            "https://anonymous.4open.science/r/WSS_POLE-DB45",
            "code",
            "README.md",
            "https://anonymous.4open.science/r/WSS_POLE-DB45",
        ),
    ],
)
def test_a_code_link_leads_to_the_part_of_the_repository_the_paper_names(url, kind, path, address):
    assert code_address(url, kind, path) == address


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    return loaded_json(tmp_path_factory, "code_addresses", RECORDS)


def _page(db: str, path: str) -> str:
    return html.unescape(asyncio.run(make_datasette(db).client.get(path)).text)


def test_the_papers_page_and_card_link_the_folder_its_record_gives(loaded):
    ((pk, pid),) = rows(loaded, "SELECT pk, id FROM papers WHERE title LIKE 'Improving Compositional%'")
    folder = f"{MONOREPO}/tree/master/compgen_d2t"
    # (the canonical repository stays the join key)
    assert rows(loaded, "SELECT url, path FROM paper_links WHERE paper_id = ?", (pid,)) == [
        (MONOREPO, "tree/master/compgen_d2t")
    ]
    page = _page(loaded, f"/papers/papers/{pk}")
    assert re.findall(r'<li><a href="([^"]+)" rel="nofollow">([^<]+)</a> <span class="note">repo', page) == [
        (folder, folder)
    ]
    card = _page(loaded, "/papers/papers?code_status=released&_search=compositional")
    assert f'released: <a href="{folder}" rel="nofollow">{folder.removeprefix("https://")}</a>' in card


def test_a_repositorys_root_is_linked_as_it_is(loaded):
    ((pk,),) = rows(loaded, "SELECT pk FROM papers WHERE title LIKE 'A Feasibility Study%'")
    page = _page(loaded, f"/papers/papers/{pk}")
    assert '<li><a href="https://github.com/liamdugan/summary-qg" rel="nofollow">' in page
