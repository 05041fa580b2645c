"""A small load's keyword ranking process, started before the keyword step (`etl.load.ahead`,
issue 41): it prepares while the load settles its papers, is handed them, and ends unused where the
load ranks otherwise; the rows are those of a ranking process forked at the keyword step. On the
catalogue excerpts `test_edit_cost` edits."""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path

import pytest

from etl.load import ahead, apart, incremental, load
from tests.helpers import rows
from tests.test_edit_cost import FILES, KEYWORDS, folder_of, retitle, rewrite_two


def _events(monkeypatch) -> list[str]:
    """What happens to processes started ahead and to the keyword step, in order."""
    events: list[str] = []
    forked, run, cancel = apart.Forked.__init__, apart.Forked.run, apart.Forked.cancel
    monkeypatch.setattr(
        apart.Forked, "__init__", lambda self, prepare: [forked(self, prepare), events.append("fork")][0]
    )
    monkeypatch.setattr(apart.Forked, "run", lambda self, then=None: [events.append("run"), run(self, then)][1])
    monkeypatch.setattr(apart.Forked, "cancel", lambda self: [events.append("cancel"), cancel(self)][0])
    update = incremental.update_keywords
    monkeypatch.setattr("etl.load.run.update_keywords", lambda *args: [events.append("keywords"), update(*args)][1])
    return events


def _edited(tmp_path: Path, name: str, edit) -> tuple[str, Path]:
    (tmp_path / name).mkdir()
    folder = folder_of(tmp_path / name, FILES)
    db = str(tmp_path / name / "papers.db")
    load(db, [str(folder)])
    edit(folder)
    return db, folder


@pytest.mark.parametrize("edit", [retitle, rewrite_two], ids=["retitled", "abstracts"])
def test_an_edits_ranking_process_is_started_ahead_and_gives_the_rows_of_one_forked_at_the_step(
    tmp_path, monkeypatch, edit
):
    events = _events(monkeypatch)
    db, folder = _edited(tmp_path, "ahead", edit)
    events.clear()
    summary = load(db, [str(folder)], prune=True)
    assert not summary.rescored and events == ["fork", "keywords", "run"]
    with monkeypatch.context() as later:  # (the process forked at the step, as before)
        later.setattr(ahead.Ahead, "start", lambda self, rekeyed=False: None)
        at_step, folder = _edited(tmp_path, "at-step", edit)
        events.clear()
        load(at_step, [str(folder)], prune=True)
        assert events == ["keywords", "fork", "run"]
    papers = "SELECT id, keywords, keyword_labels, topics FROM papers ORDER BY 1"
    assert rows(db, KEYWORDS) == rows(at_step, KEYWORDS) and len(rows(db, KEYWORDS)) > 100
    assert rows(db, papers) == rows(at_step, papers)


def test_a_removal_starts_no_ranking_process(tmp_path, monkeypatch):
    events = _events(monkeypatch)
    db, folder = _edited(tmp_path, "removal", lambda folder: (folder / "nips2016.json").unlink())
    events.clear()
    summary = load(db, [str(folder)], prune=True)
    assert summary.papers_removed > 0 and "fork" not in events


def test_a_load_that_rescores_ends_the_process_started_ahead_unused(tmp_path, monkeypatch):
    """A load learns it rescores every paper once its papers are settled (here: any paper changed
    since the last rescore is too many)."""
    events = _events(monkeypatch)
    db, folder = _edited(tmp_path, "rescored", rewrite_two)
    monkeypatch.setattr("etl.load.statistics.RESCORE_SHARE", 0.0)
    events.clear()
    summary = load(db, [str(folder)], prune=True)
    assert summary.rescored and events == ["fork", "cancel"]
    assert not apart._ahead


def _ready() -> None:
    os.environ["PAPERDB_TEST_AHEAD"] = "prepared"


def _fails() -> None:
    raise ValueError("no rules")


def test_work_goes_to_the_process_started_ahead_pickled():
    """What `prepare` left in the process is there for the work; its error is the work's; an
    unused one ends and is waited for."""
    apart.start_ahead(_ready)
    assert apart.in_own_process(partial(os.getenv, "PAPERDB_TEST_AHEAD")) == "prepared"
    assert "PAPERDB_TEST_AHEAD" not in os.environ and not apart._ahead
    apart.start_ahead(_fails)
    with pytest.raises(ValueError, match="no rules"):
        apart.in_own_process(partial(os.getenv, "PAPERDB_TEST_AHEAD"))
    apart.start_ahead(_ready)  # (a closure, which cannot travel: run in a process forked for it)
    assert apart.in_own_process(lambda: os.getenv("PAPERDB_TEST_AHEAD")) is None and not apart._ahead
    apart.start_ahead(_ready)
    pid = apart._ahead[0].pid
    apart.cancel_ahead()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
