"""Find input files and read them: one reader per format, text in, records out."""

from __future__ import annotations

import dataclasses
import glob
import os
import re
from dataclasses import dataclass
from importlib.resources import files as package_files
from pathlib import Path

from ..errors import InputError, storable_path
from ..text.identity import has_words
from .bibtex import read_bibtex
from .decode import decode_utf8
from .events import read_events
from .listing import MAX_ABSTRACT_CHARS, read_listing
from .paperlists import read_paperlists
from .records import ParsedFile
from .tabular import read_csv, read_jsonl

READERS = {
    "listing": read_listing,
    "icml-events": read_events,
    "pmlr-bibtex": read_bibtex,
    "paperlists": read_paperlists,
    "csv": read_csv,
    "jsonl": read_jsonl,
}
SUFFIX_FORMATS = {
    ".txt": "listing",
    ".json": "icml-events",
    ".bib": "pmlr-bibtex",
    ".bibtex": "pmlr-bibtex",
    ".csv": "csv",
    ".tsv": "csv",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
}
# File name endings a directory walk picks up; anything else in a directory is reported as skipped.
INPUT_SUFFIXES = tuple(SUFFIX_FORMATS)
_BIBTEX_START = re.compile(r"\s*(%[^\n]*\n\s*)*@\s*\w+\s*[{(]")
_GLOB_CHARS = set("*?[")
_PAPERLISTS_FIELD = re.compile(r'"(?:status|track|gs_citation|aff_unique_norm)"\s*:')


@dataclass(frozen=True, slots=True)
class InputFile:
    """A file to load: the path as the user gave it (or as found in a walk) and its real location."""

    path: str
    resolved: str

    @property
    def stored(self) -> str:
        """`resolved` as the database keeps it (see `storable_path`)."""
        return storable_path(self.resolved)

    @property
    def shown(self) -> str:
        """`path` as the database keeps it."""
        return storable_path(self.path)


@dataclass(frozen=True, slots=True)
class Discovery:
    files: tuple[InputFile, ...]
    skipped: tuple[tuple[str, str], ...]  # (path, why) for files a directory walk passed over


def bundled_listings_dir() -> Path:
    """The ICML 2024 listings shipped with the package: the default dataset."""
    return Path(str(package_files("etl") / "data" / "listings"))


def _walk(directory: str, files: list[str], skipped: list[tuple[str, str]]) -> None:
    seen_dirs: set[tuple[int, int]] = set()
    for root, dirs, names in os.walk(directory, followlinks=True):
        st = os.stat(root)
        if (st.st_dev, st.st_ino) in seen_dirs:  # a symlink loop: walked already
            dirs[:] = []
            continue
        seen_dirs.add((st.st_dev, st.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            full = os.path.join(root, name)
            if name.startswith("."):
                continue
            if not name.lower().endswith(INPUT_SUFFIXES):
                skipped.append((full, "not an input file"))
            elif not os.path.isfile(full):
                skipped.append((full, "not a regular file"))
            else:
                files.append(full)


def _glob_regex(pattern: str) -> re.Pattern:
    """A glob pattern as a regular expression over paths: `**` any directories (none too), `*`
    and `?` within one name, `[...]` a set of characters."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:[^/]+/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1 : end]
            out.append("[" + ("^" + re.escape(body[1:]) if body[:1] in "!^" else re.escape(body)) + "]")
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


def expand_glob(pattern: str) -> list[str]:
    """The paths a glob pattern matches, sorted. `**` is walked once per directory (a symlink
    back up the tree is not followed again), so a pattern always ends; names starting with a dot
    are left out, as `glob` does."""
    if "**" not in pattern:
        return sorted(glob.glob(pattern))
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if _GLOB_CHARS & set(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else ".")
    regex = _glob_regex(pattern if root != "." else "./" + pattern)
    found, seen = [], set()
    for here, dirs, names in os.walk(root, followlinks=True):
        st = os.stat(here)
        if (st.st_dev, st.st_ino) in seen:
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in (*dirs, *names):
            path = os.path.join(here, name)
            if not name.startswith(".") and regex.fullmatch(path):
                found.append(path[2:] if root == "." else path)
    return sorted(found)


def discover(paths: list[str]) -> Discovery:
    """Expand files, directories (walked recursively, symlink loops not followed) and globs.

    Files named explicitly are always read; a directory walk takes only listing files and reports
    the rest as skipped. A path that matches nothing is an error.
    """
    found: list[str] = []
    skipped: list[tuple[str, str]] = []
    for given in paths:
        if os.path.isdir(given):
            _walk(given, found, skipped)
        elif os.path.exists(given):
            found.append(given)
        elif _GLOB_CHARS & set(given):
            matches = expand_glob(given)
            if not matches:
                raise InputError(given, "no files match this pattern")
            for match in matches:
                if os.path.isdir(match):
                    _walk(match, found, skipped)
                else:
                    found.append(match)
        else:
            raise InputError(given, "no such file or directory")
    unique: dict[str, InputFile] = {}
    for path in found:
        resolved = os.path.realpath(path)
        unique.setdefault(resolved, InputFile(path=path, resolved=resolved))
    return Discovery(files=tuple(unique.values()), skipped=tuple(skipped))


def detect_format(path: str, text: str) -> str:
    """The input format from the content where it is unmistakable, else from the file name."""
    head = text.lstrip()[:2000]
    if head.startswith("[") and "virtualsite_url" in head:
        return "icml-events"
    if head.startswith("[") and _PAPERLISTS_FIELD.search(text[:20000]):
        return "paperlists"
    if _BIBTEX_START.match(text[:2000]):
        return "pmlr-bibtex"
    if head.startswith("{"):
        return "jsonl"
    suffix = os.path.splitext(path.lower())[1]
    return SUFFIX_FORMATS.get(suffix, "listing")


def read_input(
    path: str, data: bytes, venue: str | None = None, year: int | None = None, format: str | None = None
) -> ParsedFile:
    """Parse one file's bytes into records, or raise `InputError` naming the file and line.
    `format` forces a reader; otherwise it is detected."""
    text = decode_utf8(path, data)
    fmt = format or detect_format(path, text)
    parsed = READERS[fmt](path, text, venue=venue, year=year)
    for entry in parsed.entries:
        if len(entry.abstract) > MAX_ABSTRACT_CHARS:
            raise InputError(
                path, f"abstract longer than {MAX_ABSTRACT_CHARS:,} characters; not an abstract", entry.line
            )
        if "\x00" in entry.abstract:
            raise InputError(path, "abstract holds a NUL character (\\u0000); not text", entry.line)
        _check_no_nul(path, entry, entry.line)
        if len(entry.abstract) < 400 and not has_words(entry.abstract):  # (longer ones have words)
            # its id would be the empty text's, shared with every other such "abstract"
            raise InputError(path, "abstract has no letters or digits; not an abstract", entry.line)
    for event in parsed.events:
        _check_no_nul(path, event, event.line)
    return parsed


def _check_no_nul(path: str, record, line: int) -> None:
    """No text of a record holds a NUL (a JSON `\\u0000`): no database keeps one the same way
    (PostgreSQL refuses it), so it is bad input, named with its field."""
    for field in dataclasses.fields(record):
        if _holds_nul(getattr(record, field.name)):
            raise InputError(path, f"`{field.name}` holds a NUL character (\\u0000); not text", line)


def _holds_nul(value) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    return isinstance(value, tuple) and any(_holds_nul(v) for v in value)
