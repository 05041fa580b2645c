"""The load's connection one level down, at the driver: bulk statements take plain tuples (no
per-row dictionaries), on sqlite3 and psycopg alike. The SQL is written once, with sqlite3's
placeholders (`?`, `:name`); on PostgreSQL they become psycopg's (`%s`, `%(name)s`)."""

from __future__ import annotations

import re
from functools import lru_cache

# A quoted string or name (left as it is), a placeholder, or a percent sign (doubled for psycopg).
_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?|(?<!:):([A-Za-z_]\w*)|%")


@lru_cache(maxsize=512)
def pyformat(sql: str) -> str:
    """`sql` with sqlite3's placeholders as psycopg's, and literal `%` doubled."""

    def swap(m: re.Match) -> str:
        token = m.group(0)
        if token == "?":
            return "%s"
        if token == "%":
            return "%%"
        if m.group(1):
            return f"%({m.group(1)})s"
        return token

    return _TOKENS.sub(swap, sql)


class Driver:
    """The DB-API connection under a SQLAlchemy `Connection` (the same transaction)."""

    def __init__(self, conn):
        self.raw = conn.connection.driver_connection
        self.postgres = conn.dialect.name == "postgresql"
        # a row comparison that treats NULLs as equal: `(a, b) IS NOT (c, d)` on SQLite
        self.differs = " IS DISTINCT FROM " if self.postgres else " IS NOT "

    def execute(self, sql: str, params=None):
        if self.postgres:
            return self.raw.execute(pyformat(sql), params) if params else self.raw.execute(sql)
        return self.raw.execute(sql, params or ())

    def executemany(self, sql: str, rows) -> None:
        if self.postgres:
            rows = list(rows)
            if rows:
                with self.raw.cursor() as cursor:
                    cursor.executemany(pyformat(sql), rows)
            return
        self.raw.executemany(sql, rows)

    def insert_rows(self, table: str, columns: str, rows) -> None:
        """Insert tuples of `columns` (names, comma-separated) into `table`: on PostgreSQL by
        COPY, its fast path for bulk rows; on SQLite by executemany."""
        if self.postgres:
            with self.raw.cursor() as cursor, cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        marks = ", ".join("?" * (columns.count(",") + 1))
        self.raw.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)

    def stream(self, sql: str):
        """A cursor over a large result to read with fetchmany, to close when done: on PostgreSQL a
        server-side one (psycopg would otherwise fetch every row at once: every abstract of the
        corpus); sqlite3 steps through the rows anyway."""
        if self.postgres:
            cursor = self.raw.cursor(name="paperdb_stream")
            cursor.execute(sql)
            return cursor
        return self.raw.execute(sql)

    def analyze(self, *tables: str) -> None:
        """Give PostgreSQL's planner the size of freshly filled temp tables (its autovacuum never
        sees them); SQLite plans these joins well without."""
        if self.postgres:
            for table in tables:
                self.raw.execute(f"ANALYZE {table}")

    def scalar(self, sql: str, params=None):
        return self.execute(sql, params).fetchone()[0]

    def index_definitions(self, table: str) -> list[tuple[str, str]]:
        """(name, CREATE INDEX statement) of `table`'s secondary indexes (not those of its keys)."""
        if self.postgres:
            return self.execute(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = ? AND schemaname = current_schema()"
                " AND indexname NOT IN (SELECT conname FROM pg_constraint)",
                (table,),
            ).fetchall()
        return self.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,)
        ).fetchall()
