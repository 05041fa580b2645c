"""Alembic revisions, applied in order by `paperdb migrate` and before every load."""
