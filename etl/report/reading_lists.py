"""Export papers as a reading list (`paperdb export --format bibtex|ris|csljson`): one file, or stdout,
of every paper or of a venue and year, streamed in the order of papers.id, read without writing."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..errors import PaperdbError
from ..store.citations import IDS, OWN, PAPERS, citations
from ..store.reading import read_only
from ..store.target import existing_database
from ..text.citations import FORMATS, Citation


def _where(venue: str | None, year: int | None) -> str:
    """The papers asked for, as SQL on `papers p` (the venue quoted as SQL quotes text)."""
    clauses = ["1 = 1"]
    if venue is not None:
        clauses.append("p.venue = '" + venue.replace("'", "''") + "'")
    if year is not None:
        clauses.append(f"p.year = {int(year)}")
    return " AND ".join(clauses)


class _Counted:
    """The citations as they are written, counted."""

    def __init__(self, found: Iterable[Citation]):
        self.found, self.count = found, 0

    def __iter__(self) -> Iterator[Citation]:
        for c in self.found:
            self.count += 1
            yield c


def export_reading_list(
    db_file: str, fmt: str, out: str, venue: str | None = None, year: int | None = None, overwrite: bool = False
) -> int:
    """Write the papers (of `venue` and `year` when given) as `fmt` (`etl.text.citations.FORMATS`)
    into the file `out` (`-`: stdout); returns the papers written. The file appears whole or not at
    all (written beside it first); an existing one is replaced only with `overwrite`."""
    if fmt not in FORMATS:
        raise PaperdbError(f"unknown reading-list format {fmt!r}; use {', '.join(FORMATS)}")
    existing_database(db_file)
    target = None if out == "-" else Path(out)
    if target is not None and target.is_dir():
        raise PaperdbError(f"{out}: a directory; give the file to write the reading list into")
    if target is not None and target.exists() and not overwrite:
        raise PaperdbError(f"{out}: exists; use --overwrite to replace it")
    partial = target.with_name(target.name + ".partial") if target is not None else None
    try:
        with read_only(db_file, hint="; run `paperdb migrate`?") as db:
            where = _where(venue, year)
            rows = (db.rows(sql.format(where=where))[1] for sql in (PAPERS, IDS, OWN))
            counted = _Counted(citations(*rows))
            with open(partial, "w", encoding="utf-8") if partial else contextlib.nullcontext(sys.stdout) as fh:
                for text in FORMATS[fmt][0](counted):
                    fh.write(text)
        if partial is not None:
            os.replace(partial, target)
    except OSError as exc:
        raise PaperdbError(f"{exc.filename or out}: {exc.strerror or exc}") from None
    finally:
        if partial is not None:
            with contextlib.suppress(OSError):
                partial.unlink()
    return counted.count
