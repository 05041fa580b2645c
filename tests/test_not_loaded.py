"""The papers list narrowed to a venue or a year the database does not hold says what it holds
(`etl/serve/not_loaded.py`): on the catalogue `?venue=NeurIPS&year=2023` (its NeurIPS stops at
2017) and `?venue=neurips` (the registry's other name of NeurIPS) showed "0 records" and nothing
more (the eleventh reader, branch read24)."""

from __future__ import annotations

import asyncio
import html

import pytest

from etl.serve.app import make_datasette
from etl.serve.not_loaded import say

# The catalogue's papers of a few venue-years (main 59bbce9's load of the 240 files).
HELD = {
    "NeurIPS": {1987: 90, **{year: 150 for year in range(1988, 2016)}, 2016: 570, 2017: 687},
    "ICLR": {2013: 67, 2014: 69, 2017: 489},
    "ICRA": {2000: 500, 2019: 1024, 2023: 1341},
}
EVERY = ("every venue and year", None, None)


@pytest.mark.parametrize(
    "venue, year, said, links",
    [
        (
            "NeurIPS",
            2023,
            "No NeurIPS papers of 2023 are loaded: NeurIPS has 31 years here, 1987–2017.",
            [
                ("NeurIPS 2017", {"year": "2017", "venue": "NeurIPS"}, 687),
                ("every NeurIPS paper", {"venue": "NeurIPS", "year": None}, 5547),
                EVERY,
            ],
        ),
        (
            "ICLR",
            2015,
            "No ICLR papers of 2015 are loaded: ICLR has 3 years here, 2013, 2014, 2017.",
            [
                ("ICLR 2014", {"year": "2014", "venue": "ICLR"}, 69),
                ("ICLR 2017", {"year": "2017", "venue": "ICLR"}, 489),
                ("every ICLR paper", {"venue": "ICLR", "year": None}, 625),
                EVERY,
            ],
        ),
        (
            "neurips",
            2017,
            "The venue “neurips” is written NeurIPS here:",
            [("NeurIPS 2017", {"venue": "NeurIPS"}, 687), EVERY],
        ),
        ("NIPS", None, "The venue “NIPS” is written NeurIPS here:", [("NeurIPS", {"venue": "NeurIPS"}, 5547), EVERY]),
        ("icra", 2019, "The venue “icra” is written ICRA here:", [("ICRA 2019", {"venue": "ICRA"}, 1024), EVERY]),
        (
            "nips",  # (the other name, of a year the venue does not have)
            2023,
            "No NeurIPS papers of 2023 are loaded: NeurIPS has 31 years here, 1987–2017.",
            [
                ("NeurIPS 2017", {"year": "2017", "venue": "NeurIPS"}, 687),
                ("every NeurIPS paper", {"venue": "NeurIPS", "year": None}, 5547),
                EVERY,
            ],
        ),
        ("CoRL", 2023, "No venue “CoRL” is loaded.", [EVERY]),
        (
            None,
            2026,
            "No papers of 2026 are loaded: the database has 33 years here, 1987–2023.",
            [("2023", {"year": "2023"}, 1341), EVERY],
        ),
    ],
)
def test_what_a_list_of_a_venue_or_year_not_held_says(venue, year, said, links):
    assert say(HELD, venue, year) == {"said": said, "links": links}


def get(ds, path):
    return asyncio.run(ds.client.get(path))


@pytest.fixture(scope="module")
def ds(serve_db):
    return make_datasette(serve_db)


@pytest.mark.parametrize(
    "path, notes",
    [
        (
            "/papers/papers?venue=ICML&year=2023",
            [
                'No ICML papers of 2023 are loaded: ICML has 1 year here, 2024. <a href="/papers/papers?year=2024&amp;venue=ICML">'
                'ICML 2024</a> <span class="note">(23 papers)</span> · <a href="/papers/papers?venue=ICML">every ICML paper</a>'
            ],
        ),
        (
            "/papers/papers?venue=icml&_sort_desc=citations",
            [
                'The venue “icml” is written ICML here: <a href="/papers/papers?_sort_desc=citations&amp;venue=ICML">ICML</a>'
            ],
        ),
        (
            "/papers/papers?venue__exact=International+Conference+on+Machine+Learning&year__exact=2024&_view=table",
            [
                'The venue “International Conference on Machine Learning” is written ICML here: <a href="/papers/papers?',
                "_view=table",
                "year__exact=2024",
                '&amp;venue=ICML">ICML 2024</a>',
            ],
        ),
    ],
)
def test_the_list_says_what_it_holds_instead_of_0_records(ds, path, notes):
    response = get(ds, path)
    assert response.status_code == 200
    shown = response.text.split('<p class="note not-loaded">', 1)
    assert len(shown) == 2, "no note"
    for note in notes:
        assert html.unescape(note) in html.unescape(shown[1]), shown[1][:600]
    assert '<a href="/papers/venues">every venue and year</a>' in shown[1].split("</p>", 1)[0]


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?venue=ICML&year=2024",  # (papers)
        "/papers/papers?venue=ICML&year=2024&code_status=nosuch",  # (empty for another filter)
        "/papers/papers?_author=Nobody+Here",
    ],
)
def test_a_list_of_a_venue_and_year_held_says_nothing_of_it(ds, path):
    response = get(ds, path)
    assert response.status_code == 200 and "not-loaded" not in response.text
