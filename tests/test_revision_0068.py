"""Revision 0068: a database loaded before it holds ICCV 2015's session listings and IROS 2012's
schedules as papers and an abstract's `non- viable`; upgrading marks the files holding them (not the
file beside them), and the next load makes the papers a cold load makes (read27, items 2 and 3)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from etl.load import load
from etl.text import line_breaks
from tests.helpers import loaded_old_and_cold, marked_after_upgrade, rows

LISTINGS = Path(__file__).parent / "fixtures" / "session_listings"
PAPERS = "SELECT id, venue, year, title, coalesce(abstract_clean, abstract) FROM papers ORDER BY id"


def _old_whole(match: re.Match) -> str:
    """`line_breaks._whole` before read27: `non- viable` as written."""
    first, second = match.group(1), match.group(2)
    for form in (first + second, f"{first}-{second}"):
        if form.casefold() in line_breaks.WHOLE:
            return form
    return match.group()


def test_revision_0068_has_listings_and_hyphens_read_again(tmp_path, monkeypatch):
    folder = tmp_path / "d"
    folder.mkdir()
    for name in ("iccv2015.json", "iros2012.json"):
        shutil.copy(LISTINGS / name, folder / name)
    # (CVPR 2018's abstract, as the catalogue writes it, in a record of its own file)
    cvpr = [
        {
            "title": "Gaussian Process Regression on a Manifold",
            "status": "Poster",
            "abstract": "Data often lies on a manifold, making GP regression non- viable, as the resulting predictive"
            " distribution is poor. We show how to regress on the manifold itself.",
        }
    ]
    (folder / "cvpr2018.json").write_text(json.dumps(cvpr), encoding="utf-8")
    shutil.copy(LISTINGS / "acl2021.json", folder / "acl2021.json")  # (a bystander: `[RETRACTED] ...` stays)
    old_rules = {
        "etl.sources.validate.is_front_matter": lambda title: False,
        "etl.sources.validate.listed_from_session": lambda title, abstract: False,
        "etl.text.line_breaks._whole": _old_whole,
        "etl.text.line_breaks.GLUED": re.compile(r"(?!)"),
    }
    db, cold = loaded_old_and_cold(tmp_path, folder, monkeypatch, old_rules)
    assert rows(db, "SELECT count(*) FROM papers") == [(9,)]  # (the listings and schedules as papers)
    assert rows(cold, "SELECT count(*) FROM papers") == [(5,)]
    assert rows(cold, "SELECT count(*) FROM papers WHERE abstract_clean LIKE '%non-viable%'") == [(1,)]
    marked = sorted(marked_after_upgrade(db, "0067", "0068"))
    assert marked == [(str(folder / name),) for name in ("cvpr2018.json", "iccv2015.json", "iros2012.json")]
    load(db, [str(folder)])
    assert rows(db, PAPERS) == rows(cold, PAPERS)
