"""Alembic migrations: the only code that creates or changes paperdb's schema."""
