"""What a load notes of the records it cannot use as they are (skipped, or of a status word it does
not know) and of the files it passes over: every one written to the `--report` file as it comes,
and the first of each file kept for the run's rows of `etl_run_issues`."""

from __future__ import annotations

import contextlib
import csv
import io
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import PaperdbError, shown_path, storable_path
from ..sources.records import Issue

# Issues of one kind kept per file for `etl_run_issues`: a file of a million bad records must not
# make a million rows (the report lists every one; the rest are one row that counts them).
KEPT_PER_FILE = 1_000
COLUMNS = ("path", "line", "position", "kind", "detail", "title", "record_id")


@dataclass(frozen=True)
class Mark:
    """Where the log stood when a file began: what undoing that file's issues goes back to."""

    path: str
    kept: int
    written: int


class IssueLog:
    """The issues of one load: counted per file and kind, the first `KEPT_PER_FILE` of each kept
    for `etl_run_issues`, all written to `report` (a `ReportFile`) if one is given."""

    def __init__(self, report: ReportFile | None = None, kept_per_file: int = KEPT_PER_FILE):
        self.report = report
        self.kept_per_file = kept_per_file
        self.kept: list[tuple] = []
        self.counts: Counter[tuple[str, str]] = Counter()

    def note(self, path: str, issue: Issue) -> None:
        """Note `issue` of the file `path` (as the user named it)."""
        shown = storable_path(path)
        row = (shown, issue.line, issue.position, issue.kind, issue.detail, issue.title, issue.record_id)
        self.counts[shown, issue.kind] += 1
        if self.counts[shown, issue.kind] <= self.kept_per_file:
            self.kept.append(row)
        if self.report is not None:
            self.report.write(row)

    def of(self, path: str) -> Callable[[Issue], None]:
        """A function that notes issues of the file `path`."""
        return lambda issue: self.note(path, issue)

    def mark(self, path: str) -> Mark:
        """Where the log stands as the file `path` begins (see `undo`)."""
        return Mark(path, len(self.kept), self.report.mark() if self.report else 0)

    def undo(self, mark: Mark) -> None:
        """Forget what was noted of the file since `mark`: a bad file passed over loads nothing."""
        shown = storable_path(mark.path)
        for key in [key for key in self.counts if key[0] == shown]:
            del self.counts[key]
        del self.kept[mark.kept :]
        if self.report is not None:
            self.report.rewind(mark.written)

    def rows(self, run_id: int) -> list[tuple]:
        """The run's rows of `etl_run_issues` (`run_id`, number, then `COLUMNS`): those kept, then
        for each file and kind with more, one row (no line) that says how many more."""
        more = [
            (
                path,
                None,
                None,
                kind,
                f"{n - self.kept_per_file:,} more, not listed here (load --report lists all)",
                None,
                None,
            )
            for (path, kind), n in self.counts.items()
            if n > self.kept_per_file
        ]
        return [(run_id, number, *row) for number, row in enumerate([*self.kept, *more], 1)]


class ReportFile:
    """The `--report` CSV file: `COLUMNS`, one row per issue, written beside its target as
    `<name>.partial` and moved into place only by `commit` (a failed load leaves no report)."""

    def __init__(self, path: str, not_to_replace: Sequence[str] = ()):
        """Open the report to write; `not_to_replace` names the files the load reads or writes
        (the database, the inputs), which a report must not replace."""
        self.path = path
        self.partial = path + ".partial"
        if not path.strip():
            raise PaperdbError("--report is empty; give the file to write (e.g. issues.csv)")
        if os.path.isdir(path):
            raise PaperdbError(f"{shown_path(path)}: is a directory; --report takes the file to write")
        if os.path.realpath(path) in {os.path.realpath(p) for p in not_to_replace}:
            raise PaperdbError(f"{shown_path(path)}: the load reads or writes this file; give --report another one")
        try:
            self.file = open(self.partial, "wb")  # noqa: SIM115 (closed by commit or discard)
        except OSError as exc:
            raise self.error(exc) from None
        self.buffer = io.StringIO()
        self.csv = csv.writer(self.buffer)
        self.write(COLUMNS)

    def write(self, row: Sequence) -> None:
        # (a cell a spreadsheet would run as a formula gets a leading ', as in `paperdb export`; the
        # CSV reader's module imported here: a load of other files never needs it, issue 41)
        from ..sources.tabular import formula_safe

        self.csv.writerow([formula_safe(v) if isinstance(v, str) else v for v in row])
        try:
            self.file.write(self.buffer.getvalue().encode("utf-8", "backslashreplace"))
        except OSError as exc:  # (a full disk: the load stops, as it claims a complete report)
            raise self.error(exc) from None
        self.buffer.seek(0)
        self.buffer.truncate()

    def error(self, exc: OSError, more: str = "") -> PaperdbError:
        return PaperdbError(f"{shown_path(self.path)}: cannot write the report: {exc.strerror or exc}{more}")

    def mark(self) -> int:
        return self.file.tell()

    def rewind(self, mark: int) -> None:
        self.file.seek(mark)
        self.file.truncate()

    def commit(self) -> None:
        """Put the complete report in place of its target."""
        try:
            self.file.close()
            os.replace(self.partial, self.path)
        except OSError as exc:
            self.discard()
            raise self.error(exc, " (the load itself is committed)") from None

    def discard(self) -> None:
        """Leave no report: the load failed."""
        with contextlib.suppress(OSError):
            self.file.close()
        with contextlib.suppress(OSError):
            os.unlink(self.partial)
