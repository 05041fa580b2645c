"""The declarative base whose MetaData is the schema's (every Core table of `schema`): what Alembic's
autogenerate and `alembic check` compare with a database. paperdb maps no ORM classes onto it:
query the tables with SQL or SQLAlchemy Core (docs/joins.md); the load writes SQL built from the
tables' column names (etl/store/column_names.py) and never imports this."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

from .base import NAMING_CONVENTION  # noqa: F401 (re-exported)
from .schema import metadata


class Base(DeclarativeBase):
    metadata = metadata
