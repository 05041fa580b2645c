"""Store the links sources give as a paper's own (paperlists `github`, `project`): `paper_links`
rows marked with their `source_id`, official, and counted by `code_status` (`paper_code_status`)."""

from __future__ import annotations

from collections.abc import Mapping

from ..extract.bibliography import Resolved
from ..extract.code_status import paper_code_status
from ..extract.derive import derive
from ..store.schema import columns
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import Writer

# The papers (of `:ids`) with what their code status is made of: their abstract, as derived.
STATUS_INPUTS = f"SELECT id, code_status, {CLEAN_ABSTRACT} FROM papers WHERE id IN :ids"
# The statuses the links sources give can make (`paper_code_status`): a paper that has one may
# have lost the link that made it.
FROM_LINKS = ("released", "mentioned")


def refresh_source_links(writer: Writer, resolved: Mapping[str, Resolved]) -> None:
    """Make the source-given links of these papers what their sources say now. A link the
    abstract cites already keeps its abstract row. The code status of a paper its sources give links
    to, or that has one they could have made (released, mentioned), is made again of its
    abstract's and those links (`paper_code_status`)."""
    cited: dict[str, set[str]] = {}
    given: dict[str, set[tuple[str, int]]] = {}
    for pid, key, source in writer.select_in("paper_links", ("paper_id", "url_key", "source_id"), "paper_id", resolved):
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
                (
                    pid,
                    -n,
                    link.url,
                    link.key,
                    link.raw,
                    link.kind,
                    link.host,
                    link.owner,
                    link.repo,
                    link.path,
                    True,
                    source,
                )
                for n, (link, source) in enumerate(wanted, 1)
            ]
    if changed:
        writer.delete_in("paper_links", "paper_id", changed, where="source_id IS NOT NULL")
        writer.insert("paper_links", rows, columns("paper_links"))
    statuses = []
    for pid, status, abstract in writer.execute_in(STATUS_INPUTS, ids=list(resolved)).fetchall():
        links = [link for link, _ in resolved[pid].links]
        if not links and status not in FROM_LINKS:
            continue  # (the abstract's status, as `refresh_texts` keeps it)
        derived = derive(abstract) if abstract else None
        now = paper_code_status(
            derived.code_status if derived else "none", derived.withheld if derived else frozenset(), links
        )
        if now != status:
            statuses.append({"id": pid, "code_status": now})
    writer.update("papers", statuses, ["code_status"])
