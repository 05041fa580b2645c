"""Paths that are not what they seem: FIFOs, devices, endless globs, oversized files, names that
are not UTF-8 or hold a newline, a topic taxonomy that is no file. Each gives one error line and
exit 1 (or is skipped), never a hang; the commands run as subprocesses with a timeout so a hang
fails the test instead of the suite."""

from __future__ import annotations

import os

import pytest

from etl.cli import cli
from tests.helpers import ABSTRACT_QUIP, listing_text, paperdb, rows


def paper_count(db_file: str) -> int:
    return rows(db_file, "SELECT count(*) FROM papers")[0][0]


def test_a_fifo_reached_through_a_glob_is_refused_without_waiting(tmp_path, seeded):
    (tmp_path / "in").mkdir()
    os.mkfifo(tmp_path / "in" / "pipe.txt")
    result = paperdb("load", str(tmp_path / "in" / "*.txt"), "--db", seeded, timeout=30)
    assert result.returncode == 1
    assert (
        result.stderr.strip()
        == f"Error: {tmp_path / 'in' / 'pipe.txt'}: not a regular file (a directory, FIFO or device); only files are read"
    )


def test_a_device_named_explicitly_is_not_read(seeded):
    result = paperdb("load", "/dev/zero", "--db", seeded, timeout=30)
    assert result.returncode == 1 and "/dev/zero: not a regular file" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_recursive_glob_over_a_tree_with_a_link_back_up_ends(tmp_path, seeded):
    (tmp_path / "tree" / "a" / "b").mkdir(parents=True)
    (tmp_path / "tree" / "a" / "b" / "x.txt").write_text(listing_text(ABSTRACT_QUIP + " Variant."), encoding="utf-8")
    os.symlink("..", tmp_path / "tree" / "a" / "b" / "up")
    os.symlink(str(tmp_path / "tree"), tmp_path / "tree" / "a" / "root")
    result = paperdb("load", str(tmp_path / "tree" / "**" / "*.txt"), "--db", seeded, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "1 of 1 files loaded" in result.stdout


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(write, seeded):
    path = write("big.txt", listing_text("A paper about nothing in particular. " * 40))
    result = paperdb("load", str(path), "--db", seeded, env={"PAPERDB_MAX_FILE_MB": "0.001"})
    assert result.returncode == 1 and "larger than the limit of 1,048 ($PAPERDB_MAX_FILE_MB)" in result.stderr


def test_a_file_name_with_a_newline_cannot_forge_an_error_line(tmp_path, seeded):
    path = tmp_path / "a\nError: everything is fine.txt"
    path.write_bytes(b"\x00")
    result = paperdb("load", str(path), "--db", seeded)
    assert result.returncode == 1 and result.stderr.count("\n") == 1
    assert "a\\nError: everything is fine.txt:1: binary file" in result.stderr


def test_walked_file_names_that_are_not_utf8_load_and_show_escaped(tmp_path, seeded):
    folder = os.fsencode(tmp_path / "odd")
    os.mkdir(folder)
    with open(folder + b"/caf\xe9.txt", "wb") as fh:
        fh.write(listing_text(ABSTRACT_QUIP + " A variant in an odd file name.").encode())
    with open(folder + b"/caf\xe9.png", "wb") as fh:
        fh.write(b"x")
    first = paperdb("load", str(tmp_path / "odd"), "--db", seeded)
    assert first.returncode == 0, first.stderr
    assert "skipped " + str(tmp_path / "odd") + "/caf\\xe9.png: not an input file" in first.stderr
    assert rows(seeded, "SELECT path FROM sources WHERE path LIKE '%caf%'") == [
        (str(tmp_path / "odd") + "/caf\\xe9.txt",)
    ]
    assert "1 unchanged" in paperdb("load", str(tmp_path / "odd"), "--db", seeded).stdout


def test_an_escaped_name_and_the_name_it_reads_as_are_two_files(tmp_path, seeded):
    walk = tmp_path / "walk"
    walk.mkdir()
    odd = os.path.join(os.fsencode(walk), b"caf\xe9.txt")
    literal = os.path.join(os.fsencode(walk), b"caf\\xe9.txt")  # a real name that reads as the escaped one
    with open(odd, "wb") as fh:
        fh.write(listing_text("We study names with odd bytes in them and more.").encode())
    with open(literal, "wb") as fh:
        fh.write(listing_text("A totally different abstract about literal backslashes in names.").encode())
    first = paperdb("load", str(walk), "--db", seeded)
    assert first.returncode == 0 and "2 added, 0 updated, 0 removed" in first.stdout, first.stderr
    again = paperdb("load", str(walk), "--db", seeded)
    assert "0 added, 0 updated, 0 removed" in again.stdout and "2 unchanged" in again.stdout
    assert len(rows(seeded, "SELECT path FROM sources WHERE path LIKE '%caf%'")) == 2


def test_directory_with_junk_and_a_symlink_loop(runner, seeded, write, tmp_path):
    write("in/good.txt", listing_text(ABSTRACT_QUIP + " A variant."))
    write("in/picture.png", b"\x89PNG\r\n\x1a\n\x00")
    write("in/notes.md", "# notes")
    write("in/.DS_Store", b"\x00\x01")
    os.symlink(tmp_path / "in", tmp_path / "in" / "loop")
    result = runner.invoke(cli, ["load", str(tmp_path / "in"), "--db", seeded])
    assert result.exit_code == 0, result.output
    assert "1 of 1 files loaded" in result.stdout and "2 skipped" in result.stdout
    assert "skipped" in result.stderr and "picture.png" in result.stderr
    assert paper_count(seeded) == 58


@pytest.mark.parametrize(
    "content, message",
    [
        ("[1, 2]", "not a topic taxonomy (an object with a list `topics` is expected)"),
        ('{"topics": [{"name": "x", "terms": [1]}]}', "topic 'x': `terms` must be a list of words or phrases"),
        ('{"topics": [{"name": "x", "needs": "gnn"}]}', "topic 'x': `needs` must be a list of words or phrases"),
        ('{"topics": [{"name": "x", "needs": ["a the b"]}]}', "topic 'x': term 'a the b' can never match"),
        ('{"topics": [{"name": "x", "passing": ["unsupervised"]}]}', "topic 'x': `passing` 'unsupervised' is one word"),
        ('{"topics": [{"terms": ["a"]}]}', "topic 1: an object with a `name` is expected"),
        ("not json", "not a topic taxonomy"),
        (None, "not a topic taxonomy (not a regular file)"),  # a FIFO: refused, not waited on
        # (issue 26: two names of one keyword broke every load on a UNIQUE constraint, a lone
        # surrogate with a UnicodeEncodeError)
        (
            '{"topics": [{"name": "Learning", "terms": ["learning"]}, {"name": "learning", "terms": ["learners"]}]}',
            "topic 2: 'learning' is the same keyword as the topic 'Learning';",
        ),
        (
            '{"topics": [{"name": "Graph Networks", "terms": ["graph"]}, {"name": "graph-network", "terms": ["gnn"]}]}',
            "topic 2: 'graph-network' is the same keyword as the topic 'Graph Networks';",
        ),
        ('{"topics": [{"name": "\\ud800", "terms": ["learning"]}]}', "topic 1: the name '\\ud800' holds a control"),
        ('{"topics": [{"name": "a\\nb", "terms": ["learning"]}]}', "topic 1: the name 'a\\nb' holds a control"),
        ('{"topics": [{"name": "x", "terms": ["\\udfff"]}]}', "topic 'x': `terms` must be a list of words"),
        ('{"topics": [{"name": "--", "terms": ["learning"]}]}', "topic 1: the name '--' has no letter or digit"),
    ],
)
def test_a_bad_topic_taxonomy_is_one_line(tmp_path, seeded, content, message):
    taxonomy = tmp_path / "topics.json"
    if content is None:
        os.mkfifo(taxonomy)
    else:
        taxonomy.write_text(content, encoding="utf-8")
    listing = tmp_path / "new.txt"
    listing.write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", str(listing), "--db", seeded, env={"PAPERDB_TOPICS": str(taxonomy)}, timeout=30)
    assert done.returncode == 1 and done.stderr.startswith(f"Error: {taxonomy}: ") and message in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_device_as_topic_taxonomy_is_not_read(tmp_path, seeded):
    listing = tmp_path / "new.txt"
    listing.write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", str(listing), "--db", seeded, env={"PAPERDB_TOPICS": "/dev/zero"}, timeout=30)
    assert done.returncode == 1 and done.stderr == "Error: /dev/zero: not a topic taxonomy (not a regular file)\n"


def test_a_glob_with_a_set_that_opens_nothing_matches_its_own_name(tmp_path, seeded):
    # (issue 26: `load 'dir/**/[!].txt'` was a re.error traceback; `[!]` is no set, as in the shell)
    (tmp_path / "dir" / "sub").mkdir(parents=True)
    pattern = str(tmp_path / "dir" / "**" / "[!].txt")
    done = paperdb("load", pattern, "--db", seeded)
    assert done.returncode == 1 and done.stderr == f"Error: {pattern}: no files match this pattern\n"
    (tmp_path / "dir" / "sub" / "[!].txt").write_text(listing_text(ABSTRACT_QUIP), encoding="utf-8")
    done = paperdb("load", pattern, "--db", seeded)
    assert done.returncode == 0 and "1 of 1 files loaded" in done.stdout, done.stderr
    assert paper_count(seeded) == 58
