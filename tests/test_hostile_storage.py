"""Databases and disks that are not what they seem: a path that is no database, a dangling
link, what SQLite or the file system reports, a full disk, read-only media. Each is one error
line with exit 1 and the committed data as it was."""

from __future__ import annotations

import os
import subprocess

import pytest

from etl.load import load
from tests.helpers import ABSTRACT_QUIP, listing_text, paperdb, rows


@pytest.mark.parametrize(
    "command", [["load"], ["migrate"], ["stats"], ["serve", "--port", "1"], ["export", "--out", "x"]]
)
@pytest.mark.parametrize("kind", ["not sqlite", "directory", "device", "proc"])
def test_a_database_path_that_is_not_a_database_is_one_line(runner, tmp_path, command, kind):
    from etl.cli import cli

    target = {
        "not sqlite": tmp_path / "notes.db",
        "directory": tmp_path,
        "device": "/dev/null",
        "proc": "/proc/version",
    }[kind]
    if kind == "not sqlite":
        target.write_text("hello, not a database\n")
    before = sorted(os.listdir("/dev"))
    result = runner.invoke(cli, [command[0], "--db", str(target), *command[1:]], catch_exceptions=False)
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and result.output.startswith(f"Error: {target}: "), result.output
    assert sorted(os.listdir("/dev")) == before  # (no /dev/null-journal)


def test_what_the_database_or_the_disk_reports_is_one_line(runner, monkeypatch, tmp_path):
    import sqlite3

    import etl.load
    from etl.cli import cli

    for error in (sqlite3.OperationalError("database or disk is full"), OSError(30, "Read-only file system")):

        def fail(*args, error=error, **kwargs):
            raise error

        monkeypatch.setattr(etl.load, "load", fail)
        result = runner.invoke(cli, ["load", "--db", str(tmp_path / "p.db")])
        assert result.exit_code == 1 and result.output.count("\n") == 1, result.output
        assert result.output.startswith(f"Error: {tmp_path / 'p.db'}: ") and str(error.args[-1]) in result.output


def test_read_only_connections_fall_back_to_immutable_where_shm_cannot_be_made(tmp_path, write, monkeypatch):
    import sqlite3

    from etl.store import access

    db_file = str(tmp_path / "p.db")
    load(db_file, [str(write("a.txt", listing_text(ABSTRACT_QUIP)))])
    real_connect = sqlite3.connect

    class Unopenable:  # what mode=ro gives on read-only media with a WAL database
        def execute(self, *args):
            raise sqlite3.OperationalError("unable to open database file")

        def close(self):
            pass

    def connect(database, **kwargs):
        return Unopenable() if "mode=ro" in database else real_connect(database, **kwargs)

    monkeypatch.setattr(access.sqlite3, "connect", connect)
    monkeypatch.setattr(access.os, "access", lambda *a: False)
    con = access.connect_read_only(db_file)
    assert con.execute("SELECT count(*) FROM papers").fetchone() == (1,)


def test_a_dangling_symbolic_link_as_database_is_one_clear_line(tmp_path):
    link = tmp_path / "papers.db"
    link.symlink_to(tmp_path / "nowhere.db")
    done = paperdb("load", "--db", str(link))
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "a symbolic link to" in done.stderr and "which does not exist" in done.stderr


@pytest.fixture
def small_fs(tmp_path):
    """A directory on a tmpfs of its own (5 MB: the bundled papers' load, journal included, needs
    more than 2 MB since it keeps the similar papers' statistics, and more than 4 MB since it keeps
    each paper's vector too), mounted for the test: real
    full-disk and read-only media. Needs the right to mount (CI runs as root); skipped where it is
    missing."""
    mount = tmp_path / "media"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=5m", "tmpfs", str(mount)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def _many_abstracts(n: int) -> str:
    return listing_text(*(f"We study problem {i} with {fresh} methods. " * 20 for i, fresh in enumerate(range(n))))


def test_a_full_disk_is_one_line_and_the_committed_data_stays(small_fs, tmp_path):
    db = str(small_fs / "papers.db")
    first = paperdb("load", "--db", db, "--quiet")  # the 57 bundled papers fit
    assert first.returncode == 0, first.stderr
    before = rows(db, "SELECT id FROM papers ORDER BY id")
    big = tmp_path / "big.txt"
    big.write_text(_many_abstracts(3000), encoding="utf-8")  # about 6 MB of abstracts: cannot fit
    done = paperdb("load", str(big), "--db", db)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"Error: {db}") and "full" in done.stderr
    assert rows(db, "SELECT id FROM papers ORDER BY id") == before
    assert rows(db, "PRAGMA integrity_check") == [("ok",)]


