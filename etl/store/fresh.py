"""A new SQLite database's schema: what the migrations make, made once per process and replayed.

Running the 23 revisions one by one takes about 0.12 s of Alembic operations for every new file
(a table rebuilt here, a column added there); their result on an empty database is always the
same. So the first new SQLite database of a process has the revisions run on an empty in-memory
database (`etl.store.engine.made_by_the_revisions`), and every new database gets that
database's schema statements (tables, then indexes, views and triggers, each in the order SQLite
keeps them) and rows (the Alembic version, the full-text indexes' own tables) in the caller's
transaction. The schema is still made by the migrations only: this copies their result
(tests/test_migrations.py compares a replayed database with one the revisions made one by one).
A database with anything in it, or on a server, is migrated by Alembic as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection

# What a kind of schema object is created after (a view or trigger names its tables).
ORDER = {"table": 0, "index": 1, "view": 2, "trigger": 3}


@dataclass(frozen=True)
class Schema:
    statements: tuple[str, ...]  # CREATE statements, in an order that always works
    rows: tuple[tuple[str, tuple[tuple, ...]], ...]  # (table, its rows) of the tables with rows


def is_empty(connection: Connection) -> bool:
    """Whether a SQLite database has no schema object at all (a new or a zero-byte file)."""
    return connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").scalar() == 0


def replay(connection: Connection, schema: Schema) -> None:
    """Give an empty SQLite database a schema and its rows (`read_schema` of what the migrations made)."""
    for statement in schema.statements:
        connection.exec_driver_sql(statement)
    for table, rows in schema.rows:  # (a full-text index's tables hold what its creation wrote: replaced)
        connection.exec_driver_sql(f'DELETE FROM "{table}"')
        marks = ", ".join("?" * len(rows[0]))
        connection.exec_driver_sql(f'INSERT INTO "{table}" VALUES ({marks})', list(rows))


def read_schema(connection: Connection) -> Schema:
    """The CREATE statements of a database, leaving out what SQLite makes itself (its own tables,
    the shadow tables of a full-text index, the indexes of constraints), and the rows of its
    tables, the shadow tables' included (an index the revisions rebuilt differs in a byte from
    one just created)."""
    made_by_sqlite = {
        str(name)
        for name, kind in connection.exec_driver_sql("SELECT name, type FROM pragma_table_list")
        if kind == "shadow"
    }
    objects = [
        (str(kind), str(name), str(sql))
        for kind, name, sql in connection.exec_driver_sql(
            "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        )
        if name not in made_by_sqlite and not str(name).startswith("sqlite_")
    ]
    objects.sort(key=lambda o: ORDER[o[0]])  # (stable: SQLite's order within a kind)
    ordinary = [name for kind, name, sql in objects if kind == "table" and not sql.upper().startswith("CREATE VIRTUAL")]
    rows = []
    for table in [*ordinary, *sorted(made_by_sqlite)]:
        found = tuple(tuple(row) for row in connection.exec_driver_sql(f'SELECT * FROM "{table}"'))
        if found:
            rows.append((table, found))
    return Schema(tuple(sql for _, _, sql in objects), tuple(rows))
