"""Glob patterns as the shell writes them (`dir/**/*.txt`, `[!a]?.json`), expanded to paths."""

from __future__ import annotations

import glob
import os
import re

from .walking import walk_once

GLOB_CHARS = frozenset("*?[")


def is_pattern(path: str) -> bool:
    return not GLOB_CHARS.isdisjoint(path)


def glob_regex(pattern: str) -> re.Pattern:
    """A glob pattern as a regular expression over paths: `**` any directories (none too), `*`
    and `?` within one name, `[...]` (or `[!...]`) a set of characters; a `[` that opens no
    set is itself."""
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
        elif pattern[i] == "[" and (body := _set_body(pattern, i)) is not None:
            negated = body[:1] in ("!", "^")
            members = re.escape(body[1:] if negated else body)
            out.append(f"[{'^' if negated else ''}{members}]")
            i += len(body) + 2
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


def _set_body(pattern: str, start: int) -> str | None:
    """What the set opened at `start` holds (a `]` right after `[` or `[!` is a member), or None
    when no `]` closes it or it would be empty."""
    first = start + 1 + (pattern[start + 1 : start + 2] in ("!", "^"))
    end = pattern.find("]", first + 1)
    if end < 0 or "/" in pattern[start:end]:
        return None
    return pattern[start + 1 : end]


def expand_glob(pattern: str) -> list[str]:
    """The paths a glob pattern matches, sorted. `**` is walked once per directory (a symlink
    back up the tree is not followed again), so a pattern always ends; names starting with a dot
    are left out, as `glob` does."""
    if "**" not in pattern:
        return sorted(glob.glob(pattern))
    parts = pattern.split("/")
    fixed = next(i for i, part in enumerate(parts) if is_pattern(part))
    root = "/".join(parts[:fixed]) or ("/" if pattern.startswith("/") else ".")
    regex = glob_regex(pattern if root != "." else "./" + pattern)
    found = []
    for here, dirs, names in walk_once(root):
        for name in (*dirs, *names):
            path = os.path.join(here, name)
            if regex.fullmatch(path):
                found.append(path[2:] if root == "." else path)
    return sorted(found)
