"""Which files a load reads: files named, directories walked, globs expanded, each file once."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, storable_path
from ..settings import package_folder
from .formats import INPUT_SUFFIXES
from .globbing import expand_glob, is_pattern
from .walking import walk_once


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
    directories: tuple[str, ...] = ()  # the directories walked, as given or matched


def stored_below(stored: Iterable[str], path: str) -> list[str]:
    """Of the resolved paths a database keeps (`InputFile.stored`), those `path` names: its own,
    or if it is (or was) a directory, every one below it."""
    target = storable_path(os.path.realpath(path))
    prefix = target.rstrip(os.sep) + os.sep
    return [known for known in stored if known == target or known.startswith(prefix)]


def bundled_listings_dir() -> Path:
    """The ICML 2024 listings shipped with the package: the default dataset."""
    return package_folder("etl") / "data" / "listings"


def _walk(directory: str, files: list[str], skipped: list[tuple[str, str]]) -> None:
    for root, _, names in walk_once(directory):
        for name in names:
            full = os.path.join(root, name)
            if not name.lower().endswith(INPUT_SUFFIXES):
                skipped.append((full, "not an input file"))
            elif not os.path.isfile(full):
                skipped.append((full, "not a regular file"))
            else:
                files.append(full)


def discover(paths: list[str]) -> Discovery:
    """Expand files, directories (walked recursively, symlink loops not followed) and globs.

    Files named explicitly are always read; a directory walk takes only input files and reports
    the rest as skipped. A path that matches nothing is an error.
    """
    found: list[str] = []
    skipped: list[tuple[str, str]] = []
    walked: list[str] = []
    for given in paths:
        if os.path.isdir(given):
            walked.append(given)
            _walk(given, found, skipped)
        elif os.path.exists(given):
            found.append(given)
        elif is_pattern(given):
            matches = expand_glob(given)
            if not matches:
                raise InputError(given, "no files match this pattern")
            for match in matches:
                if os.path.isdir(match):
                    walked.append(match)
                    _walk(match, found, skipped)
                else:
                    found.append(match)
        else:
            raise InputError(given, "no such file or directory")
    unique: dict[str, InputFile] = {}
    for path in found:
        resolved = os.path.realpath(path)
        unique.setdefault(resolved, InputFile(path=path, resolved=resolved))
    return Discovery(files=tuple(unique.values()), skipped=tuple(skipped), directories=tuple(walked))
