"""One sort arrow for one order on every page, facet headings that name their column, and the two
counts of a topic each saying why beside the other (read25, the eleventh reader's leftovers): the
cards marked a descending sort ▼ (`citations ▼`), Datasette's table headers ▲ (`topic_counts`,
"sorted by papers descending", `papers ▲`); every papers list headed its facets `topics
(distinct_array)` and `year (newest_first)`; `keywords` gives `reinforcement learning` 4,467 papers
and `topic_counts` 4,228. On the catalogue excerpt (tests/fixtures/catalogue/)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from etl.serve.app import make_datasette

EXCERPT = Path(__file__).parent / "fixtures" / "catalogue"


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    from etl.load import load

    db_file = str(tmp_path_factory.mktemp("catalogue") / "papers.db")
    load(db_file, [str(EXCERPT)])
    return make_datasette(db_file)


def get(ds, path: str) -> str:
    return asyncio.run(ds.client.get(path)).text


def header_arrows(page: str) -> list[tuple[str, str]]:
    """The table's sorted column and its arrow, as its header shows them."""
    return re.findall(r'rel="nofollow">([a-z_]+)&nbsp;([▲▼])</a>', page)


@pytest.mark.parametrize(
    "path, arrows",
    [
        ("/papers/topic_counts", [("papers", "▼")]),  # (its default: sort_desc papers)
        ("/papers/topic_counts?_sort_desc=papers", [("papers", "▼")]),
        ("/papers/topic_counts?_sort=papers", [("papers", "▲")]),
        ("/papers/papers?_view=table&_sort_desc=year", [("year", "▼")]),
        ("/papers/papers?_view=table&_sort=year", [("year", "▲")]),
    ],
)
def test_a_tables_header_marks_a_descending_sort_down_as_the_cards_do(ds, path, arrows):
    assert header_arrows(get(ds, path)) == arrows


@pytest.mark.parametrize("path, arrow", [("/papers/papers?_sort_desc=year", "▼"), ("/papers/papers?_sort=year", "▲")])
def test_the_cards_sort_bar_marks_it_so_too(ds, path, arrow):
    assert re.search(rf"<strong>year {arrow}</strong>", get(ds, path))


def test_the_facets_are_headed_by_their_column_not_their_type(ds):
    page = get(ds, "/papers/papers")
    headings = re.findall(r'<p class="facet-info-name">\s*<strong>([^<]+?)\s*<span', page)
    assert "topics" in headings and "year" in headings
    assert not [h for h in headings if "(" in h]  # (no `distinct_array`, `newest_first`)


def test_a_topics_two_counts_each_say_why_beside_the_other(ds):
    assert "fewer than keywords.papers" in get(ds, "/papers/topic_counts")
    assert "more than topic_counts counts as the topic" in get(ds, "/papers/keywords")
