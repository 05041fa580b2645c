"""Every table of the database, by name: the Core tables of `tables`, `provenance`, `people`, `keywords` and
`evolution` and `reviews` on one MetaData (the MetaData Alembic compares, `models.Base`'s)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .column_names import columns

if TYPE_CHECKING:
    from sqlalchemy import Column, Table

    from . import evolution, keywords, people, provenance, reviews, tables
    from .base import metadata

# In this order: the documentation lists the tables so.
_MODULES = ("tables", "provenance", "people", "keywords", "evolution", "reviews")
_PACKAGE = __name__.rpartition(".")[0]

__all__ = [
    "columns",
    "evolution",
    "keywords",
    "metadata",
    "people",
    "provenance",
    "reviews",
    "table",
    "tables",
    "type_name",
]


def __getattr__(name: str) -> Any:
    """The Core tables, imported when first asked for (PEP 562): `columns` alone, which a load
    writing through the sqlite3 driver uses, needs no SQLAlchemy."""
    if name not in (*_MODULES, "metadata"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    modules = {module: import_module(f"{_PACKAGE}.{module}") for module in _MODULES}  # (one MetaData holds all)
    return import_module(f"{_PACKAGE}.base").metadata if name == "metadata" else modules[name]


def table(name: str) -> Table:
    """The table named `name` (a KeyError for any other name: the writer's SQL names only these)."""
    return __getattr__("metadata").tables[name]


def type_name(column: Column) -> str:
    """A column's type as the documentation names it: SQLite's (TEXT, INTEGER, VARCHAR(16), ...)."""
    from sqlalchemy.dialects import sqlite

    return str(column.type.compile(dialect=sqlite.dialect()))
