"""Versions of one work across venues and years (`paper_versions`), found in the load: pairs of
papers with the same normalised title, and pairs whose distinctive terms the similar papers'
computation found close, are judged by `etl.extract.versions` with the authors they share."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from ..extract.versions import Version, ordered, relation, same_title, same_work
from ..iterables import chunks
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import IDS_PER_QUERY, Writer

# Pairs of papers of other venues or years with one normalised title (of `{papers}`, or all).
SAME_TITLE = """SELECT a.id, b.id FROM papers a
    JOIN papers b ON b.title_key = a.title_key AND b.id > a.id AND (b.venue != a.venue OR b.year != a.year)
    WHERE a.title_key IS NOT NULL AND a.title_key != ''"""
SAME_TITLE_OF = """SELECT a.id, b.id FROM version_changed x JOIN papers a ON a.id = x.paper_id
    JOIN papers b ON b.title_key = a.title_key AND b.id != a.id AND (b.venue != a.venue OR b.year != a.year)
    WHERE a.title_key IS NOT NULL AND a.title_key != ''"""
# The links of those papers.
LINKED_OF = """SELECT v.paper_id, v.other_id FROM paper_versions v
    WHERE v.paper_id IN (SELECT paper_id FROM version_changed) OR v.other_id IN (SELECT paper_id FROM version_changed)"""
PAIRS = "CREATE TEMP TABLE version_pairs (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b))"
SHARED_AUTHORS = """SELECT p.a, p.b, count(DISTINCT x.author_id) FROM version_pairs p
    JOIN paper_authors x ON x.paper_id = p.a JOIN paper_authors y ON y.paper_id = p.b AND y.author_id = x.author_id
    GROUP BY p.a, p.b"""
PAPERS = f"""SELECT id, venue, year, decision, presentation, title_key, title, {CLEAN_ABSTRACT}
FROM papers WHERE id IN :ids"""
COLUMNS = ("paper_id", "other_id", "relation", "similarity", "same_title")


def refresh_versions(
    writer: Writer,
    close: Iterable[tuple[str, str, float]],
    changed: set[str] | None,
    relisted: AbstractSet[str] = frozenset(),
    moved: AbstractSet[str] | None = None,
) -> int:
    """Link versions among all papers (`changed` None), or anew where a load's changes can make a
    difference: the pairs of the `changed` papers, and the pairs a paper whose list was found
    again (`relisted`) found close or had as versions (a pair is close when the earlier paper by id
    has the later among its candidates: `etl.extract.similar.select`). `close` are the candidate
    pairs the similar papers' computation found; the links of the changed papers whose earlier
    paper's list was not found again and whose vectors did not move (`moved`; None: every changed
    paper's did) are judged again too, as they were found (issue 41). Returns the links made."""
    if changed is None:
        pairs = {(a, b) for a, b in writer.execute(SAME_TITLE)}
        writer.execute("DELETE FROM paper_versions")
    else:
        touched = changed | relisted
        if not touched:
            return 0
        writer.execute("CREATE TEMP TABLE version_changed (paper_id TEXT PRIMARY KEY)")
        writer.execute("INSERT INTO version_changed VALUES (:id)", [{"id": pid} for pid in sorted(touched)])
        pairs = {(min(a, b), max(a, b)) for a, b in writer.execute(SAME_TITLE_OF)}
        linked = {(min(a, b), max(a, b)) for a, b in writer.execute(LINKED_OF)}
        writer.execute("DROP TABLE version_changed")
        stale = {(a, b) for a, b in linked if a in changed or b in changed or a in relisted}
        # (a link's earlier paper by id whose list was not found again has the candidates it had, and
        # two papers whose vectors did not move the texts they had: the pair was judged for what
        # still holds, its part or its title. A file read again with the same texts moves no vector
        # and finds no list again: its links were dropped, where a cold load makes them, issue 41.)
        moving = changed if moved is None else moved
        pairs |= {(a, b) for a, b in stale if a not in relisted and a not in moving and b not in moving}
        pairs |= {(min(a, b), max(a, b)) for a, b, _ in close}
        gone = stale | (linked & pairs)
        writer.delete_rows("paper_versions", sorted(gone) + [(b, a) for a, b in sorted(gone)], ("paper_id", "other_id"))
    pairs |= {(min(a, b), max(a, b)) for a, b, _ in close}
    links = judge(writer, pairs)
    writer.insert("paper_versions", links, COLUMNS)
    return len(links)


def judge(writer: Writer, pairs: set[tuple[str, str]]) -> list[tuple]:
    """The rows of the pairs that are versions of one work."""
    if not pairs:
        return []
    writer.execute(PAIRS)
    writer.execute("INSERT INTO version_pairs VALUES (:a, :b)", [{"a": a, "b": b} for a, b in sorted(pairs)])
    shared = {(a, b): n for a, b, n in writer.execute(SHARED_AUTHORS)}
    writer.execute("DROP TABLE version_pairs")
    papers: dict[str, Version] = {}
    for part in chunks(sorted({pid for pair in shared for pid in pair}), IDS_PER_QUERY):
        for pid, venue, year, decision, presentation, title_key, title, abstract in writer.execute_in(PAPERS, ids=part):
            text = " ".join(t for t in (title, abstract) if t)
            papers[pid] = Version(pid, venue, year, decision, presentation, title_key, text, abstract or "")
    links = []
    for (a, b), n in sorted(shared.items()):
        similarity = same_work(papers[a], papers[b], n)
        if similarity is not None:
            earlier, later = ordered(papers[a], papers[b])
            links.append((earlier.id, later.id, relation(earlier, later), similarity, same_title(earlier, later)))
    return links
