"""What a load remembers of each paper it feeds to keyword extraction: one int per paper, telling
the abstract fed (the first 16 hex digits of its SHA-256) and the title (a checksum, or none)."""

from __future__ import annotations

import pytest

from etl.load.feed import DIGEST, TAG_BITS, KeywordFeed, fed_mark, title_tag
from etl.text.identity import abstract_sha256

# Titles and an abstract's opening as the catalogue has them (iclr/iclr2017.json, nips/nips2002.json).
TITLE = "Learning to Optimize"
ABSTRACT = "Algorithm design is a laborious process and often requires many iterations of ideation and validation."


@pytest.mark.parametrize(
    ("fed", "stored", "same_text", "same_title"),
    [
        ((ABSTRACT, TITLE), (ABSTRACT, TITLE), True, True),
        ((ABSTRACT, TITLE), (ABSTRACT, "Learning to optimize"), True, False),  # retitled (case)
        ((ABSTRACT, "Automatic Alignment of Local Representations"), (ABSTRACT, None), True, False),
        ((ABSTRACT, None), (ABSTRACT, ""), True, False),  # no title is not an empty one
        ((ABSTRACT, TITLE), (ABSTRACT + " ", TITLE), False, True),  # another text
    ],
)
def test_a_mark_tells_the_text_and_the_title_fed(fed, stored, same_text, same_title):
    mark = fed_mark(abstract_sha256(fed[0]), fed[1])
    digest, title = stored[0], stored[1]
    assert (mark >> TAG_BITS == int(abstract_sha256(digest)[:DIGEST], 16)) == same_text
    assert (mark & ((1 << TAG_BITS) - 1) == title_tag(title)) == same_title


@pytest.mark.parametrize(
    ("papers", "stale", "fed"),
    [
        ([("a", ABSTRACT, TITLE), ("b", ABSTRACT + " b", None)], False, 2),
        ([("a", ABSTRACT, TITLE), ("a", ABSTRACT, "Learning to optimize")], False, 1),  # (its title: at ranking)
        ([("a", ABSTRACT, TITLE), ("a", ABSTRACT + " again", TITLE)], True, 1),  # two texts: start afresh
    ],
)
def test_a_paper_fed_twice_with_another_text_makes_the_feed_stale(papers, stale, fed):
    feed = KeywordFeed()  # (a few papers: the ranking keeps them, no worker starts)
    for pid, text, title in papers:
        feed.feed([(pid, text, abstract_sha256(text), title)])
    assert feed.stale == stale
    assert len(feed.fed) == fed
    feed.release()  # (ranked: nothing is kept, nothing more is taken)
    feed.feed([("c", ABSTRACT, abstract_sha256(ABSTRACT), None)])
    assert len(feed.fed) == 0
