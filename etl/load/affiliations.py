"""Store the institutions each author of a paper gives: `institutions` and `paper_affiliations`."""

from __future__ import annotations

from collections.abc import Mapping

from ..extract.bibliography import Resolved
from ..store.writer import Writer


def store_affiliations(writer: Writer, resolved: Mapping[str, Resolved]) -> None:
    """Replace the affiliations of these papers with what their sources say now."""
    writer.delete_in("paper_affiliations", "paper_id", list(resolved))
    keys = {key: (name, country) for r in resolved.values() for _, _, name, key, country in r.affiliations}
    if not keys:
        return
    writer.insert_missing(
        "institutions",
        [(name, key, country, 0) for key, (name, country) in sorted(keys.items())],
        ("name", "normalised", "country", "papers"),
        "normalised",
    )
    numbers = dict(writer.select_in("institutions", ("normalised", "id"), "normalised", sorted(keys)))
    rows: dict[tuple, tuple] = {}  # (an author who gives an institution twice has it once: the first)
    for pid, r in resolved.items():
        for position, order, name, key, country in r.affiliations:
            rows.setdefault((pid, position, numbers[key]), (order, name, country))
    writer.insert("paper_affiliations", [(*row_key, *rest) for row_key, rest in rows.items()])
