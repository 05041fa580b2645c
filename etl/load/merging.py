"""One paper for one work: a paper no source gives an abstract joins the paper with an abstract
that shares one of its ids (DOI, OpenReview, arXiv, PMLR, ACL Anthology) or its venue, year and
normalised title; a paper whose abstract records all left goes back to being its other records'
(`etl.extract.record_paper`), and so do the joined records of a paper whose records changed, until
they join again where they still match. Ids that join another paper stay resolvable in
`paper_former_ids`; an id that is a paper again is no former id."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable

from ..extract.record_paper import STRONG_IDS, identity, identity_id
from ..iterables import chunks
from ..store.writer import IDS_PER_QUERY, Writer
from .idsets import AS_STRINGS, in_order
from .records import NEW_PAPER
from .rows import ids_of
from .texts import paper_venue

# Told the ids of papers about to be removed (their keywords are counted out first).
Forget = Callable[[list[str]], None]

MERGED = "merged"  # paper_former_ids.revision of an id a paper had before it joined another
STRONG = ", ".join(f"'{scheme}'" for scheme in STRONG_IDS)
WITHOUT_ABSTRACT = "SELECT EXISTS (SELECT 1 FROM papers WHERE abstract IS NULL)"
# Pairs (paper without an abstract, paper with one it matches) where either is in `changed`: by a
# shared id, then by venue, year and title; each from the side of `changed`, so indexes lead.
MATCHES = [
    f"""SELECT a.paper_id, p.paper_id FROM changed c
    JOIN paper_ids a ON a.paper_id = c.id AND a.scheme IN ({STRONG})
    JOIN paper_ids p ON p.scheme = a.scheme AND p.value = a.value AND p.paper_id != a.paper_id
    JOIN papers pa ON pa.id = a.paper_id AND pa.abstract IS NULL
    JOIN papers pp ON pp.id = p.paper_id AND pp.abstract IS NOT NULL""",
    f"""SELECT a.paper_id, p.paper_id FROM changed c
    JOIN paper_ids p ON p.paper_id = c.id AND p.scheme IN ({STRONG})
    JOIN paper_ids a ON a.scheme = p.scheme AND a.value = p.value AND a.paper_id != p.paper_id
    JOIN papers pa ON pa.id = a.paper_id AND pa.abstract IS NULL
    JOIN papers pp ON pp.id = p.paper_id AND pp.abstract IS NOT NULL""",
    """SELECT a.id, p.id FROM changed c JOIN papers a ON a.id = c.id AND a.abstract IS NULL
    JOIN papers p ON p.title_key = a.title_key AND p.venue = a.venue AND p.year = a.year
    AND p.abstract IS NOT NULL""",
    """SELECT a.id, p.id FROM changed c JOIN papers p ON p.id = c.id AND p.abstract IS NOT NULL
    JOIN papers a ON a.title_key = p.title_key AND a.venue = p.venue AND a.year = p.year
    AND a.abstract IS NULL""",
]
# The records of papers (`:ids`), with what identifies one that gives no abstract.
RECORDS_OF = "SELECT paper_id, source_id, position, ids, title, venue, year FROM paper_sources WHERE paper_id IN :ids"
# Of those, the records that give no abstract in papers that have one: each joined its paper by
# a match (`MATCHES`) that the paper's own records made when they were read.
JOINED_OF = f"""{RECORDS_OF} AND NOT has_abstract
    AND paper_id IN (SELECT id FROM papers WHERE id IN :ids AND abstract IS NOT NULL)"""
ANY_JOINED = """SELECT EXISTS (SELECT 1 FROM paper_sources ps JOIN papers p ON p.id = ps.paper_id
    WHERE NOT ps.has_abstract AND p.abstract IS NOT NULL)"""
SCAN_FROM = 20 * IDS_PER_QUERY  # papers from which `ANY_JOINED` (a scan of the records) is asked first
MERGED_IDS = f"SELECT former_id, paper_id FROM paper_former_ids WHERE revision = '{MERGED}'"


def merge_into_abstracts(writer: Writer, papers: Iterable[str], forget: Forget) -> dict[str, str]:
    """Move the records of each paper without an abstract that matches a paper with one (among
    `papers`, or matching one of them) to that paper (the smallest id, if several); `forget(ids)`
    is told the papers that go before they are deleted. Returns {former id: the paper it joined}."""
    if not writer.scalar(WITHOUT_ABSTRACT):
        return {}  # (most databases: every paper has its abstract)
    writer.execute("CREATE TEMP TABLE changed (id TEXT PRIMARY KEY)")
    inserted = 0
    for part in chunks(in_order(papers), AS_STRINGS):  # (a large load's papers: a part at a time)
        writer.execute("INSERT INTO changed VALUES (:id)", [{"id": pid} for pid in part])
        inserted += len(part)
    if not inserted:
        writer.execute("INSERT INTO changed VALUES (:id)", [{"id": ""}])
    joined: dict[str, str] = {}
    for query in MATCHES:
        for orphan, target in writer.execute(query):
            joined[orphan] = min(target, joined.get(orphan, target))
    writer.execute("DROP TABLE changed")
    if joined:
        _move(writer, joined, forget)
    return joined


def give_back(writer: Writer, papers: Iterable[str], now: str, forget: Forget) -> dict[str, str]:
    """For papers left without a record that gives an abstract: each remaining record goes to the
    paper its own identity names (made if missing); the paper goes, and with it the former ids
    that named it (a cold load of what remains never had it). Returns {gone: first new id}."""
    gone: dict[str, str] = {}
    for part in chunks(sorted(papers), IDS_PER_QUERY):
        for pid, target in _to_own_papers(writer, writer.execute_in(RECORDS_OF, ids=part), now):
            gone.setdefault(pid, target)
    if gone:
        forget(list(gone))
        writer.delete_in("papers", "id", list(gone))  # (its paper_former_ids rows go with it)
    return gone


def take_apart(writer: Writer, papers: Iterable[str], now: str) -> dict[str, str]:
    """The records that give no abstract in those of `papers` that have one go back to the papers
    their own identity names (made if missing), as `give_back` does: the match that joined them
    may be gone (the paper retitled, or of another year now). `merge_into_abstracts` joins them
    again where they still match, so the papers end as a cold load leaves them.
    Returns {paper a record went to: the paper it left}."""
    papers = in_order(papers)
    if len(papers) > SCAN_FROM and not writer.scalar(ANY_JOINED):
        return {}  # (a large load, and no record has joined a paper: one scan, not a query per chunk)
    apart: dict[str, str] = {}
    for part in chunks(papers, IDS_PER_QUERY):
        for pid, target in _to_own_papers(writer, writer.execute_in(JOINED_OF, ids=part), now):
            apart.setdefault(target, pid)
    return apart


def forget_lost_merges(writer: Writer, papers: Container[str]) -> int:
    """An id a paper took when another joined it stays resolvable while one of the paper's records
    is still that id's record: a record retitled or gone (its file edited or removed) takes the id
    along, as a cold load of the records as they are never made it (issue 41's reconcile row: a
    title-only CSV record that joined a paper, then retitled). Returns the former ids removed."""
    merged: dict[str, set[str]] = {}
    for former, pid in writer.execute(MERGED_IDS):  # (few rows: one a paper a load joined)
        if pid in papers:
            merged.setdefault(pid, set()).add(former)
    if not merged:
        return 0
    held: set[str | None] = set()
    for part in chunks(sorted(merged), IDS_PER_QUERY):
        held.update(
            _own_id(ids, venue, year, title)
            for _, _, _, ids, title, venue, year in writer.execute_in(RECORDS_OF, ids=part)
        )
    lost = sorted(former for formers in merged.values() for former in formers if former not in held)
    if lost:
        writer.delete_in("paper_former_ids", "former_id", lost)
    return len(lost)


def _to_own_papers(writer: Writer, records: Iterable[tuple], now: str) -> list[tuple[str, str]]:
    """Move each record (paper id, source id, position, ids, title, venue, year) to the paper its
    own identity names, making the papers missing (each with its first record's venue and year
    until its text is chosen); an id that is a paper again is no former id. Returns the
    (paper, new paper) of every record moved."""
    moves: dict[tuple[int, int], str] = {}
    new: dict[str, tuple] = {}
    moved = []
    for pid, source_id, position, ids, title, venue, year in records:
        target = _own_id(ids, venue, year, title)
        if target is None:
            continue
        moves[(source_id, position)] = target
        new.setdefault(target, (target, None, None, None, paper_venue(venue), year, source_id, "none", now, now))
        moved.append((pid, target))
    if not moves:
        return moved
    existing = {pid for (pid,) in writer.select_in("papers", ("id",), "id", new)}
    writer.insert("papers", [row for pid, row in new.items() if pid not in existing], NEW_PAPER)
    writer.update(
        "paper_sources",
        [{"source_id": s, "position": p, "paper_id": t} for (s, p), t in moves.items()],
        ["paper_id"],
        key=("source_id", "position"),
    )
    writer.delete_in("paper_former_ids", "former_id", sorted(new))
    return moved


def _own_id(ids: str | None, venue: str | None, year: int | None, title: str | None) -> str | None:
    """The id of the paper a record without an abstract is by its own identity (a `paper_sources`
    row's stored ids, venue, year and title), or None when nothing tells it."""
    key = identity(ids_of(ids), venue, year, title)
    return None if key is None else identity_id(key)


def _move(writer: Writer, joined: dict[str, str], forget: Forget) -> None:
    writer.execute(
        "UPDATE paper_sources SET paper_id = :new WHERE paper_id = :old",
        [{"old": old, "new": new} for old, new in joined.items()],
    )
    _forget(writer, joined, forget)


def _forget(writer: Writer, gone: dict[str, str], forget: Forget) -> None:
    """Keep the ids of papers that go resolvable, then remove the papers (with what was derived
    from their records: ids, authors, keywords, links)."""
    if not gone:
        return
    rows = [{"old": old, "new": new} for old, new in gone.items()]
    writer.execute("UPDATE paper_former_ids SET paper_id = :new WHERE paper_id = :old", rows)
    writer.execute(
        "INSERT INTO paper_former_ids (former_id, paper_id, revision) VALUES (:old, :new, :why)"
        " ON CONFLICT (former_id) DO UPDATE SET paper_id = excluded.paper_id, revision = excluded.revision",
        [row | {"why": MERGED} for row in rows],
    )
    forget(list(gone))
    writer.delete_in("papers", "id", list(gone))
