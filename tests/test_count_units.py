"""A count's unit starts no phrase (issue #36; kwhead23's rule, ported alone on kwdof24): `6 DOF
robot arm` is `robot arm`, as `6-DOF robot arm` written with a hyphen is. Records of the catalogue
whose `DOF ...` chips the blind judges of sample-2307 called fragments, and the terms beside them
that stay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from etl.extract.keywords import extract_terms
from etl.extract.keywords.phrases import HEADLESS, WHOLE, phrase_candidates
from etl.extract.keywords.roles import word_roles
from etl.extract.keywords.topics import taxonomy_path
from etl.load.taxonomy import load_taxonomy

TAXONOMY = load_taxonomy(taxonomy_path())
# catalogue records (main a850f39's cards): `gone` the keys no longer candidates or headless,
# `kept` the terms that stay
RECORDS = json.loads((Path(__file__).parent / "fixtures" / "count_units" / "records.json").read_text("utf-8"))


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r["title"][:40])
def test_a_phrase_a_unit_opens_is_no_whole_candidate(record):
    phrases = extract_terms(record["abstract"] or record["title"], TAXONOMY).phrases
    assert [k for k in record["gone"] if k in phrases and phrases[k][3] != HEADLESS] == [], phrases
    assert [k for k in record["kept"] if k not in phrases or phrases[k][3] == HEADLESS] == [], phrases


@pytest.mark.parametrize(
    "text, phrase, whole",
    [
        # (ICRA 2012, IROS 2023: `6 DOF robot arm`, `21 DOF manipulator`)
        ("We demonstrate this approach on a 7 DoF robot arm for assembly tasks.", "robot arm", True),
        ("the 21 DOF manipulator navigates towards regions of inspection", "manipulator", True),
        ("the 21 DOF manipulator navigates towards regions of inspection", "dof manipulator", False),
        ("a 6-DOF manipulator with a parallel gripper", "manipulator", True),
        ("the pose of the 12 dofs legged robot", "legged robot", True),
        ("the pose of the 12 dofs legged robot", "dofs legged robot", False),
        # a unit after a word stays in its phrase (`higher DoF joints`)
        ("However, higher DoF joints of the robot are hard to sense.", "higher dof joint", True),
    ],
)
def test_a_count_s_unit_starts_no_phrase(text, phrase, whole):
    _, phrases = phrase_candidates(text)
    assert (phrase in phrases and phrases[phrase][3] == WHOLE) == whole, phrases


@pytest.mark.parametrize("word", ["DOF", "DoF", "dofs"])
def test_a_unit_may_stand_alone_but_opens_nothing(word):
    roles = word_roles(word)
    assert not roles.starts and roles.alone
