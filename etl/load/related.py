"""Similar papers kept current between full computations, at a cost that follows what a load
changes: the papers it adds or changes get their ten most similar papers, found among the papers
that share one of their rarer keywords and those papers' own similar papers, and scored against
the kept statistics (`etl.extract.similar.scoring`); each of them enters the list of any of its
best candidates it is now more similar to than that list's last; lists that named a paper that
changed or went are found again the same way.
"""

from __future__ import annotations

from collections import defaultdict

from ..extract.similar.batch import CANDIDATES, RARE_MAX, SIMILAR
from ..extract.similar.scoring import Reference, Vector, similarity, vector
from ..extract.similar.terms import Terms
from ..iterables import chunks
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import IDS_PER_QUERY, Writer
from .similar import aliases

ENTER = 30  # of a new paper's best candidates, those whose lists it may enter
HOPS = 5  # candidates whose own similar papers are candidates too
QUERIES = "CREATE TEMP TABLE related_queries (paper_id TEXT PRIMARY KEY)"
# Papers that share a keyword only 2 to RARE_MAX papers have, with how many such keywords.
# (From the queries' own keywords: `+` keeps SQLite from starting at every rare keyword instead.)
BY_KEYWORDS = f"""SELECT q.paper_id, c.paper_id, count(*) FROM paper_keywords q
    JOIN keywords k ON k.id = q.keyword_id AND +k.papers BETWEEN 2 AND {RARE_MAX}
    JOIN paper_keywords c ON c.keyword_id = q.keyword_id AND c.paper_id != q.paper_id
    WHERE q.paper_id IN (SELECT paper_id FROM related_queries)
    GROUP BY q.paper_id, c.paper_id"""
LISTS = "SELECT paper_id, similar_id, score FROM similar_papers WHERE paper_id IN :ids ORDER BY paper_id, rank"
TEXTS_OF = f"SELECT id, title, {CLEAN_ABSTRACT} FROM papers WHERE id IN :ids"
KEYWORDS_OF = """SELECT pk.paper_id, k.normalised FROM paper_keywords pk JOIN keywords k ON k.id = pk.keyword_id
    WHERE pk.paper_id IN :ids"""


def update_similar(writer: Writer, changed: set[str], removed: set[str]) -> list[tuple[str, str, float]]:
    """Bring similar papers up to date for `changed` papers (added, or whose text, keywords or
    bibliography changed) and `removed` ones; returns the pairs close enough to be versions of
    one work (ids, distinctive part)."""
    gone = changed | removed
    if not gone:
        return []
    stale = _owners_of(writer, gone) - gone  # lists that named a paper that changed or went
    writer.delete_in("similar_papers", "paper_id", sorted(changed))
    queries = sorted(changed | stale)
    lists = _lists(writer, stale)
    candidates = _candidates(writer, queries)
    for owner, found in lists.items():  # (what is left of a stale list stays a candidate)
        candidates[owner] |= {other for other, _ in found if other not in gone}
    hops = {c for q in queries for c in sorted(candidates[q])[:HOPS]}
    _add_their_lists(candidates, _lists(writer, hops))
    vectors = _vectors(writer, set(queries) | {c for q in queries for c in candidates[q]})
    close: list[tuple[str, str, float]] = []
    lists: dict[str, list[tuple[str, float]]] = {}
    entering: dict[str, list[tuple[str, float]]] = defaultdict(list)  # candidate -> (changed paper, score)
    for q in queries:
        if q not in vectors:
            continue
        scored = sorted((-similarity(vectors[q], vectors[c]), c) for c in candidates[q] - {q} - removed if c in vectors)
        lists[q] = [(c, round(-s, 4)) for s, c in scored[:SIMILAR]]
        if q in changed:
            close += _close(q, vectors, candidates[q])
            for s, c in scored[:ENTER]:
                entering[c].append((q, round(-s, 4)))
    _enter(writer, lists, entering, gone)
    writer.execute("UPDATE similar_scoring SET changed = changed + :n WHERE id = 1", {"n": len(changed | removed)})
    return close


def _add_their_lists(candidates: dict[str, set[str]], lists: dict[str, list[tuple[str, float]]]) -> None:
    """Each query's candidates with the similar papers of each listed paper (in `lists`' order)
    that is among them by then. Each candidate's queries are kept as candidates are added, so
    the cost follows the candidates (asking every query of every listed paper, a load that
    re-read 36,000 papers had not got past this after 15 minutes of CPU)."""
    holding: dict[str, set[str]] = defaultdict(set)  # candidate -> the queries it is a candidate of
    for q, found in candidates.items():
        for c in found:
            holding[c].add(q)
    for owner, found in lists.items():
        others = {other for other, _ in found}
        for q in list(holding.get(owner, ())):
            for other in others - candidates[q]:
                candidates[q].add(other)
                holding[other].add(q)


