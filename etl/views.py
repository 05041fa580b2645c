"""SQL views on top of the tables: their definitions (used by migrations) and documentation."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class View:
    name: str
    description: str
    sql: str
    columns: dict[str, str] = field(default_factory=dict)


# Views are added to this list by the feature that needs them; a migration creates each one from
# a copy of its SQL at that revision, so changing a view here means writing a new revision.
VIEWS: list[View] = []
