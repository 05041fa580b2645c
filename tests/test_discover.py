"""Finding input files: directories walked, globs expanded, junk skipped, symlink loops survived."""

from __future__ import annotations

import os

import pytest

from etl.errors import InputError
from etl.sources import bundled_listings_dir, discover


def names(discovery):
    return [os.path.relpath(f.path) for f in discovery.files]


def test_directory_walk_takes_listings_and_reports_junk(write, tmp_path, monkeypatch):
    write("in/b.txt", "x")
    write("in/a.txt", "x")
    write("in/sub/c.TXT", "x")
    write("in/notes.md", "x")
    write("in/image.png", b"\x89PNG")
    write("in/.hidden.txt", "x")
    write("in/.git/config.txt", "x")
    monkeypatch.chdir(tmp_path)
    d = discover(["in"])
    assert names(d) == ["in/a.txt", "in/b.txt", "in/sub/c.TXT"]
    assert sorted((os.path.relpath(p), why) for p, why in d.skipped) == [
        ("in/image.png", "not an input file"),
        ("in/notes.md", "not an input file"),
    ]


def test_symlink_loop_is_not_followed(write, tmp_path, monkeypatch):
    write("in/a.txt", "x")
    os.symlink(tmp_path / "in", tmp_path / "in" / "loop")
    monkeypatch.chdir(tmp_path)
    assert names(discover(["in"])) == ["in/a.txt"]


def test_explicit_file_is_read_whatever_its_name(write, tmp_path, monkeypatch):
    write("listing.md", "x")
    monkeypatch.chdir(tmp_path)
    assert names(discover(["listing.md"])) == ["listing.md"]


def test_globs_and_duplicates(write, tmp_path, monkeypatch):
    write("x/one.txt", "x")
    write("x/two.txt", "x")
    write("y/three.txt", "x")
    monkeypatch.chdir(tmp_path)
    d = discover(["x/*.txt", "x/one.txt", "**/three.txt"])
    assert names(d) == ["x/one.txt", "x/two.txt", "y/three.txt"]


@pytest.mark.parametrize(
    "path, message",
    [
        ("missing.txt", "missing.txt: no such file or directory"),
        ("nothing/*.txt", "nothing/*.txt: no files match this pattern"),
    ],
)
def test_missing_paths(path, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="^" + message.replace("*", r"\*") + "$"):
        discover([path])


def test_bundled_listings_are_the_three_seeds():
    assert sorted(p.name for p in bundled_listings_dir().glob("*.txt")) == [
        "000_ea2ca572985901fc.txt",
        "001_c6748df9cac9b734.txt",
        "004_76b8a83090992d3c.txt",
    ]


@pytest.mark.parametrize(
    "pattern, found",
    [
        ("in/**/[!].txt", ["in/sub/[!].txt"]),  # `[!]` opens no set: it is itself, as in the shell
        ("in/**/[!a].txt", ["in/sub/b.txt"]),
        ("in/**/[]b].txt", ["in/sub/b.txt"]),  # a `]` first in a set is a member
        ("in/**/[.txt", []),
    ],
)
def test_odd_sets_in_globs_match_as_the_shell_does(write, tmp_path, monkeypatch, pattern, found):
    for name in ("a.txt", "b.txt", "[!].txt"):
        write(f"in/sub/{name}", "x")
    monkeypatch.chdir(tmp_path)
    if found:
        assert names(discover([pattern])) == found
    else:
        with pytest.raises(InputError, match="no files match this pattern"):
            discover([pattern])
