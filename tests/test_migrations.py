"""Migrations: the schema comes only from Alembic, agrees with the models, and goes down and up."""

from __future__ import annotations

import sqlite3

import pytest
from alembic import command

from etl.errors import SchemaError
from etl.load import load
from etl.store.engine import alembic_config, current_revision, head_revision, make_engine, migrate, transaction
from etl.store.models import Base


def tables(db_file: str) -> set[str]:
    con = sqlite3.connect(db_file)
    try:
        return {n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
    finally:
        con.close()


def run(db_file: str, fn, *args):
    engine = make_engine(db_file)
    try:
        with transaction(engine) as conn:
            return fn(conn, *args)
    finally:
        engine.dispose()


def test_upgrade_from_empty_creates_every_model_table(db_file, tmp_path):
    (tmp_path / "db").mkdir()
    run(db_file, migrate)
    assert set(Base.metadata.tables) <= tables(db_file)
    assert run(db_file, current_revision) == head_revision()


def test_models_and_migrations_agree(db_file, tmp_path):
    """`alembic check`: autogenerate finds nothing to add, drop or alter."""
    (tmp_path / "db").mkdir()
    run(db_file, migrate)
    run(db_file, lambda conn: command.check(alembic_config(conn)))


def schema(db_file: str) -> set[tuple]:
    con = sqlite3.connect(db_file)
    try:
        return set(con.execute("SELECT type, name, tbl_name, sql FROM sqlite_master"))
    finally:
        con.close()


def test_a_load_leaves_the_schema_exactly_as_the_migrations_made_it(db_file, tmp_path):
    """Loads drop and remake the indexes of paper_keywords around its bulk rebuild."""
    migrated = str(tmp_path / "migrated.db")
    run(migrated, migrate)
    load(db_file)
    assert schema(db_file) == schema(migrated)
    run(db_file, lambda conn: command.check(alembic_config(conn)))


def test_downgrade_to_base_and_back(db_file):
    load(db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "base"))
    assert tables(db_file) == {"alembic_version"}
    assert run(db_file, current_revision) is None
    run(db_file, migrate)
    assert set(Base.metadata.tables) <= tables(db_file)
    assert load(db_file).papers_added == 57


def test_unknown_revision_is_a_clear_error(db_file):
    load(db_file)
    con = sqlite3.connect(db_file)
    con.execute("UPDATE alembic_version SET version_num = 'f00dface'")
    con.commit()
    con.close()
    with pytest.raises(SchemaError, match="unknown revision"):
        run(db_file, migrate)


def test_papers_rowid_is_an_integer_primary_key(db_file):
    load(db_file)
    con = sqlite3.connect(db_file)
    sql = con.execute("SELECT sql FROM sqlite_master WHERE name = 'papers'").fetchone()[0]
    assert "pk INTEGER NOT NULL" in sql and "PRIMARY KEY (pk)" in sql
    # an INTEGER PRIMARY KEY aliases the rowid
    assert con.execute("SELECT count(*) FROM papers WHERE pk != rowid").fetchone() == (0,)
    con.close()


def test_stepping_down_one_revision_keeps_the_papers_and_their_provenance(db_file):
    load(db_file)
    run(db_file, lambda conn: command.downgrade(alembic_config(conn), "0001"))
    con = sqlite3.connect(db_file)
    assert con.execute("SELECT count(*) FROM papers").fetchone() == (57,)
    assert con.execute("SELECT count(*) FROM paper_sources").fetchone() == (57,)
    con.close()
    run(db_file, migrate)  # upgrades with data in place must not copy papers (cascades)
    con = sqlite3.connect(db_file)
    assert con.execute("SELECT count(*) FROM paper_sources").fetchone() == (57,)
    con.close()
