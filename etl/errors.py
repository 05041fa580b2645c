"""The expected failures of paperdb: each one prints as a single `Error: ...` line."""

from __future__ import annotations

import os


def storable_path(path: str) -> str:
    """A path as text SQLite (and any UTF-8 output) can hold, one for one: bytes that are not
    UTF-8 (which Python keeps as lone surrogates) are written as `\\xe9`, and so that no real
    name reads the same, a backslash in such a path, or in any path, is doubled; any other path
    is itself."""
    try:
        path.encode("utf-8")
        if "\\" not in path:
            return path
    except UnicodeEncodeError:
        pass
    return os.fsencode(path.replace("\\", "\\\\")).decode("utf-8", "backslashreplace")


def shown_path(path: str) -> str:
    """A file name as an error line shows it: control characters (a newline in a name could forge
    a second `Error:` line) and undecodable bytes escaped, the rest as it is."""
    if path.isprintable():
        return path
    return one_line(storable_path(path))


def one_line(text: str) -> str:
    """`text` with every character that is not printable (a newline, a tab, an escape sequence, a
    lone surrogate) written as its Python escape, so it prints as one line that says what it holds."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


class PaperdbError(Exception):
    """Base class for failures a user can act on; the CLI prints them without a traceback."""


class InputError(PaperdbError):
    """A file given to `paperdb load` cannot be read as any supported input."""

    def __init__(self, path: str, problem: str, line: int | None = None):
        self.path = str(path)
        self.problem = problem
        self.line = line
        shown = shown_path(self.path)
        where = f"{shown}:{line}" if line is not None else shown
        super().__init__(f"{where}: {problem}")


class EmptyFile(InputError):
    """A file with no content (no bytes, or white space only): no records. A load removes what such
    a file gave before; a new one it passes over."""

    def __init__(self, path: str, problem: str = "empty file"):
        super().__init__(path, problem)


class DatabaseBusyError(PaperdbError):
    """Another process holds the database's write lock for longer than we are willing to wait."""


class SchemaError(PaperdbError):
    """The database was made by a newer or unknown version of paperdb."""


class WorkerError(PaperdbError):
    """A keyword worker process died or failed; `details` holds the traceback it sent, if any."""

    def __init__(self, message: str, details: str | None = None):
        super().__init__(message)
        self.details = details
