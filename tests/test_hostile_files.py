"""Files that are not what they seem: FIFOs, devices, endless globs, huge files and abstracts in
every format. Each gives one error line and exit 1 (or is skipped with --keep-going), never a
hang; the commands run as subprocesses with a timeout so a hang fails the test instead of the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from etl.load import load
from tests.exports import bibtex, events_json
from tests.helpers import ABSTRACT_QUIP, listing_text, rows

HUGE = "word " * 24_000  # 120,000 characters: over the 100,000-character abstract limit


def paperdb(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "etl", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=dict(os.environ, **(env or {})),
    )


@pytest.fixture
def db_with_seeds(tmp_path) -> str:
    db_file = str(tmp_path / "papers.db")
    load(db_file)
    return db_file


def test_a_fifo_reached_through_a_glob_is_refused_without_waiting(tmp_path, db_with_seeds):
    (tmp_path / "in").mkdir()
    os.mkfifo(tmp_path / "in" / "pipe.txt")
    result = paperdb("load", str(tmp_path / "in" / "*.txt"), "--db", db_with_seeds, timeout=30)
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        == f"Error: {tmp_path / 'in' / 'pipe.txt'}: not a regular file (a directory, FIFO or device); only files are read"
    )


def test_a_device_named_explicitly_is_not_read(db_with_seeds):
    result = paperdb("load", "/dev/zero", "--db", db_with_seeds, timeout=30)
    assert result.returncode == 1 and "/dev/zero: not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_recursive_glob_over_a_tree_with_a_link_back_up_ends(tmp_path, db_with_seeds):
    (tmp_path / "tree" / "a" / "b").mkdir(parents=True)
    (tmp_path / "tree" / "a" / "b" / "x.txt").write_text(listing_text(ABSTRACT_QUIP + " Variant."), encoding="utf-8")
    os.symlink("..", tmp_path / "tree" / "a" / "b" / "up")
    os.symlink(str(tmp_path / "tree"), tmp_path / "tree" / "a" / "root")
    result = paperdb("load", str(tmp_path / "tree" / "**" / "*.txt"), "--db", db_with_seeds, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "1 of 1 files loaded" in result.stdout


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(write, db_with_seeds):
    path = write("big.txt", listing_text("A paper about nothing in particular. " * 40))
    result = paperdb("load", str(path), "--db", db_with_seeds, env={"PAPERDB_MAX_FILE_MB": "0.001"})
    assert result.returncode == 1 and "larger than the limit of 1,048 ($PAPERDB_MAX_FILE_MB)" in result.stderr


@pytest.mark.parametrize(
    "name, content",
    [
        ("huge.jsonl", json.dumps({"abstract": HUGE, "venue": "ICML", "year": 2024}) + "\n"),
        ("huge.csv", f'abstract,venue,year\n"{HUGE}",ICML,2024\n'),
        ("huge.json", events_json([HUGE])),
        ("huge.bib", bibtex([HUGE])),
        ("iclr2024.json", json.dumps([{"title": "x", "status": "Oral", "abstract": HUGE}])),
    ],
)
def test_the_abstract_limit_holds_for_every_format(write, db_with_seeds, name, content):
    path = write(name, content)
    result = paperdb("load", str(path), "--db", db_with_seeds)
    assert result.returncode == 1
    assert "abstract longer than 100,000 characters; not an abstract" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    ok = paperdb("load", str(path), "--db", db_with_seeds, "--keep-going")
    assert ok.returncode == 0 and "1 failed" in ok.stdout
    assert rows(db_with_seeds, "SELECT count(*) FROM papers") == [(57,)]


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


def test_export_refuses_a_file_as_directory_keeps_old_files_and_escapes_formulas(runner, tmp_path, write):
    from etl.cli import cli

    db_file = str(tmp_path / "p.db")
    load(
        db_file, [str(write("a.txt", listing_text('=HYPERLINK("http://evil") we study spreadsheets.', ABSTRACT_QUIP)))]
    )
    file_out = write("not-a-dir", "x")
    result = runner.invoke(cli, ["export", "--db", db_file, "--out", str(file_out)])
    assert result.exit_code == 1 and f"Error: {file_out}: not a directory" in result.output
    out = tmp_path / "out"
    assert runner.invoke(cli, ["export", "--db", db_file, "--out", str(out)]).exit_code == 0
    papers = (out / "papers.csv").read_text(encoding="utf-8")
    assert "'=HYPERLINK" in papers and ',"=HYPERLINK' not in papers
    again = runner.invoke(cli, ["export", "--db", db_file, "--out", str(out)])
    assert again.exit_code == 1 and "exists; use --overwrite" in again.output
    raw = runner.invoke(cli, ["export", "--db", db_file, "--out", str(out), "--overwrite", "--raw-cells"])
    assert raw.exit_code == 0 and '"=HYPERLINK' in (out / "papers.csv").read_text(encoding="utf-8")
    assert not list(out.glob("*.partial"))


def test_a_failed_export_leaves_no_truncated_file(monkeypatch, tmp_path, write):
    from etl.report import export as export_module

    db_file = str(tmp_path / "p.db")
    load(db_file, [str(write("a.txt", listing_text(ABSTRACT_QUIP)))])
    out = tmp_path / "out"
    calls = []

    def full_disk(fh, columns, rows, escape=True):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(28, "No space left on device", str(fh.name))
        return 0

    monkeypatch.setattr(export_module, "_write_csv", full_disk)
    with pytest.raises(Exception, match="No space left on device"):
        export_module.export(db_file, str(out))
    assert not out.exists()  # neither new files nor partial ones, nor the directory it made
    out.mkdir()
    (out / "mine.txt").write_text("a file of the user's")
    with pytest.raises(Exception, match="No space left on device"):
        calls.clear()
        export_module.export(db_file, str(out))
    assert sorted(p.name for p in out.iterdir()) == ["mine.txt"]  # a directory that was there stays


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


def test_serve_on_a_busy_port_says_so_in_one_line_before_claiming_to_serve(db_with_seeds):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = paperdb("serve", "--db", db_with_seeds, "--port", str(port), timeout=60)
    assert result.returncode == 1 and "serving" not in result.stdout
    assert result.stderr.strip() == f"Error: 127.0.0.1:{port}: port already in use; choose another with --port"


@pytest.mark.slow
def test_ad_hoc_sql_cannot_build_gigabytes(db_with_seeds):
    import asyncio
    import sqlite3
    import time
    from urllib.parse import quote

    from etl.serve.app import make_datasette

    if not hasattr(sqlite3.Connection, "setlimit"):
        pytest.skip("SQLite limits need Python 3.11+ (documented)")
    ds = make_datasette(db_with_seeds)
    started = time.perf_counter()
    response = asyncio.run(ds.client.get(f"/papers.json?sql={quote('select length(randomblob(1e9))')}"))
    assert response.status_code == 400 and "string or blob too big" in response.text
    assert time.perf_counter() - started < 5
    # SQLite's printf would pad for seconds before it found the result too big: NULL at once
    for sql in ("select printf('%.*c', 2e9, 'x') AS v", "select format('%2000000000d', 1) AS v"):
        started = time.perf_counter()
        response = asyncio.run(ds.client.get("/papers.json?sql=" + quote(sql) + "&_shape=array"))
        assert response.json() == [{"v": None}] and time.perf_counter() - started < 1
    sql = "select printf('%5d|%.2f|%s|%%|%*d', 42, 3.14159, 'ok', 3, 7) AS v, format('%q', 'it''s') AS w"
    response = asyncio.run(ds.client.get("/papers.json?sql=" + quote(sql) + "&_shape=array"))
    assert response.json() == [{"v": "   42|3.14|ok|%|  7", "w": "it''s"}]


@pytest.mark.parametrize(
    "args, refused",
    [
        (("%.*c", 2e9, "x"), True),
        (("%*d", -200_000, 1), True),
        (("%*d", "2000000000", 1), True),  # SQLite reads the text as a number
        (("%2000000d", 1), True),
        (("%.2000000f", 1.0), True),
        (("%s %.*c", "a", 2e9, "x"), True),  # the `*` takes the second argument
        (("%.*c", 100, "x"), False),
        (("%d%%%*d", 1, 5, 2), False),
        (("100000000 %s", "no conversion is that wide"), False),
        ((None,), False),
        ((12,), False),
    ],
)
def test_printf_widths_over_the_limit_are_refused(args, refused):
    from etl.serve.limits import PrintfTooWide, check_printf

    if refused:
        with pytest.raises(PrintfTooWide):
            check_printf(*args)
    else:
        check_printf(*args)


@pytest.mark.parametrize(
    "name, content, message",
    [
        (
            "nul.jsonl",
            json.dumps({"abstract": "We study x\u0000y.", "venue": "ICML", "year": 2024}) + "\n",
            ":1: abstract holds a NUL character",
        ),
    ],
)
def test_abstracts_that_are_no_text_are_one_line(write, db_with_seeds, name, content, message):
    path = write(name, content)
    result = paperdb("load", str(path), "--db", db_with_seeds)
    assert result.returncode == 1 and message in result.stderr and result.stderr.count("\n") == 1


def test_abstracts_without_letters_are_placeholders_counted_not_errors(write, db_with_seeds):
    """`!!!` or `-` is a placeholder (its id would be the empty text's, shared by all such): passed
    over and counted, and the rest of the file loads."""
    path = write("marks.txt", listing_text("!!!", "???", "We study punctuation in listings of abstracts."))
    result = paperdb("load", str(path), "--db", db_with_seeds)
    assert result.returncode == 0, result.stderr
    assert "1 added" in result.stdout and "2 records without abstract skipped" in result.stdout


def test_a_file_name_with_a_newline_cannot_forge_an_error_line(tmp_path, db_with_seeds):
    path = tmp_path / "a\nError: everything is fine.txt"
    path.write_bytes(b"")
    result = paperdb("load", str(path), "--db", db_with_seeds)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "a\\nError: everything is fine.txt: empty file" in result.stderr


def test_nul_in_a_stored_abstract_or_a_query_does_not_break_pages(db_with_seeds):
    import asyncio
    import sqlite3

    from etl.serve.app import make_datasette

    with sqlite3.connect(db_with_seeds) as con:  # (written by hand: loads refuse such text now)
        con.execute("UPDATE papers SET abstract = abstract || char(0) || ' https://github.com/a/b' WHERE pk = 1")
    ds = make_datasette(db_with_seeds)
    for path in ("/papers/papers", "/papers/papers?_search=quantization", "/papers/search?q=%00", "/papers/papers/1"):
        assert asyncio.run(ds.client.get(path)).status_code == 200, path


def test_walked_file_names_that_are_not_utf8_load_and_show_escaped(tmp_path, db_with_seeds):
    folder = os.fsencode(tmp_path / "odd")
    os.mkdir(folder)
    with open(folder + b"/caf\xe9.txt", "wb") as fh:
        fh.write(listing_text(ABSTRACT_QUIP + " A variant in an odd file name.").encode())
    with open(folder + b"/caf\xe9.png", "wb") as fh:
        fh.write(b"x")
    first = paperdb("load", str(tmp_path / "odd"), "--db", db_with_seeds)
    assert first.returncode == 0, first.stderr
    assert "skipped " + str(tmp_path / "odd") + "/caf\\xe9.png: not an input file" in first.stderr
    assert rows(db_with_seeds, "SELECT path FROM sources WHERE path LIKE '%caf%'") == [
        (str(tmp_path / "odd") + "/caf\\xe9.txt",)
    ]
    assert "1 unchanged" in paperdb("load", str(tmp_path / "odd"), "--db", db_with_seeds).stdout


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("y.csv", 'abstract,venue,year\n"We study years.",ICML,²\n', ":2: year '²' is not a year"),
        (
            "y.jsonl",
            json.dumps({"abstract": "We study years.", "venue": "ICML", "year": 10**20}) + "\n",
            ":1: year '100000000000000000000' is not a year",
        ),
        (
            "e.json",
            json.dumps(
                [
                    {
                        "type": "Poster",
                        "name": "x",
                        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
                        "speakers/authors": 5,
                        "abstract": "We study speakers.",
                    }
                ]
            ),
            "`speakers/authors` is a int",
        ),
        (
            "f.json",
            json.dumps(
                [
                    {
                        "type": "Poster",
                        "name": "x",
                        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
                        "speakers/authors": [{"x": 1}, 3],
                        "abstract": "We study speakers.",
                    }
                ]
            ),
            "holds a int",
        ),
    ],
)
def test_years_and_speakers_of_the_wrong_kind_are_one_line(write, db_with_seeds, name, content, message):
    result = paperdb("load", str(write(name, content)), "--db", db_with_seeds)
    assert result.returncode == 1 and message in result.stderr and result.stderr.count("\n") == 1, result.stderr


def test_csv_line_numbers_point_at_the_row_after_multi_line_fields(write):
    from etl.sources import read_input

    text = (
        'abstract,venue,year\n"First abstract\nover two lines.",ICML,2024\n\n"Second one.",ICML,2024\n"Third",ICML,x\n'
    )
    with pytest.raises(Exception, match=r":6: year 'x' is not a year"):
        read_input("t.csv", text.encode())
    parsed = read_input("t.csv", text.replace(",x", ",2024").encode())
    assert [e.line for e in parsed.entries] == [2, 5, 6]


@pytest.fixture
def small_fs(tmp_path):
    """A directory on a tmpfs of its own (2 MB), mounted for the test: real full-disk and
    read-only media. Needs the right to mount (CI runs as root); skipped where it is missing."""
    mount = tmp_path / "media"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True)
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


def _jsonl(**fields) -> str:
    return json.dumps({"abstract": "We study hostile records in exports.", "venue": "ICML", "year": 2024, **fields})


def _events(**fields) -> str:
    item = {
        "type": "Poster",
        "name": "A paper",
        "abstract": "We study hostile records in exports.",
        "speakers/authors": "Ada Lovelace",
        "virtualsite_url": "https://icml.cc/virtual/2024/poster/1",
    }
    return json.dumps([{**item, **fields}])


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("a.jsonl", _jsonl(abstract={"a": 1}), ":1: `abstract` is an object, not text"),
        ("a.jsonl", _jsonl(abstract=True), ":1: `abstract` is true or false, not text"),
        ("a.jsonl", _jsonl(venue={"a": 1}), ":1: `venue` is an object, not text"),
        ("a.jsonl", _jsonl(url={"a": 1}), ":1: `url` is an object, not text"),
        ("a.jsonl", _jsonl(title=[{"a": 1}]), ":1: `title` is a list, not text"),
        ("a.jsonl", _jsonl(authors=[{"a": 1}]), ":1: `authors` is an object, not text"),
        ("a.jsonl", _jsonl(doi=[1]), ":1: `doi` is a list, not text"),
        ("a.jsonl", _jsonl(authors="a, " * 1_000_000), ":1: `authors` is longer than 100,000 characters"),
        ("a.jsonl", _jsonl(authors=["a"] * 10_001), ":1: `authors` has more than 10,000 items"),
        ("a.jsonl", _jsonl(title="t" * 6_000_000), ":1: `title` is longer than 2,000 characters"),
        ("e.json", _events(abstract=5), ":1: item 1: `abstract` is a number, not text"),
        ("e.json", _events(abstract=["a"]), ":1: item 1: `abstract` is a list, not text"),
        ("e.json", _events(name=5), ":1: item 1: `name` is a number, not text"),
        ("e.json", _events(type=[1]), ":1: item 1: `type` is a list, not text"),
        ("e.json", _events(**{"speakers/authors": "a, " * 1_000_000}), "`speakers/authors` is longer than 100,000"),
        ("e.json", _events(**{"speakers/authors": ["a"] * 10_001}), "`speakers/authors` has more than 10,000 items"),
    ],
)
def test_export_fields_of_the_wrong_type_or_size_are_one_line(tmp_path, db_with_seeds, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = rows(db_with_seeds, "SELECT count(*) FROM papers")
    done = paperdb("load", str(path), "--db", db_with_seeds)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"Error: {path}") and message in done.stderr, done.stderr
    assert rows(db_with_seeds, "SELECT count(*) FROM papers") == before


def test_one_query_cannot_make_the_server_hold_gigabytes(db_with_seeds):
    import asyncio
    import time
    from urllib.parse import quote

    from etl.serve.app import make_datasette

    ds = make_datasette(db_with_seeds)
    sql = "with recursive c(x) as (select 1 union all select x+1 from c where x<200) select hex(randomblob(2400000)) from c"
    started = time.perf_counter()
    response = asyncio.run(ds.client.get("/papers.json?sql=" + quote(sql)))
    assert response.status_code == 400 and "query result larger than 50 MB" in response.text
    assert len(response.content) < 10_000 and time.perf_counter() - started < 5
    assert len(asyncio.run(ds.client.get("/papers/papers.json?_size=100")).json()["rows"]) == 57


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_search=%00",
        "/papers/papers?_search=a%00b",
        "/papers/papers?_search_title=%00",
        "/papers/papers?_search=%22",
        "/papers/papers.json?_search=%22graph",
        "/papers/papers?_where=%00",
        "/papers/search?q=%00",
        "/papers/papers?_search=%22graph+neural%22",
    ],
)
def test_any_search_text_in_a_url_is_answered(db_with_seeds, path):
    import asyncio

    from etl.serve.app import make_datasette

    assert asyncio.run(make_datasette(db_with_seeds).client.get(path)).status_code == 200


@pytest.mark.parametrize(
    "query, safe",
    [
        (b"_search=graph&_facet=venue", b"_search=graph&_facet=venue"),  # untouched, byte for byte
        (b"_search=%22graph+neural%22", b"_search=%22graph+neural%22"),  # a balanced phrase stays
        (b"_search=%22graph", b"_search=+graph"),
        (b"a=b&_where=%00", b"a=b"),
        (b"q=a%00b", b"q=ab"),
        (b"_facet=title&_facet=title&_facet=venue", b"_facet=title&_facet=venue"),
        (b"_sort=nonexistent&_size=5", b"_size=5"),
        (b"_sort=title", b"_sort=title"),
        (b"year__in=%5B&venue=ICML", b"venue=ICML"),
        (b"pk__gt=99999999999999999999999", b""),
    ],
)
def test_safe_query_strings(query, safe):
    from etl.serve.urls import safe_query_string

    assert safe_query_string(query, {"title", "venue", "year", "pk"}) == safe


@pytest.mark.parametrize(
    "content, message",
    [
        ("[1, 2]", "not a topic taxonomy (an object with a list `topics` is expected)"),
        ('{"topics": [{"name": "x", "terms": [1]}]}', "topic 'x': `terms` must be a list of words or phrases"),
        ('{"topics": [{"terms": ["a"]}]}', "topic 1: an object with a `name` is expected"),
        ("not json", "not a topic taxonomy"),
        (None, "not a topic taxonomy (not a regular file)"),  # a FIFO: refused, not waited on
    ],
)
def test_a_bad_topic_taxonomy_is_one_line(tmp_path, db_with_seeds, content, message):
    taxonomy = tmp_path / "topics.json"
    if content is None:
        os.mkfifo(taxonomy)
    else:
        taxonomy.write_text(content, encoding="utf-8")
    listing = tmp_path / "new.txt"
    listing.write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", str(listing), "--db", db_with_seeds, env={"PAPERDB_TOPICS": str(taxonomy)}, timeout=30)
    assert done.returncode == 1 and done.stderr.startswith(f"Error: {taxonomy}: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_device_as_topic_taxonomy_is_not_read(tmp_path, db_with_seeds):
    listing = tmp_path / "new.txt"
    listing.write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", str(listing), "--db", db_with_seeds, env={"PAPERDB_TOPICS": "/dev/zero"}, timeout=30)
    assert done.returncode == 1 and done.stderr == "Error: /dev/zero: not a topic taxonomy (not a regular file)\n"


def test_an_escaped_name_and_the_name_it_reads_as_are_two_files(tmp_path, db_with_seeds):
    walk = tmp_path / "walk"
    walk.mkdir()
    odd = os.path.join(os.fsencode(walk), b"caf\xe9.txt")
    literal = os.path.join(os.fsencode(walk), b"caf\\xe9.txt")  # a real name that reads as the escaped one
    with open(odd, "wb") as fh:
        fh.write(listing_text("We study names with odd bytes in them and more.").encode())
    with open(literal, "wb") as fh:
        fh.write(listing_text("A totally different abstract about literal backslashes in names.").encode())
    first = paperdb("load", str(walk), "--db", db_with_seeds)
    assert first.returncode == 0 and "2 added, 0 updated, 0 removed" in first.stdout, first.stderr
    again = paperdb("load", str(walk), "--db", db_with_seeds)
    assert "0 added, 0 updated, 0 removed" in again.stdout and "2 unchanged" in again.stdout
    assert len(rows(db_with_seeds, "SELECT path FROM sources WHERE path LIKE '%caf%'")) == 2


@pytest.mark.parametrize(
    "args, env, message",
    [
        (["load", "--db", ""], {}, "Error: --db is empty; give the database file's path (e.g. db/papers.db)\n"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "abc"}, "Error: $PAPERDB_MAX_FILE_MB: 'abc' is not a number of megabytes"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "-1"}, "Error: $PAPERDB_MAX_FILE_MB: '-1' is not a number of megabytes"),
        (["load"], {"PAPERDB_MAX_FILE_MB": "nan"}, "Error: $PAPERDB_MAX_FILE_MB: 'nan' is not a number of megabytes"),
        (["load"], {"PAPERDB_LOCK_WAIT": "abc"}, "Error: $PAPERDB_LOCK_WAIT: 'abc' is not a number of seconds"),
    ],
)
def test_bad_settings_are_one_line(tmp_path, args, env, message):
    if args[-1] != "":
        args = [*args, "--db", str(tmp_path / "p.db")]
    done = paperdb(*args, env=env)
    assert done.returncode == 1 and done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr


def test_a_blank_venue_is_a_usage_error(tmp_path):
    done = paperdb("load", "--venue", " ", "--db", str(tmp_path / "p.db"))
    assert done.returncode == 2 and "must name a venue" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "content, message",
    [
        (
            'title,abstract,venue,year\n"unterminated,abc,ICML,2024\nx,y,ICML,2024\n',
            ":2: malformed CSV: unexpected end of data",  # the line the broken row starts on
        ),
        (
            'abstract,venue,year\nok,ICML,2024\n\n"We study graph,ICML,2024\n',
            ":4: malformed CSV: unexpected end of data",
        ),
        (",".join(f"c{i}" for i in range(100_000)) + "\n", "(columns: c0, c1,"),
    ],
)
def test_broken_csv_headers_and_quotes_are_one_short_line(tmp_path, content, message):
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    done = paperdb("load", str(path), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 1 and message in done.stderr and len(done.stderr) < 2_000, done.stderr[:300]


@pytest.mark.parametrize(
    "path",
    [
        "/papers/papers?_sort=nonexistent",
        "/papers/papers?_sort=rowid",
        "/papers/papers?_sort=abstract&_sort_desc=title",
        "/papers/papers.csv?_stream=1&_sort=abstract&_search=a*",
        "/papers/papers?_nocol=id",
        "/papers/papers?pk__gt=99999999999999999999999",
        "/papers/papers?year__in=%5B",
        "/papers/papers?_through=%7B%22table%22:%22x%22%7D",
        "/papers/papers?_where=randomblob(1000000000)",
        "/papers/papers.json?_where=length(hex(randomblob(4000000)))>0",
        "/papers/papers?_where=1%3D1%3B+drop+table+papers",
        "/-/paper/a/b/c",
        "/-/static-plugins/x/y",
        "/papers/papers/-/blob?_blob_column=abstract&_blob_hash=x",
        "/papers/nosuch",
    ],
)
def test_odd_urls_are_answered_without_a_server_error(db_with_seeds, path):
    import asyncio

    from etl.serve.app import make_datasette

    response = asyncio.run(make_datasette(db_with_seeds).client.get(path))
    assert response.status_code < 500, response.text[:300]


def test_a_thousand_repeated_facets_cost_what_one_does(db_with_seeds):
    import asyncio
    import time

    from etl.serve.app import make_datasette

    ds = make_datasette(db_with_seeds)
    started = time.perf_counter()
    response = asyncio.run(ds.client.get("/papers/papers?" + "&".join(["_facet=title"] * 1000)))
    assert response.status_code == 200 and len(response.content) < 2_000_000
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize(
    "change, message",
    [
        (("{2024}", "{99999999999999999999}"), ":1: year '99999999999999999999' is not a year (four digits)"),
        (("{2024}", "{99999}"), ":1: year '99999' is not a year (four digits)"),
        (("Efficient Support", "t" * 2_001), ":1: `title` is longer than 2,000 characters"),
    ],
)
def test_bibtex_years_and_field_sizes_are_checked(tmp_path, change, message):
    path = tmp_path / "pmlr.bib"
    path.write_text(bibtex([ABSTRACT_QUIP]).replace(*change), encoding="utf-8")
    done = paperdb("load", str(path), "--db", str(tmp_path / "p.db"))
    assert done.returncode == 1 and done.stderr == f"Error: {path}{message}\n", done.stderr


def test_a_dangling_symbolic_link_as_database_is_one_clear_line(tmp_path):
    link = tmp_path / "papers.db"
    link.symlink_to(tmp_path / "nowhere.db")
    done = paperdb("load", "--db", str(link))
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "a symbolic link to" in done.stderr and "which does not exist" in done.stderr


def test_a_search_of_hundreds_of_words_is_answered_within_the_time_limit(db_with_seeds):
    import asyncio
    import time

    from etl.serve.app import make_datasette
    from etl.store.functions import fts_query

    assert len(fts_query(" ".join(f"word{i}" for i in range(400))).split()) == 32
    ds = make_datasette(db_with_seeds)
    words = "+".join(f"word{i}" for i in range(400))
    for path in (f"/papers/search?q={words}", f"/papers/papers?_search={words}"):
        started = time.perf_counter()
        assert asyncio.run(ds.client.get(path)).status_code == 200
        assert time.perf_counter() - started < 5
