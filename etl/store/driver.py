"""The load's connection one level down, at the driver: bulk statements take plain tuples (no
per-row dictionaries), on sqlite3 and psycopg alike. The SQL is written once, with sqlite3's
placeholders (`?`, `:name`); on PostgreSQL they become psycopg's (`%s`, `%(name)s`)."""

from __future__ import annotations

import re
from functools import lru_cache

# A quoted string or name, a dollar-quoted body or a comment (no placeholders inside; only their
# `%` doubled), a placeholder, or a percent sign (doubled: psycopg reads every `%`).
_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\$\$.*?\$\$|--[^\n]*|\?|(?<!:):([A-Za-z_]\w*)|%", re.DOTALL)


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
        return token.replace("%", "%%")

    return _TOKENS.sub(swap, sql)


# Tables whose rows are numbered by the database (SQLite: the largest number plus one), and
# their numbered column; an insert through the driver numbers new rows as SQLite would.
NUMBERED = {
    "papers": "pk",
    "sources": "id",
    "events": "id",
    "keywords": "id",
    "repos": "id",
    "authors": "id",
    "institutions": "id",
    "etl_runs": "id",
}
_INSERT_INTO = re.compile(r"\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)


class Driver:
    """The DB-API connection under a SQLAlchemy `Connection` (the same transaction)."""

    def __init__(self, conn):
        self.raw = conn.connection.driver_connection
        self.postgres = conn.dialect.name == "postgresql"
        # a row comparison that treats NULLs as equal: `(a, b) IS NOT (c, d)` on SQLite
        self.differs = " IS DISTINCT FROM " if self.postgres else " IS NOT "

    def execute(self, sql: str, params=None):
        if self.postgres:
            self._number_as_sqlite(sql)
            return self.raw.execute(pyformat(sql), params) if params else self.raw.execute(sql)
        return self.raw.execute(sql, params or ())

    def executemany(self, sql: str, rows) -> None:
        if self.postgres:
            rows = list(rows)
            if rows:
                self._number_as_sqlite(sql)
                with self.raw.cursor() as cursor:
                    cursor.executemany(pyformat(sql), rows)
            return
        self.raw.executemany(sql, rows)

    def _number_as_sqlite(self, sql: str) -> None:
        m = _INSERT_INTO.match(sql)
        if m and m.group(1) in NUMBERED:
            self.renumber(m.group(1), NUMBERED[m.group(1)])

    def insert_rows(self, table: str, columns: str, rows) -> None:
        """Insert tuples of `columns` (names, comma-separated) into `table`: on PostgreSQL by
        COPY, its fast path for bulk rows; on SQLite by executemany."""
        if self.postgres:
            if table in NUMBERED:
                self.renumber(table, NUMBERED[table])
            with self.raw.cursor() as cursor, cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        marks = ", ".join("?" * (columns.count(",") + 1))
        self.raw.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows)

    def renumber(self, table: str, column: str = "id") -> None:
        """Before rows are added to `table`: on PostgreSQL, its next `column` value is the largest
        one there plus one, as SQLite numbers a new row (a sequence never goes back after a delete
        or a rolled-back load, and ids would differ between the two)."""
        if self.postgres:
            self.raw.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), coalesce(max({column}), 0) + 1, false)"
                f" FROM {table}"
            )

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
        """(name, CREATE INDEX statement) of a SQLite table's secondary indexes (not its keys')."""
        return self.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,)
        ).fetchall()
