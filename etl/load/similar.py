"""Each paper's most similar papers by text (`similar_papers`), computed in the load.

Every paper at once (`etl.extract.similar.batch`) when the load rescores keywords (the terms
include the keywords) or when the statistics were never computed or computed by other rules;
the statistics are kept in `similar_terms` and `similar_scoring`. Between those, a load scores
only what it adds, changes or removes against the kept statistics (`etl.load.related`), as
keyword ranking does between rescores.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from ..extract.similar.terms import Terms, short_forms
from ..iterables import chunks
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import Writer
from .summary import utcnow

ALIASES = """SELECT a.alias, k.normalised, k.papers FROM keyword_aliases a JOIN keywords k ON k.id = a.keyword_id
    ORDER BY a.alias, k.normalised"""
PAPERS = f"SELECT id, title, {CLEAN_ABSTRACT} FROM papers ORDER BY id"
KEYWORDS = """SELECT pk.paper_id, k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    ORDER BY pk.paper_id"""
ROWS_AT_ONCE = 10_000
PACKAGE = Path(__file__).resolve().parent.parent  # the `etl` package
RULES = PACKAGE / "extract" / "similar"
VERSION_RULES = (PACKAGE / "extract" / "versions.py", PACKAGE / "load" / "versions.py")  # (computed with them)


@cache
def fingerprint() -> str:
    """What the similarities and the versions of one work depend on besides the papers: the code
    that computes them (its rules and weights are constants in it) and the word lists."""
    digest = hashlib.sha256()
    for path in rule_paths():
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def rule_paths() -> list[Path]:
    """The files `fingerprint` reads."""
    return [*sorted(RULES.glob("*.py")), *VERSION_RULES, PACKAGE / "data" / "function_words.txt", Path(__file__)]


def needs_full(writer: Writer, rescored: bool) -> bool:
    """Whether every paper's similar papers must be computed afresh."""
    if rescored:
        return True
    row = writer.execute("SELECT fingerprint FROM similar_scoring WHERE id = 1").fetchone()
    return row is None or row[0] != fingerprint()


def aliases(writer: Writer) -> dict[str, str]:
    return short_forms(writer.execute(ALIASES))


def corpus_terms(writer: Writer, terms: Terms) -> Iterator[tuple[str, object]]:
    """Every paper's id and terms, in id order (papers and their keywords read side by side)."""
    with writer.stream(PAPERS) as papers, writer.stream(KEYWORDS) as keywords:
        rows = (row for batch in keywords for row in batch)
        pending = next(rows, None)
        for batch in papers:
            for pid, title, abstract in batch:
                keys = []
                while pending is not None and pending[0] <= pid:
                    if pending[0] == pid:
                        keys.append(pending[1])
                    pending = next(rows, None)
                yield pid, terms.of(title, abstract, keys)


def compute_all(writer: Writer):
    """Every paper's similar papers, computed afresh and stored with the statistics; returns the
    batch result (its close pairs are the candidate versions)."""
    from ..extract.similar.batch import Corpus, similar_papers

    corpus = Corpus()
    for pid, counts in corpus_terms(writer, Terms(aliases(writer))):
        corpus.add(pid, counts)
    result = similar_papers(corpus)
    del corpus
    ids = result.ids
    writer.execute("DELETE FROM similar_papers")
    rows = (
        (ids[paper], rank, ids[other], score)
        for paper, found in result.lists()
        for rank, (other, score) in enumerate(found, 1)
    )
    for part in chunks(rows, ROWS_AT_ONCE):
        writer.insert("similar_papers", part, ("paper_id", "rank", "similar_id", "score"))
    save_statistics(writer, result.statistics)
    return result


def save_statistics(writer: Writer, statistics) -> None:
    """Keep what the similarities were computed with (`similar_terms`, `similar_scoring`)."""
    writer.execute("DELETE FROM similar_terms")
    topics = statistics.topics
    rows = (
        (term, papers, topics[term].astype("<f4").tobytes() if term in topics else None)
        for term, papers in sorted(statistics.df.items())
    )
    for part in chunks(rows, ROWS_AT_ONCE):
        writer.insert("similar_terms", part, ("term", "papers", "topic"))
    writer.execute(
        "INSERT INTO similar_scoring (id, papers, changed, fingerprint, computed_at)"
        " VALUES (1, :papers, 0, :fingerprint, :now) ON CONFLICT (id) DO UPDATE SET papers = excluded.papers,"
        " changed = 0, fingerprint = excluded.fingerprint, computed_at = excluded.computed_at",
        {"papers": statistics.papers, "fingerprint": fingerprint(), "now": utcnow()},
    )
