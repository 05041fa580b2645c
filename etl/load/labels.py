"""Each staged paper's keywords in the labels the keyword pages use: papers.keyword_labels.

The keyword facet of the papers list and its cards' chips read this copy, so a facet value counts
the papers its `?_keyword=` link lists and its keyword page counts (the fifth reader's item 1:
`papers.keywords`, the text the search indexes read, holds each paper's own written form,
`robotic manipulations` beside `robotic manipulation`, and no author keyword). Staged once the
staged keywords are in `keywords` (a rescore's labels, or a load's between rescores, which keep the
labels known keywords have), a chunk of papers at a time, and written with the ranked papers' other
facet copies (`keywords.PAPER_ROWS`: one rewrite of each row), then those of the papers only the
authors' keywords label (`LABEL_ROWS`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from itertools import groupby

from ..iterables import chunks
from ..store.staging import staged_labels
from ..store.writer import Writer

# Each staged paper's keywords but its topics, as labels, best first: the extracted ones by rank,
# then the authors' in their order (revision 0052 reads the stored rows alike).
STAGED_LABELS = """SELECT s.paper_id, k.label FROM staged_keywords s JOIN keywords k ON k.normalised = s.normalised
    WHERE s.kind != 'topic' ORDER BY s.paper_id, s.kind = 'author', s.rank"""
# After `keywords.PAPER_ROWS` (which writes the ranked papers' labels, `staged_facets`): the labels of
# the papers not ranked (no abstract) that have the authors' keywords, and none ('[]') for the other
# papers of those `among` selects (their ids) that are neither (read by id: no row read for the rest).
LABEL_ROWS = [
    """UPDATE papers SET keyword_labels = l.labels FROM staged_labels l
       WHERE l.paper_id = papers.id AND papers.keyword_labels IS DISTINCT FROM l.labels
       AND l.paper_id IN (SELECT paper_id FROM staged_labels EXCEPT SELECT paper_id FROM staged_facets)""",
    """UPDATE papers SET keyword_labels = '[]' WHERE keyword_labels != '[]' AND id IN (
       SELECT id FROM papers WHERE id IN ({among})
       EXCEPT SELECT paper_id FROM staged_facets EXCEPT SELECT paper_id FROM staged_labels)""",
]
LABELS_AT_ONCE = 5_000  # papers staged at a time (memory stays flat)


def stage_labels(writer: Writer) -> None:
    """Stage each staged paper's labels (`staged_labels`), once its keywords are in `keywords`."""
    with writer.stream(STAGED_LABELS) as batches:
        rows = (row for batch in batches for row in batch)
        for chunk in chunks(paper_labels(rows), LABELS_AT_ONCE):
            writer.insert(staged_labels, chunk)


def label_the_rest(writer: Writer, among: str) -> None:
    """After the ranked papers' facet copies: the labels of the other staged papers, and '[]' for
    those of the papers `among` selects that have none (`LABEL_ROWS`)."""
    for statement in LABEL_ROWS:
        writer.execute(statement.format(among=among))


def paper_labels(rows: Iterable[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """(paper id, JSON array of its labels, each once, in order) of (paper id, label) rows grouped by paper."""
    for pid, group in groupby(rows, key=lambda row: row[0]):
        yield pid, json.dumps(list(dict.fromkeys(label for _, label in group)), ensure_ascii=False)
