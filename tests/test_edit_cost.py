"""An edit costs what it changes (issue 41): a load reads early, for keyword extraction, only the
files the database does not hold, and lets the full-text index follow row by row unless it adds
many papers. On real records: the catalogue excerpts of tests/fixtures/similar/ (NeurIPS 2016
and 2017, ICML 2018; 18 records each), edited as the edit-cost benchmark edits the catalogue."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from etl.extract.corpus import worker_count
from etl.load import load, reading
from etl.load.unchanged import files_not_held
from etl.sources import discover
from etl.store.writer import Writer
from tests.helpers import rows

EXCERPTS = Path(__file__).parent / "fixtures" / "similar"
FILES = ("icml2018.json", "nips2016.json", "nips2017.json")
RETITLED = """SELECT p.title FROM papers_fts JOIN papers p ON p.pk = papers_fts.rowid
    WHERE papers_fts MATCH 'revisited' ORDER BY 1"""


def retitle(folder: Path) -> None:
    """Two titles of nips2017.json changed, its other records as they were."""
    records = json.loads((EXCERPTS / "nips2017.json").read_text(encoding="utf-8"))
    for record in records[:2]:
        record["title"] += " Revisited"
    (folder / "nips2017.json").write_text(json.dumps(records, ensure_ascii=False), encoding="utf-8")


def folder_of(tmp_path: Path, files: tuple[str, ...]) -> Path:
    folder = tmp_path / "listings"
    folder.mkdir(exist_ok=True)
    for name in files:
        shutil.copyfile(EXCERPTS / name, folder / name)
    return folder


@pytest.mark.parametrize(
    ("first", "then", "edit", "early"),
    [
        ((), FILES, None, FILES),  # a new database: every file
        (FILES, FILES, retitle, ()),  # an edit of a file it holds: none
        (FILES[:2], FILES, None, FILES[2:]),  # a file added beside those it holds: that one
        (FILES, FILES[:1], None, ()),  # files it holds, unchanged, one gone (--prune)
    ],
    ids=["new-database", "edit", "new-file", "unchanged"],
)
def test_only_files_the_database_does_not_hold_are_read_early(tmp_path, monkeypatch, first, then, edit, early):
    """Reading a file early (before the load knows whether it changed) feeds its abstracts to the
    keyword workers; for a file the database holds that work is thrown away, and it started the
    workers for a load that ranks a handful of papers."""
    db = str(tmp_path / "papers.db")
    if first:
        load(db, [str(folder_of(tmp_path, first))])
    folder = folder_of(tmp_path, then)
    for name in set(first) - set(then):
        (folder / name).unlink()
    if edit:
        edit(folder)
    files = discover([str(folder)]).files
    assert sorted(Path(f.path).name for f in files_not_held(db, files)) == sorted(set(then) - set(first))
    read = []
    read_early = reading.Reader.read_early
    monkeypatch.setattr(
        reading.Reader, "read_early", lambda self, f: read.append(Path(f.path).name) or read_early(self, f)
    )
    load(db, [str(folder)], prune=True)
    assert sorted(read) == (sorted(early) if worker_count() > 1 else [])  # (early reads need keyword workers)


@pytest.mark.parametrize(
    ("first", "edit", "rebuilt", "retitled"),
    [
        ((), None, True, 0),  # a cold load: the index is built once at the end
        (FILES[:2], None, True, 0),  # a third file, half as many papers again
        (FILES, retitle, False, 2),  # two titles changed: the rows they change, by the triggers
    ],
    ids=["cold", "large-addition", "edit"],
)
def test_the_full_text_index_is_rebuilt_only_for_many_new_papers(tmp_path, monkeypatch, first, edit, rebuilt, retitled):
    """A load that adds more than a twentieth of the papers held rebuilds the index once; an edit
    lets the index follow the rows it changes, and the index finds the new titles either way."""
    db = str(tmp_path / "papers.db")
    if first:
        load(db, [str(folder_of(tmp_path, first))])
    folder = folder_of(tmp_path, FILES)
    if edit:
        edit(folder)
    rebuilds = []
    rebuild = Writer.rebuild_search
    monkeypatch.setattr(Writer, "rebuild_search", lambda self: rebuilds.append(1) or rebuild(self))
    load(db, [str(folder)])
    assert bool(rebuilds) == rebuilt
    assert len(rows(db, RETITLED)) == retitled
    assert rows(db, "SELECT count(*) FROM etl_flags") == [(0,)]
