"""Store keywords: recompute every paper's keywords against the corpus, inside the load's transaction."""

from __future__ import annotations

import json

from sqlalchemy import Connection, delete, insert, select, text

from ..corpus import corpus_keywords, facet_arrays
from ..models import Keyword, KeywordAlias, Paper, PaperKeyword
from ..topics import load_taxonomy, taxonomy_path

CHUNK = 500


def refresh_keywords(conn: Connection) -> int:
    """Recompute every paper's keywords against the current corpus and store them; returns the
    number of distinct keywords. Keyword ids of surviving keywords do not change."""
    papers = conn.execute(select(Paper.id, Paper.abstract).order_by(Paper.id))
    corpus = corpus_keywords(((row.id, row.abstract) for row in papers), load_taxonomy(taxonomy_path()))
    conn.execute(delete(PaperKeyword))
    conn.execute(delete(KeywordAlias))
    known = {
        row.normalised: row
        for row in conn.execute(select(Keyword.normalised, Keyword.id, Keyword.label, Keyword.kind, Keyword.papers))
    }
    gone = [row.id for key, row in known.items() if key not in corpus.keywords]
    for i in range(0, len(gone), CHUNK):
        conn.execute(delete(Keyword).where(Keyword.id.in_(gone[i : i + CHUNK])))
    new = [
        {"normalised": key, "label": label, "kind": kind, "papers": papers}
        for key, (label, kind, papers) in corpus.keywords.items()
        if key not in known
    ]
    changed = [
        {"kid": known[key].id, "label": label, "kind": kind, "papers": papers}
        for key, (label, kind, papers) in corpus.keywords.items()
        if key in known and (known[key].label, known[key].kind, known[key].papers) != (label, kind, papers)
    ]
    if new:
        conn.execute(insert(Keyword), new)
    if changed:
        conn.execute(
            text("UPDATE keywords SET label = :label, kind = :kind, papers = :papers WHERE id = :kid"), changed
        )
    ids = {row.normalised: row.id for row in conn.execute(select(Keyword.normalised, Keyword.id))}
    rows = [
        (pid, ids[k.normalised], corpus.keywords[k.normalised][0], k.kind, k.score, rank)
        for pid, ranked in corpus.by_paper.items()
        for rank, k in enumerate(ranked, 1)
    ]
    if rows:  # the largest insert of a load: plain tuples, no per-row dictionaries
        conn.exec_driver_sql(
            "INSERT INTO paper_keywords (paper_id, keyword_id, keyword, kind, score, rank)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
    aliases = [
        {"keyword_id": ids[key], "alias": alias, "normalised": alias.casefold()}
        for key, names in sorted(corpus.aliases.items())
        for alias in sorted(names)
    ]
    if aliases:
        conn.execute(insert(KeywordAlias), aliases)
    _update_facet_arrays(conn, corpus.by_paper)
    return len(corpus.keywords)


def _update_facet_arrays(conn: Connection, by_paper) -> None:
    """Copy each paper's keyword labels and topics to papers.keywords/.topics where they changed."""
    current = {row.id: (row.keywords, row.topics) for row in conn.execute(select(Paper.id, Paper.keywords, Paper.topics))}
    changed = []
    for pid, ranked in by_paper.items():
        labels, topics = facet_arrays(ranked)
        values = (json.dumps(labels, ensure_ascii=False), json.dumps(topics, ensure_ascii=False))
        if current.get(pid) != values:
            changed.append({"pid": pid, "keywords": values[0], "topics": values[1]})
    if changed:
        conn.execute(text("UPDATE papers SET keywords = :keywords, topics = :topics WHERE id = :pid"), changed)
