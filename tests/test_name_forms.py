"""An author's page names the other forms of the name that may be the same person (the eighth reader:
/-/author/Roland Siegwart said 269 papers and nothing of the 30 under `R. Siegwart`; the load keeps
the forms apart, docs/inputs.md). Real records of the catalogue (tests/fixtures/other_name_forms.json:
ICRA 2005's "Improving Grid-based SLAM ..." by G. Grisetti, C. Stachniss and W. Burgard, ICRA 2008's
"How to learn accurate grid maps with a humanoid" by Cyrill Stachniss, ..., Giorgio Grisetti, ...,
Wolfram Burgard; ICCV 2013's "Joint Deep Learning for Pedestrian Detection" by Wanli Ouyang and
Xiaogang Wang, and ICRA 2005's teleoperators by X. Wang, P.X. Liu, ..., who share no co-author)."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from etl.serve.app import make_datasette
from etl.serve.people import given_names_fit
from tests.helpers import loaded_json

RECORDS = json.loads((Path(__file__).parent / "fixtures" / "other_name_forms.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "key, other, fits",
    [
        ("roland siegwart", "r siegwart", True),
        ("r siegwart", "roland siegwart", True),
        ("roland siegwart", "roland y siegwart", True),  # (a middle initial more)
        ("roland siegwart", "r y siegwart", True),
        ("guang zhong yang", "g z yang", True),  # (`G.-Z. Yang`)
        ("sebastian thrun", "michael c thrun", False),  # (another initial)
        ("wei wang", "wei yao wang", False),  # (a given name more, not an initial)
        ("guang zhong yang", "guang yang", False),
        ("guang zhong yang", "g yang", False),
        ("sebastian thrun", "steffen thrun", False),  # (the same initial, another name)
        ("mausam", "m mausam", False),  # (no given name)
    ],
)
def test_given_names_fit_word_by_word_an_initial_for_a_name(key, other, fits):
    assert given_names_fit(key, other) is fits


@pytest.fixture(scope="module")
def loaded(tmp_path_factory) -> str:
    return loaded_json(tmp_path_factory, "other_name_forms", RECORDS)


def _other_forms(db: str, name: str) -> list[tuple[str, str]]:
    page = asyncio.run(make_datasette(db).client.get(f"/papers/papers?{urlencode({'_author': name})}")).text
    assert f"<h1>{name}</h1>" in page
    line = page.split('<p class="other-forms">')[1].split("</p>")[0] if 'class="other-forms"' in page else ""
    return re.findall(
        r'<a href="/papers/papers\?_author=[^"]+">([^<]+)</a> <span class="note">\(([^)]+)\)', html.unescape(line)
    )


def test_an_authors_page_names_the_other_forms_of_the_name_with_a_co_author_in_common(loaded):
    assert _other_forms(loaded, "Wolfram Burgard") == [("W. Burgard", "1 paper, 1 with a co-author of these")]
    assert _other_forms(loaded, "W. Burgard") == [("Wolfram Burgard", "1 paper, 1 with a co-author of these")]


def test_a_form_of_the_name_with_no_co_author_in_common_is_not_named(loaded):
    assert _other_forms(loaded, "Xiaogang Wang") == []  # (X. Wang of ICRA 2005 wrote with P.X. Liu, ...)
    assert _other_forms(loaded, "X. Wang") == []
