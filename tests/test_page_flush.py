"""A transaction's changed pages written out of SQLite's page cache, the transaction left open
(`etl/store/page_flush.py`, `Writer.shrink_page_cache`): the cache holds them no more, no other
connection sees them before the commit, a rollback takes them back, and a commit keeps them."""

from __future__ import annotations

import ctypes
import os
import sqlite3
import sys

import pytest

from etl.store import page_flush
from etl.store.record_extra import pack_extra, release_packer, unpack_extra
from etl.store.writer import Writer

ROWS = 3_000  # rows of about 500 bytes: 1.5 MB of changed pages, over the 256 KiB cache set below
CACHE_USED = 1  # SQLITE_DBSTATUS_CACHE_USED

needs_flush = pytest.mark.skipif(page_flush._cacheflush() is None, reason="no sqlite3_db_cacheflush here")


def _database(tmp_path) -> tuple[str, sqlite3.Connection]:
    path = str(tmp_path / "flush.db")
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE papers (id INTEGER PRIMARY KEY, abstract TEXT)")
    con.execute("PRAGMA cache_size=-4096")
    con.execute("BEGIN IMMEDIATE")
    con.executemany("INSERT INTO papers (abstract) VALUES (?)", [(f"{k} " + "word " * 100,) for k in range(ROWS)])
    return path, con


def _cache_used(con: sqlite3.Connection) -> int:
    """The connection's page cache in bytes (`sqlite3_db_status`)."""
    status = ctypes.CDLL(sys.modules["_sqlite3"].__file__).sqlite3_db_status
    now, high = ctypes.c_int(), ctypes.c_int()
    status(ctypes.c_void_p(page_flush._handle(con)), CACHE_USED, ctypes.byref(now), ctypes.byref(high), 0)
    return now.value


def _count(path: str) -> int:
    other = sqlite3.connect(path)
    try:
        return other.execute("SELECT count(*) FROM papers").fetchone()[0]
    finally:
        other.close()


@needs_flush
@pytest.mark.parametrize("end", ["COMMIT", "ROLLBACK"])
def test_the_changed_pages_leave_the_cache_and_the_transaction_stays_open(tmp_path, end):
    path, con = _database(tmp_path)
    wal = f"{path}-wal"
    before, logged = _cache_used(con), os.path.getsize(wal)
    Writer(con).shrink_page_cache(256)
    # (lowering the cache alone keeps every changed page: it is the flush that lets them go)
    assert before > 1_000_000 and _cache_used(con) < 300 * 1024
    assert os.path.getsize(wal) > logged + 1_000_000  # (written to the log)
    assert _count(path) == 0  # (uncommitted: no other connection sees a row)
    assert con.execute("SELECT count(*) FROM papers").fetchone()[0] == ROWS  # (this one does)
    con.execute(end)
    assert _count(path) == (ROWS if end == "COMMIT" else 0)
    con.close()


def test_a_closed_connection_is_an_error_not_a_crash(tmp_path):
    _, con = _database(tmp_path)
    con.execute("ROLLBACK")
    con.close()
    with pytest.raises(sqlite3.ProgrammingError):
        page_flush.flush_cache(con)


def test_without_the_call_only_the_read_pages_go(tmp_path, monkeypatch):
    monkeypatch.setattr(page_flush, "_cacheflush", lambda: None)
    path, con = _database(tmp_path)
    Writer(con).shrink_page_cache(256)
    assert _count(path) == 0
    con.execute("COMMIT")
    assert _count(path) == ROWS
    con.close()


@pytest.mark.parametrize("text", ['{"bibtex": "@inproceedings{a}"}', '{"aff_domain": "mit.edu;mit.edu"}'])
def test_a_value_packed_after_the_compressor_is_let_go_is_the_same(text):
    packed = pack_extra(text)
    release_packer()
    assert pack_extra(text) == packed and unpack_extra(packed) == text
