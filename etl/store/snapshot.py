"""A SQLite copy of a server's database, for `paperdb serve` (Datasette serves SQLite files).

The copy is a new database made by the same migrations, so it has everything serving needs
(the FTS5 index and its triggers, views, indexes); every table's rows are copied as they are
(ids, keys and keyword scores unchanged; `paper_sources.extra` packed, as SQLite keeps it), in
one transaction, and the full-text index is built once at the end. Like a load, the copy appears only once complete."""

from __future__ import annotations

import os

from ..errors import PaperdbError
from .postgres import shown

BATCH = 5_000  # rows read from the server and written at a time


def snapshot(source_url: str, db_file: str) -> dict[str, int]:
    """Copy the server database `source_url` into the new SQLite file `db_file`; returns the
    rows copied per table. `db_file` must not exist yet (a snapshot never overwrites)."""
    from .creating import database_to_write
    from .engine import at_head, make_engine, migrate, transaction
    from .postgres import checked_url, make_server_engine
    from .target import quiet_pool_logs
    from .writer import Writer

    if os.path.exists(db_file):
        raise PaperdbError(f"{db_file}: exists; a snapshot writes a new database (remove it, or give another path)")
    quiet_pool_logs()
    source = make_server_engine(checked_url(source_url))
    try:
        with source.connect() as reading:
            reading.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")  # one view
            if not at_head(reading):
                raise PaperdbError(
                    f"{shown(source_url)}: not a paperdb database at the current schema; run `paperdb migrate` on it"
                )
            with database_to_write(db_file) as target:
                engine = make_engine(target)
                try:
                    with transaction(engine) as writing:
                        migrate(writing)
                        return _copy(reading, Writer(writing))
                finally:
                    engine.dispose()
    finally:
        source.dispose()


def _copy(reading, writer) -> dict[str, int]:
    """Every table's rows from the server into the new database, parents first; the full-text
    index is built once at the end."""
    from sqlalchemy import select

    from .schema import metadata

    counts: dict[str, int] = {}
    writer.defer_search()
    for table in metadata.sorted_tables:
        rows = reading.execution_options(stream_results=True, yield_per=BATCH).execute(
            select(*table.columns).order_by(*table.primary_key.columns)
        )
        counts[table.name] = 0
        names = [c.name for c in table.columns]
        packed = names.index("extra") if table.name == "paper_sources" else None  # (SQLite's form of it)
        for part in rows.partitions(BATCH):
            copied = [tuple(row) for row in part]
            if packed is not None:
                copied = [(*r[:packed], writer.stored_extra(r[packed]), *r[packed + 1 :]) for r in copied]
            writer.insert(table.name, copied, names)
            counts[table.name] += len(part)
    writer.rebuild_search()
    return counts
