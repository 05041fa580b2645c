"""What a revision does to have sources read again by the next load that names them (revision 0026's
mechanism): it writes a marker over the start of `sources.sha256`, so the stored digest no longer
matches the file's and the load reads it as changed; on SQLite and PostgreSQL alike."""

from __future__ import annotations

from collections.abc import Iterable

import sqlalchemy as sa

MARKED = "read again: "  # (sources.sha256 holds 64 characters: the marker and 52 hex digits)
MARK = "UPDATE sources SET sha256 = :marked || substr(sha256, 1, 52) WHERE id IN :ids AND sha256 NOT LIKE :like"


def mark_read_again(conn, source_ids: Iterable[int]) -> None:
    """Mark these sources to be read again (a source marked already stays as it is)."""
    ids = sorted(source_ids)
    if ids:
        statement = sa.text(MARK).bindparams(sa.bindparam("ids", expanding=True))
        conn.execute(statement, {"ids": ids, "marked": MARKED, "like": MARKED + "%"})
