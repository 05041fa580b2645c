"""Institutions of Taiwan under Taiwan, whatever country their source gave (etl.text.places)."""

from __future__ import annotations

import pytest

from etl.extract.bibliography import Record, resolve
from etl.text.places import country_shown, institution_country


@pytest.mark.parametrize(
    "institution, given, shown",
    [
        # paperlists' normalised names, with the country `aff_country_unique` gives (icra2015.json, cvpr2019.json, ...)
        ("National Taiwan University", "China", "Taiwan"),
        ("National Tsing Hua University", "China", "Taiwan"),
        ("National Tsinghua University", "China", "Taiwan"),  # (Hsinchu's: Beijing's is never `National`)
        ("National Yang Ming Chiao Tung University", "China", "Taiwan"),
        ("Academia Sinica", "China", "Taiwan"),
        ("Institute of Information Science, Academia Sinica", "China", "Taiwan"),
        ("National Cheng Kung University", "China", "Taiwan"),
        ("Industrial Technology Research Institute", "China", "Taiwan"),
        ("MediaTek Inc.", "China", "Taiwan"),
        ("ASUS Intelligent Cloud Services", "China", "Taiwan"),
        ("Taiwan AI Labs", "China", "Taiwan"),
        # the affiliation as written, no country given (iros2006.json, icra2008.json)
        ("Department of Computer Science, National Chiao Tung University, Hsinchu, Taiwan, R.O.C.", None, "Taiwan"),
        ("Dept. of Electrical Engineering, National Chung Cheng University, Chia-Yi, Taiwan, R.O.C.", None, "Taiwan"),
        ("Department of Physical Medicine and Rehabilitation, NTU Hospital, R.O.C.", None, "Taiwan"),
        # Beijing's, Guangzhou's, Changsha's and Ningbo's: the source's country stays
        ("Tsinghua University", "China", "China"),
        ("Sun Yat-sen University", "China", "China"),
        ("National University of Defense Technology", "China", "China"),
        ("Ningbo Industrial Technology Research Institute", "China", "China"),
        ("National Laboratory of Pattern Recognition", "China", "China"),
        ("Chinese University of Hong Kong", "China", "China"),
        # another country a source gives is kept; an unplaced name keeps none
        ("National Taiwan University", "United States", "United States"),
        ("University of Tokyo", None, None),
        ("Rochester Institute of Technology", None, None),
    ],
)
def test_institution_country(institution, given, shown):
    assert institution_country(institution, given) == shown


def test_a_paper_of_taiwan_lists_its_institutions_under_taiwan():
    """icra2015.json's `2-point RANSAC ...`: `aff_country_unique` gives China for National Taiwan University."""
    record = Record(
        source_id=1,
        format="paperlists",
        path="icra2015.json",
        position=1,
        title="2-point RANSAC for scene image matching under large viewpoint changes",
        authors=("Chih Chung Chou", "Chieh-Chih Wang"),
        ids=(),
        url=None,
        affiliations=((("National Taiwan University", "China"),), (("National Taiwan University", "China"),)),
    )
    resolved = resolve([record])
    assert [(position, name, country) for position, _, name, _, country, _ in resolved.affiliations] == [
        (1, "National Taiwan University", "Taiwan"),
        (2, "National Taiwan University", "Taiwan"),
    ]


@pytest.mark.parametrize(
    "given, shown",
    [
        # the catalogue's two spellings of one country (aff_country_unique: 249 and 8, 268 and 13, 163 and 1)
        ("Russian Federation", "Russian Federation"),
        ("Russia", "Russian Federation"),
        ("Czechia", "Czech Republic"),
        ("Kingdom of Saudi Arabia", "Saudi Arabia"),
        # what other sources write (a CSV's country column)
        ("USA", "United States"),
        ("U.S.A.", "United States"),
        ("United States of America", "United States"),
        ("UK", "United Kingdom"),
        ("Republic of Korea", "South Korea"),
        ("Korea, Republic of", "South Korea"),
        ("Turkey", "Türkiye"),
        ("The Netherlands", "Netherlands"),
        ("Viet Nam", "Vietnam"),
        # placeholders are no country
        ("Unknown", None),
        ("N/A", None),
        ("", None),
        (None, None),
        # any other country as given (trimmed)
        ("Germany ", "Germany"),
        ("State of Palestine", "State of Palestine"),
        ("Türkiye", "Türkiye"),
    ],
)
def test_country_shown(given, shown):
    assert country_shown(given) == shown


def test_a_country_spelled_otherwise_is_shown_in_its_one_spelling_and_taiwan_still_overrides():
    assert institution_country("Skolkovo Institute of Science and Technology", "Russia") == "Russian Federation"
    assert institution_country("National Taiwan University", "PR China") == "Taiwan"
    assert institution_country("Italy", "Unknown") is None