def _owners_of(writer: Writer, papers: set[str]) -> set[str]:
    """The papers whose lists name any of `papers` (one pass over the table)."""
    writer.execute("CREATE TEMP TABLE related_gone (paper_id TEXT PRIMARY KEY)")
    writer.execute("INSERT INTO related_gone VALUES (:id)", [{"id": pid} for pid in sorted(papers)])
    owners = {
        pid
        for (pid,) in writer.execute(
            "SELECT DISTINCT paper_id FROM similar_papers WHERE similar_id IN (SELECT paper_id FROM related_gone)"
        )
    }
    writer.execute("DELETE FROM similar_papers WHERE similar_id IN (SELECT paper_id FROM related_gone)")
    writer.execute("DROP TABLE related_gone")
    return owners


def _lists(writer: Writer, papers: set[str]) -> dict[str, list[tuple[str, float]]]:
    found: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for part in chunks(sorted(papers), IDS_PER_QUERY):
        for pid, other, score in writer.execute_in(LISTS, ids=part):
            found[pid].append((other, score))
    return found


def _candidates(writer: Writer, queries: list[str]) -> dict[str, set[str]]:
    """Each query's `CANDIDATES` papers sharing the most rare keywords with it."""
    writer.execute(QUERIES)
    writer.execute("INSERT INTO related_queries VALUES (:id)", [{"id": pid} for pid in queries])
    shared: dict[str, list[tuple[int, str]]] = defaultdict(list)
    with writer.stream(BY_KEYWORDS) as batches:
        for rows in batches:
            for q, c, n in rows:
                shared[q].append((-n, c))
    writer.execute("DROP TABLE related_queries")
    return defaultdict(set, {q: {c for _, c in sorted(found)[:CANDIDATES]} for q, found in shared.items()})


def _vectors(writer: Writer, papers: set[str]) -> dict[str, Vector]:
    """The papers' vectors against the kept statistics."""
    keys: dict[str, list[str]] = defaultdict(list)
    texts = {}
    for part in chunks(sorted(papers), IDS_PER_QUERY):
        for pid, key in writer.execute_in(KEYWORDS_OF, ids=part):
            keys[pid].append(key)
        for pid, title, abstract in writer.execute_in(TEXTS_OF, ids=part):
            texts[pid] = (title, abstract)
    terms = Terms(aliases(writer))
    counts = {pid: terms.of(title, abstract, keys.get(pid, ())) for pid, (title, abstract) in texts.items()}
    reference = _reference(writer, {t for c in counts.values() for t in c})
    return {pid: vector(c, reference) for pid, c in counts.items()}


def _reference(writer: Writer, terms: set[str]) -> Reference:
    import numpy as np

    papers = writer.scalar("SELECT papers FROM similar_scoring WHERE id = 1") or 0
    df, topics = {}, {}
    for term, n, topic in writer.select_in("similar_terms", ("term", "papers", "topic"), "term", sorted(terms)):
        df[term] = n
        if topic is not None:
            topics[term] = np.frombuffer(bytes(topic), dtype="<f4")
    return Reference(papers, df, topics)


def _close(q: str, vectors: dict[str, Vector], candidates: set[str]) -> list[tuple[str, str, float]]:
    from ..extract.similar.batch import CLOSE
    from ..extract.similar.scoring import distinctive_part

    out = []
    for c in sorted(candidates):
        if c != q and c in vectors and (part := distinctive_part(vectors[q], vectors[c])) >= CLOSE:
            out.append((min(q, c), max(q, c), part))
    return out


def _enter(
    writer: Writer,
    lists: dict[str, list[tuple[str, float]]],
    entering: dict[str, list[tuple[str, float]]],
    gone: set[str],
) -> None:
    """Write the queries' `lists`, and put each changed paper into the lists of the candidates it
    now belongs in (`entering`: those lists are read, merged and written again when they change)."""
    others = set(entering) - set(lists)
    current = _lists(writer, others)
    for c in sorted(others):
        found = [(o, s) for o, s in current.get(c, []) if o not in gone]
        merged = sorted(found + entering[c], key=lambda pair: (-pair[1], pair[0]))[:SIMILAR]
        if merged != current.get(c, []):
            lists[c] = merged
    writer.delete_in("similar_papers", "paper_id", sorted(lists))
    rows = [
        (pid, rank, other, score)
        for pid, found in sorted(lists.items())
        for rank, (other, score) in enumerate(found, 1)
    ]
    writer.insert("similar_papers", rows, ("paper_id", "rank", "similar_id", "score"))
