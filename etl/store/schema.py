"""Every table of the database, by name: the Core tables of `tables`, `provenance`, `people`, `scoring` and
`evolution` and `reviews` on one MetaData (the ORM's models in `models.py` map onto the same tables)."""

from __future__ import annotations

from sqlalchemy import Column, Table
from sqlalchemy.dialects import sqlite

# isort: off
from . import (
    tables,
    provenance,
    people,
    scoring,
    evolution,
    reviews,
)  # (in this order: the documentation lists the tables so)
from .base import metadata

# isort: on

__all__ = [
    "columns",
    "evolution",
    "metadata",
    "people",
    "provenance",
    "reviews",
    "scoring",
    "table",
    "tables",
    "type_name",
]


def table(name: str) -> Table:
    """The table named `name` (a KeyError for any other name: the writer's SQL names only these)."""
    return metadata.tables[name]


def columns(name: str, without: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The names of a table's columns in their order, but those in `without` (a numbered key, say)."""
    return tuple(c.name for c in table(name).columns if c.name not in without)


def type_name(column: Column) -> str:
    """A column's type as the documentation names it: SQLite's (TEXT, INTEGER, VARCHAR(16), ...)."""
    return str(column.type.compile(dialect=sqlite.dialect()))
