"""Store the links sources give as a paper's own (paperlists `github`, `project`): `paper_links`
rows marked with their `source_id`, official, and, when they point at code, counted by `code_status`."""

from __future__ import annotations

from collections.abc import Mapping

from ..extract.bibliography import Resolved
from ..extract.derive import derive
from ..extract.hosts import CODE_KINDS
from ..store.schema import columns
from ..store.views import CLEAN_ABSTRACT
from ..store.writer import Writer

CODE = ", ".join(f"'{kind}'" for kind in sorted(CODE_KINDS))
# Papers (of `:ids`) whose code status says released without a source's link to code or an
# official one in the abstract: a source stopped giving the link, or gives no code.
RELEASED_WITHOUT_CODE = f"""SELECT id, {CLEAN_ABSTRACT} FROM papers WHERE id IN :ids AND code_status = 'released'
AND NOT EXISTS (SELECT 1 FROM paper_links l WHERE l.paper_id = papers.id AND l.is_official AND l.source_id IS NULL
    AND l.kind IN ({CODE}))"""


def refresh_source_links(writer: Writer, resolved: Mapping[str, Resolved]) -> None:
    """Make the source-given links of these papers what their sources say now. A link the
    abstract cites already keeps its abstract row. A paper a source gives a link to code has
    released code; one whose sources give no such link (any more) gets its code status from the
    abstract."""
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
    with_code = {pid for pid, r in resolved.items() if any(link.is_code for link, _ in r.links)}
    writer.update(
        "papers",
        [{"id": pid, "code_status": "released"} for pid in with_code],
        ["code_status"],
        where="code_status != 'released'",
    )
    without = [pid for pid in resolved if pid not in with_code]
    if without:
        stale = writer.execute_in(RELEASED_WITHOUT_CODE, ids=without).fetchall()
        writer.update(
            "papers",
            [
                {"id": pid, "code_status": derive(abstract).code_status if abstract else "none"}
                for pid, abstract in stale
            ],
            ["code_status"],
        )
