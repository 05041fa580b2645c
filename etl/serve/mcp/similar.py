"""The MCP tool for similar papers: a paper's ten most similar (`similar_papers`, as its page lists
them: for a paper known only by its title, those of similarity 0.40 or more), or the papers most
similar to a free text (an abstract, a draft, a few sentences), scored by the same measure against
the statistics of the last computation (`etl.extract.similar`): candidates are the papers whose
text has the text's most distinctive words (full-text search).
Each says its `similarity`, 0 to 1, as the paper page and `similar_to_paper` show it
(`etl.extract.similar.select.similarity`: the raw score, up to 1.5, over its most)."""

from __future__ import annotations

import json

from mcp.server.mcpserver.exceptions import ToolError

from ...extract.similar.select import SIMILARITY_MOST, similarity
from ...extract.similar.words import KEYWORD, is_pair, paper_terms
from ...store.views import CLEAN_ABSTRACT
from ..paper import TITLE_ONLY_FLOOR, shown_similar
from . import arguments
from .papers import brief
from .reader import Reader

OF_PAPER = """SELECT s.similar_id AS id, p.title, p.authors, p.venue, p.year, p.decision, p.presentation, s.score
FROM similar_papers s JOIN papers p ON p.id = s.similar_id WHERE s.paper_id = :id ORDER BY s.rank LIMIT :limit"""
# What a paper known only by its title is told (its page lists the same, `paper.shown_similar`).
TITLE_ONLY = (
    f"; the paper is known only by its title, so only papers of similarity {TITLE_ONLY_FLOOR:.2f} or more"
    " are listed, as its page lists them (maybe none)"
)
WORDS = 8  # of the text's words, the most distinctive, that candidates must have one of
CANDIDATES = 60  # papers scored by the whole measure
CANDIDATE_SQL = f"""SELECT rowid AS pk FROM papers_fts_words WHERE papers_fts_words MATCH search_any(:words)
ORDER BY bm25(papers_fts_words, 10.0, 1.0, 2.0, 10.0), rowid LIMIT {CANDIDATES}"""
TEXTS = f"""SELECT p.id, p.title, p.authors, p.venue, p.year, p.decision, {CLEAN_ABSTRACT} AS abstract,
       (SELECT json_group_array(k.normalised) FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
        WHERE pk.paper_id = p.id) AS keys
FROM papers p WHERE p.pk IN (SELECT value FROM json_each(:pks))"""


async def similar(reader: Reader, paper_id: str | None = None, text: str | None = None, limit: int = 10) -> dict:
    if (paper_id is None) == (text is None):
        raise ToolError("give either `paper_id` (a paper's id) or `text` (words to compare papers with), not both")
    if paper_id is not None:
        limit = arguments.limit(limit, 10)
        row = await arguments.paper(reader, paper_id)
        rows = shown_similar(row, await reader.rows(OF_PAPER, {"id": row["id"], "limit": limit}), SIMILARITY_MOST)
        return {
            "paper": brief(reader, row),
            "similar": [brief(reader, {**r, "score": None, "similarity": similarity(r["score"])}) for r in rows],
            "measure": "the papers' own similar papers, computed at load (docs/evolution.md)"
            + ("" if row.get("abstract") else TITLE_ONLY),
        }
    from ...extract.similar.scoring import vectors  # (numpy and scipy: only when a text is compared)
    from ...extract.similar.select import TOPIC_WEIGHT

    text = arguments.text(text, "text", arguments.TEXT_CHARS)
    limit = arguments.limit(limit, 20)
    terms = paper_terms(None, text, (), {})
    words = _distinctive_words(terms, await _reference(reader, set(terms)))
    if not words:
        raise ToolError("`text` has no word that the papers' texts use: give an abstract or a few sentences")
    pks = [r["pk"] for r in await reader.rows(CANDIDATE_SQL, {"words": " ".join(words)})]
    papers = await reader.rows(TEXTS, {"pks": json.dumps(pks)})
    counts = [paper_terms(p["title"], p["abstract"], json.loads(p["keys"] or "[]"), {}) for p in papers]
    reference = await _reference(reader, {t for c in counts for t in c} | set(terms))
    found = vectors([terms, *counts], reference)  # (row 0: the text)
    parts = (found.distinctive[1:] @ found.distinctive[0].T).toarray().ravel()
    topics = found.topics[1:].astype("float64") @ found.topics[0].astype("float64")
    scored = sorted(
        (
            (similarity(float(part + TOPIC_WEIGHT * topic)), p)
            for part, topic, p in zip(parts, topics, papers, strict=True)
        ),
        key=lambda pair: (-pair[0], pair[1]["id"]),
    )
    return {
        "words": words,
        "similar": [brief(reader, {**p, "similarity": s}) for s, p in scored[:limit]],
        "measure": "the measure of the site's similar papers (docs/evolution.md), among the papers whose"
        " text has one of `words`",
    }


async def _reference(reader: Reader, terms: set[str]):
    """The kept document frequencies, numbers and topic basis rows of `terms` (a `scoring.KeptStatistics`)."""
    import numpy as np

    from ...extract.similar.scoring import KeptStatistics

    papers = await reader.value("SELECT papers FROM similar_scoring WHERE id = 1") or 0
    rows = await reader.rows(
        "SELECT term, papers, number, topic FROM similar_terms WHERE term IN (SELECT value FROM json_each(:terms))",
        {"terms": json.dumps(sorted(terms))},
    )
    df = {r["term"]: r["papers"] for r in rows}
    numbers = {r["term"]: r["number"] for r in rows}
    topics = {r["term"]: np.frombuffer(bytes(r["topic"]), dtype="<f4") for r in rows if r["topic"] is not None}
    any_topic = next(iter(topics.values()), None)
    if any_topic is None:  # (none of these terms has a basis row: the space's size from one that has)
        any_topic = await reader.value("SELECT topic FROM similar_terms WHERE topic IS NOT NULL LIMIT 1")
    return KeptStatistics(papers, df, numbers, topics, len(bytes(any_topic)) // 4 if any_topic is not None else 1)


def _distinctive_words(terms, reference) -> list[str]:
    """The text's `WORDS` single words that weigh most (rarest first among equals), preferring
    those few papers have (2 to `RARE_MAX`), then any the papers use."""
    from ...extract.similar.batch import RARE_MAX
    from ...extract.similar.scoring import vectors

    row = vectors([terms], reference).distinctive
    names = {number: term for term, number in reference.numbers.items()}
    weighed = {names[c]: w for c, w in zip(row.indices.tolist(), row.data.tolist(), strict=True)}
    words = [t for t in terms if not is_pair(t) and not t.startswith(KEYWORD) and t in reference.df]
    rare = [w for w in words if reference.df[w] <= RARE_MAX]
    chosen = sorted(rare, key=lambda w: (-weighed.get(w, 0.0), reference.df[w], w))[:WORDS]
    if len(chosen) < WORDS:
        common = sorted(set(words) - set(chosen), key=lambda w: (reference.df[w], w))
        chosen += common[: WORDS - len(chosen)]
    return chosen
