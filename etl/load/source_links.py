"""Store the links sources give as a paper's own (paperlists `github`, `project`): `paper_links`
rows marked with their `source_id`, official, and counted by `code_status`."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import Connection

from ..extract.bibliography import Resolved
from ..extract.derive import derive
from ..store.driver import Driver


def refresh_source_links(conn: Connection, resolved: Mapping[str, Resolved]) -> None:
    """Make the source-given links of these papers what their sources say now. A link the
    abstract cites already keeps its abstract row. A paper with a source-given link has released
    code; one whose source links are gone gets its code status from the abstract again."""
    ids = list(resolved)
    marks = ", ".join("?" * len(ids))
    raw = Driver(conn)
    cited: dict[str, set[str]] = {}
    given: dict[str, set[tuple[str, int]]] = {}
    for pid, key, source in raw.execute(
        f"SELECT paper_id, url_key, source_id FROM paper_links WHERE paper_id IN ({marks})", ids
    ):
        if source is None:
            cited.setdefault(pid, set()).add(key)
        else:
            given.setdefault(pid, set()).add((key, source))
    rows, changed = [], []
    for pid, r in resolved.items():
        wanted = [(link, source) for link, source in r.links if link.key not in cited.get(pid, ())]
        if {(link.key, source) for link, source in wanted} != given.get(pid, set()):
            changed.append(pid)
            rows += [
                (pid, -n, link.url, link.key, link.raw, link.kind, link.host, link.owner, link.repo, link.path, source)
                for n, (link, source) in enumerate(wanted, 1)
            ]
    if changed:
        raw.executemany("DELETE FROM paper_links WHERE paper_id = ? AND source_id IS NOT NULL", [(p,) for p in changed])
        raw.executemany(
            'INSERT INTO paper_links (paper_id, "offset", url, url_key, raw, kind, host, owner, repo, path,'
            " is_official, source_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?)",
            rows,
        )
    with_links = [(pid,) for pid, r in resolved.items() if r.links]
    raw.executemany("UPDATE papers SET code_status = 'released' WHERE id = ? AND code_status != 'released'", with_links)
    # released without a source's link nor an official one in the abstract: a source stopped giving it
    without = [pid for pid, r in resolved.items() if not r.links]
    if without:
        stale = raw.execute(
            f"SELECT id, abstract FROM papers WHERE id IN ({', '.join('?' * len(without))})"
            " AND code_status = 'released' AND NOT EXISTS (SELECT 1 FROM paper_links l"
            " WHERE l.paper_id = papers.id AND l.is_official AND l.source_id IS NULL)",
            without,
        ).fetchall()
        raw.executemany(
            "UPDATE papers SET code_status = ? WHERE id = ?",
            [(derive(abstract).code_status, pid) for pid, abstract in stale],
        )