def test_read_only_media_are_read_and_a_load_there_is_one_line(small_fs, tmp_path):
    db = str(small_fs / "papers.db")
    assert paperdb("load", "--db", db, "--quiet").returncode == 0
    subprocess.run(["mount", "-o", "remount,ro", str(small_fs)], check=True)
    stats = paperdb("stats", "--db", db)
    assert stats.returncode == 0 and "57" in stats.stdout, stats.stderr
    out = tmp_path / "export"
    exported = paperdb("export", "--db", db, "--out", str(out))
    assert exported.returncode == 0, exported.stderr
    assert (out / "papers.csv").read_text(encoding="utf-8").count("\n") > 57
    new = tmp_path / "new.txt"
    new.write_text(_many_abstracts(2), encoding="utf-8")
    done = paperdb("load", str(new), "--db", db)
    assert done.returncode == 1 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"Error: {db}") and "read-only" in done.stderr
    written = paperdb("export", "--db", db, "--out", str(small_fs / "out"))
    assert written.returncode == 1 and "Traceback" not in written.stderr and written.stderr.count("\n") == 1
    import asyncio

    from etl.serve.app import make_datasette

    page = asyncio.run(make_datasette(db).client.get("/papers/papers.json?_shape=array&_size=100"))
    assert page.status_code == 200 and len(page.json()) == 57


# (issue 26: `base.db?foo` said "No such file or directory" and added the paper to base.db, `p%41.db`
# loaded into pA.db, `h#1.db` into h: SQLAlchemy's URL and SQLite's `file:` URIs read them as URLs)
ODD_NAMES = ["base.db?foo", "p%41.db", "h#1.db", "two words.db", "file:f.db", "50%25.db#x?mode=memory", "é?.db"]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_a_database_name_is_a_file_name_whatever_characters_it_holds(tmp_path, monkeypatch, seeded, name):
    monkeypatch.chdir(tmp_path)
    os.rename(seeded, "base.db")  # (the file a URL's reading of `base.db?foo` wrote to)
    (tmp_path / "new.txt").write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", "new.txt", "--db", name)
    assert done.returncode == 0 and done.stdout.startswith(f"{name}: 1 of 1 files loaded"), done.stderr
    assert rows(f"./{name}", "SELECT count(*) FROM papers") == [(1,)] and paper_count("base.db") == 57
    assert set(os.listdir(tmp_path)) <= {"base.db", "new.txt", name, name + "-wal", name + "-shm"}
    for command in (["stats", "--json"], ["export", "--out", "out"], ["migrate"], ["rescore"]):
        done = paperdb(*command, "--db", name)
        assert done.returncode == 0 and done.stderr == "", (command, done.stderr)
    assert '"papers": 1,' in paperdb("stats", "--json", "--db", name).stdout
    assert len((tmp_path / "out" / "papers.csv").read_text(encoding="utf-8").splitlines()) == 2


def test_a_path_that_starts_with_two_slashes_is_read(tmp_path, seeded):
    twice = "/" + seeded  # (POSIX: the same file; `file://` + it would name a host)
    for command in (["stats"], ["export", "--out", str(tmp_path / "out")], ["load"]):
        done = paperdb(*command, "--db", twice)
        assert done.returncode == 0, (command, done.stderr)


def test_a_database_name_with_a_newline_is_shown_on_one_line(tmp_path):
    forged = str(tmp_path / "x\nError: everything is fine")
    done = paperdb("stats", "--db", forged)
    assert done.returncode == 1
    assert (
        done.stderr
        == f"Error: {tmp_path}/x\\nError: everything is fine: no such database; build it with `paperdb load`\n"
    )
    os.mkdir(forged)
    done = paperdb("load", "--db", forged)
    assert (
        done.returncode == 1
        and done.stderr.count("\n") == 1
        and "x\\nError: everything is fine: is a directory" in done.stderr
    )
    os.rmdir(forged)
    (tmp_path / "new.txt").write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", str(tmp_path / "new.txt"), "--db", forged)
    assert done.returncode == 0 and done.stdout.count("\n") == 1, done.stdout
    assert done.stdout.startswith(f"{tmp_path}/x\\nError: everything is fine: 1 of 1 files loaded")


def paper_count(db_file: str) -> int:
    return rows(db_file, "SELECT count(*) FROM papers")[0][0]
